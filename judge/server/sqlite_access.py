"""Why this process cannot open its SQLite file, in words an operator can act on.

SQLite says only "unable to open database file", for a missing folder as for a file
that belongs to another user. The usual cause on a new machine is a command run as
root before the judge's first start (`judge db upgrade`): the database then belongs
to root and `judge serve`, run as `judge`, cannot write it (docs/deploy.md). This
module names the owner, the mode and the user the process runs as.
"""

from __future__ import annotations

import os
import pwd
import stat
from pathlib import Path

from sqlalchemy.engine import make_url


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database or an in-memory one."""
    try:
        parsed = make_url(url)
    except Exception:
        return None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def access_hint(path: Path, uid: int, gids: set[int]) -> str:
    """What stops the user `uid` (in groups `gids`) from writing the database `path`
    and the files SQLite makes beside it (`-wal`, `-shm`); "" when nothing does."""
    if uid == 0:
        return ""  # root may write anything: the cause is elsewhere
    folder = path.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if not _may(folder.stat(), uid, gids, write=True):
        return f"the folder {folder} is {_owned(folder.stat())}; {_user(uid)} may not write in it"
    for candidate in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            info = candidate.stat()
        except FileNotFoundError:
            continue
        if not _may(info, uid, gids, write=True):
            return f"{candidate} is {_owned(info)}; {_user(uid)} may not write it"
    return ""


def hint_for(url: str) -> str:
    """`access_hint` for this process, " (...)" to append to a cause, or ""."""
    path = sqlite_path(url)
    if path is None:
        return ""
    hint = access_hint(path, os.geteuid(), {os.getegid(), *os.getgroups()})
    return f" ({hint})" if hint else ""


def _may(info: os.stat_result, uid: int, gids: set[int], *, write: bool) -> bool:
    bits = (stat.S_IWUSR, stat.S_IWGRP, stat.S_IWOTH) if write else (
        stat.S_IRUSR, stat.S_IRGRP, stat.S_IROTH)  # fmt: skip
    if info.st_uid == uid:
        return bool(info.st_mode & bits[0])
    if info.st_gid in gids:
        return bool(info.st_mode & bits[1])
    return bool(info.st_mode & bits[2])


def _owned(info: os.stat_result) -> str:
    return f"owned by {_user(info.st_uid)}, mode {stat.S_IMODE(info.st_mode):04o}"


def _user(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"
