"""A game's life in time: preparing and starting it, deadlines, reminders and lateness,
processing a phase, skipped phases, and its end.
"""
