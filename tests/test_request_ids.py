"""A request id in every response header, every error body and every server log line (the
first step of issue 35's "metrics and traces")."""

from __future__ import annotations

import io
import logging
import logging.config
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import remem
from remem.server.app import create_app
from remem.server.requestids import RequestIdFilter, log_config

from .serving import running


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[remem.Memory]:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add("Sam keeps bees", user_id="sam")
        yield mem


def test_every_answer_carries_an_id_and_errors_repeat_it(memory: remem.Memory) -> None:
    api = TestClient(create_app(memory), raise_server_exceptions=False)
    ok = api.post("/v1/search", json={"query": "bees"})
    assert ok.status_code == 200 and re.fullmatch(r"[0-9a-f]{32}", ok.headers["x-request-id"])
    assert api.get("/v1/stats").headers["x-request-id"] != ok.headers["x-request-id"]
    for response in (
        api.post("/v1/search", json={"query": "bees", "k": 0}),  # refused by the engine
        api.post("/v1/search", json={"k": "many"}),  # refused by the schema
        api.get("/v1/memories/no-such-id"),  # unknown
        api.get("/v1/no-such-route"),  # no route
        api.post("/v1/memories", content=b"x" * 100, headers={"content-length": "100"}),
    ):
        assert response.status_code >= 400
        assert response.json()["error"]["request_id"] == response.headers["x-request-id"]


def test_the_client_raises_the_servers_error_with_its_request_id(memory: remem.Memory) -> None:
    with (
        running(create_app(memory)) as url,
        remem.Client(url) as client,
        pytest.raises(remem.NotFoundError) as caught,
    ):
        client.get("no-such-id")
    assert caught.value.request_id is not None and re.fullmatch(
        r"[0-9a-f]{32}", caught.value.request_id
    )
    with pytest.raises(remem.NotFoundError) as local:
        memory.get("no-such-id")
    assert local.value.request_id is None  # no server, no request


def test_a_callers_id_is_kept_only_when_it_is_a_plain_token(memory: remem.Memory) -> None:
    api = TestClient(create_app(memory))
    kept = api.get("/v1/stats", headers={"X-Request-ID": "trace-42:a.b_c"})
    assert kept.headers["x-request-id"] == "trace-42:a.b_c"
    for hostile in ("a b", "x" * 65, "<script>", "id\tt", "é"):
        sent = api.get("/v1/stats", headers={"X-Request-ID": hostile.encode()})
        assert re.fullmatch(r"[0-9a-f]{32}", sent.headers["x-request-id"])  # never echoed


def test_a_bug_is_a_500_whose_body_and_log_line_name_the_request(
    memory: remem.Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(type(memory), "search", broken)  # every scoped view's too
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(logging.Formatter("[%(request_id)s] %(message)s"))
    logger = logging.getLogger("remem.server")
    logger.addHandler(handler)
    try:
        api = TestClient(create_app(memory), raise_server_exceptions=False)
        failed = api.post("/v1/search", json={"query": "bees"}, headers={"X-Request-ID": "r-1"})
    finally:
        logger.removeHandler(handler)
    assert failed.status_code == 500 and failed.json()["error"]["type"] == "InternalError"
    assert failed.json()["error"]["request_id"] == "r-1" == failed.headers["x-request-id"]
    assert lines.getvalue().startswith("[r-1] POST /v1/search failed")
    assert "a bug" not in failed.text  # no internals in the body


def test_the_servers_log_format_names_the_request() -> None:
    config = log_config()
    assert all("[%(request_id)s]" in f["fmt"] for f in config["formatters"].values())
    logging.config.dictConfig(config)  # valid as uvicorn will use it
    record = logging.LogRecord("remem.server", logging.INFO, __file__, 1, "ready", None, None)
    assert RequestIdFilter().filter(record) and record.request_id == "-"  # outside a request
