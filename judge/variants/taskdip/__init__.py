"""Taskdip: secret tasks, neutral powers that hold until their neutrality is violated, and
the variant's parts.
"""
