"""A primary outage as a tenant sees it through a remem server: a primary and a synchronous
streaming standby (PostgreSQL from the PyPI wheel, tests/pg.py's Cluster), `remem serve`'s app
with API keys on, the standby as its read replica, the primary URL naming both hosts. Readers
search and list as a tenant's key, a writer adds a memory every 50 ms; then the primary stops.

    python benchmarks/outage.py [--down 5] [--json out]

Two runs: **restart** (``pg_ctl stop -m fast``, ``--down`` seconds, ``pg_ctl start``) and
**promotion** (``stop -m immediate``, ``--down`` seconds, ``pg_ctl promote`` of the standby),
then the old primary started again read-write beside the promoted one — split brain — and a new
process opening the store. Prints, per second from the stop: reads answered / asked, from where
(the replica marked stale, or fresh), their p95 latency, writes refused (503 + Retry-After) and
their slowest answer; then the time from the primary's return to the first acknowledged write,
acknowledged writes lost (must be 0), and what the new process was told.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from tests.pg import Cluster
from tests.serving import running

import remem
from remem.apikeys import KeyRing
from remem.server import create_app


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def one_run(kind: str, down: float) -> dict[str, Any]:
    cluster = Cluster(standbys=1, synchronous=True)
    try:
        old, new = cluster.primary, cluster.standbys[0]
        url = f"postgresql://postgres@127.0.0.1:{old.port},127.0.0.1:{new.port}/postgres"
        with remem.open(
            url,
            embedder="hash:64",
            store_options={"replicas": [new.url()], "connect_timeout": 2},
        ) as mem:
            secret, _ = KeyRing(mem.store).create("ann's app", users=["ann"])
            mem.add_many([{"text": f"Ann note {i}", "user_id": "ann"} for i in range(200)])
            cluster.wait_replayed(new)
            events: list[dict[str, Any]] = []
            acknowledged: list[str] = []
            stop = threading.Event()
            lock = threading.Lock()
            headers = {"Authorization": f"Bearer {secret}"}
            with (
                running(create_app(mem)) as base,
                httpx.Client(base_url=base, headers=headers, timeout=30) as http,
            ):

                def note(what: str, began: float, response: httpx.Response | None) -> None:
                    ended = time.monotonic()
                    with lock:
                        events.append(
                            {
                                "kind": what,
                                "at": began,
                                "ms": (ended - began) * 1000,
                                "status": response.status_code if response is not None else 0,
                                "stale": response is not None
                                and "x-remem-stale" in response.headers,
                                "retry_after": response.headers.get("retry-after")
                                if response is not None
                                else None,
                                "error": response.text[:300]
                                if response is not None and response.status_code >= 400
                                else None,
                            }
                        )

                def read(worker: int) -> None:
                    n = 0
                    while not stop.is_set():
                        began = time.monotonic()
                        try:
                            if n % 2:
                                r = http.post(
                                    "/v1/search", json={"query": "Ann note", "user_id": "ann"}
                                )
                            else:
                                r = http.get("/v1/memories", params={"user_id": "ann"})
                        except httpx.HTTPError:
                            r = None
                        note("read", began, r)
                        n += 1
                        time.sleep(0.02)

                def write() -> None:
                    n = 0
                    while not stop.is_set():
                        began = time.monotonic()
                        try:
                            r = http.post(
                                "/v1/memories", json={"text": f"Ann write {n}", "user_id": "ann"}
                            )
                        except httpx.HTTPError:
                            r = None
                        note("write", began, r)
                        if r is not None and r.status_code == 201:
                            with lock:
                                acknowledged.append(r.json()["id"])
                        n += 1
                        time.sleep(0.05)

                threads = [threading.Thread(target=read, args=(i,)) for i in range(2)]
                threads.append(threading.Thread(target=write))
                for t in threads:
                    t.start()
                time.sleep(2.0)
                stopped = time.monotonic()
                old.stop("fast" if kind == "restart" else "immediate")
                time.sleep(down)
                back_began = time.monotonic()
                if kind == "restart":
                    old.start()
                else:
                    new.promote()
                back = time.monotonic()
                time.sleep(4.0)
                stop.set()
                for t in threads:
                    t.join(30)
                health = http.get("/v1/health").json()
        after = new if kind == "promotion" else old
        with remem.open(after.url(), embedder="hash:64") as check:
            held = {m.id for m in check.list(user_id="ann", limit=100_000)}
        lost = [i for i in acknowledged if i not in held]
        split = None
        if kind == "promotion":  # the old primary back read-write beside the promoted one
            old.start()
            try:
                remem.open(url, embedder="hash:64").close()
                split = "opened (NOT refused)"
            except remem.StoreError as exc:
                split = str(exc)
        return summarise(kind, events, stopped, back_began, back, lost, split, health)
    finally:
        cluster.close()


def summarise(
    kind: str,
    events: list[dict[str, Any]],
    stopped: float,
    back_began: float,
    back: float,
    lost: list[str],
    split: str | None,
    health: dict[str, Any],
) -> dict[str, Any]:
    outage = [e for e in events if stopped <= e["at"] < back_began]
    reads = [e for e in outage if e["kind"] == "read"]
    writes = [e for e in outage if e["kind"] == "write"]
    seconds = []
    for s in range(-2, int(events[-1]["at"] - stopped) + 1 if events else 0):
        window = [e for e in events if stopped + s <= e["at"] < stopped + s + 1]
        r = [e for e in window if e["kind"] == "read"]
        w = [e for e in window if e["kind"] == "write"]
        seconds.append(
            {
                "second": s,
                "phase": "before"
                if s < 0
                else "down"
                if stopped + s + 1 <= back_began
                else ("back" if stopped + s >= back else "returning"),
                "reads": len(r),
                "reads_ok": sum(e["status"] == 200 for e in r),
                "reads_stale": sum(e["stale"] for e in r),
                "read_p95_ms": round(p95([e["ms"] for e in r]), 1),
                "writes": len(w),
                "writes_ok": sum(e["status"] == 201 for e in w),
                "writes_503": sum(e["status"] == 503 for e in w),
                "write_max_ms": round(max((e["ms"] for e in w), default=0.0), 1),
            }
        )
    first_ok = min(
        (e["at"] + e["ms"] / 1000 for e in events if e["kind"] == "write" and e["at"] >= back
         and e["status"] == 201),
        default=None,
    )  # fmt: skip
    return {
        "kind": kind,
        "outage_seconds": round(back_began - stopped, 2),
        "reads_during_outage": len(reads),
        "reads_served": sum(e["status"] == 200 for e in reads),
        "reads_served_share": round(sum(e["status"] == 200 for e in reads) / max(1, len(reads)), 4),
        "reads_stale_marked": sum(e["stale"] for e in reads if e["status"] == 200),
        "read_p95_ms": round(p95([e["ms"] for e in reads if e["status"] == 200]), 1),
        "writes_during_outage": len(writes),
        "writes_refused_503": sum(e["status"] == 503 for e in writes),
        "writes_with_retry_after": sum(e["retry_after"] is not None for e in writes),
        "write_refusal_max_ms": round(
            max((e["ms"] for e in writes if e["status"] == 503), default=0.0), 1
        ),
        "write_refusal_p95_ms": round(p95([e["ms"] for e in writes if e["status"] == 503]), 1),
        "other_statuses": sorted({e["status"] for e in events} - {200, 201, 503}),
        "read_errors": sorted({e["error"] for e in events if e["kind"] == "read" and e["error"]}),
        "seconds_to_first_write_after_return": round(first_ok - back, 3)
        if first_ok is not None
        else None,
        "acknowledged_writes_lost": len(lost),
        "split_brain_open": split,
        "health_after": health,
        "timeline": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--down", type=float, default=5.0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--only", choices=("restart", "promotion"))
    args = parser.parse_args()
    kinds = [args.only] if args.only else ["restart", "promotion"]
    runs = [one_run(kind, args.down) for kind in kinds]
    for run in runs:
        print(f"\n== {run['kind']}: primary down {run['outage_seconds']} s")
        print("second  phase      reads ok/asked  stale  read p95 ms  writes ok  503  max ms")
        for s in run["timeline"]:
            print(
                f"{s['second']:>6}  {s['phase']:<9}  {s['reads_ok']:>5}/{s['reads']:<6}"
                f"  {s['reads_stale']:>5}  {s['read_p95_ms']:>11}  {s['writes_ok']:>9}"
                f"  {s['writes_503']:>3}  {s['write_max_ms']:>6}"
            )
        print(
            f"reads served during the outage: {run['reads_served']}/{run['reads_during_outage']}"
            f" ({run['reads_served_share']:.2%}), stale-marked {run['reads_stale_marked']},"
            f" p95 {run['read_p95_ms']} ms"
        )
        print(
            f"writes refused: {run['writes_refused_503']}/{run['writes_during_outage']} (503,"
            f" Retry-After on {run['writes_with_retry_after']}), slowest refusal"
            f" {run['write_refusal_max_ms']} ms, p95 {run['write_refusal_p95_ms']} ms"
        )
        print(
            f"first acknowledged write {run['seconds_to_first_write_after_return']} s after the"
            f" primary returned; acknowledged writes lost: {run['acknowledged_writes_lost']};"
            f" other statuses: {run['other_statuses']}"
        )
        if run["split_brain_open"] is not None:
            print(f"a new process, old primary back read-write: {run['split_brain_open']}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "benchmark": "outage",
                    "when": datetime.now(UTC).isoformat(timespec="seconds"),
                    "machine": platform.platform(),
                    "down_seconds": args.down,
                    "runs": runs,
                },
                indent=1,
            )
            + "\n"
        )


if __name__ == "__main__":
    main()
