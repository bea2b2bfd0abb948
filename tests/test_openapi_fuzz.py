"""Schemathesis against the server's own OpenAPI document: generated requests, valid and
invalid, on every operation. The server must never answer 5xx, and every answer must match the
document (status, content type, body schema). Bounded: a few dozen examples per operation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import negative_data_rejection, positive_data_acceptance

import remem
from remem.server import create_app

EXAMPLES = 20


@schemathesis.serializer("application/x-ndjson")
def ndjson(context: Any, value: Any) -> bytes:
    """The import's body: text as it is; anything else (a negative case) as its JSON."""
    text = value if isinstance(value, str) else json.dumps(value)
    return text.encode("utf-8", "surrogatepass")


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "store"
    with remem.open(path, embedder="hash:32") as memory:
        memory.add_many(
            [
                {"text": "Sam is allergic to cashews", "user_id": "sam", "kind": "fact"},
                {"text": "Alex keeps bees", "user_id": "alex", "session_id": "s1"},
            ]
        )
        yield schemathesis.openapi.from_asgi("/openapi.json", create_app(memory))


def fuzz(operation: Any, mode: GenerationMode, excluded: list[Any]) -> None:
    """Send ``EXAMPLES`` generated requests to one operation and check every answer."""

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    def run(case: Any) -> None:
        case.call_and_validate(excluded_checks=excluded)

    run()


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_never_fails_and_matches_its_document(api_schema: Any, mode: GenerationMode) -> None:
    checked = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        # A request the schema allows may still be refused for what a schema cannot say (a
        # filter's grammar, a time's format, a chat message's roles): a 4xx, which the other
        # checks hold to the document.
        excluded = [positive_data_acceptance]
        if operation.label == "POST /v1/import":  # its body is text: "[]" is a valid LoCoMo file
            excluded.append(negative_data_rejection)
        if operation.label in ("GET /v1/memories", "GET /v1/namespaces"):
            # Their namespace / prefix is a list of strings in the query: any one string is a
            # valid list of one there, yet schemathesis counts it as invalid data accepted
            # (schemathesis issue #3056, fix pending in PR #3129). The other checks still hold.
            excluded.append(negative_data_rejection)
        try:
            fuzz(operation, mode, excluded)
        except Unsatisfiable:  # nothing in the operation to make invalid (no parameters)
            assert mode is GenerationMode.NEGATIVE
            continue
        checked.append(operation.label)
    assert len(checked) >= (17 if mode is GenerationMode.POSITIVE else 12), checked
