"""Providers keyed by name, built from ``"provider:model"`` specs: the one mechanism behind every
pluggable part — embedders, rerankers, language models, and the stores' URL schemes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from remem.core.errors import InvalidInputError

__all__ = ["Registry"]

T = TypeVar("T")


class Registry(Generic[T]):
    """``factory(model, **options) -> T`` per provider name. ``kind`` names the part in error
    messages; ``base`` (when given) is the part's class, an instance of which :meth:`get`
    passes through; ``model_required`` refuses a spec without a model (``"provider:"``)."""

    def __init__(
        self, kind: str, base: type[Any] | None = None, *, model_required: bool = False
    ) -> None:
        self.kind = kind
        self.base = base
        self.model_required = model_required
        self._factories: dict[str, Callable[..., T]] = {}
        self._shown: dict[str, str] = {}

    def register(self, provider: str, factory: Callable[..., T], *, shown: str = "<model>") -> None:
        """Build ``provider:...`` specs with ``factory``; ``shown`` is how the part after the
        colon is written in messages (``<model>``, ``<file>``, ``//...``)."""
        self._factories[provider] = factory
        self._shown[provider] = shown

    def available(self) -> list[str]:
        return sorted(self._factories)

    def factory(self, provider: str) -> Callable[..., T] | None:
        """The factory registered for ``provider``, or None."""
        return self._factories.get(provider)

    def usage(self) -> str:
        """The specs this registry builds, as messages show them."""
        return ", ".join(f"{p}:{self._shown[p]}" for p in self.available())

    def get(self, spec: str | T, **options: Any) -> T:
        """The part named by ``spec`` (``options`` go to its factory), or ``spec`` itself when
        it already is one."""
        if self.base is not None and isinstance(spec, self.base):
            return cast(T, spec)  # base is the (possibly abstract) class T stands for
        provider, _, model = str(spec).partition(":")
        factory = self._factories.get(provider)
        if factory is None or (self.model_required and not model):
            raise InvalidInputError(f"unknown {self.kind} {spec!r}: use one of {self.usage()}")
        return factory(model, **options)
