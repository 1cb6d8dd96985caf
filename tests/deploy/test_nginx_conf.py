"""deploy/nginx.conf as shipped is a valid nginx configuration (`nginx -t`), and the tests'
copy of it differs only in its ports."""

from __future__ import annotations

import subprocess

from tests.serving import NGINX, NGINX_CONF, nginx_config


def test_the_shipped_config_is_valid(tmp_path):
    tmp_path.chmod(0o755)  # nginx's workers (nobody, under root) reach their folders in it
    result = subprocess.run([NGINX, "-t", "-p", str(tmp_path), "-e", "error.log", "-c",
                             str(NGINX_CONF)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr


def test_the_tests_render_it_with_their_ports_and_nothing_else():
    shipped = NGINX_CONF.read_text(encoding="utf-8").splitlines()
    rendered = nginx_config(9999, [7001, 7002, 7003]).splitlines()
    assert [line for line in rendered if line not in shipped] == [
        "        server 127.0.0.1:7001 max_fails=1 fail_timeout=10s;",
        "        server 127.0.0.1:7002 max_fails=1 fail_timeout=10s;",
        "        server 127.0.0.1:7003 max_fails=1 fail_timeout=10s;",
        "        listen 127.0.0.1:9999;",
    ]
    assert [line for line in shipped if line not in rendered] == [
        "        server 127.0.0.1:5011 max_fails=1 fail_timeout=10s;",
        "        server 127.0.0.1:5012 max_fails=1 fail_timeout=10s;",
        "        listen 8080;",
    ]
