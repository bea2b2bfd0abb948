"""Hostile and careless input against the REST API and MCP: generated requests, a ledger of
what was acknowledged, and a read-back of all of it at the end.

Used by ``tests/test_hostile.py`` (a few hundred requests through FastAPI's TestClient) and by
``benchmarks/reliability/hostile.py`` (thousands, against ``remem serve`` and ``remem mcp
--transport http`` as their own processes). The strategies are the ones that found the bugs of
the "hostile and careless input" issue: dates at year 1 and 9999 and beyond, integers past 64
bits, NaN and infinity, lone surrogates, NUL, right-to-left marks, deep and wide filters, deep
and large metadata and cache values, over-size texts, wrong types, unknown fields, and import
bodies with unknown parents, duplicate ids and missing keys.

Every request is drawn by hypothesis (``st.data()``, one request per example, no shrinking:
the server's state moves on) and sent raw — JSON encoded by Python's own encoder, so lone
surrogates travel as ``\\ud800`` escapes and NaN as ``NaN`` — and the answer is checked: never
a 5xx. Each acknowledged write goes into the :class:`Ledger`; :func:`verify_rest` then reads
every acknowledged memory back by id, through every page of the listing, the export, filtered
searches and the web page. A memory acknowledged and not read back is lost data.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from remem.core import filters

MIN_EPOCH = -62135596800.0
MAX_EPOCH = 253402300799.0
SURROGATES = ["\ud800", "\udfff", "a\ud83d", "\udc00z", "ok \udbff end"]
NASTY = [
    "\x00",
    "a\x00b",
    "\u202eevil\u202c",
    "\u200f\u200e",
    "\ufeffbom",
    "e\u0301\u0301\u0301",
    "🦜🦜",
    "\uffff",
    "\U0010ffff",
    " ",
    "\n\t\r",
    "%00%ff",
    "'; DROP TABLE memories; --",
    '"',
    "\\",
    "$or",
    "..",
    "metadata.",
    "a.b.c",
    "{}",
    "null",
    "\u2028\u2029",
    "عربي",
    "日本語のテキスト",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "*",
    "NEAR AND OR NOT",
]
TIMES = [
    "0001-01-01",
    "0001-01-01T00:00:00Z",
    "0001-01-01T00:00:00+14:00",
    "0001-01-01T00:00:00-14:00",
    "0001-01-01T00:00:00.000001",
    "9999-12-31",
    "9999-12-31T23:59:59",
    "9999-12-31T23:59:59.999999",
    "9999-12-31T23:59:59-00:01",
    "9999-12-31T23:59:59+14:00",
    "10000-01-01",
    "0000-01-01",
    "2024-02-30",
    "2024-13-01",
    "",
    "now",
    "yesterday",
    "2024-01-01T25:00:00",
    "1e309",
    "２０２４-01-01",
]
FIELDS = sorted(filters.FIELDS)
OPERATORS = [
    "$eq",
    "$ne",
    "$gt",
    "$gte",
    "$lt",
    "$lte",
    "$in",
    "$nin",
    "$contains",
    "$exists",
    "$regex",
    "$and",
    "",
    "$",
]
SETTINGS = settings(
    phases=[Phase.generate],
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


class Client(Protocol):
    """What the probe needs of an HTTP client (httpx.Client and TestClient both fit)."""

    def request(self, method: str, url: str, **kwargs: Any) -> Any: ...


# -- strategies ------------------------------------------------------------------------------------
def nest(depth: int, leaf: Any = 1, key: str | None = "a") -> Any:
    value = leaf
    for _ in range(depth):
        value = {key: value} if key is not None else [value]
    return value


def texts(max_size: int = 40) -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=max_size),
        st.sampled_from(NASTY + SURROGATES),
        st.tuples(st.text(max_size=10), st.sampled_from(SURROGATES + NASTY)).map("".join),
    )


def long_texts() -> st.SearchStrategy[str]:
    """Texts around the limits: a memory (100,000), a query (10,000), a document (200,000)."""
    return st.sampled_from([9_999, 10_001, 99_999, 100_001, 200_001, 1_000_000]).map(
        lambda n: ("lorem ipsum dolor " * (n // 18 + 1))[:n]
    )


def numbers() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(-100, 100),
        st.integers(2**63 - 2, 2**70),
        st.integers(-(2**70), -(2**63) + 1),
        st.floats(),  # NaN and infinity included
        st.sampled_from([1e308, -1e308, 5e-324, -0.0, 10**400, MIN_EPOCH, MAX_EPOCH]),
    )


def times() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(TIMES),
        st.datetimes(timezones=st.timezones() | st.none()).map(lambda d: d.isoformat()),
        st.sampled_from([MIN_EPOCH, MAX_EPOCH, MIN_EPOCH - 1, MAX_EPOCH + 1, MAX_EPOCH + 0.5]),
        numbers(),
        st.booleans(),
    )


def scalars() -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), st.booleans(), numbers(), texts(), times())


def json_values() -> st.SearchStrategy[Any]:
    """Metadata and cache values: small trees, deep ones (either side of the depth limit of
    32, and far past it), and large ones (either side of 64 KiB)."""
    small = st.recursive(
        scalars(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts(8), inner, max_size=3),
        max_leaves=8,
    )
    deep = st.tuples(st.sampled_from([30, 31, 32, 33, 40, 300, 900]), st.booleans()).map(
        lambda p: nest(p[0], key="k" if p[1] else None)
    )
    large = st.sampled_from([60_000, 70_000, 2_000_000]).map(lambda n: {"blob": "x" * n})
    return st.one_of(small, small, small, deep, large)


def metadata() -> st.SearchStrategy[Any]:
    values = json_values()
    return st.one_of(
        st.dictionaries(texts(8), values, max_size=4),
        values,  # not a dict at all, sometimes
        st.just({"fuzz": True, "tags": ["hostile", "probe"], "n": 7}),
    )


def filter_keys() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(FIELDS), st.sampled_from(["fuzz", "tags", "n", "metadata.fuzz"]), texts(12)
    )


def filters() -> st.SearchStrategy[Any]:
    leaf_value = st.one_of(
        scalars(),
        st.dictionaries(
            st.sampled_from(OPERATORS),
            st.one_of(scalars(), st.lists(scalars(), max_size=4)),
            min_size=1,
            max_size=2,
        ),
    )
    leaf = st.dictionaries(filter_keys(), leaf_value, min_size=1, max_size=2)
    tree = st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.builds(lambda xs: {"$and": xs}, st.lists(inner, max_size=3)),
            st.builds(lambda xs: {"$or": xs}, st.lists(inner, max_size=3)),
            st.builds(lambda x: {"$not": x}, inner),
        ),
        max_leaves=6,
    )
    deep = st.tuples(st.sampled_from([31, 32, 33, 200, 450]), st.sampled_from(["$not", "$and"]))
    wide = st.sampled_from([255, 256, 257, 2000]).map(
        lambda n: {"$or": [{"n": i} for i in range(n)]}
    )
    many = st.sampled_from([999, 1000, 1001, 40_000]).map(lambda n: {"n": {"$in": list(range(n))}})
    return st.one_of(
        tree, tree, tree, deep.map(_deep_filter), wide, many, st.lists(st.integers(), max_size=2)
    )


def _deep_filter(spec: tuple[int, str]) -> Any:
    depth, op = spec
    value: Any = {"fuzz": True}
    for _ in range(depth):
        value = {"$not": value} if op == "$not" else {"$and": [value]}
    return value


def scope_ids() -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), st.sampled_from(["sam", "alex"]), texts(10), numbers())


# -- the ledger ------------------------------------------------------------------------------------
@dataclass
class Ledger:
    """What the server acknowledged, and what went wrong."""

    memories: dict[str, str] = field(default_factory=dict)  # id -> text it must read back with
    children: dict[str, set[str]] = field(default_factory=dict)  # parent id -> imported chunks
    cache: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (name, lookup body)
    sent: dict[str, int] = field(default_factory=dict)  # requests per face
    statuses: dict[int, int] = field(default_factory=dict)
    server_errors: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")

    def note(self, face: str, what: str, status: int, seconds: float) -> None:
        self.sent[face] = self.sent.get(face, 0) + 1
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if status >= 500:
            self.server_errors.append(f"{face} {what} -> {status}")
        if seconds > self.slowest[0]:
            self.slowest = (seconds, f"{face} {what}")

    def remember(self, id: str, text: str) -> None:
        self.memories.setdefault(id, text)

    def forget(self, id: str) -> None:
        self.memories.pop(id, None)
        for child in self.children.pop(id, set()):
            self.memories.pop(child, None)

    @property
    def requests(self) -> int:
        return sum(self.sent.values())


def encode(body: Any) -> bytes:
    """JSON as a careless client writes it: NaN as ``NaN``, lone surrogates as escapes."""
    return json.dumps(body).encode("ascii")


def shown(method: str, path: str, body: Any = None) -> str:
    text = f"{method} {path}"
    if body is not None:
        raw = body if isinstance(body, str | bytes) else json.dumps(body)
        text += f" {raw[:160]!r}"
    return text


def in_url(value: Any) -> str:
    """JSON for a query string, within what an HTTP client sends (a URL of at most 64 KiB)."""
    text = json.dumps(value)
    return text if len(text) <= 20_000 else json.dumps({"n": {"$in": list(range(1001))}})


def path_part(value: str) -> str:
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


# -- REST ------------------------------------------------------------------------------------------
class RestProbe:
    """Draws and sends one hostile REST request per call of :meth:`step`."""

    def __init__(self, client: Client, ledger: Ledger, *, prefix: str = "") -> None:
        self.client = client
        self.ledger = ledger
        self.prefix = prefix

    def send(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        raw: bytes | None = None,
        content_type: str = "application/json",
    ) -> Any:
        kwargs: dict[str, Any] = {}
        if body is not None or raw is not None:
            kwargs["content"] = raw if raw is not None else encode(body)
            kwargs["headers"] = {"content-type": content_type}
        start = time.perf_counter()
        response = self.client.request(method, self.prefix + path, **kwargs)
        seconds = time.perf_counter() - start
        self.ledger.note(
            "rest", shown(method, path, body if raw is None else raw), response.status_code, seconds
        )
        return response

    def known_id(self, data: st.DataObject) -> str:
        # An index, not sampled_from(the ids): a strategy must not depend on the server's state.
        pick = data.draw(st.one_of(st.integers(0, 2**16), texts(20), st.just("x" * 300)))
        if isinstance(pick, str):
            return pick
        choices = sorted(self.ledger.memories) or [str(uuid.uuid4())]
        return choices[pick % len(choices)]

    def item(self, data: st.DataObject) -> dict[str, Any]:
        body: dict[str, Any] = {
            "text": data.draw(st.one_of(texts(), texts(), long_texts(), numbers(), st.none()))
        }
        optional: dict[str, st.SearchStrategy[Any]] = {
            "user_id": scope_ids(),
            "agent_id": scope_ids(),
            "session_id": scope_ids(),
            "kind": st.one_of(st.sampled_from(["fact", "message", "chunk"]), texts(10)),
            "role": st.one_of(st.sampled_from(["user", "assistant"]), texts(10)),
            "metadata": metadata(),
            "created_at": times(),
            "importance": numbers(),
            "dedupe": st.one_of(st.booleans(), scalars()),
            "unknown_field": scalars(),
        }
        for name in data.draw(st.lists(st.sampled_from(sorted(optional)), max_size=4)):
            body[name] = data.draw(optional[name])
        return body

    def step(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(ACTIONS))
        getattr(self, action)(data)

    # -- writes ------------------------------------------------------------------------------------
    def add(self, data: st.DataObject) -> None:
        response = self.send("POST", "/v1/memories", body=self.item(data))
        if response.status_code == 201:
            record = response.json()
            self.ledger.remember(record["id"], record["text"])

    def add_batch(self, data: st.DataObject) -> None:
        items = [self.item(data) for _ in range(data.draw(st.integers(0, 4)))]
        response = self.send("POST", "/v1/memories/batch", body={"items": items})
        if response.status_code == 201:
            for record in response.json()["items"]:
                self.ledger.remember(record["id"], record["text"])

    def add_document(self, data: st.DataObject) -> None:
        body = self.item(data)
        body.pop("role", None)
        body.pop("dedupe", None)
        body["kind"] = "document"
        if data.draw(st.booleans()):
            body["chunk_size"] = data.draw(st.one_of(st.integers(-5, 300), numbers()))
        response = self.send("POST", "/v1/documents", body=body)
        if response.status_code == 201:
            record = response.json()
            self.ledger.remember(record["id"], record["text"])

    def update(self, data: st.DataObject) -> None:
        id = self.known_id(data)
        body: dict[str, Any] = {}
        for name, strategy in (
            ("text", texts()),
            ("metadata", metadata()),
            ("importance", numbers()),
            ("kind", texts(10)),
        ):
            if data.draw(st.booleans()):
                body[name] = data.draw(strategy)
        response = self.send("PATCH", f"/v1/memories/{path_part(id)}", body=body)
        if response.status_code == 200 and id in self.ledger.memories:
            self.ledger.memories[id] = response.json()["text"]

    def delete(self, data: st.DataObject) -> None:
        if data.draw(st.booleans()):
            id = self.known_id(data)
            response = self.send("DELETE", f"/v1/memories/{path_part(id)}")
            if response.status_code == 200:
                self.ledger.forget(id)
            return
        ids = [self.known_id(data) for _ in range(data.draw(st.integers(0, 3)))]
        response = self.send("POST", "/v1/memories/delete", body={"ids": ids})
        if response.status_code == 200:
            for id in ids:
                self.ledger.forget(id)

    def import_(self, data: st.DataObject) -> None:
        rows: list[Any] = []
        fresh = [str(uuid.uuid4()) for _ in range(3)]
        for index in range(data.draw(st.integers(1, 4))):
            row: dict[str, Any] = {"id": fresh[index % 3], "text": data.draw(texts())}
            flaw = data.draw(
                st.sampled_from(
                    [
                        "none",
                        "none",
                        "parent",
                        "unknown parent",
                        "duplicate",
                        "no text",
                        "wrong type",
                        "date",
                        "unknown key",
                        "position",
                        "vector",
                        "metadata",
                        "not an object",
                    ]
                )
            )
            if flaw == "parent" and index:
                row["parent_id"] = fresh[0]
            elif flaw == "unknown parent":
                row["parent_id"] = str(uuid.uuid4())
            elif flaw == "duplicate" and rows:
                row["id"] = fresh[0]
            elif flaw == "no text":
                row.pop("text")
            elif flaw == "wrong type":
                key = data.draw(st.sampled_from(["text", "user_id", "kind", "id", "metadata"]))
                row[key] = data.draw(st.one_of(numbers(), st.lists(st.integers(), max_size=2)))
            elif flaw == "date":
                row["created_at"] = data.draw(times())
            elif flaw == "unknown key":
                row[data.draw(texts(8))] = 1
            elif flaw == "position":
                row["position"] = data.draw(numbers())
            elif flaw == "vector":
                row["vector_b64"] = data.draw(st.sampled_from(["!!", "AAAA", "", 5, None]))
            elif flaw == "metadata":
                row["metadata"] = data.draw(metadata())
            elif flaw == "not an object":
                rows.append(data.draw(st.sampled_from(["[1]", "nope", "{", '"x"'])))
                continue
            rows.append(row)
        header = {"remem": "export", "version": 1, "embedder": "hash:64", "dimensions": 64}
        if data.draw(st.booleans()):
            rows.insert(0, header)
        lines = [r if isinstance(r, str) else json.dumps(r) for r in rows]
        body = "\n".join(lines).encode("ascii")
        replaced = data.draw(st.integers(0, 9)) == 0
        if replaced:
            rows = []
            body = data.draw(
                st.sampled_from(
                    [
                        b"[",
                        b"[]",
                        b"\xff\xfe",
                        b"[{}]",
                        b"[5]",
                        b'[{"conversation": {"session_1": [5]}}]',
                    ]
                )
            )
        response = self.send("POST", "/v1/import", raw=body, content_type="application/x-ndjson")
        if response.status_code == 200:
            for row in rows:
                if isinstance(row, dict) and "text" in row and row.get("remem") is None:
                    self.ledger.remember(row["id"], str(row["text"]).strip())
                    if isinstance(row.get("parent_id"), str):
                        self.ledger.children.setdefault(row["parent_id"], set()).add(row["id"])

    def cache_set(self, data: st.DataObject) -> None:
        name = data.draw(st.one_of(st.just("default"), texts(10)))
        scope = {"user_id": data.draw(st.one_of(st.none(), st.just("sam"), texts(6)))}
        question = data.draw(st.one_of(texts(), long_texts()))
        body = {"question": question, "value": data.draw(json_values()), **scope}
        if data.draw(st.booleans()):
            body["ttl"] = data.draw(numbers())
        path = f"/v1/caches/{path_part(name) or 'x'}/entries"
        response = self.send("POST", path, body=body)
        if response.status_code == 201:
            self.ledger.cache.append((path_part(name) or "x", {"question": question, **scope}))

    def cache_lookup(self, data: st.DataObject) -> None:
        name = data.draw(st.one_of(st.just("default"), texts(10)))
        body = {"question": data.draw(st.one_of(texts(), long_texts(), numbers()))}
        self.send("POST", f"/v1/caches/{path_part(name) or 'x'}/lookup", body=body)

    def chat(self, data: st.DataObject) -> None:
        session = path_part(data.draw(st.one_of(st.just("s1"), texts(10)))) or "s"
        message = {
            "role": data.draw(st.sampled_from(["user", "assistant", "tool", "x"])),
            "content": data.draw(st.one_of(texts(), numbers(), long_texts())),
        }
        if data.draw(st.booleans()):
            response = self.send(
                "POST", f"/v1/chats/{session}/messages", body={"messages": [message]}
            )
            if response.status_code == 201:
                for record in response.json()["items"]:
                    self.ledger.remember(record["id"], record["text"])
        else:
            body = {
                "budget_tokens": data.draw(st.one_of(st.integers(1, 500), numbers())),
                "strategy": "spill",
                "query": data.draw(texts()),
            }
            self.send("POST", f"/v1/chats/{session}/window", body=body)

    # -- reads -------------------------------------------------------------------------------------
    def search(self, data: st.DataObject) -> None:
        body: dict[str, Any] = {
            "query": data.draw(st.one_of(texts(), long_texts(), st.none(), numbers()))
        }
        optional: dict[str, st.SearchStrategy[Any]] = {
            "filters": filters(),
            "now": times(),
            "k": st.one_of(st.integers(-1, 1001), numbers()),
            "mode": st.sampled_from(["hybrid", "dense", "keyword", "nope"]),
            "recency_weight": st.one_of(st.just(1.0), numbers()),
            "expand": st.integers(-1, 3),
            "user_id": scope_ids(),
            "resolve_time": st.booleans(),
            "vector": st.lists(numbers(), min_size=1, max_size=3),
            "unknown_field": scalars(),
        }
        for name in data.draw(st.lists(st.sampled_from(sorted(optional)), max_size=4)):
            body[name] = data.draw(optional[name])
        if data.draw(st.integers(0, 3)) == 0:
            body["budget_tokens"] = data.draw(st.one_of(st.integers(1, 300), numbers()))
            self.send("POST", "/v1/context", body=body)
        else:
            self.send("POST", "/v1/search", body=body)

    def list(self, data: st.DataObject) -> None:
        params: dict[str, Any] = {}
        if data.draw(st.booleans()):
            params["filters"] = in_url(data.draw(filters()))
        for name, strategy in (
            ("limit", st.integers(-1, 1001)),
            ("offset", st.integers(-1, 2**64)),
            ("order", st.sampled_from(["created_at", "-position", "x"])),
            ("kind", texts(8)),
            ("user_id", texts(8)),
        ):
            if data.draw(st.booleans()):
                params[name] = data.draw(strategy)
        query = urlencode({k: str(v).encode("utf-8", "surrogatepass") for k, v in params.items()})
        self.send("GET", f"/v1/memories?{query}")

    def get(self, data: st.DataObject) -> None:
        self.send("GET", f"/v1/memories/{path_part(self.known_id(data))}")

    def export(self, data: st.DataObject) -> None:
        response = self.send("GET", "/v1/export")
        if response.status_code == 200:
            for line in response.text.split("\n")[:-1]:
                json.loads(line)

    def web(self, data: st.DataObject) -> None:
        params = {
            "q": data.draw(texts()),
            "from": data.draw(st.sampled_from(["0001-01-01", "9999-12-31", "", "x", "2024-02-30"])),
            "to": data.draw(st.sampled_from(["0001-01-01", "9999-12-31", "", "x", "10000-01-01"])),
            "filters": in_url(data.draw(filters())),
            "k": data.draw(st.sampled_from(["1", "0", "1001", "x", "99999999999999999999"])),
        }
        chosen = {k: v for k, v in params.items() if data.draw(st.booleans())}
        query = urlencode({k: v.encode("utf-8", "surrogatepass") for k, v in chosen.items()})
        page = data.draw(st.sampled_from(["/", "/memories", "/stats"]))
        self.send("GET", f"{page}?{query}")

    def junk(self, data: st.DataObject) -> None:
        path = data.draw(
            st.sampled_from(
                [
                    "/v1/memories",
                    "/v1/search",
                    "/v1/memories/batch",
                    "/v1/caches/c/entries",
                    "/v1/context",
                    "/v1/documents",
                ]
            )
        )
        raw = data.draw(
            st.one_of(
                st.binary(max_size=40),
                st.sampled_from(
                    [
                        b"[]",
                        b"null",
                        b"{",
                        b'{"text": "a"',
                        b"\xff\xfe",
                        b'{"text": "\\ud800"}',
                        b'{"text": NaN}',
                        b'{"text": "a", "text": 5}',
                        b"[" * 100_000 + b"]" * 100_000,
                    ]
                ),
            )
        )
        content_type = data.draw(st.sampled_from(["application/json", "text/plain", ""]))
        self.send("POST", path, raw=raw, content_type=content_type)


ACTIONS = [
    "add",
    "add",
    "add_batch",
    "add_document",
    "update",
    "delete",
    "import_",
    "import_",
    "cache_set",
    "cache_lookup",
    "chat",
    "search",
    "search",
    "search",
    "list",
    "list",
    "get",
    "export",
    "web",
    "junk",
]


def verify_rest(client: Client, ledger: Ledger, *, prefix: str = "") -> None:
    """Read back everything acknowledged: by id, in the listing, in the export; and a few
    reads that every stored record must survive (metadata filters, searches, the web page)."""

    def read(method: str, path: str, **kwargs: Any) -> Any:
        start = time.perf_counter()
        response = client.request(method, prefix + path, **kwargs)
        ledger.note(
            "rest (read-back)",
            f"{method} {path[:80]}",
            response.status_code,
            time.perf_counter() - start,
        )
        return response

    for id, text in sorted(ledger.memories.items()):
        response = read("GET", f"/v1/memories/{path_part(id)}")
        if response.status_code != 200 or response.json()["text"] != text:
            ledger.lost.append(f"GET {id}: {response.status_code}")
    listed: set[str] = set()
    offset = 0
    while True:
        response = read("GET", f"/v1/memories?limit=1000&offset={offset}")
        if response.status_code != 200:
            ledger.lost.append(f"listing at offset {offset}: {response.status_code}")
            break
        page = response.json()
        listed |= {item["id"] for item in page["items"]}
        if page["next_offset"] is None:
            break
        offset = page["next_offset"]
    ledger.lost += [f"not listed: {id}" for id in sorted(set(ledger.memories) - listed)]
    response = read("GET", "/v1/export")
    exported = set()
    if response.status_code == 200:
        exported = {json.loads(line).get("id") for line in response.text.split("\n")[:-1]}
    ledger.lost += [f"not exported: {id}" for id in sorted(set(ledger.memories) - exported)]
    for body in (
        {"query": "probe", "filters": {"fuzz": {"$exists": True}}},
        {"query": "probe", "filters": {"tags": {"$contains": "hostile"}}, "mode": "keyword"},
        {"query": "lorem ipsum", "filters": {"n": {"$gte": 1}}, "now": "9999-12-31"},
        {"query": "yesterday", "now": "0001-01-01", "recency_weight": 1.0},
        {"query": "x", "filters": {"created_at": {"$gte": "0001-01-01", "$lte": "9999-12-31"}}},
    ):
        response = read(
            "POST", "/v1/search", content=encode(body), headers={"content-type": "application/json"}
        )
        if response.status_code != 200:
            ledger.lost.append(f"search {body}: {response.status_code}")
    for name, body in ledger.cache[-50:]:
        response = read(
            "POST",
            f"/v1/caches/{name}/lookup",
            content=encode(body),
            headers={"content-type": "application/json"},
        )
        if response.status_code != 200:
            ledger.lost.append(f"cache lookup {body!r:.80}: {response.status_code}")
    for page in ("/memories", "/memories?from=0001-01-01&to=9999-12-31", "/?q=probe"):
        response = read("GET", page)
        if response.status_code != 200:
            ledger.lost.append(f"web page {page}: {response.status_code}")


# -- MCP over HTTP ---------------------------------------------------------------------------------
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
GOOD_CALL = {"name": "search_memories", "arguments": {"query": "probe", "k": 3}}


def mcp_message(text: str) -> Any:
    """The JSON-RPC message of an MCP answer, plain JSON or one server-sent event."""
    for line in text.split("\n"):
        if line.startswith("data:"):
            return json.loads(line[5:])
    return json.loads(text)


class McpProbe:
    """Draws and sends one hostile JSON-RPC request per :meth:`step` to an MCP endpoint, then a
    good ``tools/call``, which must still work."""

    def __init__(self, client: Client, ledger: Ledger, path: str = "/mcp") -> None:
        self.client = client
        self.ledger = ledger
        self.path = path
        self.saved: dict[str, str] = {}  # id -> text the save_memory answer acknowledged
        self.broken: list[str] = []  # good calls that failed after a bad one
        self.next_id = 1

    def post(self, raw: bytes, what: str) -> Any:
        start = time.perf_counter()
        response = self.client.request("POST", self.path, content=raw, headers=MCP_HEADERS)
        self.ledger.note("mcp", what, response.status_code, time.perf_counter() - start)
        return response

    def call(self, name: Any, arguments: Any, *, request_id: Any = None) -> Any:
        self.next_id += 1
        body = {
            "jsonrpc": "2.0",
            "id": self.next_id if request_id is None else request_id,
            "method": "tools/call",
            "params": {"name": name, "arguments": arguments},
        }
        return self.post(encode(body), shown("tools/call", str(name)[:40], arguments))

    def step(self, data: st.DataObject) -> None:
        kind = data.draw(
            st.sampled_from(
                [
                    "malformed",
                    "unknown tool",
                    "arguments",
                    "arguments",
                    "save",
                    "method",
                    "envelope",
                ]
            )
        )
        if kind == "malformed":
            raw = data.draw(
                st.one_of(
                    st.binary(max_size=30),
                    st.sampled_from(
                        [
                            b"{not json",
                            b"[1,2,3]",
                            b"[]",
                            b"null",
                            b"\xff\xfe",
                            b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"save_memory",'
                            b'"arguments":{"text":"\\ud800"}}}',
                            b"[" * 100_000 + b"]" * 100_000,
                        ]
                    ),
                )
            )
            self.post(raw, f"malformed {raw[:40]!r}")
        elif kind == "unknown tool":
            self.call(data.draw(st.one_of(texts(20), numbers(), st.none())), {})
        elif kind == "arguments":
            name = data.draw(
                st.sampled_from(
                    [
                        "save_memory",
                        "search_memories",
                        "update_memory",
                        "delete_memory",
                        "get_context",
                    ]
                )
            )
            keys = st.sampled_from(
                [
                    "text",
                    "query",
                    "k",
                    "id",
                    "kind",
                    "importance",
                    "budget_tokens",
                    "user_id",
                    "extra",
                ]
            )
            values = st.one_of(scalars(), long_texts(), json_values())
            arguments = data.draw(st.one_of(st.dictionaries(keys, values, max_size=3), scalars()))
            self.call(name, arguments)
        elif kind == "save":
            text = data.draw(st.one_of(texts(), texts(), long_texts()))
            response = self.call("save_memory", {"text": text, "kind": "fact"})
            if response.status_code == 200:
                result = mcp_message(response.text).get("result", {})
                if not result.get("isError"):
                    saved = json.loads(result["content"][0]["text"])
                    self.saved[saved["id"]] = saved["saved"]
        elif kind == "method":
            method = data.draw(
                st.one_of(
                    st.sampled_from(["tools/list", "nope", "resources/list", "prompts/get", ""]),
                    texts(10),
                )
            )
            body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": data.draw(scalars())}
            self.post(encode(body), f"method {method!r:.40}")
        else:
            envelope = data.draw(
                st.sampled_from(
                    [
                        {"jsonrpc": "1.0", "id": 1, "method": "tools/call", "params": GOOD_CALL},
                        {"id": 1, "method": "tools/call", "params": GOOD_CALL},
                        {"jsonrpc": "2.0", "id": None, "method": "tools/call", "params": GOOD_CALL},
                        {
                            "jsonrpc": "2.0",
                            "id": {"a": 1},
                            "method": "tools/call",
                            "params": GOOD_CALL,
                        },
                        {"jsonrpc": "2.0", "id": 1.5, "method": "tools/call", "params": GOOD_CALL},
                        {"jsonrpc": "2.0", "id": True, "method": "tools/call", "params": GOOD_CALL},
                        {"jsonrpc": "2.0", "method": "tools/call", "params": GOOD_CALL},
                        [{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": GOOD_CALL}]
                        * 2,
                    ]
                )
            )
            self.post(encode(envelope), f"envelope {json.dumps(envelope)[:60]}")
        self.still_serving()

    def still_serving(self) -> None:
        response = self.call(GOOD_CALL["name"], GOOD_CALL["arguments"])
        ok = response.status_code == 200
        if ok:
            message = mcp_message(response.text)
            ok = "result" in message and not message["result"].get("isError")
        if not ok:
            self.broken.append(f"{response.status_code} {response.text[:120]}")


# -- running ---------------------------------------------------------------------------------------
def run(
    step: Callable[[st.DataObject], None],
    requests: Callable[[], int],
    target: int,
    seconds: float,
    *,
    per_step: int = 1,
    start: int = 0,
) -> None:
    """Call ``step`` (which sends ``per_step`` requests) with hypothesis' data until
    ``requests()`` reaches ``target`` or ``seconds`` pass, in batches of at most 50 examples
    (time is checked between batches; each example runs whole, so generation stays
    deterministic; nothing is shrunk)."""
    deadline = time.monotonic() + seconds
    batch = 0
    while requests() < target and time.monotonic() < deadline:
        steps = min(50, -(-(target - requests()) // per_step))

        @given(data=st.data())
        @settings(SETTINGS, max_examples=steps)
        def examples(data: st.DataObject) -> None:
            step(data)

        seed(start * 1000 + batch)(examples)()
        batch += 1
