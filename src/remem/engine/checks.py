"""Checks of what one call asks: batch sizes, pages, orders, a search's mode, ``k`` and query.

Each raises :class:`~remem.core.errors.InvalidInputError` (or a subclass) before any work is spent;
none reads the store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from remem.core.errors import InvalidInputError
from remem.core.limits import Limits
from remem.core.numbers import whole
from remem.core.validate import bounded, number_within
from remem.engine.items import MAX_ROWS
from remem.retrieval.packing import MARKED_POLICIES
from remem.stores.base import LIST_ORDERS
from remem.trust import check_policy

__all__ = [
    "SEARCH_MODES",
    "batch",
    "context",
    "every_page",
    "listing",
    "namespaces",
    "page",
    "search",
]

T = TypeVar("T")

SEARCH_MODES = ("hybrid", "dense", "keyword")


def batch(count: int, limits: Limits) -> None:
    """At most ``limits.max_batch`` items in one ``add_many``."""
    if count > limits.max_batch:
        raise InvalidInputError(
            f"{count:,} items in one add_many, over the limit of "
            f"{limits.max_batch:,}: add them in batches"
        )


def listing(limit: Any, offset: Any, order: str) -> None:
    """A listing's page (``limit`` and ``offset`` from 0 to :data:`MAX_ROWS`) and order."""
    for name, value in (("limit", limit), ("offset", offset)):
        whole(value, name, low=0, high=MAX_ROWS)
    if order not in LIST_ORDERS:
        raise InvalidInputError(f"unknown order {order!r}: use one of {LIST_ORDERS}")


def page(size: Any) -> None:
    """The page size of ``list_all``: a positive integer."""
    whole(size, "page", low=1)


def every_page(read: Callable[[int, int], list[T]], size: int) -> list[T]:
    """The whole of a listing ``read(limit, offset)`` gives, ``size`` (checked by
    :func:`page`) at a time: ``list_all`` of the engine and of the REST client."""
    page(size)
    found: list[T] = []
    while True:
        more = read(size, len(found))
        found += more
        if len(more) < size:
            return found


def namespaces(limit: Any, limits: Limits) -> None:
    """How many namespaces one call lists: 1 to ``limits.max_k``."""
    top = limits.max_k
    whole(limit, "limit", low=1, high=top)


def search(*, mode: Any, k: Any, query: Any, min_score: Any, limits: Limits) -> None:
    """A search's ``min_score`` (0 to 1), ``mode``, ``k`` (1 to ``limits.max_k``) and query
    (a string of at most ``limits.max_query_chars``), in that order."""
    if min_score is not None:
        number_within("min_score", min_score, 0.0, 1.0)
    if mode not in SEARCH_MODES:
        raise InvalidInputError(f"unknown search mode {mode!r}: use one of {SEARCH_MODES}")
    top = limits.max_k
    whole(k, "k", low=1, high=top)
    if query is not None:
        if not isinstance(query, str):
            raise InvalidInputError(f"query must be a string, got {type(query).__name__}")
        bounded(query, limits.max_query_chars, "query")


def context(
    budget_tokens: Any, order: Any, marked: Any = "fence", untrusted: Any = "fence"
) -> None:
    """A context's token budget (an integer), order (``time`` or ``score``), policy for
    marked memories (``fence`` or ``withhold``) and for untrusted ones
    (:data:`remem.trust.UNTRUSTED_POLICIES`)."""
    whole(budget_tokens, "budget_tokens")
    if order not in ("time", "score"):
        raise InvalidInputError(f"order must be 'time' or 'score', got {order!r}")
    if marked not in MARKED_POLICIES:
        raise InvalidInputError(f"marked must be 'fence' or 'withhold', got {marked!r}")
    check_policy(untrusted)
