"""Cross-validation over per-question scores: a setting is chosen on some questions and
reported on others, every question held out once per seed, and the figure is the held-out
mean with its spread — never a setting and a figure from the same questions, and never one
fixed half (60 questions cannot choose a setting: one question is 1.7 points).

:func:`cross_validate` takes, for each candidate setting, every question's metric row (the
candidates scored once, on every question), splits the questions into ``folds`` folds per
``seed`` (stratified by question type, shuffled by the seed), and in each fold picks the
candidate with the best mean ``choose_by`` on the *other* folds (ties: the first listed, the
default), then scores it on the fold it did not see. Reported: the held-out mean and standard
deviation over every fold of every seed, per metric; per question type (pooled held-out
rows); which candidate each fold chose; and each candidate held to itself on the same folds
(what a fixed setting scores), so a baseline (plain cosine) stands beside the chosen one.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from remem.core.errors import InvalidInputError

__all__ = ["cross_validate", "fold_ids"]


def fold_ids(types: Mapping[str, str], folds: int, seed: int) -> list[list[str]]:
    """Question ids into ``folds`` folds: within each type, shuffled by ``seed`` and dealt in
    turn (so every fold holds every type alike)."""
    if folds < 2:
        raise InvalidInputError(f"cross-validation needs 2 folds or more, not {folds}")
    by_type: dict[str, list[str]] = defaultdict(list)
    for qid in sorted(types):
        by_type[types[qid]].append(qid)
    out: list[list[str]] = [[] for _ in range(folds)]
    rng = random.Random(seed)
    turn = 0
    for kind in sorted(by_type):
        ids = by_type[kind]
        rng.shuffle(ids)
        for qid in ids:
            out[turn % folds].append(qid)
            turn += 1
    return out


def _mean(rows: Sequence[Mapping[str, float]], name: str) -> float:
    return sum(r[name] for r in rows) / len(rows) if rows else 0.0


def _summary(values: Sequence[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 4),
        "sd": round(statistics.pstdev(values), 4) if len(values) > 1 else 0.0,
        "min": round(min(values), 4),
        "max": round(max(values), 4),
    }


def cross_validate(
    scores: Mapping[str, Mapping[str, Mapping[str, float]]],
    types: Mapping[str, str],
    *,
    choose_by: str,
    folds: int = 5,
    seeds: Sequence[int] = (0, 1, 2),
    fixed_scores: Mapping[str, Mapping[str, Mapping[str, float]]] | None = None,
) -> dict[str, Any]:
    """``scores``: candidate → question id → metric row (every candidate on every question of
    ``types``, question id → type). ``choose_by``: the metric a fold's choice maximises on the
    other folds. ``fixed_scores``: settings reported as themselves on the same folds (not
    chosen), e.g. the baseline and the default. Returns the report described in the module."""
    if not scores:
        raise InvalidInputError("cross-validation needs at least one candidate")
    candidates = list(scores)
    fixed = dict(fixed_scores or {})
    for name, table in [*scores.items(), *fixed.items()]:
        missing = set(types) - set(table)
        if missing:
            raise InvalidInputError(f"candidate {name!r} has no scores for {sorted(missing)[:3]}")
    metrics = list(next(iter(scores[candidates[0]].values())))
    if choose_by not in metrics:
        raise InvalidInputError(f"choose_by is one of {metrics}, not {choose_by!r}")
    held: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in ["chosen", *fixed]}
    pooled: dict[str, dict[str, list[Mapping[str, float]]]] = {
        n: defaultdict(list) for n in ["chosen", *fixed]
    }
    chosen: Counter[str] = Counter()
    for seed in seeds:
        parts = fold_ids(types, folds, seed)
        for index, test in enumerate(parts):
            train = [q for i, part in enumerate(parts) if i != index for q in part]
            best = max(
                candidates,
                key=lambda n: (_mean([scores[n][q] for q in train], choose_by),
                               -candidates.index(n)),
            )  # fmt: skip
            chosen[best] += 1
            for name, table in [("chosen", scores[best]), *fixed.items()]:
                rows = [table[q] for q in test]
                for metric in metrics:
                    held[name][metric].append(_mean(rows, metric))
                for q in test:
                    if seed == seeds[0]:  # each question once, as the first seed held it out
                        pooled[name][types[q]].append(table[q])
    report: dict[str, Any] = {
        "folds": folds,
        "seeds": list(seeds),
        "questions": len(types),
        "choose_by": choose_by,
        "candidates": candidates,
        "chosen": dict(chosen.most_common()),
        "held_out": {},
    }
    for name in held:
        report["held_out"][name] = {
            "overall": {m: _summary(v) for m, v in held[name].items()},
            "by_type": {
                kind: {m: round(_mean(rows, m), 4) for m in metrics} | {"questions": len(rows)}
                for kind, rows in sorted(pooled[name].items())
            },
        }
    return report
