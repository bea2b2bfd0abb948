"""Failover under load: a primary and a synchronous streaming standby (PostgreSQL from the PyPI
wheel, tests/pg.py's Cluster), writers adding batches through one remem store handle whose URL
names both hosts, the primary killed (``pg_ctl stop -m immediate``) and the standby promoted.

    python benchmarks/failover.py [--writers 4] [--batch 20] [--runs 3] [--json out]

Prints, per run: batches acknowledged before and after, batches that failed (a retryable
``StoreUnavailableError``), acknowledged records missing on the new primary (must be 0), batches
found partly written (must be 0), and the time from the kill to the first acknowledged write
on the promoted node (the promotion itself included: ``pg_ctl promote`` is issued at once).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pg import Cluster

import remem


def one_run(writers: int, batch: int) -> dict[str, Any]:
    cluster = Cluster(standbys=1, synchronous=True)
    try:
        old, new = cluster.primary, cluster.standbys[0]
        url = f"postgresql://postgres@127.0.0.1:{old.port},127.0.0.1:{new.port}/postgres"
        acknowledged: list[tuple[float, list[str]]] = []
        failed: list[str] = []
        stop = threading.Event()
        lock = threading.Lock()
        with remem.open(url, embedder="hash:64", store_options={"connect_timeout": 2}) as mem:

            def write(worker: int) -> None:
                n = 0
                while not stop.is_set():
                    tag = f"w{worker}b{n}"
                    n += 1
                    items = [
                        {"text": f"{tag} item {i}", "user_id": "ann", "metadata": {"batch": tag}}
                        for i in range(batch)
                    ]
                    try:
                        made = mem.add_many(items)
                        with lock:
                            acknowledged.append((time.monotonic(), [m.id for m in made]))
                    except remem.StoreUnavailableError:
                        with lock:
                            failed.append(tag)
                        time.sleep(0.05)

            threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
            for thread in threads:
                thread.start()
            time.sleep(2.0)
            old.stop("immediate")
            killed = time.monotonic()
            before = len(acknowledged)
            new.promote()
            while not any(at > killed for at, _ in acknowledged[before:]):
                if time.monotonic() - killed > 120:
                    raise SystemExit("writes did not resume within 120 s")
                time.sleep(0.01)
            resumed = min(at for at, _ in acknowledged[before:] if at > killed) - killed
            time.sleep(2.0)
            stop.set()
            for thread in threads:
                thread.join()
        with remem.open(new.url(), embedder="hash:64") as after:
            held = {m.id for m in after.list(user_id="ann", limit=1_000_000)}
            partial = 0
            for tag in failed:
                kept = after.list(user_id="ann", filters={"metadata.batch": tag}, limit=batch)
                partial += len(kept) not in (0, batch)
        lost = sum(1 for _, ids in acknowledged for i in ids if i not in held)
        return {
            "batches_acknowledged": len(acknowledged),
            "acknowledged_after_kill": sum(1 for at, _ in acknowledged if at > killed),
            "batches_failed": len(failed),
            "acknowledged_records_lost": lost,
            "batches_partly_written": partial,
            "seconds_to_resume": round(resumed, 3),
        }
    finally:
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    runs = []
    for n in range(args.runs):
        figures = one_run(args.writers, args.batch)
        runs.append(figures)
        print(
            f"run {n + 1}: {figures['batches_acknowledged']} batches acknowledged "
            f"({figures['acknowledged_after_kill']} after the kill), "
            f"{figures['batches_failed']} failed and retried, "
            f"lost {figures['acknowledged_records_lost']} acknowledged records, "
            f"{figures['batches_partly_written']} batches partly written, "
            f"writes resumed {figures['seconds_to_resume']} s after the kill"
        )
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "date": datetime.now(UTC).strftime("%Y-%m-%d"),
                    "machine": f"{platform.machine()}, {os.cpu_count()} cores",
                    "writers": args.writers,
                    "batch": args.batch,
                    "runs": runs,
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
