"""Providers keyed by name, built from ``"provider:model"`` specs: the one mechanism behind the
embedder and reranker registries (and any later kind of pluggable part)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from remem.errors import InvalidInputError

__all__ = ["Registry"]

T = TypeVar("T")


class Registry(Generic[T]):
    """``factory(model) -> T`` per provider name. ``kind`` names the part in error messages;
    ``model_required`` refuses a spec without a model (``"provider:"``)."""

    def __init__(self, kind: str, base: type[Any], *, model_required: bool = False) -> None:
        self.kind = kind
        self.base = base
        self.model_required = model_required
        self._factories: dict[str, Callable[[str], T]] = {}

    def register(self, provider: str, factory: Callable[[str], T]) -> None:
        self._factories[provider] = factory

    def available(self) -> list[str]:
        return sorted(self._factories)

    def get(self, spec: str | T) -> T:
        """The part named by ``spec``, or ``spec`` itself when it already is one."""
        if isinstance(spec, self.base):
            return cast(T, spec)  # base is the (possibly abstract) class T stands for
        provider, _, model = str(spec).partition(":")
        factory = self._factories.get(provider)
        if factory is None or (self.model_required and not model):
            raise InvalidInputError(
                f"unknown {self.kind} {spec!r}: use one of "
                + ", ".join(f"{p}:<model>" for p in self.available())
            )
        return factory(model)
