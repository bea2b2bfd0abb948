"""Reranking: a cross-encoder (or any :class:`~remem.rerankers.Reranker`) rescores the head."""

from __future__ import annotations

import math
import warnings

from remem.core.errors import RerankerError, RerankWarning
from remem.rerankers import Reranker
from remem.retrieval.candidates import Candidate

__all__ = ["rerank"]


def rerank(
    candidates: list[Candidate], query: str, reranker: Reranker, keep: int, *, strict: bool
) -> list[Candidate]:
    """Rescore the top ``keep`` candidates with ``reranker`` and drop the rest.

    A reranker is third-party code: whatever it raises, the search keeps the fused order with a
    :class:`RerankWarning`, unless ``strict``, where it raises :class:`RerankerError`.
    """
    head = candidates[:keep]
    if not head:
        return candidates
    try:
        values = [float(v) for v in reranker.score(query, [c.record.text for c in head])]
        if len(values) != len(head) or not all(math.isfinite(v) for v in values):
            raise RerankerError(f"{reranker.name} returned {len(values)} scores for {len(head)}")
    except Exception as exc:
        message = f"reranker {reranker.name} failed ({exc}); kept the fused order"
        if strict:
            raise RerankerError(message) from exc
        warnings.warn(message, RerankWarning, stacklevel=5)
        return candidates
    for candidate, value in zip(head, values, strict=True):
        candidate.scores["rerank"] = value
        candidate.score = value
    return sorted(head, key=lambda c: -c.score)
