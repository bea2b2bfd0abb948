"""``cross-encoder:<name or path>`` — a sentence-transformers CrossEncoder the user has locally.

No cross-encoder ships in a PyPI package, so remem bundles none: point this at a model directory
(or a name already in the local Hugging Face cache). Needs
``pip install 'remem[sentence-transformers]'``. Nothing is downloaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from remem.core.errors import RerankerError
from remem.rerankers.base import Reranker

__all__ = ["CrossEncoderReranker"]


class CrossEncoderReranker(Reranker):
    def __init__(self, model: str, *, batch_size: int = 32, device: str = "cpu") -> None:
        self.model_name = model
        self.name = f"cross-encoder:{model}"
        self.batch_size = batch_size
        self.device = device
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            from remem.embedders.sentence_transformers import load_offline

            self._model = load_offline("CrossEncoder", self.model_name, self.device, RerankerError)
        return self._model

    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        pairs = [(query, text) for text in texts]
        scores = self._load().predict(pairs, batch_size=self.batch_size, show_progress_bar=False)
        return [float(s) for s in scores]
