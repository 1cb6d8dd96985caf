"""A second `python -m tutor serve` on a DuckDB file another serve holds: it says so while the
file is held, and saves progress again once the other process has let go (no restart)."""

from __future__ import annotations

import http.client
import time

from tests.serving import app_processes, stop
from tutor.ui.auth import GUEST_COOKIE
from tutor.ui.services import RETRY_SECONDS


def _guest_cookie_set(port: int) -> bool:
    """Whether a first visit to the page is given a guest (only a working store makes one)."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    con.request("GET", "/")
    reply = con.getresponse()
    reply.read()
    con.close()
    assert reply.status == 200
    return any(line.startswith(f"{GUEST_COOKIE}=")
               for line in reply.headers.get_all("Set-Cookie") or [])


def test_a_second_serve_recovers_once_the_first_lets_go_of_the_file(tmp_path):
    db = str(tmp_path / "tutor.duckdb")
    with app_processes([db], tmp_path) as (first,):
        assert _guest_cookie_set(first.port)  # the first one holds the file
        with app_processes([db], tmp_path) as (second,):
            started = second.log.read_text()
            assert "progress will not be saved" in started
            assert f"in use by another program (process {first.proc.pid})" in started
            assert not _guest_cookie_set(second.port)
            time.sleep(RETRY_SECONDS + 0.5)  # tried again: still held, still said
            assert not _guest_cookie_set(second.port)

            stop(first.proc)  # the holder exits; the second serve is not restarted
            deadline = time.time() + RETRY_SECONDS + 15
            while not _guest_cookie_set(second.port):
                assert time.time() < deadline, "the second serve never opened the free file"
                time.sleep(0.5)
            assert "is open now: progress is saved again" in second.log.read_text()
