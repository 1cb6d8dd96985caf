"""Starting the app's server for tests: a free local port, a server run until it answers, and
nginx in front of several app processes (deploy/nginx.conf)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_answers(url: str, proc: subprocess.Popen, log_path: Path,
                       seconds: float = 180) -> None:
    """Wait until `url` answers (a slow first page on a loaded machine is allowed); a clear
    error if the process ends or the time runs out first."""
    deadline = time.time() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=30).read()
            return
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"the server did not start: see {log_path}") from None
            time.sleep(0.3)


def stop(proc: subprocess.Popen) -> None:
    """End a process this test started (politely, then for good), and whatever it forked:
    servers started here lead their own process group (`panel serve --num-procs` children,
    worker pools), so the group is ended too."""
    group = _leads_group(proc)
    if proc.poll() is None:
        _signal(proc, group, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _signal(proc, group, signal.SIGKILL)
            proc.wait()
    if group:
        deadline = time.time() + 5
        while time.time() < deadline:  # the forked children end with their parent's signal
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def _leads_group(proc: subprocess.Popen) -> bool:
    try:
        return os.getpgid(proc.pid) == proc.pid
    except ProcessLookupError:  # already reaped: its group (if any) has the same id
        return True


def _signal(proc: subprocess.Popen, group: bool, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)


@contextlib.contextmanager
def served(args: list[str], url: str, log_path: Path, env: dict | None = None):
    """Run a server command until `url` answers, yield, then stop it."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            wait_until_answers(url, proc, log_path)
            yield url
        finally:
            stop(proc)


@dataclass
class AppProcess:
    """One running `python -m tutor serve`."""

    port: int
    proc: subprocess.Popen
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def kill(self) -> None:
        """SIGKILL it, as a crash would."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


@contextlib.contextmanager
def app_processes(db_urls: list[str], folder: Path, extra: list[str] = (),
                  env: dict | None = None) -> Iterator[list[AppProcess]]:
    """`python -m tutor serve --db URL --port P [extra…]` once per entry of `db_urls` (a
    DuckDB file each, or one PostgreSQL URL repeated), started together; yields them once
    every one answers, and stops them afterwards."""
    started: list[AppProcess] = []
    with contextlib.ExitStack() as logs:
        try:
            for i, db in enumerate(db_urls):
                port = free_port()
                log_path = folder / f"serve-{i}-{port}.log"
                log = logs.enter_context(open(log_path, "w"))
                args = [sys.executable, "-m", "tutor", "serve", "--port", str(port),
                        "--address", "127.0.0.1", "--db", db, *extra]
                proc = subprocess.Popen(args, cwd=ROOT, env=env or dict(os.environ),
                                        stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
                started.append(AppProcess(port, proc, log_path))
            for app in started:
                wait_until_answers(app.url, app.proc, app.log)
            yield started
        finally:
            for app in started:
                stop(app.proc)


def nginx_config(listen: int, backends: list[int]) -> str:
    """deploy/nginx.conf with its `listen` port and its upstream servers replaced by these
    (the file's own lines are the pattern: a test fails if the file stops matching it)."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    server = re.compile(r"^(\s*)server 127\.0\.0\.1:\d+( .*)?;$", re.MULTILINE)
    found = server.findall(text)
    if len(found) < 1 or len(re.findall(r"^\s*listen \d+;$", text, re.MULTILINE)) != 1:
        raise AssertionError(f"{NGINX_CONF} no longer has the upstream `server 127.0.0.1:P …;`"
                             " lines and one `listen P;` line the tests replace")
    indent, options = found[0]
    lines = "\n".join(f"{indent}server 127.0.0.1:{p}{options};" for p in backends)
    first = server.search(text)
    text = server.sub("", text)  # every server line goes; the new ones take the first's place
    text = text[:first.start()] + lines + text[first.start():]
    text = re.sub(r"\n(\s*\n)+(\s*})", r"\n\2", text)
    return re.sub(r"^(\s*)listen \d+;$", rf"\g<1>listen 127.0.0.1:{listen};", text,
                  flags=re.MULTILINE)


@dataclass
class Proxy:
    """nginx, started by a test, with its folder (config, logs)."""

    port: int
    folder: Path
    proc: subprocess.Popen

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}/"

    def access_log(self) -> list[dict[str, str]]:
        """Each logged request as {request, status, upstream, route}."""
        rows = []
        pattern = re.compile(r'"(?P<request>[^"]*)" (?P<status>\d+) '
                             r'upstream=(?P<upstream>.*) route=(?P<route>\S*)$')
        path = self.folder / "access.log"
        for line in path.read_text().splitlines() if path.exists() else []:
            match = pattern.search(line)
            if match:
                rows.append(match.groupdict())
        return rows


@contextlib.contextmanager
def nginx(backends: list[int], port: int | None = None) -> Iterator[Proxy]:
    """Debian's nginx with deploy/nginx.conf on a free port, in front of `backends`, in a
    temporary folder (its pid file, logs and temporary files), in the foreground; stopped
    afterwards. Run as root, its workers drop to nginx's default user. `port`: one chosen
    beforehand (the app processes must be told the name learners use: --allow-origin)."""
    if not os.path.exists(NGINX):
        raise RuntimeError("nginx is not installed: run `make test` (it installs Debian's "
                           "nginx) or `apt-get install nginx`")
    folder = Path(tempfile.mkdtemp(prefix="tutor-nginx-"))
    folder.chmod(0o755)  # workers (nobody, under root) reach their temporary folders in it
    port = port or free_port()
    conf = folder / "nginx.conf"
    conf.write_text(nginx_config(port, backends), encoding="utf-8")
    with open(folder / "nginx.out", "w") as out:
        proc = subprocess.Popen([NGINX, "-p", str(folder), "-e", "error.log", "-c", str(conf),
                                 "-g", "daemon off;"], stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.time() + 20
        while not (folder / "nginx.pid").exists():
            if proc.poll() is not None or time.time() > deadline:
                error_log = folder / "error.log"
                raise RuntimeError("nginx did not start: " + (folder / "nginx.out").read_text()
                                   + (error_log.read_text() if error_log.exists() else ""))
            time.sleep(0.1)
        yield Proxy(port, folder, proc)
    finally:
        stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


def routing_keys(proxy, ports: list[int]) -> dict[int, str]:
    """A routing cookie value nginx sends to each backend (found by asking: the hash is
    nginx's own business)."""
    keys: dict[int, str] = {}
    for i in range(200):
        key = f"probe-{i}"
        request = urllib.request.Request(proxy.url + "favicon.ico",
                                         headers={"Cookie": f"tutor_route={key}"})
        urllib.request.urlopen(request, timeout=30).read()
        row = logged_request(proxy, lambda r, key=key: r["route"] == key)
        keys.setdefault(int(row["upstream"].rsplit(":", 1)[1]), key)
        if len(keys) == len(ports):
            return keys
    raise AssertionError(f"200 routing keys all went to {sorted(keys)}: is the hash sticky?")


def logged_request(proxy, match, seconds: float = 10, after: int = 0) -> dict[str, str]:
    """The last request nginx logged (after the first `after`) that `match`es."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        rows = [r for r in proxy.access_log()[after:] if match(r)]
        if rows:
            return rows[-1]
        time.sleep(0.1)
    raise AssertionError(f"nginx logged no such request: {proxy.access_log()[-5:]}")
