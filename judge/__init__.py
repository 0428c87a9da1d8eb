"""judge: an email (play-by-email) Diplomacy judge server."""

__version__ = "0.1.0"
