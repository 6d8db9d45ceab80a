"""The deploy files are valid: the compose file by a compose implementation's `config`
command, the nginx config by `nginx -t` (Debian's nginx, the same config CI runs)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from tests.conftest import CI

ROOT = Path(__file__).resolve().parents[2]


def loopback_nginx_conf(tmp: Path, listen: int, upstreams: list[int]) -> Path:
    """deploy/nginx.conf with its upstreams and listen port moved to loopback ports."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = "".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in upstreams
    )
    start = text.index("        server room1:8000")
    end = text.index("        keepalive")
    text = text[:start] + servers + text[end:]
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    text = text.replace("/tmp/nginx-spades", str(tmp / "nginx"))
    conf = tmp / "nginx.conf"
    conf.write_text(text)
    return conf


def test_compose_file_is_valid(ci: CI) -> None:
    tool = shutil.which("docker-compose")
    if tool is None:
        ci.require("docker-compose")
    env = {**os.environ, "REDIS_PASSWORD": "pw-from-the-operator",
           "POSTGRES_PASSWORD": "pg-from-the-operator"}
    env.pop("METRICS_TOKEN", None)
    out = subprocess.run([tool, "-f", str(ROOT / "docker-compose.yml"), "config"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    assert "room1:" in out.stdout and "room2:" in out.stdout
    assert "redis:7" in out.stdout and "nginx" in out.stdout
    assert "REDIS_URL: redis://:pw-from-the-operator@redis:6379/0" in out.stdout
    assert "--requirepass" in out.stdout  # Redis needs the password (docs/security.md)
    assert "postgres:16" in out.stdout  # accounts, ratings and the archive
    assert ("DATABASE_URL: postgresql://spades:pg-from-the-operator@postgres:5432/spades"
            in out.stdout)
    assert "FORWARDED_ALLOW_IPS: 172.30.80.0/24" in out.stdout  # nginx's network
    # The analysis runs in a service of its own; the nodes start no worker of theirs.
    assert "analysis:" in out.stdout and "server.analysis" in out.stdout
    assert len(re.findall(r"ANALYSIS_WORKERS: ['\"]0['\"]", out.stdout)) == 2, out.stdout
    without = {k: v for k, v in env.items() if k != "REDIS_PASSWORD"}
    refused = subprocess.run([tool, "-f", str(ROOT / "docker-compose.yml"), "config"],
                             capture_output=True, text=True, timeout=60, cwd=ROOT,
                             env=without)
    assert refused.returncode != 0 and "REDIS_PASSWORD" in refused.stderr + refused.stdout


def test_compose_keeps_redis_off_the_public_network() -> None:
    text = (ROOT / "docker-compose.yml").read_text()
    blocks = dict(re.findall(r"^  (\w+):.*\n((?:(?:    .*)?\n)*)", text, re.MULTILINE))
    for store in ("redis", "postgres"):
        assert "ports:" not in blocks[store] and "networks: [back]" in blocks[store]
    assert "networks: [front]" in blocks["nginx"]
    assert re.search(r"^  back:\n    internal: true$", text, re.MULTILINE)


def test_redis_conf_persists_with_aof() -> None:
    conf = (ROOT / "deploy" / "redis.conf").read_text().splitlines()
    settings = dict(line.split(None, 1) for line in conf if line and not line.startswith("#"))
    assert settings["appendonly"] == "yes"
    assert settings["appendfsync"] == "everysec"
    assert settings["maxmemory-policy"] == "noeviction"  # a table must never be evicted
    assert settings["maxmemory"].endswith(("mb", "gb"))  # ... and memory is bounded
    assert settings["protected-mode"] == "yes"


def test_dockerfile_runs_as_non_root() -> None:
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "USER room" in text and "-slim" in text and "HEALTHCHECK" in text


def test_nginx_config_is_valid(tmp_path: Path, ci: CI) -> None:
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if nginx is None:
        ci.require("nginx")
    conf = loopback_nginx_conf(tmp_path, 18080, [18001, 18002])
    out = subprocess.run([nginx, "-t", "-c", str(conf), "-e", "stderr"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    text = conf.read_text()
    assert "Upgrade $http_upgrade" in text
    # The port stays in Host (the Origin check compares them) and the client's own
    # X-Forwarded-For is replaced, not appended to (docs/security.md).
    assert "Host $host;" not in text and text.count("Host $http_host;") == 2
    assert "$proxy_add_x_forwarded_for" not in text
