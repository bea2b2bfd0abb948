"""What one call may ask of the engine: every size and shape limit, in one place.

A :class:`Limits` is held by each :class:`~remem.Memory` (``memory.limits``), set with
``remem.open(..., limits=Limits(...))`` or the ``REMEM_MAX_*`` environment variables (any field,
upper-cased: ``REMEM_MAX_TEXT_CHARS=200000``), and checked by the engine on the way in, before
any embedding — so the Python API, the REST API, MCP and the CLI refuse the same things, at once:

- text over its limit (a memory, a document, a query, a cache question) is
  :class:`~remem.core.errors.PayloadTooLargeError` (HTTP 413);
- a structure over its limit (a filter too deep or too large, metadata or a cached value too
  deep or too large, a batch too long) is :class:`~remem.core.errors.InvalidInputError` (400), or
  its subclass :class:`~remem.core.errors.FilterError` for filters.

The defaults keep every request bounded (see docs/server.md, "Limits", for what each costs at
its limit with the bundled model). Each limit also has a ceiling: where SQLite or the JSON
serialiser itself would fail, so a limit above it is refused when the ``Limits`` is made.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from remem.core.errors import InvalidInputError
from remem.core.numbers import whole

__all__ = ["CEILINGS", "DEFAULT_LIMITS", "Limits"]

#: The largest value each limit may be set to, and why.
CEILINGS: dict[str, int] = {
    "max_k": 100_000,
    # SQLite refuses expressions deeper than 1000; each level of a filter adds a few.
    "max_filter_depth": 100,
    "max_filter_conditions": 500,
    # SQLite binds at most 32,766 variables in one statement.
    "max_filter_values": 20_000,
    # Python's JSON and pydantic's serialiser recurse per level (pydantic stops near 255).
    "max_json_depth": 200,
}


@dataclass(frozen=True, slots=True)
class Limits:
    """Size and shape limits on what callers send. Every field is a positive integer."""

    #: Characters of one memory's text (``add``, ``add_many`` items, ``update``, chat messages).
    #: At this size the bundled model embeds the text's windows in 3.5 s on 2 idle cores
    #: (8.8 s measured with the machine busy).
    max_text_chars: int = 100_000
    #: Characters of one document (``add_document``); its chunks and their windows are embedded,
    #: about 15 s at this size with the bundled model on 2 idle cores (39 s measured busy).
    max_document_chars: int = 200_000
    #: Characters of one memory stored without a vector (``embed=False``: a value kept to be
    #: read back, as the key-value integrations keep theirs), which is never embedded nor
    #: keyword-indexed: its cost is the bytes stored.
    max_value_chars: int = 16 * 1024 * 1024
    #: Characters of a search query, a context query, or a cache question.
    max_query_chars: int = 10_000
    #: Distinct words (stopwords aside) a keyword search looks up; later words are dropped.
    max_query_terms: int = 64
    #: Hits one search may return.
    max_k: int = 1000
    #: Items in one ``add_many`` call (imports are bounded by their body size instead).
    max_batch: int = 10_000
    #: Nesting of ``$and`` / ``$or`` / ``$not`` in a filter.
    max_filter_depth: int = 32
    #: Conditions (field + operator) in a filter.
    max_filter_conditions: int = 256
    #: Values in all the ``$in`` / ``$nin`` lists of a filter, together.
    max_filter_values: int = 1000
    #: Bytes of a record's metadata, encoded as JSON (UTF-8).
    max_metadata_bytes: int = 64 * 1024
    #: Nesting of lists and objects in metadata and in cached values.
    max_json_depth: int = 32
    #: Bytes of one cached value, encoded as JSON (UTF-8).
    max_cache_value_bytes: int = 1024 * 1024
    #: Labels of a namespace (``("projects", "atlas")`` has 2).
    max_namespace_depth: int = 32
    #: Subjects one tenant (an API key bound to users or agents, or a scoped view) may ask
    #: ``forget`` to erase in an hour, counted in this process, whatever each erases: every
    #: erasure scans the whole store for what it erased, and a tenant must not make the
    #: others wait on that at will. An admin's are not counted.
    max_tenant_forgets_per_hour: int = 10

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            whole(value, f"limit {field.name}", low=1)
            ceiling = CEILINGS.get(field.name)
            if ceiling is not None and value > ceiling:
                raise InvalidInputError(
                    f"limit {field.name} may be at most {ceiling:,} (beyond it the store or "
                    f"the JSON serialiser fails), got {value:,}"
                )

    @classmethod
    def of(cls, source: Any) -> Limits:
        """The limits named by ``source``'s attributes of the same names, defaults for any it
        lacks (``Settings`` holds a whole ``Limits`` instead: ``settings.limits``)."""
        return cls(
            **{f.name: getattr(source, f.name) for f in fields(cls) if hasattr(source, f.name)}
        )


DEFAULT_LIMITS = Limits()
