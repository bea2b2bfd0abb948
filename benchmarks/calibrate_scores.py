"""Fit and check the relevance calibration (``remem.retrieval.calibration``).

Each labelled search (LoCoMo questions against their evidence turns, SciFact claims against
their judged abstracts) gives its top 50 hits, each with its signals and a label: relevant or
not. A logistic regression per search mode maps the signals to P(relevant), the two datasets
weighted equally. It is fitted on half the queries and checked on the other half (reliability
by bins of predicted relevance, expected calibration error), then fitted on all of them for the
coefficients the code ships::

    python benchmarks/calibrate_scores.py [--json benchmarks/results/calibration.json]

Uses the stores ``make eval`` fills (``benchmarks/.work/{locomo,scifact}``), filling them first
when they are missing (a few minutes for SciFact).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

import remem
from remem.eval.beir import beir_items, load_beir
from remem.eval.common import ingest_once
from remem.eval.locomo import locomo_questions
from remem.retrieval.calibration import COEFFICIENTS, FEATURES, features
from remem.transfer import locomo_items

ROOT = Path(__file__).resolve().parent
DATA = ROOT.parent.parent / "shared" / "data"
DEPTH = 50
MODES = ("hybrid", "dense", "keyword")


def collect(mode: str) -> list[dict[str, Any]]:
    """One row per hit: its dataset, query, calibration features and label."""
    rows: list[dict[str, Any]] = []

    def add(dataset: str, query: str, hits: list[remem.SearchHit], relevant: set[str]) -> None:
        words_found = any("keyword" in hit.scores for hit in hits)
        for hit in hits:
            rows.append(
                {
                    "dataset": dataset,
                    "query": f"{dataset}:{query}",
                    "x": features(hit.scores),
                    "words_found": words_found,
                    "y": float(hit.id in relevant),
                }
            )

    options = {"mode": mode, "touch": False, "k": DEPTH}
    with remem.open(ROOT / ".work" / "scifact") as memory:
        corpus, queries, qrels = load_beir(DATA / "beir-scifact")
        items = beir_items(corpus)
        records, _ = ingest_once(memory, items, "doc_id", progress=True)
        ids_of: dict[str, str] = {r.metadata["doc_id"]: r.id for r in records}
        for qid, gains in qrels.items():
            relevant = {ids_of[d] for d, g in gains.items() if g > 0 and d in ids_of}
            add("scifact", qid, memory.search(queries[qid], **options), relevant)
    with remem.open(ROOT / ".work" / "locomo") as memory:
        data = json.loads((DATA / "locomo" / "locomo10.json").read_text(encoding="utf-8"))
        items = locomo_items(data)
        records, _ = ingest_once(memory, items, "dia_id", progress=True)
        by_turn = {(r.user_id, r.metadata["dia_id"]): r.id for r in records}
        for n, q in enumerate(locomo_questions(data, items)):
            relevant = {by_turn[(q["user"], d)] for d in q["evidence"]}
            hits = memory.search(q["question"], user_id=q["user"], **options)
            add("locomo", str(n), hits, relevant)
    return rows


def fit(rows: list[dict[str, Any]]) -> np.ndarray:
    """Logistic regression by Newton's method, each dataset weighing half."""
    x = np.array([[*r["x"], 1.0] for r in rows])
    y = np.array([r["y"] for r in rows])
    counts = {d: sum(r["dataset"] == d for r in rows) for d in {r["dataset"] for r in rows}}
    w = np.array([len(rows) / (len(counts) * counts[r["dataset"]]) for r in rows])
    used = x.std(axis=0) > 0  # a feature a mode never has (keyword_share in dense) stays 0
    used[-1] = True
    beta = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x[:, used] @ beta[used]))
        hessian = x[:, used].T @ (x[:, used] * (w * p * (1 - p))[:, None])
        gradient = x[:, used].T @ (w * (y - p))
        beta[used] += np.linalg.solve(hessian + 1e-6 * np.eye(used.sum()), gradient)
    return beta


def predict(rows: list[dict[str, Any]], beta: np.ndarray) -> np.ndarray:
    x = np.array([[*r["x"], 1.0] for r in rows])
    return 1 / (1 + np.exp(-x @ beta))


def reliability(rows: list[dict[str, Any]], p: np.ndarray) -> dict[str, Any]:
    """Predicted against observed relevance in tenths of [0, 1], and the calibration error."""
    y = np.array([r["y"] for r in rows])
    bins, error = [], 0.0
    for low in np.arange(0.0, 1.0, 0.1):
        mask = (p >= low) & ((p < low + 0.1) | (low >= 0.9))
        if mask.any():
            bins.append({"bin": f"{low:.1f}-{low + 0.1:.1f}", "hits": int(mask.sum()),
                         "predicted": round(float(p[mask].mean()), 3),
                         "observed": round(float(y[mask].mean()), 3)})  # fmt: skip
            error += mask.sum() / len(p) * abs(p[mask].mean() - y[mask].mean())
    return {"ece": round(float(error), 4), "bins": bins}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    report: dict[str, Any] = {"depth": DEPTH, "features": FEATURES, "modes": {}}
    for mode in MODES:
        rows = collect(mode)
        if mode == "hybrid":  # a query no memory shares a word with is calibrated as dense
            rows = [r for r in rows if r["words_found"]]
        queries = sorted({r["query"] for r in rows})
        random.Random(1).shuffle(queries)
        train = set(queries[::2])
        held = [r for r in rows if r["query"] not in train]
        beta = fit([r for r in rows if r["query"] in train])
        shipped = np.array(COEFFICIENTS[mode])
        entry: dict[str, Any] = {"hits": len(rows), "held_out": {}, "shipped_on_held_out": {}}
        for dataset in ("locomo", "scifact"):
            part = [r for r in held if r["dataset"] == dataset]
            entry["held_out"][dataset] = reliability(part, predict(part, beta))
            entry["shipped_on_held_out"][dataset] = reliability(part, predict(part, shipped))
        entry["coefficients"] = [round(float(v), 3) for v in fit(rows)]
        report["modes"][mode] = entry
        print(f"\n{mode}: {len(rows)} hits of {len(queries)} queries; fitted on all: "
              f"{tuple(entry['coefficients'])}")  # fmt: skip
        for dataset, result in entry["held_out"].items():
            shipped_ece = entry["shipped_on_held_out"][dataset]["ece"]
            print(f"  {dataset}, held-out half: ECE {result['ece']} (shipped: {shipped_ece})")
            for b in result["bins"]:
                print(f"    {b['bin']}  {b['hits']:6d} hits  predicted {b['predicted']:.3f}"
                      f"  observed {b['observed']:.3f}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
