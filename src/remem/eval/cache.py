"""Semantic cache quality: precision, recall and false hits on MQP, and on near misses.

**MQP** (Medical Question Pairs; the data's README): every distinct ``question_1`` is set in the
cache (its value is its own text); each ``question_2`` is looked up. A hit on a label-1 pair that
returns that pair's ``question_1`` is right; any other hit — a label-0 pair (a hard negative
written to be close but different) or the wrong cached question — is a false hit. Precision =
right hits / hits; recall = right hits / label-1 pairs; false-hit rate = false hits / lookups
that should miss (label-0 pairs).

**Near misses** (``tests/data/cache_near_misses.csv``, written for remem): short questions
that differ from a cached one only in a name, a number, a date, a unit or their polarity — each
should miss — and true paraphrases, which should hit. Each pair is looked up in a scope of its
own. Reported per kind: the share that hit.

**Folds** (``folds=``): the threshold a user would calibrate (the lowest reaching
``target_precision``) chosen on four fifths of the pairs and scored on the fifth, every pair
held out once per seed (stratified by label) — so the calibrated figure is never read on the
pairs that chose it; the default threshold is scored on the same held-out folds beside it.

Each threshold is its own pass of lookups, with the cache set to it, so what is reported is
exactly what a cache at that threshold answers — the guard's margin for questions that agree
(:attr:`SemanticCache.agree_margin`) included. A lookup takes about a tenth of a millisecond, so
a pass over MQP's 3,048 pairs takes under a second.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.core.errors import InvalidInputError
from remem.memory_types.cache import AGREE_MARGIN, DEFAULT_THRESHOLD, SemanticCache

if TYPE_CHECKING:
    from remem.memory import Memory

__all__ = [
    "THRESHOLDS",
    "evaluate_cache",
    "evaluate_near_misses",
    "read_near_misses",
    "read_pairs",
    "threshold_folds",
]

THRESHOLDS = (0.70, 0.75, 0.78, 0.80, 0.82, 0.84, 0.85, 0.86, 0.88, 0.90, 0.92)
#: The thresholds searched for the lowest one reaching the target precision.
FINE = tuple(round(0.70 + 0.005 * i, 3) for i in range(51))


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


def read_near_misses(path: str | Path) -> list[dict[str, str]]:
    """Rows of a near-miss file: ``kind`` (name, number, date, unit, negation, or paraphrase),
    ``cached``, ``asked``, and ``same_answer`` (1 for a paraphrase, 0 for a near miss)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for line, row in enumerate(rows, start=2):
        if set(row) != {"kind", "cached", "asked", "same_answer"} or row["same_answer"] not in (
            "0",
            "1",
        ):
            raise InvalidInputError(f"{path}:{line}: expected kind,cached,asked,same_answer")
    if not rows:
        raise InvalidInputError(f"{path} holds no pairs")
    return rows


def evaluate_cache(
    memory: Memory,
    path: str | Path,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    guard: bool = True,
    agree_margin: float = AGREE_MARGIN,
    thresholds: tuple[float, ...] = THRESHOLDS,
    target_precision: float = 0.95,
    near_misses: str | Path | None = None,
    progress: bool = False,
    folds: int | None = None,
    seeds: tuple[int, ...] = (0, 1, 2),
) -> dict[str, Any]:
    """The report: precision, recall and false-hit rate on MQP at each threshold and at
    ``threshold``, the lowest threshold whose precision reaches ``target_precision`` (how to
    calibrate a cache on your own labelled pairs), and, given ``near_misses``, the near-miss
    set's hits per kind at the same thresholds."""
    pairs = read_pairs(path)
    cache = SemanticCache(
        memory,
        name="eval-mqp",
        threshold=threshold,
        guard=guard,
        agree_margin=agree_margin,
        invalidate=False,
    )
    cache.clear()
    firsts = sorted({q1 for q1, _, _ in pairs})
    started = time.perf_counter()
    vectors = memory.embed(firsts, progress=progress)
    cache.set_many([(question, question) for question in firsts], vectors=vectors)
    fill_seconds = time.perf_counter() - started
    asked = memory.embed([q2 for _, q2, _ in pairs], progress=progress)
    positives = sum(label for _, _, label in pairs)
    timings: list[float] = []

    outcomes: dict[float, list[tuple[bool, bool]]] = {}  # per pair: (hit, right hit)

    def run(at: float) -> tuple[dict[str, Any], dict[str, int]]:
        cache.threshold = at
        reasons: dict[str, int] = {}
        seen = outcomes[at] = []
        for (q1, q2, label), vector in zip(pairs, asked, strict=True):
            began = time.perf_counter()
            found = cache.lookup(q2, vector=vector)
            timings.append((time.perf_counter() - began) * 1000)
            reasons[found.reason] = reasons.get(found.reason, 0) + 1
            seen.append((found.hit, found.hit and label == 1 and found.value == q1))
        return {"threshold": at, **_rates(seen, [label for _, _, label in pairs])}, reasons

    runs = {at: run(at) for at in sorted({*thresholds, threshold, *FINE})}
    reaching = [at for at, (row, _) in runs.items() if (row["precision"] or 0) >= target_precision]
    calibrated: dict[str, Any] = {"target_precision": target_precision, "threshold": None}
    if reaching:
        calibrated.update(runs[min(reaching)][0])
    cache.clear()
    report: dict[str, Any] = {
        "data": str(path),
        "pairs": len(pairs),
        "positives": positives,
        "cached_questions": len(firsts),
        "embedder": memory.embedder.name,
        "guard": guard,
        "agree_margin": agree_margin if guard else 0.0,
        "default_threshold": threshold,
        "at_default": runs[threshold][0],
        "outcomes_at_default": runs[threshold][1],
        "calibrated": calibrated,
        "thresholds": [runs[at][0] for at in sorted({*thresholds, threshold})],
        "fill_seconds": round(fill_seconds, 2),
        "lookup_ms_p50": round(float(np.percentile(timings, 50)), 3),
        "lookup_ms_p95": round(float(np.percentile(timings, 95)), 3),
    }
    if folds is not None:
        report["folds"] = threshold_folds(
            outcomes,
            [label for _, _, label in pairs],
            target_precision=target_precision,
            default=threshold,
            folds=folds,
            seeds=seeds,
        )
    if near_misses is not None:
        report["near_misses"] = evaluate_near_misses(
            memory,
            near_misses,
            thresholds=tuple(sorted({*thresholds, threshold})),
            guard=guard,
            agree_margin=agree_margin,
        )
    return report


def _rates(seen: list[tuple[bool, bool]], labels: list[int]) -> dict[str, Any]:
    """Hits, precision, recall and false-hit rate of these lookups (each (hit, right hit)),
    given the pairs' labels."""
    hits = sum(hit for hit, _ in seen)
    good = sum(right for _, right in seen)
    positives = sum(labels)
    negatives = len(labels) - positives
    return {
        "hits": hits,
        "precision": round(good / hits, 4) if hits else None,
        "recall": round(good / positives, 4) if positives else None,
        "false_hit_rate": round((hits - good) / negatives, 4) if negatives else None,
    }


def threshold_folds(
    outcomes: dict[float, list[tuple[bool, bool]]],
    labels: list[int],
    *,
    target_precision: float,
    default: float,
    folds: int,
    seeds: tuple[int, ...],
) -> dict[str, Any]:
    """The calibrated threshold (the lowest whose precision reaches ``target_precision``)
    chosen on the other folds and scored on each held-out fold, beside ``default`` on the same
    folds: the held-out mean and spread of precision, recall and false-hit rate, and which
    thresholds the folds chose. Folds are stratified by label
    (:func:`remem.eval.folds.fold_ids`)."""
    from remem.eval.folds import fold_ids

    types = {str(i): str(label) for i, label in enumerate(labels)}
    held: dict[str, dict[str, list[float]]] = {"calibrated": {}, "default": {}}
    chosen: dict[float, int] = {}
    for seed in seeds:
        parts = fold_ids(types, folds, seed)
        for index, test in enumerate(parts):
            train = [int(q) for i, part in enumerate(parts) if i != index for q in part]
            reaching = [
                at
                for at, seen in sorted(outcomes.items())
                if (_rates([seen[i] for i in train], [labels[i] for i in train])["precision"] or 0)
                >= target_precision
            ]
            at = min(reaching) if reaching else max(outcomes)
            chosen[at] = chosen.get(at, 0) + 1
            rows = [int(q) for q in test]
            for name, used in (("calibrated", at), ("default", default)):
                rates = _rates([outcomes[used][i] for i in rows], [labels[i] for i in rows])
                for metric in ("precision", "recall", "false_hit_rate"):
                    if rates[metric] is not None:
                        held[name].setdefault(metric, []).append(rates[metric])
    return {
        "folds": folds,
        "seeds": list(seeds),
        "target_precision": target_precision,
        "chosen": {f"{at:.3f}": n for at, n in sorted(chosen.items())},
        "held_out": {
            name: {
                metric: {
                    "mean": round(float(np.mean(values)), 4),
                    "sd": round(float(np.std(values)), 4),
                }
                for metric, values in table.items()
            }
            for name, table in held.items()
        },
    }


def evaluate_near_misses(
    memory: Memory,
    path: str | Path,
    *,
    thresholds: tuple[float, ...] = THRESHOLDS,
    guard: bool = True,
    agree_margin: float = AGREE_MARGIN,
) -> dict[str, Any]:
    """Per threshold: the share of each kind of pair that hit (near misses should not: their
    share is the false-hit rate; paraphrases should: theirs is the recall)."""
    rows = read_near_misses(path)
    cache = SemanticCache(
        memory, name="eval-near-misses", guard=guard, agree_margin=agree_margin, invalidate=False
    )
    cache.clear()
    cached = memory.embed([row["cached"] for row in rows], progress=False)
    asked = memory.embed([row["asked"] for row in rows], progress=False)
    for i, (row, vector) in enumerate(zip(rows, cached, strict=True)):
        cache.set(row["cached"], row["cached"], session_id=f"pair-{i}", vector=vector)
    kinds = sorted({row["kind"] for row in rows})
    report: dict[str, Any] = {"data": str(path), "pairs": len(rows), "thresholds": []}
    for at in thresholds:
        cache.threshold = at
        hit = {kind: [0, 0] for kind in kinds}
        for i, (row, vector) in enumerate(zip(rows, asked, strict=True)):
            found = cache.lookup(row["asked"], session_id=f"pair-{i}", vector=vector)
            hit[row["kind"]][0] += found.hit
            hit[row["kind"]][1] += 1
        misses = [count for kind, count in hit.items() if kind != "paraphrase"]
        false_hits = sum(c[0] for c in misses) / max(sum(c[1] for c in misses), 1)
        report["thresholds"].append(
            {
                "threshold": at,
                "false_hit_rate": round(false_hits, 4),
                "paraphrase_recall": round(hit["paraphrase"][0] / hit["paraphrase"][1], 4)
                if "paraphrase" in hit
                else None,
                "hits_by_kind": {kind: f"{c[0]}/{c[1]}" for kind, c in hit.items()},
            }
        )
    cache.clear()
    return report
