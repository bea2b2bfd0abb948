"""Crash-kill loop of a process writing through the library: nothing acknowledged is ever lost.

    python benchmarks/reliability/crash_library.py [--kills 200] [--quick] [--json out.json]

A child process opens the store (``remem.open``, durable writes) and writes until it is killed:
single adds, batches of five, bulk batches of 2,000 (so kills land inside a long write),
re-embedding updates, searches, and a save of the vector index every 25 writes (so kills also
land while index files are written). Each id is appended to a log
and flushed to the disk after ``add()`` returned. At a random moment once it writes, the child
gets SIGKILL; then the store is checked: ``PRAGMA integrity_check``, every logged id present, and
a reopen whose first dense search holds every record (a damaged index file must be rebuilt, with
an ``IndexWarning``, never used), the keyword index agreeing with the records (each scope's
count and length, every posting a record's term) and the audit log's chains verifying. Figures:
kills, acknowledged writes, lost (must be 0), integrity failures, keyword-index and audit faults
(must be 0), index rebuilds, and the time to reopen and search.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (
    acknowledged,
    append_synced,
    integrity,
    keyword_index_faults,
    percentile,
    show,
    store_ids,
    write_json,
)

EMBEDDER = "hash:64"
CHILD_SECONDS = 600  # a child that is never killed stops by itself


def child(store: str, log: str, seed: int) -> None:
    """Write until killed (or CHILD_SECONDS): every acknowledged id goes to ``log``."""
    import remem

    rng = random.Random(seed)
    until = time.monotonic() + CHILD_SECONDS
    with (
        remem.open(store, embedder=EMBEDDER, exact_search_limit=500) as mem,
        open(log, "a", encoding="utf-8") as out,
    ):
        ids: list[str] = []
        step = 0
        while time.monotonic() < until:
            step += 1
            roll = rng.random()
            if roll < 0.6:
                new = [mem.add(f"memory {seed}-{step} about topic {rng.randrange(50)}").id]
            elif roll < 0.8:
                size = 2_000 if roll > 0.77 else 5
                batch = [f"batch {seed}-{step}-{j} topic {rng.randrange(50)}" for j in range(size)]
                new = [r.id for r in mem.add_many(batch, progress=False)]
            else:
                new = []
                if ids:
                    mem.update(rng.choice(ids), text=f"rewritten {seed}-{step}")
                mem.search(f"topic {rng.randrange(50)}", k=5)
            for id_ in new:
                append_synced(out, id_)
            ids += new
            if step % 25 == 0:
                mem.store.save_index()  # type: ignore[attr-defined]


def check(store: Path, log: Path) -> dict[str, Any]:
    """After a kill: integrity, every acknowledged id present, and a reopened index whole."""
    import remem

    started = time.perf_counter()
    sound = integrity(store)
    present = store_ids(store)
    acked = acknowledged([log])
    lost = [i for i in acked if i not in present]
    keyword_faults = keyword_index_faults(store)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with remem.open(store, embedder=EMBEDDER, exact_search_limit=500) as mem:
            found = {h.id for h in mem.search("memory topic", mode="dense", k=1000, touch=False)}
            vectors = mem.stats().vectors
            audit_ok = mem.verify_audit().ok
    rebuilt = sum(1 for w in seen if issubclass(w.category, remem.IndexWarning))
    return {
        "integrity": sound,
        "acknowledged": len(acked),
        "present": len(present),
        "lost": len(lost),
        "index_short": len(found) < min(1000, vectors),
        "keyword_faults": keyword_faults,
        "audit_ok": audit_ok,
        "rebuilt": rebuilt,
        "recovery_ms": 1000 * (time.perf_counter() - started),
    }


def run(kills: int, seed: int, work: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    store, log = work / "store", work / "acked.log"
    rounds: list[dict[str, Any]] = []
    started = time.monotonic()
    for kill in range(kills):
        before = len(acknowledged([log]))
        process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(store), str(log), str(seed * 1000 + kill)],
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 60
        while len(acknowledged([log])) == before and time.monotonic() < deadline:
            if process.poll() is not None:
                raise SystemExit(f"the writer died: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.4))  # a random moment of its writing
        process.send_signal(signal.SIGKILL)
        process.wait(30)
        process.stderr.close()  # type: ignore[union-attr]
        rounds.append(check(store, log))
    recovery = [r["recovery_ms"] for r in rounds]
    figures = {
        "kills": kills,
        "acknowledged": rounds[-1]["acknowledged"] if rounds else 0,
        "records": rounds[-1]["present"] if rounds else 0,
        "lost": sum(r["lost"] for r in rounds),
        "integrity_failures": sum(r["integrity"] != "ok" for r in rounds),
        "index_incomplete": sum(r["index_short"] for r in rounds),
        "keyword_index_faults": sum(bool(r["keyword_faults"]) for r in rounds),
        "audit_faults": sum(not r["audit_ok"] for r in rounds),
        "index_rebuilds": sum(r["rebuilt"] for r in rounds),
        "recovery_ms_p50": percentile(recovery, 0.5),
        "recovery_ms_max": max(recovery, default=0.0),
        "seconds": time.monotonic() - started,
    }
    ok = not (
        figures["lost"]
        or figures["integrity_failures"]
        or figures["index_incomplete"]
        or figures["keyword_index_faults"]
        or figures["audit_faults"]
    )
    return {"name": "crash_library", "ok": ok, "figures": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="5 kills")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], int(args.child[2]))
        return
    kills = min(args.kills, 5) if args.quick else args.kills
    with tempfile.TemporaryDirectory(prefix="remem-crash-") as work:
        result = run(kills, args.seed, Path(work))
    show("crash-kill loop, library writer", result["figures"])
    write_json(args.json, result)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
