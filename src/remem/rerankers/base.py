"""The reranker protocol: score (query, text) pairs; higher is more relevant."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

__all__ = ["Reranker"]


class Reranker(ABC):
    """Scores candidates against a query more carefully than the first-stage signals.

    The pipeline reranks the top ``k × rerank_k_factor`` fused candidates (GoodAI-LTM's idea) and
    keeps the best ``k``. Constructing a reranker does no work: models load on first use.
    """

    #: Registry name, ``"provider:model"``.
    name: str

    @abstractmethod
    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        """One score per text, in order."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
