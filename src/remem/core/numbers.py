"""Whole numbers that callers pass in (a limit, a budget, a count), checked one way everywhere.

At the lowest layer, so the limits, the stores, the engine, the memory types and the
integrations all check an integer in range with :func:`whole`, and say the same thing when it
is not one.
"""

from __future__ import annotations

from typing import Any

from remem.core.errors import InvalidInputError

__all__ = ["whole"]


def whole(
    value: Any,
    name: str,
    *,
    low: int | None = None,
    high: int | None = None,
    error: type[Exception] = InvalidInputError,
) -> int:
    """``value`` when it is an integer (``True`` and ``False`` are not) from ``low`` to
    ``high`` (each None: no bound); else ``error`` naming ``name`` and the range."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise error(f"{name} must be {span(low, high)}, got {value!r}")
    return value


def span(low: int | None, high: int | None) -> str:
    """How :func:`whole` says its range: "an integer from 1 to 50", "a positive integer", …"""
    if low is not None and high is not None:
        return f"an integer from {low} to {high}"
    if low == 1:
        return "a positive integer"
    if low == 0:
        return "a non-negative integer"
    if low is not None:
        return f"an integer of at least {low}"
    if high is not None:
        return f"an integer of at most {high}"
    return "an integer"
