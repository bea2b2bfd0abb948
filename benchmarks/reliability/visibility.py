"""Several processes and threads writing and searching one store: every acknowledged write is
found by every reader's next search, and how long after its acknowledgment that is.

    python benchmarks/reliability/visibility.py [--processes 4] [--threads 8] [--seconds 60]
        [--quick] [--json out.json]

Each of ``--processes`` processes opens the store once (``remem.open``) and runs ``--threads``
threads. Each thread, in turn: adds a memory and appends ``id, acknowledgment time`` to its
process's log (flushed to the disk) after ``add()`` returned; reads the new lines of every
process's log; and runs one dense search restricted to the ids it has read but not yet found
(the filter is answered in SQL, the match by the in-memory vector index, so a write the index
missed is not found). Every id read from a log was acknowledged before the search began, so each
must be found by it: a *miss* is a broken promise (must be 0). The delay of a write is the time
from its acknowledgment to the end of the first search that found it (log polling included).
After the deadline each process searches once more for all it has not found yet. Figures:
writes, searches, misses, never found, worst and p50/p99 delay, and errors by type.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ID_LENGTH, append_synced, percentile, show, write_json

EMBEDDER = "hash:64"
BATCH = 500  # ids a search asks for at most (dense search returns up to 1,000)


class Logs:
    """The new whole lines of every process's log, from where this reader stopped."""

    def __init__(self, paths: list[Path]) -> None:
        self.paths = paths
        self.offsets = [0] * len(paths)

    def read(self) -> list[tuple[str, float]]:
        found: list[tuple[str, float]] = []
        for i, path in enumerate(self.paths):
            if not path.exists():
                continue
            with open(path, "rb") as handle:
                handle.seek(self.offsets[i])
                data = handle.read()
            whole = data[: data.rfind(b"\n") + 1]
            self.offsets[i] += len(whole)
            for line in whole.decode().splitlines():
                id_, at = line.split("\t")
                if len(id_) == ID_LENGTH:
                    found.append((id_, float(at)))
        return found


def worker(args: argparse.Namespace) -> None:
    """One process: ``threads`` threads writing and searching until ``until`` (wall clock)."""
    import remem

    work = Path(args.work)
    logs = [work / f"acked-{p}.log" for p in range(args.processes)]
    me = args.worker
    lock = threading.Lock()
    results: dict[str, Any] = collections.defaultdict(int)
    delays: list[float] = []
    errors: collections.Counter[str] = collections.Counter()
    leftovers: dict[str, float] = {}

    with remem.open(work / "store", embedder=EMBEDDER) as mem, open(logs[me], "a") as out:

        def search(pending: dict[str, float]) -> set[str]:
            ids = list(pending)[:BATCH]
            hits = mem.search(
                "memory", mode="dense", k=len(ids), filters={"id": {"$in": ids}}, touch=False
            )
            return {h.id for h in hits}

        def thread(t: int) -> None:
            pending: dict[str, float] = {}
            reader = Logs(logs)
            n = 0
            while time.time() < args.until:
                n += 1
                try:
                    added = mem.add(f"memory {me}-{t}-{n} written under load")
                    with lock:
                        append_synced(out, f"{added.id}\t{time.time():.6f}")
                        results["writes"] += 1
                    pending.update(reader.read())
                    if not pending:
                        continue
                    asked = list(pending)[:BATCH]
                    found = search(pending)
                    ended = time.time()
                    with lock:
                        results["searches"] += 1
                        results["misses"] += sum(1 for i in asked if i not in found)
                        for id_ in found:
                            delays.append(ended - pending.pop(id_))
                except Exception as exc:  # counted, by type: the figure the run reports
                    with lock:
                        errors[f"{type(exc).__name__}: {str(exc)[:120]}"] += 1
                        if args.tracebacks:
                            traceback.print_exc()
            with lock:
                leftovers.update(pending)
                leftovers.update(reader.read())

        threads = [threading.Thread(target=thread, args=(t,)) for t in range(args.threads)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        # Wait for every process to stop writing, then find everything not found yet.
        time.sleep(max(0.0, args.until + 2 - time.time()))
        never = 0
        remaining = dict(leftovers)
        for id_, at in Logs(logs).read():
            remaining.setdefault(id_, at)
        seen_ids: set[str] = set()
        ids = list(remaining)
        for start in range(0, len(ids), BATCH):
            seen_ids |= search({i: remaining[i] for i in ids[start : start + BATCH]})
        never = sum(1 for i in ids if i not in seen_ids)
    result = {
        **results,
        "never_found": never,
        "checked_at_end": len(ids),
        "delays": delays,
        "errors": dict(errors),
    }
    (work / f"result-{me}.json").write_text(json.dumps(result))


def run(
    processes: int, threads: int, seconds: float, work: Path, tracebacks: bool = False
) -> dict[str, Any]:
    import remem

    with remem.open(work / "store", embedder=EMBEDDER) as mem:
        mem.add("seed memory")
    until = time.time() + 3 + seconds  # every process starts writing at once
    children = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", str(p), "--work", str(work)]
            + ["--processes", str(processes), "--threads", str(threads), "--until", str(until)]
            + (["--tracebacks"] if tracebacks else []),
            stderr=subprocess.PIPE,
        )
        for p in range(processes)
    ]
    crashed = []
    for child in children:
        try:
            child.wait(seconds + 120)
        except subprocess.TimeoutExpired:
            child.kill()
        err = child.stderr.read().decode()  # type: ignore[union-attr]
        child.stderr.close()  # type: ignore[union-attr]
        if child.returncode != 0:
            crashed.append(err[-2000:])
        elif tracebacks and err:
            print(err[-6000:], file=sys.stderr)
    parts = [json.loads(path.read_text()) for path in sorted(work.glob("result-*.json"))]
    delays = [d for part in parts for d in part["delays"]]
    errors: collections.Counter[str] = collections.Counter()
    for part in parts:
        errors.update(part["errors"])
    figures = {
        "processes": processes,
        "threads_each": threads,
        "seconds": seconds,
        "writes": sum(p.get("writes", 0) for p in parts),
        "searches": sum(p.get("searches", 0) for p in parts),
        "found_after_ack": len(delays),
        "misses": sum(p.get("misses", 0) for p in parts),
        "never_found": sum(p["never_found"] for p in parts),
        "delay_ms_p50": 1000 * percentile(delays, 0.5),
        "delay_ms_p99": 1000 * percentile(delays, 0.99),
        "delay_ms_worst": 1000 * max(delays, default=0.0),
        "errors": sum(errors.values()),
        "crashed_processes": len(crashed) + processes - len(parts),
    }
    ok = not (
        figures["misses"]
        or figures["never_found"]
        or figures["errors"]
        or figures["crashed_processes"]
    )
    return {
        "name": "visibility",
        "ok": ok,
        "figures": figures,
        "error_types": dict(errors),
        "crashes": crashed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="2 processes × 2 threads, 3 s")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    parser.add_argument("--until", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--tracebacks", action="store_true", help="print each error in full")
    args = parser.parse_args()
    if args.worker is not None:
        try:
            worker(args)
        except Exception:
            traceback.print_exc()
            sys.exit(1)
        return
    if args.quick:
        args.processes, args.threads, args.seconds = 2, 2, min(args.seconds, 3.0)
    with tempfile.TemporaryDirectory(prefix="remem-visibility-") as work:
        result = run(args.processes, args.threads, args.seconds, Path(work), args.tracebacks)
    show("readers and writers, visibility of acknowledged writes", result["figures"])
    for name, count in result["error_types"].items():
        print(f"    {count} × {name}")
    for crash in result["crashes"]:
        print(crash)
    write_json(args.json, result)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
