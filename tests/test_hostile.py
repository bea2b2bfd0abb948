"""Hostile and careless input: every face refuses it with a clear 4xx error (never a 500), and
whatever is accepted reads back — by id, listed, searched, filtered, exported. The Python API,
REST through FastAPI's TestClient, and MCP over stdio and streamable HTTP; then a fast run of
the reliability suite's generated requests (tests/hostile_probe.py)."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import remem
from remem.core.errors import (
    FilterError,
    InvalidInputError,
    InvalidTextError,
    PayloadTooLargeError,
)
from remem.core.settings import Settings
from remem.core.timeutil import MAX_EPOCH, MIN_EPOCH, from_epoch, to_datetime
from remem.server import create_app
from remem.server.mcp import build_mcp, mcp_http_app
from tests import hostile_probe as probe
from tests.test_mcp import INITIALIZE


@pytest.fixture
def api(mem: remem.Memory) -> TestClient:
    return TestClient(create_app(mem), raise_server_exceptions=False)


def post(client: TestClient, path: str, raw: str) -> Any:
    """A body as raw JSON text: lone surrogates as escapes, NaN as NaN."""
    return client.post(path, content=raw.encode(), headers={"content-type": "application/json"})


def reads_back(mem: remem.Memory, record: remem.MemoryRecord, tmp_path: Path) -> None:
    """The record is there by id, in the listing, in searches and in the export."""
    assert mem.get(record.id).text == record.text
    assert record.id in {r.id for r in mem.list_all()}
    assert mem.search(record.text, k=50, mode="keyword") is not None
    assert mem.search("anything", filters={"created_at": {"$gte": "0001-01-01"}}) is not None
    out = tmp_path / "export.jsonl"
    mem.export(out)
    assert record.id in {json.loads(line).get("id") for line in out.read_text().split("\n")[:-1]}


# -- 1. dates at year 1 and 9999 ------------------------------------------------------------------
@pytest.mark.parametrize(
    "when", ["0001-01-01", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59", MIN_EPOCH, MAX_EPOCH]
)
def test_the_first_and_last_storable_times_read_back(
    mem: remem.Memory, tmp_path: Path, when: Any
) -> None:
    record = mem.add("an old or future memory", created_at=when)
    assert record.created_at == to_datetime(when)
    assert mem.get(record.id).created_at == to_datetime(when)
    reads_back(mem, record, tmp_path)


@pytest.mark.parametrize(
    "when",
    [
        "0001-01-01T00:00:00+01:00",  # an hour before year 1 in UTC
        "9999-12-31T23:00:00-05:00",  # past year 9999 in UTC
        "9999-12-31T23:59:59.5",  # a float of seconds cannot tell it from year 10000
        MIN_EPOCH - 1,
        MAX_EPOCH + 1,
        2**70,
        float("nan"),
    ],
)
def test_times_beyond_the_calendar_are_refused(mem: remem.Memory, when: Any) -> None:
    with pytest.raises(InvalidInputError, match="outside the times remem stores"):
        mem.add("x", created_at=when)
    with pytest.raises(FilterError, match="outside the times remem stores"):
        mem.search("x", filters={"created_at": {"$gte": when}})
    with pytest.raises(InvalidInputError, match="outside the times remem stores"):
        mem.search("x", now=when)


def test_epoch_round_trips_at_the_extremes() -> None:
    for moment in (datetime(1, 1, 1, tzinfo=UTC), datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)):
        assert from_epoch(moment.timestamp()) == moment
        assert to_datetime(moment.timestamp()) == moment


def test_extreme_dates_over_rest_and_the_web_page(api: TestClient) -> None:
    refused = api.post("/v1/memories", json={"text": "x", "created_at": "0001-01-01T00:00+01:00"})
    assert refused.status_code == 400 and "outside the times" in refused.json()["error"]["message"]
    for now in ("0001-01-01", "9999-12-31"):
        for query in ("yesterday", "next week", "last year", "in 3 days"):
            found = api.post("/v1/search", json={"query": query, "now": now})
            assert found.status_code == 200, found.text
    page = api.get("/memories", params={"from": "0001-01-01", "to": "9999-12-31"})
    assert page.status_code == 200


def test_import_rows_at_and_beyond_the_extremes(api: TestClient) -> None:
    ok = '{"id": "old", "text": "first", "created_at": "0001-01-01T00:00:00Z"}'
    assert api.post("/v1/import", content=ok).json() == {"imported": 1}
    assert api.get("/v1/memories/old").json()["created_at"].startswith("0001-01-01")
    bad = '{"text": "a"}\n{"text": "b", "created_at": "9999-12-31T23:59:59-01:00"}'
    refused = api.post("/v1/import", content=bad)
    assert refused.status_code == 400
    assert refused.json()["error"]["message"].startswith("line 2: created_at")


# -- 2. numbers SQLite cannot hold ----------------------------------------------------------------
@pytest.mark.parametrize(
    "spec",
    [
        {"n": 2**64},
        {"importance": {"$in": [1, -(2**63) - 1]}},
        {"n": {"$gt": float("nan")}},
        {"n": float("inf")},
    ],
)
def test_filter_numbers_beyond_64_bits_or_not_finite(mem: remem.Memory, spec: Any) -> None:
    mem.add("x", metadata={"n": 1})
    with pytest.raises(FilterError, match=r"64 bits|finite"):
        mem.search("x", filters=spec)
    with pytest.raises(FilterError):
        mem.list(filters=spec)


def test_filter_numbers_over_rest(api: TestClient) -> None:
    for raw in ('{"n": 18446744073709551616}', '{"n": NaN}', '{"n": {"$lt": -Infinity}}'):
        answer = post(api, "/v1/search", f'{{"query": "x", "filters": {raw}}}')
        assert answer.status_code == 400 and answer.json()["error"]["type"] == "FilterError"
        listed = api.get("/v1/memories", params={"filters": raw})
        assert listed.status_code == 400


# -- 3. lone surrogates ---------------------------------------------------------------------------
BAD = "ok \ud800"


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.add("x", user_id=BAD),
        lambda m: m.add("x", session_id=BAD),
        lambda m: m.add("x", kind=BAD),
        lambda m: m.add("x", role=BAD),
        lambda m: m.add("x", metadata={BAD: 1}),
        lambda m: m.add("x", metadata={"k": [BAD]}),
        lambda m: m.search("x", filters={BAD: 1}),
        lambda m: m.search("x", filters={"k": {"$in": [BAD]}}),
        lambda m: m.search("x", user_id=BAD),
        lambda m: m.get(BAD),
        lambda m: m.delete([BAD]),
        lambda m: m.cache().set("question", BAD),
        lambda m: m.cache().set("question", "v", user_id=BAD),
        lambda m: m.cache().get(BAD),
        lambda m: m.cache(BAD),
    ],
)
def test_lone_surrogates_are_refused_everywhere(mem: remem.Memory, call: Any) -> None:
    # InvalidTextError, or FilterError for a filter (both are InvalidInputError, 400)
    with pytest.raises((InvalidTextError, FilterError), match="not valid UTF-8"):
        call(mem)
    assert mem.list() == []  # nothing half-written


def test_lone_surrogates_over_rest(api: TestClient) -> None:
    for path, raw in [
        ("/v1/memories", '{"text": "a", "metadata": {"\\ud800": 1}}'),
        ("/v1/memories", '{"text": "a", "metadata": {"k": "\\udfff"}}'),
        ("/v1/search", '{"query": "a", "filters": {"\\ud800": 1}}'),
        ("/v1/search", '{"query": "a", "filters": {"k": "\\ud800"}}'),
        ("/v1/caches/c/entries", '{"question": "q", "value": ["\\ud800"]}'),
    ]:
        answer = post(api, path, raw)
        assert answer.status_code == 400, (path, raw, answer.text)
        assert "not valid UTF-8" in answer.json()["error"]["message"]
    assert api.get("/v1/memories/%ED%A0%80").status_code in (400, 404)


# -- 4. deep and large filters --------------------------------------------------------------------
def nested(depth: int, op: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"k": 1}
    for _ in range(depth):
        spec = {"$not": spec} if op == "$not" else {op: [spec]}
    return spec


@pytest.mark.parametrize("op", ["$not", "$and", "$or"])
def test_filter_depth_is_limited(mem: remem.Memory, op: str) -> None:
    assert mem.search("x", filters=nested(32, op)) == []
    for depth in (33, 2000):
        with pytest.raises(FilterError, match="more than 32 levels"):
            mem.search("x", filters=nested(depth, op))


def test_filter_size_is_limited(mem: remem.Memory) -> None:
    mem.add("x", metadata={"k": 5})
    assert len(mem.search("x", filters={"$or": [{"k": i} for i in range(256)]})) == 1
    with pytest.raises(FilterError, match="more than 256 conditions"):
        mem.search("x", filters={"$or": [{"k": i} for i in range(2000)]})
    assert len(mem.list(filters={"k": {"$in": list(range(1000))}})) == 1
    with pytest.raises(FilterError, match="more than 1,000 values"):
        mem.list(filters={"k": {"$in": list(range(40_000))}})
    with pytest.raises(FilterError, match="more than 1,000 values"):
        mem.list(filters={"$and": [{"k": {"$in": list(range(600))}}, {"k": {"$nin": [1] * 600}}]})


def test_filter_limits_are_settings(tmp_path: Path) -> None:
    limits = remem.Limits(max_filter_depth=2, max_filter_conditions=3, max_filter_values=4)
    with remem.open(":memory:", embedder="hash:64", limits=limits) as mem:
        assert mem.limits is limits
        with pytest.raises(FilterError, match="more than 2 levels"):
            mem.list(filters=nested(3, "$and"))
        with pytest.raises(FilterError, match="more than 3 conditions"):
            mem.list(filters={"a": 1, "b": 2, "c": 3, "d": 4})
        with pytest.raises(FilterError, match="more than 4 values"):
            mem.list(filters={"a": {"$in": [1, 2, 3, 4, 5]}})


def test_deep_and_wide_filters_over_rest(api: TestClient) -> None:
    for spec in (nested(400, "$not"), {"$or": [{"k": i} for i in range(2000)]}):
        answer = api.post("/v1/search", json={"query": "x", "filters": spec})
        assert answer.status_code == 400 and answer.json()["error"]["type"] == "FilterError"


# -- 5. import bodies -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('{"id": "a", "text": "x", "parent_id": "nope"}', "line 1: parent_id 'nope': no memory"),
        ('{"id": "a", "text": "x"}\n{"id": "a", "text": "y"}', "line 2: id 'a' appears twice"),
        ('{"id": "a"}', "line 1: missing 'text'"),
        ('{"text": 5}', "line 1: text must be a string"),
        ('{"text": "x", "user_id": 5}', "line 1: user_id must be a string"),
        ('{"text": "x", "metadata": [1]}', "line 1: metadata must be a dict"),
        ('{"text": "x", "position": 1180591620717411303424}', "line 1: position must be"),
        ('{"text": "x", "position": -5}', "line 1: position must be"),
        ('{"text": "x", "txt": "typo"}', "line 1: unknown keys ['txt']"),
        ('{"id": "c", "text": "x", "parent_id": "c"}', "line 1: parent_id 'c' is the row's own"),
        ('{"text": "ok", "metadata": {"a": "\\ud800"}}', "line 1: metadata holds text"),
        ('{"text": "x", "metadata": {"n": NaN}}', "line 1: metadata holds NaN"),
        ('\n\n{"text": "x", "vector_b64": 5}', "line 3: vector_b64 must be"),
        (
            '{"id": "d", "text": "doc"}\n{"id": "c1", "text": "c", "parent_id": "d"}\n'
            '{"id": "c2", "text": "c", "parent_id": "c1"}',
            "line 3: parent_id 'c1' is itself a chunk",
        ),
        (
            '[{"conversation": {"session_1": [{"speaker": "a", "text": "hi", "dia_id": "1"}], '
            '"session_1_date_time": 5}}]',
            "a LoCoMo time is a string",
        ),
        (
            '[{"conversation": {"session_1": [5], "session_1_date_time": '
            '"1:56 pm on 8 May, 2023"}}]',
            "turn 0 is not an object",
        ),
    ],
)
def test_bad_import_bodies_name_the_line(api: TestClient, body: str, message: str) -> None:
    answer = api.post("/v1/import", content=body.encode())
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["error"]["message"]
    assert api.get("/v1/memories").json()["items"] == []  # all or none


def test_an_export_with_line_separators_in_its_texts_imports_back(
    mem: remem.Memory, tmp_path: Path
) -> None:
    record = mem.add("one\u2028two\x85three\u2029four", metadata={"k": "a\u2028b"})
    out = tmp_path / "dump.jsonl"
    mem.export(out)
    assert len(out.read_text(encoding="utf-8").split("\n")) == 3  # header, record, ""
    with remem.open(tmp_path / "copy", embedder="hash:64") as copy:
        assert copy.import_(out) == 1
        assert copy.get(record.id).text == record.text
        assert copy.get(record.id).metadata == {"k": "a\u2028b"}


# -- 6. stored poison -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "value",
    [float("nan"), float("inf"), [1, float("-inf")], probe.nest(33), probe.nest(300, key=None)],
)
def test_metadata_that_would_poison_reads_is_refused(mem: remem.Memory, value: Any) -> None:
    with pytest.raises(InvalidInputError, match=r"NaN or infinity|nested more than 32"):
        mem.add("x", metadata={"v": value})
    record = mem.add("x", metadata={"ok": 1})
    with pytest.raises(InvalidInputError):
        mem.update(record.id, metadata={"v": value})
    assert mem.search("x", filters={"ok": 1})[0].id == record.id  # still searchable


def test_metadata_size_is_limited(mem: remem.Memory, tmp_path: Path) -> None:
    big = mem.add("big", metadata={"blob": "x" * 60_000, "deep": probe.nest(31)})
    with pytest.raises(PayloadTooLargeError, match="65,536"):
        mem.add("bigger", metadata={"blob": "x" * 70_000})
    reads_back(mem, big, tmp_path)
    assert mem.list(filters={"deep.a.a": {"$exists": True}})[0].id == big.id


def test_cache_values_are_limited(mem: remem.Memory) -> None:
    cache = mem.cache()
    with pytest.raises(InvalidInputError, match="nested more than 32"):
        cache.set("deep question", probe.nest(900, key=None))
    with pytest.raises(InvalidInputError, match="NaN"):
        cache.set("nan question", {"v": float("nan")})
    with pytest.raises(PayloadTooLargeError):
        cache.set("large question", "x" * (1024 * 1024 + 1))
    cache.set("fine question", probe.nest(31, key=None))
    assert cache.get("fine question") == probe.nest(31, key=None)


def test_poison_over_rest(api: TestClient) -> None:
    for path, raw in [
        ("/v1/memories", '{"text": "a", "metadata": {"x": NaN}}'),
        ("/v1/memories", json.dumps({"text": "a", "metadata": probe.nest(300)})),
        ("/v1/caches/c/entries", json.dumps({"question": "q", "value": probe.nest(900, None)})),
    ]:
        assert post(api, path, raw).status_code == 400
    assert api.get("/v1/memories").status_code == 200
    assert api.post("/v1/caches/c/lookup", json={"question": "q"}).status_code == 200


# -- 7. limits on cost -----------------------------------------------------------------------------
def test_over_size_texts_are_refused_before_any_work(tmp_path: Path) -> None:
    limits = remem.Limits(max_text_chars=50, max_document_chars=80, max_query_chars=20)
    with remem.open(":memory:", embedder="hash:64", limits=limits) as mem:
        mem.add("x" * 50)
        for call in (
            lambda: mem.add("x" * 51),
            lambda: mem.add_many(["ok", "y" * 51]),
            lambda: mem.add_document("z" * 81),
            lambda: mem.search("q" * 21),
            lambda: mem.context("q" * 21, budget_tokens=10),
            lambda: mem.cache().set("q" * 21, 1),
            lambda: mem.update(mem.list()[0].id, text="u" * 51),
        ):
            with pytest.raises(PayloadTooLargeError, match="over the limit"):
                call()
        assert len(mem.add_document("w " * 40).text) <= 80
        assert [r.text for r in mem.list(kind="message")] == ["x" * 50]


def test_batches_and_k_are_limited() -> None:
    with remem.open(":memory:", embedder="hash:64", limits=remem.Limits(max_batch=3, max_k=5)) as m:
        with pytest.raises(InvalidInputError, match="over the limit of 3"):
            m.add_many(["a", "b", "c", "d"])
        with pytest.raises(InvalidInputError, match="from 1 to 5"):
            m.search("x", k=6)
        assert m.list() == []


def test_a_query_with_many_words_keeps_the_first(mem: remem.Memory) -> None:
    mem.add("alpha bravo", kind="fact")
    mem.add("zulu omega", kind="fact")
    words = " ".join(f"w{i}" for i in range(500))
    hits = mem.search(f"alpha {words} omega", mode="keyword")
    assert [h.text for h in hits] == ["alpha bravo"]  # "omega" is past the first 64 terms


def test_limits_from_settings_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REMEM_MAX_TEXT_CHARS", "10")
    monkeypatch.setenv("REMEM_MAX_JSON_DEPTH", "3")
    assert Settings.load().limits == remem.Limits(max_text_chars=10, max_json_depth=3)
    with remem.open(":memory:", embedder="hash:64") as mem:
        assert mem.limits.max_text_chars == 10
        with pytest.raises(PayloadTooLargeError):
            mem.add("x" * 11)
    monkeypatch.setenv("REMEM_MAX_FILTER_VALUES", "100000")
    with pytest.raises(InvalidInputError, match="at most 20,000"):
        Settings.load().limits  # noqa: B018
    with pytest.raises(InvalidInputError, match="positive integer"):
        remem.Limits(max_k=0)


def test_over_size_requests_answer_413_at_once(api: TestClient) -> None:
    for path, body in [
        ("/v1/memories", {"text": "x" * 100_001}),
        ("/v1/documents", {"text": "x" * 200_001}),
        ("/v1/search", {"query": "q" * 10_001}),
        ("/v1/caches/c/lookup", {"question": "q" * 10_001}),
    ]:
        answer = api.post(path, json=body)
        assert answer.status_code == 413, (path, answer.text)
        assert answer.json()["error"]["type"] == "PayloadTooLargeError"


# -- 8. MCP over stdio and HTTP -------------------------------------------------------------------
GOOD = {"name": "search_memories", "arguments": {"query": "cashews", "k": 3}}
BAD_MESSAGES = [
    b"{not json",
    b"\xff\xfe garbage",
    b"[1, 2, 3]",
    b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "save_memory", '
    b'"arguments": {"text": "\\ud800"}}}',
    b'{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "forget_all"}}',
    b'{"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "save_memory", '
    b'"arguments": {"text": 5}}}',
    b'{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": "save_memory", '
    b'"arguments": [1]}}',
    json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 11,
            "method": "tools/call",
            "params": {"name": "save_memory", "arguments": {"text": "x" * 200_000}},
        }
    ).encode(),
    b"[" * 50_000 + b"]" * 50_000,
]


class Stdio:
    """`remem mcp` as a subprocess, spoken to in raw lines."""

    def __init__(self, store: Path) -> None:
        command = [
            str(Path(sys.executable).with_name("remem")),
            "mcp",
            "--store",
            str(store),
            "--embedder",
            "hash:64",
            "--user",
            "sam",
        ]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.ids = 100

    def send(self, line: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + b"\n")
        self.process.stdin.flush()

    def receive(self, timeout: float = 20) -> dict[str, Any]:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert ready, "no answer"
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def call(self, params: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        self.send(
            json.dumps(
                {"jsonrpc": "2.0", "id": self.ids, "method": "tools/call", "params": params}
            ).encode()
        )
        answer = self.receive()
        assert answer["id"] == self.ids
        return answer


@pytest.fixture
def stdio(tmp_path: Path) -> Iterator[Stdio]:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add("Sam is allergic to cashews", user_id="sam", kind="fact")
    server = Stdio(tmp_path / "store")
    server.send(json.dumps(INITIALIZE).encode())
    assert server.receive()["id"] == 1
    server.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    try:
        yield server
    finally:
        assert server.process.stdin is not None
        server.process.stdin.close()
        server.process.wait(timeout=20)


def test_mcp_stdio_answers_every_bad_message_and_keeps_serving(stdio: Stdio) -> None:
    for line in BAD_MESSAGES:
        stdio.send(line)
        answer = stdio.receive()
        assert "error" in answer or answer["result"]["isError"], (line[:60], answer)
        if line.startswith(b'{"jsonrpc"'):
            assert answer["id"] == json.loads(line)["id"]  # the request's id, even when refused
        found = stdio.call(GOOD)["result"]
        assert not found["isError"] and "cashews" in found["content"][0]["text"]
    refused = stdio.call({"name": "save_memory", "arguments": {"text": "x" * 200_000}})
    assert "over the limit of 100,000" in refused["result"]["content"][0]["text"]


def test_mcp_parse_errors_have_the_json_rpc_codes(stdio: Stdio) -> None:
    stdio.send(b"{not json")
    assert stdio.receive() == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32700, "message": "Parse error: the message is not valid JSON"},
    }
    stdio.send(BAD_MESSAGES[3])  # valid JSON, but a lone surrogate the SDK cannot take
    answer = stdio.receive()
    assert answer["id"] == 7 and answer["error"]["code"] == -32600
    assert "not valid UTF-8" in answer["error"]["message"]


def test_mcp_http_answers_every_bad_message_and_keeps_serving(mem: remem.Memory) -> None:
    mem.add("Sam is allergic to cashews", user_id="sam", kind="fact")
    app = mcp_http_app(build_mcp(mem, user_id="sam"), mem)
    with TestClient(app, base_url="http://127.0.0.1:8001") as client:
        for line in BAD_MESSAGES:
            answer = client.post("/mcp", content=line, headers=probe.MCP_HEADERS)
            assert answer.status_code < 500
            message = probe.mcp_message(answer.text)
            assert "error" in message or message["result"]["isError"]
            good = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": GOOD}
            found = client.post("/mcp", json=good, headers=probe.MCP_HEADERS)
            assert "cashews" in probe.mcp_message(found.text)["result"]["content"][0]["text"]


# -- 9. generated hostile requests (the reliability suite's strategies, a fast subset) -----------
def test_generated_hostile_rest_requests(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        client = TestClient(create_app(mem), raise_server_exceptions=False)
        ledger = probe.Ledger()
        rest = probe.RestProbe(client, ledger)
        probe.run(rest.step, lambda: ledger.sent.get("rest", 0), 250, 60)
        assert ledger.sent["rest"] >= 100
        assert ledger.server_errors == []
        assert sum(n for status, n in ledger.statuses.items() if status < 300) > 20
        probe.verify_rest(client, ledger)
        assert ledger.server_errors == [] and ledger.lost == []


def test_generated_hostile_mcp_requests(mem: remem.Memory) -> None:
    mem.add("probe memory", user_id="sam")
    app = mcp_http_app(build_mcp(mem, user_id="sam"), mem)
    with TestClient(app, base_url="http://127.0.0.1:8001") as client:
        ledger = probe.Ledger()
        mcp = probe.McpProbe(client, ledger)
        probe.run(mcp.step, lambda: ledger.sent.get("mcp", 0), 120, 60, per_step=2)
        assert ledger.server_errors == [] and mcp.broken == []
        for id, text in mcp.saved.items():
            assert mem.get(id).text == text


def test_an_import_nested_past_the_json_parser_answers_as_too_deep_metadata(
    api: TestClient,
) -> None:
    """A line of 60 KB of nested brackets is past what Python's JSON parser recurses into: the
    import answers the 400 an add with too-deep metadata gets, never a 500."""
    deep = "[" * 30_000 + "]" * 30_000
    added = api.post("/v1/memories", json={"text": "x", "metadata": {"a": probe.nest(300)}})
    assert added.status_code == 400 and "nested more than 32" in added.text
    for body in (
        '{"text": "fine"}\n' + f'{{"text": "x", "metadata": {{"a": {deep}}}}}',
        f'[{{"conversation": {{"session_1": {deep}}}}}]',  # a LoCoMo file
    ):
        answer = api.post("/v1/import", content=body.encode())
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["type"] == added.json()["error"]["type"]
        assert "nested more than 32 levels deep" in answer.json()["error"]["message"]
    assert api.get("/v1/memories").json()["items"] == []
