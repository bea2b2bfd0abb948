"""The embedder protocol: ``embed(texts) -> float32 array`` of unit-length rows."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import EmbedderError, VectorError

__all__ = ["Embedder", "EmbedderSignature", "check_vectors", "normalize"]

Vectors = NDArray[np.float32]
_WORD = re.compile(r"\w+|[^\w\s]", re.UNICODE)


@dataclass(frozen=True, slots=True)
class EmbedderSignature:
    """What a store records about the embedder that made its vectors."""

    name: str
    dimensions: int

    def __str__(self) -> str:
        return f"{self.name} ({self.dimensions}-d)"


def normalize(vectors: NDArray[np.floating]) -> Vectors:
    """Scale each row to unit length (zero rows stay zero)."""
    out = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(out / norms, dtype=np.float32)


def check_vectors(vectors: object, dimensions: int, *, count: int | None = None) -> Vectors:
    """Validate caller- or provider-supplied vectors: 2-d, right width, finite. Returns float32."""
    try:
        with np.errstate(over="ignore"):  # a number past float32 becomes inf: refused below
            array = np.asarray(vectors, dtype=np.float32)
    except (TypeError, ValueError) as exc:
        raise VectorError(f"vectors must be numeric arrays: {exc}") from exc
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != dimensions:
        raise VectorError(
            f"expected vectors of dimension {dimensions}, got shape {tuple(array.shape)}"
        )
    if count is not None and array.shape[0] != count:
        raise VectorError(f"expected {count} vectors, got {array.shape[0]}")
    if not np.isfinite(array).all():
        raise VectorError("vectors contain NaN, infinity or a number past float32's range")
    return array


class Embedder(ABC):
    """Turns texts into unit-length float32 vectors.

    Subclasses implement :meth:`_embed_batch` (one batch, any scale) and set the capability
    attributes. :meth:`embed` does batching, progress, normalisation and validation.
    Constructing an embedder does no work: models load on first use.
    """

    #: Registry name, ``"provider:model"``; stored with the vectors.
    name: str
    #: Width of the vectors.
    dimensions: int
    #: The model's window in its own tokens; longer texts are embedded window by window.
    max_tokens: int = 512
    #: Texts per call to the model.
    batch_size: int = 32
    #: What the model is good for, in a line (shown by ``remem stats`` and the web page).
    about: str = ""
    #: The weight hybrid search gives this model's scores against keywords when the memory's
    #: retrieval settings do not say (None: :class:`~remem.retrieval.config.RetrievalConfig`'s
    #: default, chosen with the bundled MiniLM).
    dense_weight: float | None = None

    @property
    def signature(self) -> EmbedderSignature:
        return EmbedderSignature(self.name, self.dimensions)

    @abstractmethod
    def _embed_batch(self, texts: list[str]) -> NDArray[np.floating]:
        """Embed one batch; rows need not be normalised."""

    def embed(self, texts: Sequence[str], *, progress: bool = False) -> Vectors:
        """Embed ``texts`` in batches; returns an ``(n, dimensions)`` float32 array of unit rows."""
        return self._embedded(texts, progress, self._embed_batch)

    def _embedded(
        self,
        texts: Sequence[str],
        progress: bool,
        batch_of: Callable[[list[str]], NDArray[np.floating]],
    ) -> Vectors:
        items = list(texts)
        if not items:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        # Batch texts of similar length together: far less padding for models that pad.
        order = sorted(range(len(items)), key=lambda i: len(items[i]))
        out = np.empty((len(items), self.dimensions), dtype=np.float32)
        with _progress(len(items), progress, "embedding") as bar:
            for start in range(0, len(order), self.batch_size):
                rows = order[start : start + self.batch_size]
                batch = [items[i] for i in rows]
                out[rows] = self._checked(batch_of(batch), len(batch))
                bar.update(len(batch))
        return normalize(out)

    def embed_queries(self, texts: Sequence[str], *, progress: bool = False) -> Vectors:
        """Embed search queries. Models trained with different inputs for queries and for
        the passages they find (e5's ``query:`` / ``passage:``) override
        :meth:`_embed_query_batch`; by default a query is embedded as any text."""
        return self._embedded(texts, progress, self._embed_query_batch)

    def _embed_query_batch(self, texts: list[str]) -> NDArray[np.floating]:
        """Embed one batch of queries; the same as :meth:`_embed_batch` unless overridden."""
        return self._embed_batch(texts)

    def sharing_cores(self) -> AbstractContextManager[None]:
        """While inside, this thread's embeddings share the machine's cores with other work of
        the process (a search's keyword lookup runs meanwhile): an embedder that spreads one
        call over several threads may use fewer, with the same vectors. Default: no change."""
        return nullcontext()

    def embed_one(self, text: str) -> Vectors:
        """Embed a single text; returns a 1-d vector."""
        vector: Vectors = self.embed([text])[0]
        return vector

    def token_spans(self, text: str) -> list[tuple[int, int]]:
        """Character spans of the model's tokens in ``text`` (used to chunk and count).

        The default approximates tokens by words and punctuation; embedders with a real
        tokenizer override it.
        """
        return [m.span() for m in _WORD.finditer(text)]

    def count_tokens(self, text: str) -> int:
        return len(self.token_spans(text))

    def _checked(self, raw: NDArray[np.floating], count: int) -> NDArray[np.floating]:
        array = np.asarray(raw)
        if array.shape != (count, self.dimensions) or not np.isfinite(array).all():
            raise EmbedderError(
                f"{self.name} returned an array of shape {array.shape} "
                f"(expected ({count}, {self.dimensions}), finite)"
            )
        return array

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.dimensions}-d>"


class _NullBar:
    def update(self, n: int) -> None:
        pass

    def __enter__(self) -> _NullBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _progress(total: int, enabled: bool, desc: str) -> _NullBar:
    """A tqdm bar on stderr when enabled, else a no-op with the same interface."""
    if not enabled:
        return _NullBar()
    from tqdm import tqdm

    bar: _NullBar = tqdm(total=total, desc=desc, unit="text", leave=False, mininterval=0.5)
    return bar
