"""No database password anywhere it can be read: a canary password in each form a password
can be given (a URL's user info, a URL's ``?password=``, a key=value conninfo, ``PGPASSWORD``),
searched for in every surface — errors, ``stats``, ``/metrics``, ``/v1/stats``, ``/v1/health``,
the web page, an export, the CLI, ``remem serve``'s banner and log, and every log record —
on a real primary and streaming standby (the wheel's PostgreSQL trusts local connections, so
any password opens them)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.cli import cli
from remem.core.redact import mask, passwords_in
from remem.server import create_app

from . import pg
from .serving import free_port
from .test_postgres import wait_for

#: One canary per form; a surface that shows any of them (or a piece of 8) fails.
CANARIES = {
    "userinfo": "Cu5erinfoPw7",
    "query": "Cq9ueryPw2x",
    "conninfo": "Cc0nninfo Pw'4",
    "environment": "Ce6nvPw3zz",
}


@pytest.fixture
def env_password(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("PGPASSWORD", CANARIES["environment"])
    return CANARIES["environment"]


def urls(cluster: pg.Cluster) -> tuple[str, str, str]:
    """The primary by URL with user info, by URL with ?password=, and the standby as a
    key=value conninfo (a quoted password with a space and an escaped quote)."""
    primary, standby = cluster.primary, cluster.standbys[0]
    userinfo = f"postgresql://postgres:{CANARIES['userinfo']}@127.0.0.1:{primary.port}/postgres"
    query = (
        f"postgresql://postgres@127.0.0.1:{primary.port}/postgres?connect_timeout=3"
        f"&password={CANARIES['query']}"
    )
    quoted = CANARIES["conninfo"].replace("'", "\\'")
    conninfo = (
        f"host=127.0.0.1 port={standby.port} dbname=postgres user=postgres password='{quoted}'"
    )
    return userinfo, query, conninfo


def leaks(text: str) -> list[str]:
    """Which canaries ``text`` shows (whole, or any 8 characters of one in a row)."""
    found = []
    for form, secret in CANARIES.items():
        pieces = {secret[i : i + 8] for i in range(len(secret) - 7)}
        if secret in text or any(piece in text for piece in pieces):
            found.append(form)
    return found


def test_mask_reads_every_written_form() -> None:
    userinfo, query, conninfo = (
        "postgresql://ann:s%40cret99@db:5432/remem",
        "postgresql://db/remem?sslmode=require&password=Xy12z9&x=1",
        "host=db port=5 password='a b\\'c99' dbname=x",
    )
    assert passwords_in(userinfo) == ["s@cret99"]
    assert passwords_in(query) == ["Xy12z9"]
    assert passwords_in(conninfo) == ["a b'c99"]
    assert mask(userinfo) == "postgresql://ann:***@db:5432/remem"
    assert mask(query) == "postgresql://db/remem?sslmode=require&password=***&x=1"
    assert mask(conninfo) == "host=db port=5 password=*** dbname=x"
    assert mask("passfile=/home/ann/.pgpass host=db") == "passfile=/home/ann/.pgpass host=db"


def test_no_surface_shows_a_password_in_any_form(
    cluster: pg.Cluster,
    env_password: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    userinfo, query, conninfo = urls(cluster)
    seen: dict[str, str] = {}
    caplog.set_level(logging.DEBUG)
    # Errors: each form pointing where nothing listens.
    dead = free_port()
    for name, wrong in {
        "userinfo": userinfo.replace(str(cluster.primary.port), str(dead)),
        "query": query.replace(str(cluster.primary.port), str(dead)),
    }.items():
        with pytest.raises(remem.StoreError) as failed:
            remem.open(wrong, embedder="hash:64", store_options={"connect_timeout": 1})
        seen[f"error at open ({name})"] = str(failed.value)
    with pytest.raises(remem.StoreError) as failed:
        remem.open(
            userinfo,
            embedder="hash:64",
            store_options={
                "replicas": [conninfo.replace(str(cluster.standbys[0].port), str(dead))]
            },
        )
    seen["error at open (a replica's conninfo)"] = str(failed.value)

    for url in (userinfo, query):
        with remem.open(url, embedder="hash:64", store_options={"replicas": [conninfo]}) as mem:
            mem.add("Ann keeps bees.", user_id="ann")
            seen[f"stats ({url[:24]})"] = json.dumps(mem.stats().to_dict(), default=str)
            seen["replica states"] = json.dumps(mem.store.replica_states())
            mem.export(tmp_path / "out.jsonl")
            seen["export"] = (tmp_path / "out.jsonl").read_text()
            api = TestClient(create_app(mem))
            for path in ("/metrics", "/v1/stats", "/v1/health", "/stats", "/"):
                answer = api.get(path)
                assert answer.status_code == 200, (path, answer.text)
                seen[f"GET {path}"] = answer.text
            seen["str(store)"] = f"{mem.store.path} {mem.store!r}"
    cli_out = CliRunner().invoke(cli, ["stats", "--store", userinfo, "--embedder", "hash:64"])
    assert cli_out.exit_code == 0, cli_out.output
    seen["remem stats"] = cli_out.output

    # remem serve: its banner and its log, with a replica and a password in every form.
    port = free_port()
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "remem"), "serve", "--store", query, "--replica",
         conninfo, "--embedder", "hash:64", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PGPASSWORD": env_password},
    )  # fmt: skip
    try:
        base = wait_for(f"http://127.0.0.1:{port}", server)
        assert httpx.get(f"{base}/metrics").status_code == 200
        httpx.post(f"{base}/v1/memories", json={"text": "x", "user_id": ""})  # a 4xx, logged
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    seen["remem serve stdout"], seen["remem serve stderr"] = out.decode(), err.decode()
    assert "remem postgresql://postgres@127.0.0.1" in seen["remem serve stdout"]  # the banner

    seen["log records"] = "\n".join(r.getMessage() for r in caplog.records)
    shown = {where: found for where, text in seen.items() if (found := leaks(text))}
    assert shown == {}, shown
    # and the surfaces did say where the store is (masked, not missing)
    assert "password=***" in seen["GET /metrics"] or "127.0.0.1" in seen["GET /metrics"]


def test_logs_of_an_outage_show_no_password(
    cluster: pg.Cluster, env_password: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The primary lost and found again: every line the watcher, the pools and the driver log."""
    caplog.set_level(logging.DEBUG)
    own = pg.Cluster(standbys=0)
    try:
        url = f"postgresql://postgres:{CANARIES['userinfo']}@127.0.0.1:{own.primary.port}/postgres"
        with remem.open(url, embedder="hash:64", store_options={"connect_timeout": 1}) as mem:
            mem.add("Ann keeps bees.", user_id="ann")
            own.primary.stop("immediate")
            errors = []
            for _ in range(10):
                try:
                    mem.add("Ann keeps wasps.", user_id="ann")
                except remem.StoreUnavailableError as exc:
                    errors.append(str(exc))
                time.sleep(0.1)
            own.primary.start()
            time.sleep(1.0)
        assert errors
        text = "\n".join([*errors, *(r.getMessage() for r in caplog.records)])
        assert "is down" in text  # the watcher said so, once
        assert text.count("is down") == 1
        # and the pools' own reconnection attempts are not logged line after line
        assert not [r for r in caplog.records if r.getMessage().startswith("error connecting")]
        assert leaks(text) == []
    finally:
        own.close()
