"""What the audit log costs a write (issue 33), on SQLite and PostgreSQL.

    python benchmarks/audit.py [--stores sqlite,postgres] [--json out.json]
    PYTHONPATH=<checkout before the audit log>/src python benchmarks/audit.py ...  # the baseline

Each store, fresh: ``add_many`` of 10,000 memories (LoCoMo turns read in place, over 100 users,
precomputed 384-d vectors, batches of 1,000): records/s; then 500 single ``add`` calls, each its
own durable transaction: writes/s; then 4 threads, each with a handle of its own on the store
(as separate processes or servers), each making 200 single adds at once, every thread for a
tenant of its own, and every thread for the same tenant: writes/s (on
PostgreSQL the audit chain's head row is per tenant, so only the second case shares one). With
the audit log, ``verify_audit`` over the whole log: seconds. The script uses only API present
before the audit log, so the same file measures the code before it. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import remem  # noqa: E402
import tenancy  # noqa: E402  (data, throwaway stores, vectors)

BULK, SINGLE, THREADS, PER_THREAD = 10_000, 500, 4, 200


def run(kind: str, stores: tenancy.Stores) -> dict[str, Any]:
    turns = [text for sample in tenancy.locomo() for _, _, text in tenancy.turns_of(sample)]
    draw = tenancy.mixture(7)
    location = stores.location(kind, "audit")
    found: dict[str, Any] = {}
    with remem.open(location, embedder="hash:384") as mem:
        started = time.perf_counter()
        for start in range(0, BULK, 1000):
            items = [
                {"text": f"{i} {turns[i % len(turns)]}", "user_id": f"user{i % 100}"}
                for i in range(start, start + 1000)
            ]
            mem.add_many(items, embeddings=draw(1000), progress=False)
        found["bulk_records_per_s"] = round(BULK / (time.perf_counter() - started), 1)
        vectors = draw(SINGLE)
        started = time.perf_counter()
        for i in range(SINGLE):
            mem.add(f"single {i} {turns[i]}", user_id=f"user{i % 100}", vector=vectors[i])
        found["single_writes_per_s"] = round(SINGLE / (time.perf_counter() - started), 1)
        for case in ("own tenants", "one tenant"):
            batches = [draw(PER_THREAD) for _ in range(THREADS)]

            # Each writer its own handle on the store, as separate processes or servers are:
            # one handle's writes take turns under its own lock.
            handles = [remem.open(location, embedder="hash:384") for _ in range(THREADS)]

            def write(
                t: int, case: str = case, batches: list[Any] = batches, handles: Any = handles
            ) -> None:
                user = f"writer{t}" if case == "own tenants" else "shared"
                for i in range(PER_THREAD):
                    handles[t].add(f"{case} {t} {i}", user_id=user, vector=batches[t][i])

            threads = [threading.Thread(target=write, args=(t,)) for t in range(THREADS)]
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - started
            for handle in handles:
                handle.close()
            found[f"{THREADS}_threads_{case.replace(' ', '_')}_writes_per_s"] = round(
                THREADS * PER_THREAD / elapsed, 1
            )
        if hasattr(mem, "verify_audit"):
            started = time.perf_counter()
            verdict = mem.verify_audit()
            found["verify"] = {
                "seconds": round(time.perf_counter() - started, 3),
                "ok": verdict.ok,
                "events": verdict.events,
                "chains": verdict.chains,
            }
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    stores = tenancy.Stores()
    report: dict[str, Any] = {"remem": str(Path(remem.__file__).parent)}
    try:
        for kind in args.stores.split(","):
            report[kind] = run(kind, stores)
            print(json.dumps({kind: report[kind]}), flush=True)
    finally:
        stores.close()
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
