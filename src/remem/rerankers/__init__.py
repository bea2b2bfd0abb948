"""Rerankers and their registry, keyed by ``"provider:model"`` names.

    from remem.rerankers import register_reranker
    register_reranker("mine", lambda model: MyReranker(model))
    mem.search(query, reranker="mine:v1")

Built in: ``cross-encoder:<name or path>`` (sentence-transformers CrossEncoder, local only).
An LLM reranker joins when the LLM layer lands.
"""

from __future__ import annotations

from collections.abc import Callable

from remem.core.registry import Registry
from remem.rerankers.base import Reranker

__all__ = ["Reranker", "available_rerankers", "get_reranker", "register_reranker"]

Factory = Callable[[str], Reranker]
_REGISTRY: Registry[Reranker] = Registry("reranker", Reranker, model_required=True)


def register_reranker(provider: str, factory: Factory) -> None:
    """Register ``factory(model) -> Reranker`` under ``provider``."""
    _REGISTRY.register(provider, factory)


def available_rerankers() -> list[str]:
    return _REGISTRY.available()


def get_reranker(spec: str | Reranker) -> Reranker:
    """A reranker from a ``"provider:model"`` name (or pass an instance through)."""
    return _REGISTRY.get(spec)


def _cross_encoder(model: str) -> Reranker:
    from remem.rerankers.cross_encoder import CrossEncoderReranker

    return CrossEncoderReranker(model)


register_reranker("cross-encoder", _cross_encoder)
