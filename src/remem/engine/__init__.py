"""The engine: one store, one embedder and one retriever, behind every face.

:class:`Engine` holds the core operations (add, update, delete, get, list, search, context,
import of records, re-embedding) and enforces the caller's grant on each of them, in three
floors: :class:`~remem.engine.core.EngineCore` (state, grant, views, the queries every operation
builds), :class:`~remem.engine.reading.Reading` and :class:`~remem.engine.writing.Writing`. Its
methods are short orchestrations over the rooms beside it, each a module that runs without a store
unless it says so: :mod:`~remem.engine.items` (an item into a checked record),
:mod:`~remem.engine.tenancy` (every read filter, and which record a caller's id names),
:mod:`~remem.engine.checks` (what one call may ask), :mod:`~remem.engine.vectors` (texts into
vectors), :mod:`~remem.engine.inserts` (the insert pipeline), :mod:`~remem.engine.imports`
(exported rows into records), :mod:`~remem.engine.reembed`, and
:mod:`~remem.engine.state` (what a memory and its scoped views share). Memory types
(:mod:`remem.memory_types`) see the engine through :class:`~remem.engine.protocol.EngineAPI`;
import/export (:mod:`remem.transfer`) and the faces use only its public names.
:class:`remem.Memory` (:mod:`remem.memory`) is the front door over it.
"""

from __future__ import annotations

from remem.core.limits import DEFAULT_LIMITS
from remem.engine.checks import SEARCH_MODES
from remem.engine.items import MAX_ID_CHARS, MAX_ROWS
from remem.engine.writing import Writing

__all__ = ["MAX_ID_CHARS", "MAX_K", "MAX_ROWS", "SEARCH_MODES", "Engine"]

#: The default of ``Limits.max_k``: most hits one search returns.
MAX_K = DEFAULT_LIMITS.max_k


class Engine(Writing):
    """The engine over one store: writes, reads and search, inside a grant. The memory types
    and transfer build on this API; :class:`~remem.memory.Memory` is the front door over it.

    A memory acts within its ``grant`` (admin, every record, unless made by :meth:`scoped`):
    every read and write of every method and memory type goes through it here. What a memory
    and its views share (store, embedder, retriever, pending accesses, lock, settings) is one
    :class:`~remem.engine.state.EngineState`: a view is that state plus a grant.
    """
