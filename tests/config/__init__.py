"""Tests of the config file, the clock and the admin command line."""
