"""Relevance a person can read: each hit's signals mapped to a probability in [0, 1].

The ranking scores are not comparable from one query to the next: fused scores are standardised
over each query's own candidates, BM25 grows with the store and the query's length. So the
hit's ``score`` is instead the probability that it is relevant, given its signals, fitted by
logistic regression on labelled searches (``benchmarks/calibrate_scores.py``: LoCoMo evidence
turns and SciFact judgements, half the queries each, checked on the other half):

    P(relevant) = σ(a · dense + b · keyword_share + c · neighbors + e · speaker + d)

- ``dense``: the cosine of query and memory — the same scale for every query and store;
- ``keyword_share``: the hit's BM25 as a share of the best keyword match among the candidates;
- ``neighbors``: what neighbour smoothing added (an adjacent turn or chunk also matched);
- ``speaker``: 1 when the query names the speaker of the memory (the speaker prior,
  :mod:`~remem.retrieval.speakers`), else 0.

None of these depends on how many candidates there were, so a three-memory store and a
million-memory one give the same answer the same relevance. A reranker's score replaces them
(a cross-encoder's logit through σ: its own probability). Down the ranking the relevances are
made non-increasing (pool adjacent violators: a run ranked in an order its relevances disagree
with shares their mean), so ``min_score`` keeps a prefix of the ranking and a list reads in
order. The fit is for the bundled MiniLM; other embedders' cosines sit on other scales, so
their relevances are only roughly calibrated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

__all__ = ["COEFFICIENTS", "FEATURES", "calibrated", "features", "non_increasing"]

#: The signals the relevance is computed from, in the order of the coefficients.
FEATURES = ("dense", "keyword_share", "neighbors", "speaker")

#: Per search mode: (a, b, c, e, d) for
#: ``σ(a·dense + b·keyword_share + c·neighbors + e·speaker + d)``,
#: printed by ``python benchmarks/calibrate_scores.py`` (fitted on all the queries; the figures
#: it prints for held-out queries are in benchmarks/RESULTS.md; refitted with ``speaker`` when
#: the speaker prior came, issue 20).
COEFFICIENTS: dict[str, tuple[float, float, float, float, float]] = {
    "hybrid": (5.195, 4.462, 0.392, 1.568, -8.847),
    "dense": (12.026, 0.0, 4.964, 2.131, -10.187),
    "keyword": (0.0, 7.255, 0.19, 1.092, -8.59),
}


def features(scores: Mapping[str, float]) -> tuple[float, float, float, float]:
    """The calibration's inputs from a hit's ``scores`` (a signal it lacks counts 0)."""
    return (
        scores.get("dense", 0.0),
        scores.get("keyword_share", 0.0),
        scores.get("neighbors", 0.0),
        1.0 if scores.get("speaker", 0.0) > 0 else 0.0,
    )


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def calibrated(scores: Mapping[str, float], mode: str) -> float:
    """P(relevant) for a hit with these ``scores`` found by a ``mode`` search."""
    if "rerank" in scores:
        return _sigmoid(scores["rerank"])
    a, b, c, e, d = COEFFICIENTS[mode]
    dense, share, neighbours, speaker = features(scores)
    return _sigmoid(a * dense + b * share + c * neighbours + e * speaker + d)


def non_increasing(values: Sequence[float]) -> list[float]:
    """The non-increasing sequence closest to ``values`` in squared error (pool adjacent
    violators): each run that rises is replaced by its mean."""
    blocks: list[list[float]] = []  # [sum, count]
    for value in values:
        blocks.append([value, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] < blocks[-1][0] / blocks[-1][1]:
            total, count = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    out: list[float] = []
    for total, count in blocks:
        out.extend([total / count] * int(count))
    return out
