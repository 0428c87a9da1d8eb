"""The mail commands: each declared once, as a class of `catalog/` (its keyword, usage,
reader and handler; `registry` collects them), and the handlers they call, one module
per family (orders, bids, press, settings, the master's commands...).
"""
