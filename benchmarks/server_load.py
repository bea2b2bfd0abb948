"""A bounded load test of `remem serve` on loopback: concurrent clients mixing add and search.

    python benchmarks/server_load.py [--clients 1,4,16] [--seconds 60] [--add-share 0.5]
                                     [--src DIR] [--json out]

Starts `remem serve` as its own process on a fresh store (the bundled model, durable writes),
seeded with one LoCoMo conversation, with an admin API key; then ``--clients`` concurrent
clients, each on its own keep-alive connection, send add (a LoCoMo turn) or search (a LoCoMo
question) requests back to back for ``--seconds``. Prints requests/s, p50/p99 latency per
operation and overall, and the errors (any non-2xx answer or failed connection). Only
127.0.0.1 is contacted, and the run stops by itself.

``--clients`` may list several counts: each runs on a fresh server and store in turn.
``--src`` runs the server (and the seeding) from another checkout's ``src`` directory, for a
before / after comparison on one machine (e.g. a ``git worktree`` of an older commit).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

import remem
from remem.eval.metrics import percentile
from remem.transfer import locomo_items

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared/data/locomo/locomo10.json"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# Seeds a store and makes an admin key, run by the server's remem (``--src``), so the store is
# in that version's format; prints the key. The store is closed before the server opens it.
PREPARE = """
import json, sys, remem
from remem.apikeys import KeyRing
with remem.open(sys.argv[1]) as mem:
    mem.add_many(json.load(sys.stdin), progress=False)
    key, _ = KeyRing(mem.store).create("load test", admin=True)
print(key)
"""


def remem_env(src: str | None) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": src} if src else dict(os.environ)


def prepare(store: Path, items: list[dict[str, Any]], src: str | None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PREPARE, str(store)],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        env=remem_env(src),
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def start_server(store: Path, port: int, src: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from remem.cli import main; main()", "serve"]
    command += ["--store", str(store), "--port", str(port)]
    return subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=remem_env(src)
    )


def wait_ready(url: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        try:
            if httpx.get(f"{url}/v1/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise SystemExit("the server did not start in time")


async def client(
    url: str,
    key: str,
    until: float,
    rng: random.Random,
    turns: list[dict[str, Any]],
    questions: list[tuple[str, str]],
    add_share: float,
    samples: dict[str, list[float]],
    errors: dict[str, int],
) -> None:
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60) as http:
        while time.monotonic() < until:
            if rng.random() < add_share:
                op, turn = "add", rng.choice(turns)
                body = {k: turn[k] for k in ("text", "user_id", "session_id", "metadata")}
                request = http.post("/v1/memories", json=body)
            else:
                op, (user, question) = "search", rng.choice(questions)
                request = http.post("/v1/search", json={"query": question, "user_id": user})
            started = time.perf_counter()
            try:
                response = await request
                ok = response.is_success
            except httpx.HTTPError:
                ok = False
            if ok:
                samples[op].append((time.perf_counter() - started) * 1000)
            else:
                errors[op] = errors.get(op, 0) + 1


async def load(
    args: argparse.Namespace, clients: int, url: str, key: str, data: Any
) -> dict[str, Any]:
    items = locomo_items(data)
    turns = [i for i in items if i["user_id"] != data[0]["sample_id"]]
    questions = [
        (str(sample["sample_id"]), qa["question"]) for sample in data for qa in sample["qa"]
    ]
    samples: dict[str, list[float]] = {"add": [], "search": []}
    errors: dict[str, int] = {}
    started = time.monotonic()
    until = started + args.seconds
    await asyncio.gather(
        *(
            client(
                url, key, until, random.Random(i), turns, questions, args.add_share, samples, errors
            )
            for i in range(clients)
        )
    )
    elapsed = time.monotonic() - started
    every = samples["add"] + samples["search"]
    figures: dict[str, Any] = {
        "requests": len(every) + sum(errors.values()),
        "seconds": round(elapsed, 1),
        "requests_per_s": round((len(every) + sum(errors.values())) / elapsed, 1),
        "errors": sum(errors.values()),
        "errors_by_op": errors,
    }
    for name, values in (("all", every), *samples.items()):
        figures[name] = {
            "count": len(values),
            "p50_ms": round(percentile(values, 50), 1) if values else None,
            "p99_ms": round(percentile(values, 99), 1) if values else None,
        }
    return figures


def run(args: argparse.Namespace, clients: int, data: Any) -> dict[str, Any]:
    """One load of ``clients`` clients on a fresh store and server."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        seed = [i for i in locomo_items(data) if i["user_id"] == data[0]["sample_id"]]
        for item in seed:
            item["created_at"] = item["created_at"].isoformat()
        key = prepare(store, seed, args.src)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = start_server(store, port, args.src)
        try:
            wait_ready(url, server)
            figures = asyncio.run(load(args, clients, url, key, data))
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
        with remem.open(store) as mem:
            stored = mem.stats().records
    print(
        f"{clients} clients, {figures['seconds']} s, add share {args.add_share}: "
        f"{figures['requests_per_s']} requests/s, {figures['errors']} errors"
    )
    for name in ("all", "add", "search"):
        row = figures[name]
        print(f"  {name:<7} {row['count']:>6}   p50 {row['p50_ms']} ms   p99 {row['p99_ms']} ms")
    print(f"  store: {len(seed)} seeded, {stored} after the run")
    return {"clients": clients, "seeded": len(seed), "stored_after": stored, **figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--clients", default="16", help="Client counts, comma-separated.")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--add-share", type=float, default=0.5)
    parser.add_argument("--src", help="Run the server from this checkout's src directory.")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    data = json.loads(Path(args.data).read_text(encoding="utf-8"))
    runs = [run(args, int(count), data) for count in args.clients.split(",")]
    figures = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "src": args.src or "this checkout",
        "add_share": args.add_share,
        "runs": runs,
    }
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
