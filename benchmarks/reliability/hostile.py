"""Hostile and careless input, measured: generated requests against `remem serve` and
`remem mcp --transport http`, each its own process on 127.0.0.1 with a fresh store.

    python benchmarks/reliability/hostile.py [--quick] [--seconds N] [--json out.json]

The strategies are ``tests/hostile_probe.py``'s (the ones that found the bugs of the "hostile
and careless input" issue): dates at year 1 and 9999 and beyond, integers past 64 bits, NaN and
infinity, lone surrogates, NUL and right-to-left marks, deep and wide filters, deep and large
metadata and cache values, texts over the limits, wrong types, unknown fields, import bodies
with unknown parents, duplicate ids and missing keys; for MCP also malformed JSON-RPC, unknown
tools and methods, and arguments of every wrong type and size, each followed by a good
``tools/call`` that must still work.

Counted per face: requests sent, 5xx answered, data lost (an acknowledged memory that does not
read back by id, in the listing, in the export, or through filtered searches; an MCP
``save_memory`` whose memory is not in the store afterwards), and the slowest request. By
default 1,600 REST and 600 MCP requests (``--quick``: 150 and 60), bounded by ``--seconds``.
Exit status 1 when anything answered 5xx or was lost.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.reliability.common import free_port, start, stop, write_json  # noqa: E402
from tests import hostile_probe as probe  # noqa: E402

import remem  # noqa: E402


def rest(store: Path, embedder: str, target: int, seconds: float) -> dict[str, Any]:
    port = free_port()
    server = start(["serve", "--store", str(store), "--embedder", embedder], port, "/v1/health")
    ledger = probe.Ledger()
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            runner = probe.RestProbe(client, ledger)
            probe.run(runner.step, lambda: ledger.sent.get("rest", 0), target, seconds)
            probe.verify_rest(client, ledger)
    finally:
        stop(server)
    return {
        "requests": ledger.sent.get("rest", 0),
        "read_back_requests": ledger.sent.get("rest (read-back)", 0),
        "acknowledged_memories": len(ledger.memories),
        "server_errors": len(ledger.server_errors),
        "lost": len(ledger.lost),
        "slowest_seconds": round(ledger.slowest[0], 3),
        "slowest": ledger.slowest[1][:160],
        "statuses": {str(k): v for k, v in sorted(ledger.statuses.items())},
        "examples": {"server_errors": ledger.server_errors[:10], "lost": ledger.lost[:10]},
    }


def mcp(store: Path, embedder: str, target: int, seconds: float) -> dict[str, Any]:
    port = free_port()
    args = ["mcp", "--transport", "http", "--store", str(store), "--embedder", embedder]
    server = start([*args, "--user", "sam"], port, "/mcp")
    ledger = probe.Ledger()
    headers = {"Host": f"127.0.0.1:{port}"}
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120, headers=headers) as c:
            runner = probe.McpProbe(c, ledger)
            probe.run(runner.step, lambda: ledger.sent.get("mcp", 0), target, seconds, per_step=2)
    finally:
        stop(server)
    with remem.open(store, embedder=embedder) as memory:  # the server is gone: read the store
        found = {r.id: r.text for r in memory.get_many(list(runner.saved))}
    lost = [i for i, text in runner.saved.items() if found.get(i) != text]
    return {
        "requests": ledger.sent.get("mcp", 0),
        "acknowledged_memories": len(runner.saved),
        "server_errors": len(ledger.server_errors),
        "lost": len(lost),
        "good_calls_failed_after_bad": len(runner.broken),
        "slowest_seconds": round(ledger.slowest[0], 3),
        "slowest": ledger.slowest[1][:160],
        "statuses": {str(k): v for k, v in sorted(ledger.statuses.items())},
        "examples": {"server_errors": ledger.server_errors[:10], "broken": runner.broken[:10]},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="about 200 requests")
    parser.add_argument("--seconds", type=float, default=600, help="time bound per face")
    parser.add_argument("--embedder", default="hash:64")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    rest_target, mcp_target = (150, 60) if args.quick else (1600, 600)
    with tempfile.TemporaryDirectory(prefix="remem-hostile-") as tmp:
        started = time.perf_counter()
        faces = {
            "REST (remem serve)": rest(
                Path(tmp) / "rest", args.embedder, rest_target, args.seconds
            ),
            "MCP (streamable HTTP)": mcp(
                Path(tmp) / "mcp", args.embedder, mcp_target, args.seconds
            ),
        }
        total = time.perf_counter() - started
    print(f"{'face':24} {'requests':>9} {'5xx':>5} {'lost':>5} {'slowest':>9}")
    for name, figures in faces.items():
        print(
            f"{name:24} {figures['requests']:>9} {figures['server_errors']:>5} "
            f"{figures['lost']:>5} {figures['slowest_seconds']:>8.3f}s"
        )
    for name, figures in faces.items():
        print(f"slowest {name}: {figures['slowest']}")
    rest_f, mcp_f = faces["REST (remem serve)"], faces["MCP (streamable HTTP)"]
    bad = any(f["server_errors"] or f["lost"] for f in faces.values())
    broken = mcp_f["good_calls_failed_after_bad"]
    figures = {
        "rest_requests": rest_f["requests"],
        "rest_5xx": rest_f["server_errors"],
        "rest_lost": rest_f["lost"],
        "mcp_requests": mcp_f["requests"],
        "mcp_5xx": mcp_f["server_errors"],
        "mcp_lost": mcp_f["lost"],
        "mcp_good_calls_failed_after_bad": broken,
        "slowest_s": max(f["slowest_seconds"] for f in faces.values()),
        "seconds": round(total, 1),
    }
    result = {"name": "hostile", "ok": not (bad or broken), "figures": figures, "faces": faces}
    write_json(args.json, {**result, "embedder": args.embedder})
    return 1 if bad or broken else 0


if __name__ == "__main__":
    sys.exit(main())
