"""Ingest rate and search latency on a store of LoCoMo's 5,882 turns (on disk, durable writes).

    python benchmarks/ingest_search.py [--data ../shared/data/locomo/locomo10.json] [--json out]

Prints one table. Figures, not pass/fail: timing targets live here, not in the test suite.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import remem
from remem.eval.metrics import percentile
from remem.transfer import locomo_items

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared/data/locomo/locomo10.json"


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
    print(f"remem {remem.__version__} — {figures['machine']} — {figures['date']}")
    print(f"store: {len(items)} LoCoMo turns on disk (WAL, synchronous=FULL)\n")
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
