"""A throwaway PostgreSQL server for tests: Debian's binaries, a temporary data folder, a
free local port, run as a non-root user (PostgreSQL refuses to run as root).

`postgres_server(tmp_dir)` yields the URL of a database `tutor` on it (password auth over
TCP, so a wrong password can be tested) and removes everything afterwards. Missing
binaries raise `PostgresMissing`, which fails the tests asking for a server: `make test`
installs Debian's `postgresql` package.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.serving import free_port

USER = "tutor"
PASSWORD = "tutor-test-secret"
DATABASE = "tutor"


class PostgresMissing(RuntimeError):
    """The PostgreSQL server binaries are not installed."""


def binaries() -> Path:
    """The folder with initdb and pg_ctl (the newest Debian version installed)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    if on_path:
        return Path(on_path).parent
    raise PostgresMissing(
        "The PostgreSQL tests need Debian's PostgreSQL server (initdb, pg_ctl), which is not "
        "installed: run `make test` (it installs it), or `apt-get install -y postgresql`.")


def _runner() -> list[str]:
    """The prefix that runs a command as a non-root user when we are root."""
    if os.geteuid() != 0:
        return []
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return ["runuser", "-u", name, "--"]
    raise PostgresMissing("Running as root with neither a 'postgres' nor a 'nobody' user to "
                          "run the test server as.")


def _owner() -> tuple[int, int] | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            entry = pwd.getpwnam(name)
            return entry.pw_uid, entry.pw_gid
    return None


def _run(command: list[str], log: Path) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n"
                           f"{done.stdout}\n{done.stderr}\n{_tail(log)}")


def _tail(log: Path) -> str:
    try:
        return log.read_text(errors="replace")[-3000:]
    except OSError:
        return ""


class Server:
    """A server initialised in `home`, stopped and started again at will (tests of an app
    that outlives a database restart)."""

    def __init__(self, home: Path, *, durable: bool = False) -> None:
        self.home, self.bindir = home, binaries()
        self.runner, self.port = _runner(), free_port()
        self.data, self.log = home / "data", home / "server.log"
        self.durable = durable
        self.url = f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{DATABASE}"

    def init(self) -> None:
        """Make the cluster and its `tutor` database, and start it."""
        pwfile = self.home / "password"
        pwfile.write_text(PASSWORD + "\n")
        owner = _owner()
        if owner:
            for path in (self.home, pwfile):
                os.chown(path, *owner)
        _run([*self.runner, str(self.bindir / "initdb"), "-D", str(self.data), "-U", USER,
              f"--pwfile={pwfile}", "--auth-local=trust", "--auth-host=scram-sha-256",
              "-E", "UTF8", "--locale=C", "--no-sync"], self.log)
        self.start()
        _run([*self.runner, str(self.bindir / "createdb"), "-h", str(self.home), "-p",
              str(self.port), "-U", USER, DATABASE], self.log)

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        # fsync off: these tests check what the app does before it acknowledges a write (a
        # committed transaction); surviving a power cut is the server's own, tested, job.
        fast = "" if self.durable else "-c fsync=off -c full_page_writes=off "
        options = (f"-p {self.port} -k {self.home} -c listen_addresses=127.0.0.1 {fast}"
                   "-c synchronous_commit=on -c max_connections=300 -c shared_buffers=64MB")
        _run([*self.runner, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
              str(self.log), "-w", "-t", "60", "-o", options, "start"], self.log)

    def stop(self, mode: str = "immediate") -> None:
        """Stop the server (`immediate`: as if it crashed)."""
        subprocess.run([*self.runner, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                        "-m", mode, "-w", "stop"], capture_output=True, timeout=60)


@contextlib.contextmanager
def running_server(tmp_dir: Path, *, durable: bool = False) -> Iterator[Server]:
    """A started `Server` in a folder of its own, stopped and deleted afterwards."""
    owner = _owner()
    # pytest's folders are private to root, so the server gets one the user can enter
    home = Path(tempfile.mkdtemp(prefix="tutor-pg-", dir=None if owner else tmp_dir))
    try:
        server = Server(home, durable=durable)
        try:
            server.init()
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def postgres_server(tmp_dir: Path, *, durable: bool = False) -> Iterator[str]:
    """Start a PostgreSQL server in a folder of its own; yield the URL of its `tutor`
    database; stop the server and delete the folder afterwards. `durable` keeps fsync on
    (as a real server has it), for measuring rather than testing."""
    with running_server(tmp_dir, durable=durable) as server:
        yield server.url


def database_url(url: str, name: str) -> str:
    """`url` with its database name replaced by `name`."""
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


def create_database(url: str, name: str, template: str | None = None) -> str:
    """Make database `name` on the server of `url` (a copy of `template`, if given, which
    nobody may be connected to) and return its URL."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        con.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return database_url(url, name)


def drop_database(url: str, name: str) -> None:
    """Remove database `name` from the server of `url`, closing whatever is connected."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as con:
        con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
