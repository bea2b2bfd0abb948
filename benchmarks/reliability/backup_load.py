"""Backups taken while processes write: each holds every write acknowledged before it began.

    python benchmarks/reliability/backup_load.py [--writers 2] [--backups 5] [--records 20000]
        [--quick] [--json out.json]

The store starts with ``--records`` memories; ``--writers`` processes add memories (singles and
batches) back to back, appending each id to their log (flushed to the disk) after ``add()``
returned. While they write, ``--backups`` backups are taken one after another
(``SQLiteStore.backup``, from a handle of its own); each is restored into a new directory
(``SQLiteStore.restore``) and checked: ``PRAGMA integrity_check``, every id acknowledged before
the backup began present, and a dense search over the restored store finding them. Figures:
backups, writes acknowledged meanwhile, lost (must be 0), integrity failures (must be 0), backup
time and size.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import acknowledged, append_synced, integrity, percentile, show, write_json

EMBEDDER = "hash:64"
WRITER_SECONDS = 600  # a writer that is never stopped stops by itself


def writer(store: str, log: str, seed: int) -> None:
    import remem

    rng = random.Random(seed)
    until = time.monotonic() + WRITER_SECONDS
    with remem.open(store, embedder=EMBEDDER) as mem, open(log, "a", encoding="utf-8") as out:
        step = 0
        while time.monotonic() < until:
            step += 1
            if rng.random() < 0.8:
                ids = [mem.add(f"memory {seed}-{step} topic {rng.randrange(40)}").id]
            else:
                batch = [f"batch {seed}-{step}-{j} topic {rng.randrange(40)}" for j in range(8)]
                ids = [r.id for r in mem.add_many(batch)]
            for id_ in ids:
                append_synced(out, id_)


def run(writers: int, backups: int, seed_records: int, work: Path) -> dict[str, Any]:
    import remem
    from remem.stores.sqlite.store import SQLiteStore

    store = work / "store"
    with remem.open(store, embedder=EMBEDDER) as mem:
        for start in range(0, seed_records, 1000):
            count = min(1000, seed_records - start)
            mem.add_many([f"seed memory {start + i}" for i in range(count)])
    logs = [work / f"acked-{w}.log" for w in range(writers)]
    children = [
        subprocess.Popen(
            [sys.executable, __file__, "--writer", str(store), str(logs[w]), str(w)],
            stderr=subprocess.PIPE,
        )
        for w in range(writers)
    ]
    rounds: list[dict[str, Any]] = []
    started = time.monotonic()
    try:
        deadline = time.monotonic() + 60
        while len(acknowledged(logs)) < 100 and time.monotonic() < deadline:
            time.sleep(0.02)
        for b in range(backups):
            before = set(acknowledged(logs))
            t0 = time.perf_counter()
            with remem.open(store) as mem:
                made = mem.store.snapshots.backup(work / f"backup-{b}")
            took = time.perf_counter() - t0
            running = all(child.poll() is None for child in children)
            restored = work / f"restored-{b}"
            SQLiteStore.restore(work / f"backup-{b}", restored)
            with remem.open(restored) as mem:
                present = {r.id for r, _ in mem.records()}
                sample = sorted(before)[:500]
                found = {
                    h.id
                    for h in mem.search(
                        "memory", mode="dense", k=len(sample), filters={"id": {"$in": sample}}
                    )
                }
            rounds.append(
                {
                    "acknowledged_before": len(before),
                    "records": made["records"],
                    "lost": len(before - present),
                    "not_searchable": len(set(sample) - found),
                    "integrity": integrity(restored),
                    "writers_running": running,
                    "seconds": took,
                    "bytes": made["size_bytes"],
                }
            )
            time.sleep(0.2)
    finally:
        for child in children:
            child.kill()
            child.wait(30)
            child.stderr.close()  # type: ignore[union-attr]
    times = [r["seconds"] for r in rounds]
    figures = {
        "backups": len(rounds),
        "writers": writers,
        "acknowledged_total": len(acknowledged(logs)),
        "records_at_start": seed_records,
        "records_in_last_backup": rounds[-1]["records"] if rounds else 0,
        "lost": sum(r["lost"] for r in rounds),
        "not_searchable": sum(r["not_searchable"] for r in rounds),
        "integrity_failures": sum(r["integrity"] != "ok" for r in rounds),
        "taken_while_writing": sum(r["writers_running"] for r in rounds),
        "backup_ms_p50": 1000 * percentile(times, 0.5),
        "backup_ms_max": 1000 * max(times, default=0.0),
        "backup_mb_last": rounds[-1]["bytes"] / 1e6 if rounds else 0.0,
        "seconds": time.monotonic() - started,
    }
    ok = not (figures["lost"] or figures["integrity_failures"] or figures["not_searchable"])
    ok = ok and figures["taken_while_writing"] == len(rounds)
    return {"name": "backup_load", "ok": ok, "figures": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writers", type=int, default=2)
    parser.add_argument("--backups", type=int, default=5)
    parser.add_argument("--records", type=int, default=20_000, help="stored before writing")
    parser.add_argument("--quick", action="store_true", help="1 writer, 2 backups, 200 records")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--writer", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.writer:
        writer(args.writer[0], args.writer[1], int(args.writer[2]))
        return
    if args.quick:
        args.writers, args.backups, args.records = 1, 2, 200
    with tempfile.TemporaryDirectory(prefix="remem-backup-") as work:
        result = run(args.writers, args.backups, args.records, Path(work))
    show("backups under load", result["figures"])
    write_json(args.json, result)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
