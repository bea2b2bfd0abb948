"""The read path of one search: store calls it makes, and its latency with access statistics on.

    python benchmarks/read_path.py [--records 100000] [--queries 300] [--threads 4]
                                   [--readers 1,2,4,8] [--json benchmarks/results/read-path.json]

Store: ``--records`` LoCoMo conversation turns (``../shared/data/locomo/locomo10.json``, read in
place, repeated to the size) as chat sessions of 20 turns, each session owned by one of 10 users,
one minute apart, with precomputed random unit vectors (a seeded Gaussian mixture, 384-d) bulk
inserted by ``add_many(..., embeddings=...)``; on disk, WAL, ``synchronous=FULL``. Queries:
LoCoMo's questions (categories 1–4), embedded by ``hash:384`` (the store's embedder: no model
time, so the figures are the store's), hybrid, ``k=10``, the default pipeline.

Figures:

- **store calls per search** (``expand=2``): each call on the store object, counted by a
  proxy around it (a measurement, not a test double): total and by method;
- **search p50/p95** with ``touch=True`` (the default) and ``touch=False``, one thread, with and
  without ``expand=2``;
- **p50/p95 and searches/s with ``--threads`` threads** searching one ``Memory`` at once,
  as a server's thread pool does;
- **search p50/p95 while another process writes**: a second process adds one record per
  durable transaction, back to back, to the same store (touch on and off);
- **reader processes**: searches/s of 1, 2, 4, 8 (``--readers``) processes, each with its own
  ``Memory`` on the store, searching back to back for ``--reader-seconds`` (touch on, the
  default), and each count's rate over one reader's: the scaling per core on this machine.

Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

import remem
from remem.eval.metrics import percentile
from remem.transfer import locomo_items

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work" / "read_path"
LOCOMO = HERE.parents[1] / "shared" / "data" / "locomo" / "locomo10.json"
DIMS = 384
USERS = 10
TURNS = 20  # per session
BATCH = 10_000  # add_many's default limit


class CountingStore:
    """The store with every method call counted by name (delegates everything)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if not callable(value):
            return value

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return value(*args, **kwargs)

        return counted


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def build(path: Path, size: int, texts: list[str]) -> None:
    """A store of ``size`` turns in sessions of TURNS, over USERS users, with random vectors."""
    rng = np.random.default_rng(size)
    centres = unit(rng.normal(size=(100, DIMS)))
    start = datetime(2024, 1, 1, tzinfo=UTC).timestamp()
    with remem.open(path, embedder=f"hash:{DIMS}", progress="off") as mem:
        for first in range(0, size, BATCH):
            count = min(BATCH, size - first)
            vectors = unit(
                centres[rng.integers(0, len(centres), count)]
                + 0.6 * rng.normal(size=(count, DIMS)) / np.sqrt(DIMS)
            )
            items = []
            for i in range(first, first + count):
                session = i // TURNS
                items.append(
                    {
                        "text": texts[i % len(texts)],
                        "user_id": f"u{session % USERS}",
                        "session_id": f"s{session}",
                        "role": "user" if i % 2 else "assistant",
                        "created_at": start + 60 * i,
                    }
                )
            mem.add_many(items, embeddings=vectors, progress=False)
        mem.search("warm up", k=10, touch=False)  # build the index; close() saves it


def timed(fn: Any, *args: Any, **kwargs: Any) -> float:
    started = time.perf_counter()
    fn(*args, **kwargs)
    return (time.perf_counter() - started) * 1000


def summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(samples, 50), 2),
        "p95_ms": round(percentile(samples, 95), 2),
    }


# A second process adding one record per transaction to the store, until stopped.
WRITER = """
import sys, numpy as np, remem
rng = np.random.default_rng(7)
with remem.open(sys.argv[1], embedder="hash:384", progress="off") as mem:
    print("ready", flush=True)
    i = 0
    while True:
        v = rng.normal(size=384).astype(np.float32)
        mem.add(f"a turn written meanwhile {i}", user_id="writer", vector=v)
        i += 1
"""


# One reader process: warms up, says ready, waits for "go", then searches back to back for the
# given seconds and prints how many searches it made.
READER = """
import sys, time, json, remem
path, seconds, questions = sys.argv[1], float(sys.argv[2]), json.loads(sys.stdin.readline())
with remem.open(path, embedder="hash:384", progress="off") as mem:
    for q in questions[:20]:
        mem.search(q, k=10)
    print("ready", flush=True)
    sys.stdin.readline()
    done, until = 0, time.perf_counter() + seconds
    while time.perf_counter() < until:
        mem.search(questions[done % len(questions)], k=10)
        done += 1
print(done, flush=True)
"""


def readers(path: Path, questions: list[str], count: int, seconds: float) -> float:
    """Searches/s of ``count`` reader processes on the store at once (started together once
    every one is warm)."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", READER, str(path), str(seconds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    try:
        for i, proc in enumerate(procs):
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(json.dumps(questions[i::count] or questions) + "\n")
            proc.stdin.flush()
        for proc in procs:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        done = sum(int(proc.communicate(timeout=seconds + 60)[0].strip()) for proc in procs)
    finally:
        for proc in procs:
            proc.kill()
    return done / seconds


def concurrent(
    mem: remem.Memory, questions: list[str], threads: int, options: dict[str, Any]
) -> tuple[list[float], float]:
    """Each question once, split over ``threads`` threads searching ``mem`` at once: every
    search's latency, and the wall time of all."""
    samples: list[float] = []
    lock = threading.Lock()

    def worker(mine: list[str]) -> None:
        times = [timed(mem.search, q, k=10, **options) for q in mine]
        with lock:
            samples.extend(times)

    workers = [
        threading.Thread(target=worker, args=(questions[t::threads],)) for t in range(threads)
    ]
    started = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return samples, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--readers", default="1,2,4,8", help="Reader process counts.")
    parser.add_argument("--reader-seconds", type=float, default=5.0)
    parser.add_argument("--data", default=str(LOCOMO))
    parser.add_argument("--rebuild", action="store_true", help="Build the store again.")
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()

    data = json.loads(Path(args.data).read_text(encoding="utf-8"))
    texts = [item["text"] for item in locomo_items(data)]
    questions = [
        qa["question"]
        for sample in data
        for qa in sample["qa"]
        if qa.get("category") in (1, 2, 3, 4)
    ][: args.queries]
    path = WORK / f"n{args.records}"
    built_s = None
    if args.rebuild or not (path / "remem.db").exists():
        shutil.rmtree(path, ignore_errors=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        build(path, args.records, texts)
        built_s = round(time.perf_counter() - started, 1)
    figures: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "records": args.records,
        "queries": len(questions),
        "build_s": built_s,
    }
    # Work on a copy, so every run starts from the same access statistics.
    run = WORK / f"n{args.records}.run"
    shutil.rmtree(run, ignore_errors=True)
    shutil.copytree(path, run)
    try:
        with remem.open(run, embedder=f"hash:{DIMS}", progress="off") as mem:
            for q in questions[:20]:  # warm up: index built or loaded, pages cached
                mem.search(q, k=10, expand=2, touch=False)
            counting = CountingStore(mem.store)
            real = mem.store
            mem.store = mem.retriever.store = counting  # type: ignore[assignment]
            for q in questions:
                mem.search(q, k=10, expand=2)
            mem.store = mem.retriever.store = real
            per_search = {
                name: round(n / len(questions), 2) for name, n in counting.calls.most_common()
            }
            figures["store_calls_per_search_expand2"] = {
                "total": round(sum(counting.calls.values()) / len(questions), 2),
                "by_method": per_search,
            }
            figures["search"] = {}
            for label, options in (
                ("touch on", {}),
                ("touch off", {"touch": False}),
                ("touch on, expand=2", {"expand": 2}),
                ("touch off, expand=2", {"expand": 2, "touch": False}),
            ):
                samples = [timed(mem.search, q, k=10, **options) for q in questions]
                figures["search"][label] = summary(samples)
            figures["threads"] = args.threads
            for label, options in (("touch on", {}), ("touch off", {"touch": False})):
                samples, wall = concurrent(mem, questions, args.threads, options)
                figures["search"][f"{args.threads} threads, {label}"] = {
                    **summary(samples),
                    "per_s": round(len(samples) / wall, 1),
                }
            writer = subprocess.Popen(
                [sys.executable, "-c", WRITER, str(run)], stdout=subprocess.PIPE, text=True
            )
            try:
                assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
                time.sleep(1.0)
                for label, options in (("touch on", {}), ("touch off", {"touch": False})):
                    samples = [timed(mem.search, q, k=10, **options) for q in questions]
                    figures["search"][f"while a process writes, {label}"] = summary(samples)
            finally:
                writer.kill()
                writer.wait()
        rates = {
            int(n): readers(run, questions, int(n), args.reader_seconds)
            for n in args.readers.split(",")
        }
        one = rates.get(1)
        figures["readers"] = {
            str(n): {
                "per_s": round(rate, 1),
                "vs_one": round(rate / one, 2) if one else None,
            }
            for n, rate in rates.items()
        }
    finally:
        shutil.rmtree(run, ignore_errors=True)

    print(f"remem {remem.__version__} — {figures['machine']} — {figures['date']}")
    print(
        f"store: {args.records:,} LoCoMo turns, sessions of {TURNS}, {USERS} users, random "
        f"{DIMS}-d vectors, hash:{DIMS} queries, on disk (WAL, synchronous=FULL)\n"
    )
    calls = figures["store_calls_per_search_expand2"]
    print(f"store calls per search (k=10, expand=2): {calls['total']}")
    for name, n in calls["by_method"].items():
        print(f"  {name:<12} {n}")
    print()
    for label, row in figures["search"].items():
        rate = f"   {row['per_s']:7.1f} searches/s" if "per_s" in row else ""
        print(f"search {label:<40} p50 {row['p50_ms']:7.2f} ms   p95 {row['p95_ms']:7.2f} ms{rate}")
    print(f"\nreader processes on one store ({os.cpu_count()} cores), touch on, each searching "
          f"back to back for {args.reader_seconds:g} s:")  # fmt: skip
    for n, row in figures["readers"].items():
        print(f"  {n:>2} readers  {row['per_s']:8.1f} searches/s   x{row['vs_one']} one reader's")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
