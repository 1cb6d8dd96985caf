"""An orderly stop of `python -m tutor serve` on a DuckDB file (SIGTERM from a supervisor or
`kill`, SIGINT from Ctrl-C) folds the write-ahead log into the file: a copy of
`tutor.duckdb` alone, as a backup takes it, holds everything saved."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys

import duckdb
import pytest

from tests.commands.test_serve_security import _call
from tests.serving import ROOT, free_port, stop, wait_until_answers


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_after_an_orderly_stop_the_file_alone_holds_every_saved_account(tmp_path, sig):
    port = free_port()
    db = tmp_path / "data" / "tutor.duckdb"
    url = f"http://127.0.0.1:{port}/"
    log_path = tmp_path / "serve.log"
    names = [f"saved{i}" for i in range(3)]
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--address",
             "127.0.0.1"], cwd=ROOT, env=dict(os.environ, TUTOR_DB=str(db)), stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_until_answers(url, proc, log_path)
            for name in names:
                status, _, text, _ = _call(port, "POST", "/auth/create", {
                    "Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"},
                    {"username": name, "password": "pass-" + name, "display_name": name})
                assert status == 200, text
            assert (db.parent / "tutor.duckdb.wal").exists()  # saved, not yet in the file
            os.killpg(proc.pid, sig)  # to the server and its AI workers, as a terminal does
            assert proc.wait(timeout=30) == 0
        finally:
            stop(proc)
    assert "stopped: everything saved is in the progress database" in log_path.read_text()
    backup = tmp_path / "backup" / "tutor.duckdb"
    backup.parent.mkdir()
    shutil.copy(db, backup)  # the file alone
    with duckdb.connect(str(backup), read_only=True) as con:
        saved = {row[0] for row in con.execute("SELECT username FROM users").fetchall()}
    assert set(names) <= saved
