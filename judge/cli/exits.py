"""The exit codes of the `judge` commands (`deliver` answers with sysexits.h's instead:
`judge.server.piped`)."""

EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2
