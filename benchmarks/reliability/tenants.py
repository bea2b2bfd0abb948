"""Tenant isolation, measured: two tenants against `remem serve` and `remem mcp` as processes.

    python benchmarks/reliability/tenants.py [--quick] [--json out.json]

1. REST and the web page: `remem serve` on 127.0.0.1 (its own process, a fresh store, API keys
   for an admin, Alice and Bob). The admin seeds both tenants; Bob's key then sends every
   combination of ``tests/tenant_probe.py`` (searches over every stage and hostile filter,
   context, lists, reads and writes by Alice's ids, chat and cache names she uses, export,
   import, the web page). Counted: probes, leaks, 5xx, and Alice's ids answered unlike an
   unknown id (status, body), with the median time of each.
2. MCP over streamable HTTP: `remem mcp --transport http` with the same keys; Bob's session
   calls every tool with Alice's words and ids.
3. The keyword-statistics channel, closed: BM25 weighs a word by how many records hold it,
   once counted over the whole store (so another tenant's records moved my scores), now over
   the scopes a search reads. Measured: Bob's top keyword score before and after Alice stores
   1,000 records holding the word, and whether anything of Bob's hits changed (a change fails
   the run).

Only loopback addresses are used; every loop is bounded.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.reliability.common import free_port, start, stop, write_json  # noqa: E402
from tests import tenant_probe  # noqa: E402

import remem  # noqa: E402
from remem.apikeys import KeyRing  # noqa: E402


def make_keys(store: Path, embedder: str) -> dict[str, str]:
    with remem.open(store, embedder=embedder) as mem:
        ring = KeyRing(mem.store)
        return {
            "admin": ring.create("ops", admin=True)[0],
            "alice": ring.create("alice", users=["alice"])[0],
            "bob": ring.create("bob", users=["bob"])[0],
        }


def rest(
    store: Path, embedder: str, keys: dict[str, str], everything: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    rounds = 30 if everything else 5
    port = free_port()
    server = start(["serve", "--store", str(store), "--embedder", embedder], port, "/v1/health")
    try:
        base = f"http://127.0.0.1:{port}"
        with (
            httpx.Client(base_url=base, headers=_bearer(keys["admin"]), timeout=60) as admin,
            httpx.Client(base_url=base, headers=_bearer(keys["bob"]), timeout=60) as bob,
        ):
            alice = tenant_probe.seed(admin)
            started = time.perf_counter()
            report = tenant_probe.probe(bob, alice, everything=everything, rounds=rounds)
            seconds = time.perf_counter() - started
            left = admin.get("/v1/memories", params={"user_id": "alice", "limit": 1000}).json()
            intact = {r["id"] for r in left["items"]} == set(alice["ids"])
    finally:
        stop(server)
    return {**report.to_dict(), "alice_intact": intact, "seconds": round(seconds, 1)}, alice


def mcp(store: Path, embedder: str, keys: dict[str, str], alice: dict[str, Any]) -> dict[str, Any]:
    port = free_port()
    args = ["mcp", "--transport", "http", "--store", str(store), "--embedder", embedder]
    server = start(args, port, "/mcp")
    probes, leaks, oracle = 0, [], []

    async def scenario() -> None:
        nonlocal probes
        url = f"http://127.0.0.1:{port}/mcp"
        async with (
            httpx2.AsyncClient(headers=_bearer(keys["bob"]), timeout=60) as http,
            streamable_http_client(url, http_client=http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()

            async def call(name: str, **arguments: Any) -> str:
                nonlocal probes
                result = await session.call_tool(name, arguments)
                probes += 1
                text = "".join(getattr(block, "text", "") for block in result.content)
                asked = json.dumps(arguments)
                found = [
                    s for s in (tenant_probe.MARK, *alice["ids"]) if s in text and s not in asked
                ]
                if found:
                    leaks.append(f"{name} {asked[:120]} -> {found[:3]}")
                return text

            for query in (f"trip {tenant_probe.CANARY}", "pin", "plan day one harbour", "day"):
                for k in (1, 5, 20):
                    await call("search_memories", query=query, k=k)
                await call("get_context", query=query, budget_tokens=4000, k=50)
            for target in alice["ids"]:
                for tool, extra in (("update_memory", {"text": "bob"}), ("delete_memory", {})):
                    foreign = await call(tool, id=target, **extra)
                    unknown = await call(tool, id=tenant_probe.UNKNOWN, **extra)
                    if foreign.replace(target, "<id>") != unknown.replace(
                        tenant_probe.UNKNOWN, "<id>"
                    ):
                        oracle.append(f"{tool}: {foreign!r} vs {unknown!r}")
            await call("save_memory", text="bob saves a note about the trip")

    try:
        anyio.run(scenario)
    finally:
        stop(server)
    return {"probes": probes, "leaks": len(leaks), "oracle_differences": len(oracle),
            "examples": (leaks + oracle)[:5]}  # fmt: skip


def keyword_channel(embedder: str) -> dict[str, Any]:
    """Whether another tenant's records move my BM25 scores (they must not)."""
    with remem.open(":memory:", embedder=embedder) as mem:
        mem.add_many(
            [
                {"text": f"bob's note {i} about the harbour ferry", "user_id": "bob"}
                for i in range(4)
            ]
            + [{"text": f"bob's note {i} about the market", "user_id": "bob"} for i in range(36)]
        )
        bob = mem.scoped(remem.trust.access.Grant(users=("bob",)))

        def scores() -> list[tuple[str, float]]:
            hits = bob.search("harbour market", mode="keyword", k=40, touch=False)
            return [(h.id, h.score) for h in hits]

        before = scores()
        mem.add_many([{"text": f"alice {i} harbour", "user_id": "alice"} for i in range(1000)])
        after = scores()
    change = after[0][1] / before[0][1] - 1
    return {
        "bob_top_score_before": round(before[0][1], 4),
        "bob_top_score_after": round(after[0][1], 4),
        "relative_change": round(change, 4),
        "bob_scores_changed": before != after,
        "bob_order_changed": [i for i, _ in before] != [i for i, _ in after],
        "bob_hits_changed": {i for i, _ in before} != {i for i, _ in after},
    }


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a sample of the REST probes")
    parser.add_argument("--embedder", default="hash:64")
    parser.add_argument("--json", help="write the results here")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        keys = make_keys(store, options.embedder)
        rest_result, alice = rest(store, options.embedder, keys, everything=not options.quick)
        mcp_result = mcp(store, options.embedder, keys, alice)
    channel = keyword_channel(options.embedder)
    result = {"rest": rest_result, "mcp": mcp_result, "keyword_statistics": channel}
    times = rest_result["median_ms_foreign_vs_unknown"]
    print("tenant isolation (Bob's key against Alice's memories)")
    print(f"  {'face':<8} {'probes':>7} {'leaks':>6} {'5xx':>5} {'id oracle':>10}")
    print(
        f"  {'REST+web':<8} {rest_result['probes']:>7} {rest_result['leaks']:>6} "
        f"{rest_result['server_errors']:>5} {rest_result['oracle_differences']:>10}"
    )
    print(f"  {'MCP':<8} {mcp_result['probes']:>7} {mcp_result['leaks']:>6} {'-':>5} "
          f"{mcp_result['oracle_differences']:>10}")  # fmt: skip
    print("  median ms, Alice's id vs an unknown id: "
          + ", ".join(f"{op} {a}/{b}" for op, (a, b) in times.items()))  # fmt: skip
    print(f"  keyword statistics: Bob's top BM25 score {channel['bob_top_score_before']} -> "
          f"{channel['bob_top_score_after']} ({channel['relative_change']:+.1%}) after Alice "
          f"stored 1,000 records with the word; Bob's order changed: "
          f"{channel['bob_order_changed']}")  # fmt: skip
    write_json(options.json, result)
    failed = rest_result["leaks"] + rest_result["server_errors"] + mcp_result["leaks"]
    failed += channel["bob_scores_changed"]
    sys.exit(1 if failed or not rest_result["alice_intact"] else 0)


if __name__ == "__main__":
    main()
