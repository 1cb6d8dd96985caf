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


@contextlib.contextmanager
def postgres_server(tmp_dir: Path, *, durable: bool = False) -> Iterator[str]:
    """Start a PostgreSQL server in a folder of its own; yield the URL of its `tutor`
    database; stop the server and delete the folder afterwards. `durable` keeps fsync on
    (as a real server has it), for measuring rather than testing."""
    bindir = binaries()
    runner, owner = _runner(), _owner()
    # pytest's folders are private to root, so the server gets one the user can enter
    home = Path(tempfile.mkdtemp(prefix="tutor-pg-", dir=None if owner else tmp_dir))
    data, log = home / "data", home / "server.log"
    pwfile = home / "password"
    pwfile.write_text(PASSWORD + "\n")
    if owner:
        for path in (home, pwfile):
            os.chown(path, *owner)
    port = free_port()
    try:
        _run([*runner, str(bindir / "initdb"), "-D", str(data), "-U", USER,
              f"--pwfile={pwfile}", "--auth-local=trust", "--auth-host=scram-sha-256",
              "-E", "UTF8", "--locale=C", "--no-sync"], log)
        # fsync off: these tests check what the app does before it acknowledges a write (a
        # committed transaction); surviving a power cut is the server's own, tested, job.
        fast = "" if durable else "-c fsync=off -c full_page_writes=off "
        options = (f"-p {port} -k {home} -c listen_addresses=127.0.0.1 {fast}"
                   "-c synchronous_commit=on -c max_connections=300 -c shared_buffers=64MB")
        _run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w",
              "-t", "60", "-o", options, "start"], log)
        try:
            _run([*runner, str(bindir / "createdb"), "-h", str(home), "-p", str(port),
                  "-U", USER, DATABASE], log)
            yield f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{port}/{DATABASE}"
        finally:
            subprocess.run([*runner, str(bindir / "pg_ctl"), "-D", str(data), "-m",
                            "immediate", "-w", "stop"], capture_output=True, timeout=60)
    finally:
        shutil.rmtree(home, ignore_errors=True)


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
