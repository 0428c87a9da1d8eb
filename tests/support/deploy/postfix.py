"""A private Postfix instance on loopback, configured the way docs/deploy.md says.

It has its own config, queue and data folders (`postfix -c DIR start`), listens on
one loopback port, routes two judge domains (one to `judge serve` by a transport
map, one into `judge deliver` through pipe(8)), and delivers the players' domain
into maildirs with virtual(8), so a test can read what a player would receive.
The system's own Postfix (if any) is untouched.

Postfix's daemons run as `postfix` and refuse paths they cannot reach, so the
instance lives in a world-readable folder under the system's temporary folder,
not in pytest's private one. Starting it needs root and Debian's postfix package;
`unavailable()` says why not when it cannot run.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

SBIN_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/usr/local/sbin"])
JUDGE_DOMAIN = "judge.test"  # routed by the transport map to `judge serve`
PIPE_DOMAIN = "pipe.test"  # routed to the pipe(8) transport into `judge deliver`
PLAYER_DOMAIN = "players.test"  # delivered into maildirs under `mail/`
PIPE_USER = "nobody"  # the guide uses a `judge` user; any unprivileged account will do

# The guide's pipe(8) entry, with the paths as placeholders (test_postfix checks that
# docs/deploy.md shows the same entry with its own paths).
PIPE_SERVICE = (
    "judge     unix  -       n       n       -       -       pipe\n"
    "  flags=Rq user={user} null_sender=\n"
    "  argv={judge} deliver --config {config} --sender=${{sender}} --recipient=${{recipient}}\n"
)

# Every service a mail needs here, none chrooted (the instance has no chroot tree).
MASTER_CF = """\
{listen} inet n       -       n       -       -       smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
virtual   unix  -       n       n       -       -       virtual
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""


def unavailable() -> str:
    """Why a private Postfix cannot run here, or "" when it can."""
    if shutil.which("postfix", path=SBIN_PATH) is None:
        return "postfix is not installed (.ci/run installs Debian's postfix where apt-get works)"
    if os.geteuid() != 0:
        return "starting a Postfix instance needs root (its master process runs as root)"
    for user in ("postfix", PIPE_USER):
        try:
            pwd.getpwnam(user)
        except KeyError:
            return f"there is no {user!r} user on this machine"
    return ""


@dataclass
class Postfix:
    """One running instance: its folder, its SMTP port, the players' maildirs."""

    root: Path
    port: int

    @property
    def config_dir(self) -> Path:
        return self.root / "conf"

    @property
    def maillog(self) -> Path:
        return self.root / "maillog"

    def mailbox(self, local_part: str) -> Path:
        """The maildir of `local_part@players.test`."""
        return self.root / "mail" / local_part

    def log_tail(self, lines: int = 30) -> str:
        if not self.maillog.is_file():
            return "(no maillog)"
        return "\n".join(self.maillog.read_text(errors="replace").splitlines()[-lines:])

    def start(self) -> str:
        """Start the instance; "" when it runs, else why it could not start."""
        done = self._postfix("start")
        if done.returncode != 0:
            return f"postfix -c {self.config_dir} start failed:\n{self.log_tail()}"
        return ""

    def stop(self) -> None:
        self._postfix("stop")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and self._postfix("status").returncode == 0:
            time.sleep(0.1)

    def _postfix(self, action: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            ["postfix", "-c", str(self.config_dir), action],
            capture_output=True, timeout=60, check=False, env={**os.environ, "PATH": SBIN_PATH},
        )


def configure(
    root: Path, port: int, serve_port: int, pipe_judge: Path, pipe_config: Path,
    message_size_limit: int,
) -> Postfix:
    """Write an instance's folders and config under `root` (created, world-readable)."""
    nobody = pwd.getpwnam(PIPE_USER)
    root.chmod(0o755)
    conf, data, mail = root / "conf", root / "data", root / "mail"
    for folder in (conf, root / "queue", data, mail):
        folder.mkdir()
    shutil.chown(data, "postfix")
    os.chown(mail, nobody.pw_uid, nobody.pw_gid)
    (conf / "transport").write_text(
        f"{JUDGE_DOMAIN}  smtp:[127.0.0.1]:{serve_port}\n{PIPE_DOMAIN}  judge:\n"
    )
    (conf / "judge_recipients").write_text(
        f"judge@{JUDGE_DOMAIN}  OK\njudge@{PIPE_DOMAIN}  OK\n"
    )
    (conf / "mailboxes").write_text(
        "".join(f"{name}@{PLAYER_DOMAIN}  {name}/\n" for name in ("ann", "bob", "cat"))
    )
    (conf / "main.cf").write_text(
        _main_cf(root, nobody.pw_uid, nobody.pw_gid, message_size_limit)
    )
    pipe = PIPE_SERVICE.format(user=PIPE_USER, judge=pipe_judge, config=pipe_config)
    (conf / "master.cf").write_text(MASTER_CF.format(listen=f"127.0.0.1:{port}") + pipe)
    return Postfix(root, port)


def _main_cf(root: Path, uid: int, gid: int, message_size_limit: int) -> str:
    return f"""\
compatibility_level = 3.6
queue_directory = {root}/queue
data_directory = {root}/data
mail_owner = postfix
setgid_group = postdrop
maillog_file = {root}/maillog
maillog_file_prefixes = {root}
myhostname = mx.{JUDGE_DOMAIN}
mydomain = {JUDGE_DOMAIN}
myorigin = $mydomain
mydestination =
alias_maps =
alias_database =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtp_dns_support_level = disabled
relay_domains = {JUDGE_DOMAIN}, {PIPE_DOMAIN}
transport_maps = texthash:{root}/conf/transport
relay_recipient_maps = texthash:{root}/conf/judge_recipients
recipient_delimiter = +
message_size_limit = {message_size_limit}
virtual_mailbox_domains = {PLAYER_DOMAIN}
virtual_mailbox_base = {root}/mail
virtual_mailbox_maps = texthash:{root}/conf/mailboxes
virtual_uid_maps = static:{uid}
virtual_gid_maps = static:{gid}
"""
