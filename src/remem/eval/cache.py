"""Semantic cache quality on Medical Question Pairs (MQP): precision, recall, false hits.

Protocol (the data's README): every distinct ``question_1`` is set in the cache (its value is
its own text); each ``question_2`` is looked up. A hit on a label-1 pair that returns that
pair's ``question_1`` is right; any other hit — a label-0 pair (a hard negative written to be
close but different) or the wrong cached question — is a false hit. Precision = right hits /
hits; recall = right hits / label-1 pairs; false-hit rate = false hits / lookups that should
miss (label-0 pairs).

One pass serves every threshold: the cache answers with its first candidate that passes the
checks (expiry, opposites, verification), best cosine first, and that candidate's cosine decides
the hit at each threshold — exactly what a cache set to that threshold returns.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.errors import InvalidInputError
from remem.memory_types.cache import DEFAULT_THRESHOLD, SemanticCache

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = ["THRESHOLDS", "evaluate_cache", "read_pairs"]

THRESHOLDS = (0.70, 0.75, 0.78, 0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92)


def read_pairs(path: str | Path) -> list[tuple[str, str, int]]:
    """(question_1, question_2, label) rows of ``mqp.csv`` (columns: group, q1, q2, label)."""
    pairs = []
    with open(path, encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.reader(handle), start=1):
            if len(row) != 4 or row[3] not in ("0", "1"):
                raise InvalidInputError(
                    f"{path}:{line}: expected group,question_1,question_2,label"
                )
            pairs.append((row[1], row[2], int(row[3])))
    if not pairs:
        raise InvalidInputError(f"{path} holds no pairs")
    return pairs


def evaluate_cache(
    memory: Memory,
    path: str | Path,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    guard: bool = True,
    thresholds: tuple[float, ...] = THRESHOLDS,
    target_precision: float = 0.95,
    progress: bool = False,
) -> dict[str, Any]:
    """The report: precision, recall and false-hit rate at each threshold and at ``threshold``,
    and the lowest threshold whose precision reaches ``target_precision`` on these pairs (how
    to calibrate a cache on your own labelled pairs)."""
    pairs = read_pairs(path)
    cache = SemanticCache(memory, name="eval-mqp", threshold=-1.0, guard=guard, invalidate=False)
    cache.clear()
    firsts = sorted({q1 for q1, _, _ in pairs})
    started = time.perf_counter()
    vectors = memory.embed(firsts, progress=progress)
    cache.set_many([(question, question) for question in firsts], vectors=vectors)
    fill_seconds = time.perf_counter() - started
    asked = memory.embed([q2 for _, q2, _ in pairs], progress=progress)
    outcome: list[tuple[float, bool]] = []  # (cosine of the answering entry, right answer)
    reasons: dict[str, int] = {}
    timings: list[float] = []
    for (q1, q2, label), vector in zip(pairs, asked, strict=True):
        began = time.perf_counter()
        found = cache.lookup(q2, vector=vector)
        timings.append((time.perf_counter() - began) * 1000)
        reasons[found.reason] = reasons.get(found.reason, 0) + 1
        if found.hit and found.score is not None:
            outcome.append((found.score, label == 1 and found.value == q1))
        else:
            outcome.append((-2.0, False))
    positives = sum(label for _, _, label in pairs)
    negatives = len(pairs) - positives
    rows = [_row(t, outcome, positives, negatives) for t in sorted({*thresholds, threshold})]
    cache.clear()
    return {
        "data": str(path),
        "pairs": len(pairs),
        "positives": positives,
        "cached_questions": len(firsts),
        "embedder": memory.embedder.name,
        "guard": guard,
        "default_threshold": threshold,
        "at_default": next(r for r in rows if r["threshold"] == threshold),
        "calibrated": _calibrated(outcome, target_precision, positives, negatives),
        "thresholds": rows,
        "outcomes_without_threshold": reasons,
        "fill_seconds": round(fill_seconds, 2),
        "lookup_ms_p50": round(float(np.percentile(timings, 50)), 3),
        "lookup_ms_p95": round(float(np.percentile(timings, 95)), 3),
    }


def _row(
    threshold: float, outcome: list[tuple[float, bool]], positives: int, negatives: int
) -> dict[str, Any]:
    hits = [right for score, right in outcome if score >= threshold]
    good = sum(hits)
    return {
        "threshold": threshold,
        "hits": len(hits),
        "precision": round(good / len(hits), 4) if hits else None,
        "recall": round(good / positives, 4),
        "false_hit_rate": round((len(hits) - good) / negatives, 4),
    }


def _calibrated(
    outcome: list[tuple[float, bool]], target: float, positives: int, negatives: int
) -> dict[str, Any]:
    """The lowest threshold (to 4 decimals) at which the hits' precision is at least
    ``target``."""
    outcome = [(round(score, 4), right) for score, right in outcome]
    scores = sorted({score for score, _ in outcome if score > -2.0}, reverse=True)
    hits = sorted((o for o in outcome if o[0] > -2.0), key=lambda o: -o[0])
    best, right, count, i = None, 0, 0, 0
    for score in scores:  # each distinct score, so tied hits come in together
        while i < len(hits) and hits[i][0] >= score:
            right += hits[i][1]
            count += 1
            i += 1
        if right / count >= target:
            best = score
    if best is None:
        return {"target_precision": target, "threshold": None}
    return {"target_precision": target, **_row(best, outcome, positives, negatives)}
