"""The JSON adjudication interface (`../shared/spec/adjudicate.md`): the request, the
response and the `judge adjudicate` command.
"""
