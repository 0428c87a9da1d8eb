"""The handlers of the mail commands, one module per family (orders, bids, press, settings,
the master's commands...), called by `judge.service.dispatch`.
"""
