"""A bounded load test of `remem serve` on loopback: concurrent clients mixing add and search.

    python benchmarks/server_load.py [--clients 1,4,16] [--seconds 60] [--add-share 0.5]
                                     [--store sqlite|postgres] [--servers N] [--replica]
                                     [--src DIR] [--json out]

Starts `remem serve` as its own process on a fresh store (the bundled model, durable writes),
seeded with one LoCoMo conversation, with an admin API key; then ``--clients`` concurrent
clients, each on its own keep-alive connection, send add (a LoCoMo turn) or search (a LoCoMo
question) requests back to back for ``--seconds``. Prints requests/s, p50/p95/p99 latency per
operation and overall, and the errors (any non-2xx answer or failed connection). Only
127.0.0.1 is contacted, and the run stops by itself.

``--store postgres`` runs on a throwaway PostgreSQL from the PyPI wheel (``tests/pg.py``'s
Cluster, on TCP) instead of a SQLite directory; ``--servers N`` starts N ``remem serve``
processes on that one store, the clients spread over them in turn; ``--replica`` (PostgreSQL)
adds a streaming standby and serves reads from it (``remem serve --replica``).

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
from collections.abc import Iterator
from contextlib import contextmanager
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


def prepare(store: str, items: list[dict[str, Any]], src: str | None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PREPARE, store],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        env=remem_env(src),
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def start_server(
    store: str, port: int, src: str | None, replica: str | None = None
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from remem.cli import main; main()", "serve"]
    command += ["--store", store, "--port", str(port)]
    command += ["--replica", replica] if replica else []
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
    args: argparse.Namespace, clients: int, urls: list[str], key: str, data: Any
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
                urls[i % len(urls)],
                key,
                until,
                random.Random(i),
                turns,
                questions,
                args.add_share,
                samples,
                errors,
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
            "p95_ms": round(percentile(values, 95), 1) if values else None,
            "p99_ms": round(percentile(values, 99), 1) if values else None,
        }
    return figures


def run(args: argparse.Namespace, clients: int, data: Any) -> dict[str, Any]:
    """One load of ``clients`` clients on a fresh store and server(s)."""
    with tempfile.TemporaryDirectory() as tmp, _store(args, Path(tmp)) as (store, replica):
        seed = [i for i in locomo_items(data) if i["user_id"] == data[0]["sample_id"]]
        for item in seed:
            item["created_at"] = item["created_at"].isoformat()
        key = prepare(store, seed, args.src)
        ports = [free_port() for _ in range(args.servers)]
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        servers = [start_server(store, port, args.src, replica) for port in ports]
        try:
            for url, server in zip(urls, servers, strict=True):
                wait_ready(url, server)
            figures = asyncio.run(load(args, clients, urls, key, data))
        finally:
            for server in servers:
                server.send_signal(signal.SIGINT)
                server.wait(timeout=30)
        with remem.open(store) as mem:
            stored = mem.stats().records
    print(
        f"{args.store}{' + replica' if replica else ''}, {args.servers} server(s), {clients} "
        f"clients, {figures['seconds']} s, add share {args.add_share}: "
        f"{figures['requests_per_s']} requests/s, {figures['errors']} errors"
    )
    for name in ("all", "add", "search"):
        row = figures[name]
        print(
            f"  {name:<7} {row['count']:>6}   p50 {row['p50_ms']} ms   p95 {row['p95_ms']} ms"
            f"   p99 {row['p99_ms']} ms"
        )
    print(f"  store: {len(seed)} seeded, {stored} after the run")
    return {"clients": clients, "seeded": len(seed), "stored_after": stored, **figures}


@contextmanager
def _store(args: argparse.Namespace, tmp: Path) -> Iterator[tuple[str, str | None]]:
    """The store's location (and a replica's, with ``--replica``): a SQLite directory, or a
    database on a throwaway PostgreSQL cluster."""
    if args.store == "sqlite":
        yield str(tmp / "store"), None
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.pg import Cluster

    cluster = Cluster(standbys=1 if args.replica else 0)
    try:
        cluster.primary.sql("CREATE DATABASE load")
        replica = None
        if args.replica:
            cluster.wait_replayed(cluster.standbys[0])
            replica = cluster.standbys[0].url("load")
        yield cluster.primary.url("load"), replica
    finally:
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--clients", default="16", help="Client counts, comma-separated.")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--add-share", type=float, default=0.5)
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--servers", type=int, default=1, help="remem serve processes.")
    parser.add_argument("--replica", action="store_true", help="PostgreSQL: read from a standby.")
    parser.add_argument("--src", help="Run the server from this checkout's src directory.")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    if args.replica and args.store != "postgres":
        parser.error("--replica needs --store postgres")
    data = json.loads(Path(args.data).read_text(encoding="utf-8"))
    runs = [run(args, int(count), data) for count in args.clients.split(",")]
    figures = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "src": args.src or "this checkout",
        "add_share": args.add_share,
        "store": args.store,
        "servers": args.servers,
        "replica": args.replica,
        "runs": runs,
    }
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
