"""Rerankers and their registry, keyed by ``"provider:model"`` names.

    from remem.rerankers import register_reranker
    register_reranker("mine", lambda model: MyReranker(model))
    mem.search(query, reranker="mine:v1")

Built in: ``cross-encoder:<name or path>`` (sentence-transformers CrossEncoder, local only).
An LLM reranker joins when the LLM layer lands.
"""

from __future__ import annotations

from collections.abc import Callable

from remem.errors import InvalidInputError
from remem.rerankers.base import Reranker

__all__ = ["Reranker", "available_rerankers", "get_reranker", "register_reranker"]

Factory = Callable[[str], Reranker]
_PROVIDERS: dict[str, Factory] = {}


def register_reranker(provider: str, factory: Factory) -> None:
    """Register ``factory(model) -> Reranker`` under ``provider``."""
    _PROVIDERS[provider] = factory


def available_rerankers() -> list[str]:
    return sorted(_PROVIDERS)


def get_reranker(spec: str | Reranker) -> Reranker:
    """A reranker from a ``"provider:model"`` name (or pass an instance through)."""
    if isinstance(spec, Reranker):
        return spec
    provider, _, model = spec.partition(":")
    factory = _PROVIDERS.get(provider)
    if factory is None or not model:
        raise InvalidInputError(
            f"unknown reranker {spec!r}: use one of "
            + ", ".join(f"{p}:<model>" for p in available_rerankers())
        )
    return factory(model)


def _cross_encoder(model: str) -> Reranker:
    from remem.rerankers.cross_encoder import CrossEncoderReranker

    return CrossEncoderReranker(model)


register_reranker("cross-encoder", _cross_encoder)
