"""Two tenants against every endpoint and parameter: does anything of one reach the other?

Used by ``tests/test_tenancy.py`` (a sample, through FastAPI's TestClient) and by
``benchmarks/reliability/tenants.py`` (every combination, against ``remem serve`` and
``remem mcp`` as their own processes). Alice's memories carry a canary word (which Bob's queries
ask for) and a mark (which nothing Bob sends holds), and the probe knows Alice's ids. Bob's key
sends every request the API takes — searches with every stage and hostile filters, lists, reads
and writes by Alice's ids, chat sessions and cache entries under the names Alice uses, export,
import with Alice's ids and links to her documents, the web page — and every answer is scanned
for Alice's mark, and for her ids where Bob did not name them himself. An id of Alice's must
also answer exactly as an unknown id: same status, same body once the id itself (and the
request's own id, ``X-Request-ID``) is blanked out.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

CANARY = "zanzibar"  # in Alice's texts, and in Bob's queries (so unscoped search would find it)
MARK = "alicemark"  # in every text of Alice's, and never in a request: it must never come back
UNKNOWN = "00000000-0000-7000-8000-000000000000"


class Client(Protocol):
    """What the probe needs of an HTTP client (httpx.Client and TestClient both fit)."""

    def request(self, method: str, url: str, **kwargs: Any) -> Any: ...


@dataclass
class Report:
    probes: int = 0
    leaks: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)
    oracle: list[str] = field(default_factory=list)  # foreign ids answered unlike unknown ones
    timings: dict[str, tuple[float, float]] = field(default_factory=dict)  # op: (foreign, unknown)

    def to_dict(self) -> dict[str, Any]:
        return {
            "probes": self.probes,
            "leaks": len(self.leaks),
            "server_errors": len(self.server_errors),
            "oracle_differences": len(self.oracle),
            "examples": (self.leaks + self.server_errors + self.oracle)[:10],
            "median_ms_foreign_vs_unknown": {
                op: [round(a * 1000, 3), round(b * 1000, 3)] for op, (a, b) in self.timings.items()
            },
        }


def seed(admin: Client) -> dict[str, Any]:
    """Fill the store through the admin key: Alice's memories (with the canary) and Bob's, in
    the same session id, chat session and cache names. Returns Alice's ids and document id."""

    def post(path: str, body: Any) -> Any:
        response = admin.request("POST", path, json=body)
        assert response.status_code < 300, (path, response.status_code, response.text)
        return response.json()

    for user, secret in (("alice", f"{CANARY} {MARK}"), ("bob", "bluebook")):
        turns = [
            {
                "text": f"{user} plans the trip {secret} day {i}",
                "user_id": user,
                "session_id": "shared",
                "created_at": 1_700_000_000 + 10 * i + (user == "bob"),
            }
            for i in range(5)
        ]
        turns.append(
            {"text": f"{user} keeps the {secret} pin 4711", "user_id": user, "kind": "fact"}
        )
        post("/v1/memories/batch", {"items": turns})
        post(
            "/v1/documents",
            {
                "text": f"{user}'s plan. Day one {secret} harbour. Day two market. Day three sea.",
                "user_id": user,
                "chunk_size": 8,
                "chunk_overlap": 0,
            },
        )
        post(
            "/v1/chats/shared/messages",
            {"user_id": user, "messages": [{"role": "user", "content": f"my pin is {secret}"}]},
        )
        post(
            "/v1/caches/faq/entries",
            {"question": "what is my pin?", "value": f"{secret} 4711", "user_id": user},
        )
    listed = admin.request("GET", "/v1/memories", params={"user_id": "alice", "limit": 1000})
    records = listed.json()["items"]
    return {
        "ids": [r["id"] for r in records],
        "document": next(r["id"] for r in records if r["kind"] == "document"),
    }


def search_bodies(alice: dict[str, Any], *, everything: bool) -> Iterator[dict[str, Any]]:
    """Search requests over every stage and hostile filter (a sample unless ``everything``)."""
    filters: list[Any] = [
        None,
        {"user_id": "alice"},
        {"$or": [{"user_id": "alice"}, {"kind": "fact"}]},
        {"$not": {"user_id": "bob"}},
        {"session_id": "shared"},
        {"parent_id": alice["document"]},
        {"id": {"$in": alice["ids"]}},
        {"user_id": {"$exists": True}},
    ]
    grid = itertools.product(
        [f"trip {CANARY}", "what is the pin", "plan day one harbour"],
        ["hybrid", "dense", "keyword"],
        [{}, {"expand": 3}, {"expand": 2, "neighbor_weight": 1.0}, {"mmr_lambda": 0.5}],
        [{}, {"recency_weight": 1.0, "importance_weight": 1.0}],
        filters,
        [{}, {"session_id": "shared"}],
    )
    combos = list(grid)
    if not everything:
        combos = random.Random(7).sample(combos, 40)
    for query, mode, stage, scoring, where, scope in combos:
        body = {"query": query, "mode": mode, "k": 50, "explain": True, **stage, **scoring, **scope}
        if where is not None:
            body["filters"] = where
        yield body


def probe(
    bob: Client, alice: dict[str, Any], *, everything: bool = False, rounds: int = 3
) -> Report:
    """Send Bob's requests and scan every answer for Alice (``rounds``: how often each request
    naming an id is sent with one of Alice's ids and with an unknown one)."""
    report = Report()
    secrets = [MARK, *alice["ids"]]

    def send(method: str, path: str, **kwargs: Any) -> Any:
        response = bob.request(method, path, **kwargs)
        report.probes += 1
        what = f"{method} {path} {json.dumps(kwargs, default=str)[:160]}"
        if response.status_code >= 500:
            report.server_errors.append(f"{response.status_code} {what}")
        # What Bob named himself (an id in his path, the canary in his query) may come back
        # to him; anything else of Alice's may not.
        asked = path + json.dumps(kwargs, default=str)
        found = [s for s in secrets if s in response.text and s not in asked]
        if found:
            report.leaks.append(f"{what} -> {found[:3]}")
        return response

    for body in search_bodies(alice, everything=everything):
        send("POST", "/v1/search", json=body)
        send("POST", "/v1/context", json={**body, "budget_tokens": 4000})
    for params in (
        {},
        {"user_id": "alice"},
        {"session_id": "shared"},
        {"kind": "chunk", "order": "position"},
        {"filters": json.dumps({"$or": [{"user_id": "alice"}, {"user_id": "bob"}]})},
        {"filters": json.dumps({"parent_id": alice["document"]})},
        {"order": "-updated_at", "limit": 1000},
    ):
        send("GET", "/v1/memories", params=params)
    send("POST", "/v1/memories/delete", json={"ids": alice["ids"]})
    for strategy in ("fifo", "summarize", "spill"):
        send(
            "POST",
            "/v1/chats/shared/window",
            json={"budget_tokens": 60, "strategy": strategy, "query": f"pin {CANARY}"},
        )
    send("GET", "/v1/chats/shared/messages")
    send(
        "POST", "/v1/chats/shared/messages", json={"messages": [{"role": "user", "content": "hi"}]}
    )
    send("POST", "/v1/caches/faq/lookup", json={"question": "what is my pin?"})
    send("POST", "/v1/caches/faq/lookup", json={"question": "what is my pin?", "user_id": "alice"})
    send("POST", "/v1/caches/faq/clear", json={})
    send("GET", "/v1/export")
    send("GET", "/v1/stats")
    send("GET", "/v1/whoami")
    rows = [
        {"id": alice["ids"][0], "text": "bob's row under alice's id"},
        {"text": "bob's chunk", "kind": "chunk", "parent_id": alice["document"], "position": 1},
    ]
    for row in rows:
        send("POST", "/v1/import", content=json.dumps(row) + "\n")
    for page in ("/", "/memories", f"/memories/{alice['ids'][0]}", "/stats"):
        send("GET", page, params={"q": f"trip {CANARY}", "user_id": "bob"} if page == "/" else {})
    _compare_oracle(send, report, alice, rounds)
    return report


def _compare_oracle(
    send: Callable[..., Any], report: Report, alice: dict[str, Any], rounds: int
) -> None:
    """Alice's ids against an unknown id, for every request that names an id: same status and
    body (the id blanked out), and their median times."""
    ops: dict[str, Callable[[str], tuple[str, str, dict[str, Any]]]] = {
        "get": lambda i: ("GET", f"/v1/memories/{i}", {}),
        "update": lambda i: ("PATCH", f"/v1/memories/{i}", {"json": {"text": "bob was here"}}),
        "update metadata": lambda i: ("PATCH", f"/v1/memories/{i}", {"json": {"metadata": {}}}),
        "delete": lambda i: ("DELETE", f"/v1/memories/{i}", {}),
        "page": lambda i: ("GET", f"/memories/{i}", {}),
        "page delete": lambda i: ("POST", f"/memories/{i}/delete", {}),
    }
    for name, make in ops.items():
        times: dict[str, list[float]] = {"foreign": [], "unknown": []}
        for round_ in range(rounds):
            for kind, target in (
                ("foreign", alice["ids"][round_ % len(alice["ids"])]),
                ("unknown", UNKNOWN),
            ):
                method, path, kwargs = make(target)
                start = time.perf_counter()
                response = send(method, path, **kwargs)
                times[kind].append(time.perf_counter() - start)
                text = response.text.replace(target, "<id>")
                rid = response.headers.get("x-request-id")  # each request's own, not data
                answer = (response.status_code, text.replace(rid, "<request>") if rid else text)
                if kind == "foreign":
                    foreign = answer
                elif answer != foreign:
                    report.oracle.append(f"{name}: {foreign[:2]} vs {answer[:2]}")
        report.timings[name] = (
            statistics.median(times["foreign"]),
            statistics.median(times["unknown"]),
        )
