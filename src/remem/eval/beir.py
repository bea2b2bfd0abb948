"""BEIR retrieval (e.g. SciFact): nDCG@10 and recall@100 on the test queries.

Each corpus document (title + abstract) is one memory: dense search sees its opening and its
128-token windows (``part_tokens``), keyword search all of it. Queries come from
``queries.jsonl``, judgements from ``qrels/<split>.tsv``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from remem.eval.common import ingest_once, runs_for
from remem.eval.metrics import latency_ms, ndcg_at_k, recall_at_k
from remem.memory import Memory

__all__ = ["beir_items", "evaluate_beir", "load_beir"]


def load_beir(
    folder: str | Path, split: str = "test"
) -> tuple[list[dict[str, Any]], dict[str, str], dict[str, dict[str, float]]]:
    root = Path(folder)
    corpus = [json.loads(line) for line in (root / "corpus.jsonl").open(encoding="utf-8")]
    queries = {
        row["_id"]: row["text"]
        for row in map(json.loads, (root / "queries.jsonl").open(encoding="utf-8"))
    }
    qrels: dict[str, dict[str, float]] = {}
    with (root / "qrels" / f"{split}.tsv").open(encoding="utf-8") as handle:
        next(handle)  # header: query-id, corpus-id, score
        for line in handle:
            qid, doc, score = line.rstrip("\n").split("\t")
            qrels.setdefault(qid, {})[doc] = float(score)
    return corpus, queries, qrels


def beir_items(corpus: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each corpus document (title and text) as one memory, named by ``metadata.doc_id``."""
    return [
        {
            "text": f"{doc.get('title', '')}\n{doc['text']}".strip(),
            "kind": "document_text",
            "metadata": {"doc_id": str(doc["_id"])},
            "dedupe": False,
        }
        for doc in corpus
    ]


def evaluate_beir(
    memory: Memory,
    folder: str | Path,
    *,
    modes: Sequence[str] = ("hybrid",),
    ablation: bool = False,
    split: str = "test",
    runs: dict[str, dict[str, Any]] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Store the corpus in ``memory`` (or reuse an earlier run's store) and measure nDCG@10
    and recall@100 on ``split``'s qrels (``train`` for choosing settings, ``test`` for
    reporting), once per mode, for each configuration of the ablation set, or for each of
    ``runs`` (name → search options)."""
    corpus, queries, qrels = load_beir(folder, split)
    items = beir_items(corpus)
    records, ingest = ingest_once(memory, items, "doc_id", progress=progress)
    doc_of = {rec.id: rec.metadata["doc_id"] for rec in records}
    report: dict[str, Any] = {
        "dataset": Path(folder).name,
        "data": str(folder),
        "embedder": memory.embedder.name,
        "documents": len(records),
        "split": split,
        "queries": len(qrels),
        "ingest": ingest,
        "parts": "train qrels: where retrieval settings may be chosen; test qrels: reported, "
        "not used for choosing (issue 34)",
        "runs": {},
    }
    for name, options in (runs or runs_for(tuple(modes), ablation)).items():
        report["runs"][name] = _run(memory, queries, qrels, doc_of, name, options, progress)
    return report


def _run(
    memory: Memory,
    queries: dict[str, str],
    qrels: dict[str, dict[str, float]],
    doc_of: dict[str, str],
    name: str,
    options: dict[str, Any],
    progress: bool,
) -> dict[str, Any]:
    from tqdm import tqdm

    ndcg, recall, latencies = [], [], []
    for qid, gains in tqdm(qrels.items(), desc=f"beir {name}", disable=not progress, leave=False):
        started = time.perf_counter()
        hits = memory.search(queries[qid], k=100, touch=False, **options)
        latencies.append((time.perf_counter() - started) * 1000)
        ranked = [doc_of[h.id] for h in hits]
        ndcg.append(ndcg_at_k(ranked, gains, 10))
        recall.append(recall_at_k(ranked, {d for d, g in gains.items() if g > 0}, 100))
    return {
        "ndcg@10": round(sum(ndcg) / len(ndcg), 4),
        "recall@100": round(sum(recall) / len(recall), 4),
        "latency_ms": latency_ms(latencies),
    }
