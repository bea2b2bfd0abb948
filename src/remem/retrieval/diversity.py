"""Diversity: maximal marginal relevance over the candidates' head vectors."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from remem.retrieval.candidates import Candidate

__all__ = ["diversify"]


def diversify(
    candidates: list[Candidate], vectors: dict[str, NDArray[np.float32]], k: int, lam: float
) -> list[Candidate]:
    """Maximal marginal relevance (Carbonell & Goldstein 1998): greedily pick the candidate with
    the best ``λ · relevance − (1 − λ) · max similarity to those already picked``."""
    pool = [c for c in candidates if c.record.id in vectors]
    if len(pool) <= 1:
        return candidates[:k]
    values = np.asarray([c.score for c in pool], dtype=np.float64)
    span = values.max() - values.min()
    relevance = (values - values.min()) / span if span > 0 else np.ones_like(values)
    matrix = np.stack([vectors[c.record.id] for c in pool]).astype(np.float64)
    similarity = matrix @ matrix.T
    chosen: list[int] = []
    best_sim = np.full(len(pool), -np.inf)
    while len(chosen) < min(k, len(pool)):
        redundancy = np.where(np.isfinite(best_sim), best_sim, 0.0)
        marginal = lam * relevance - (1 - lam) * redundancy
        marginal[chosen] = -np.inf
        pick = int(np.argmax(marginal))
        pool[pick].scores["mmr"] = float(marginal[pick])
        chosen.append(pick)
        best_sim = np.maximum(best_sim, similarity[pick])
    return [pool[i] for i in chosen]
