"""docs/rest.md is the server's: it equals what tests/rest_reference.py writes from the
OpenAPI document, and every example request body in it succeeds against a real server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import remem
from remem.server import create_app

from .rest_reference import DOC, PATH_VALUES, generate, operations, request_example, spec_of_server


def test_the_reference_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == generate(spec_of_server()), (
        "docs/rest.md is stale: run `python -m tests.rest_reference`"
    )


def test_every_example_body_succeeds(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as memory:
        api = TestClient(create_app(memory))
        spec = api.app.openapi()  # type: ignore[attr-defined]
        sent = 0
        for method, path, op in operations(spec):
            body = request_example(spec, op)
            if body is None:
                continue
            made = memory.add("Ann keeps bees.", user_id="ann")
            if "trash/restore" in path:
                memory.delete(made.id, recoverable=True)
            url = path
            for name, value in PATH_VALUES.items():
                url = url.replace("{" + name + "}", made.id if value == "ID" else value)
            payload = json.loads(json.dumps(body).replace('"ID"', json.dumps(made.id)))
            answer = api.request(method, url, json=payload)
            assert answer.status_code < 300, (method, path, payload, answer.text)
            sent += 1
        assert sent >= 15


@pytest.mark.parametrize("route", ["/v1/search", "/v1/context", "/v1/memories/batch"])
def test_the_reference_shows_each_body(route: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## `POST {route}`", 1)[1].split("\n## ", 1)[0]
    assert "Request body, for example:" in section and "| field |" in section
    assert "Response `2" in section
