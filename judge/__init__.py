"""judge: an email (play-by-email) Diplomacy judge server."""



def __getattr__(name: str) -> str:
    """`judge.__version__`: the package metadata's (`judge.version`), read when asked."""
    if name == "__version__":
        from judge.version import judge_version

        return judge_version()
    raise AttributeError(f"module 'judge' has no attribute {name!r}")
