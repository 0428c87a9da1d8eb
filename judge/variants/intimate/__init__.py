"""Intimate Diplomacy in three rulesets (`intimate`, `intimate-2000`, `propaganda`): the
variant and its parts (bids, income, control, stalemate, victory, reports).
"""
