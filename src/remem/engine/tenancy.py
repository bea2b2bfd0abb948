"""Tenancy: the grant on every read, and which record a caller's id names.

Every read filter is built by :func:`read_filter` (the grant and-ed in, which no filter can
widen) and :func:`unexpired`; a caller's id is resolved in the caller's own scope only
(:func:`resolve`), and a write under a name reaches only its own scope's record
(:func:`own_names`). Records come in through callables, so the rules run without a store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from remem.core.errors import ConflictError
from remem.core.filters import Cond, Filter, Logic, and_filters, scope_filter
from remem.core.limits import Limits
from remem.core.records import MemoryRecord
from remem.core.timeutil import now as now_epoch
from remem.engine.items import MAX_ID_CHARS, key_id
from remem.stores import NewRecord
from remem.trust.access import Grant

__all__ = ["names_access", "own_names", "own_scope", "place", "read_filter", "resolve", "unexpired"]

#: Records read by id (any scope unless the callable itself applies a filter).
Fetch = Callable[[list[str]], Iterable[MemoryRecord]]

_ACCESS_FIELDS = frozenset({"access_count", "last_accessed_at"})


def read_filter(
    grant: Grant,
    limits: Limits,
    user_id: str | None,
    agent_id: str | None,
    session_id: str | None,
    filters: Mapping[str, Any] | None,
    *,
    kind: str | None = None,
    namespace: Sequence[str] | None = None,
) -> Filter | None:
    """A read's filter: its scope (a user or agent outside the grant is refused), its
    namespace, its filters, and-ed with the grant's condition, which no filter can widen."""
    named = grant.check({"user_id": user_id, "agent_id": agent_id}, write=False)
    where = scope_filter(
        user_id,
        agent_id,
        session_id,
        filters,
        kind=kind,
        namespace=namespace,
        limits=limits,
    )
    return and_filters(where, grant.where(named))


def unexpired(where: Filter | None) -> Filter | None:
    """``where``, and not expired: the one place reads leave expired records out."""
    live = Logic(
        "$or", (Cond("expires_at", "$exists", False), Cond("expires_at", "$gt", now_epoch()))
    )
    return and_filters(where, live)


def names_access(node: Filter | None) -> bool:
    """Whether a filter reads access statistics (then the store must hold the pending ones)."""
    if node is None:
        return False
    if isinstance(node, Cond):
        return node.field in _ACCESS_FIELDS
    return any(names_access(part) for part in node.parts)


def own_scope(grant: Grant) -> tuple[str | None, str | None]:
    """A memory's own scope, where its caller's ids are names: the user and the agent its grant
    allows when it allows exactly one, else none."""
    users, agents = grant.allowed("user_id"), grant.allowed("agent_id")
    return (users[0] if len(users) == 1 else None, agents[0] if len(agents) == 1 else None)


def resolve(ids: Sequence[Any], grant: Grant, fetch: Fetch) -> dict[str, MemoryRecord]:
    """The records ``ids`` name for a memory under ``grant``, by id given: a record's own id,
    else the caller's id (a key) in the memory's own scope (:func:`own_scope`) at the
    namespace's root. ``fetch`` reads the records visible to the caller; ids naming none of
    them (and values that are not strings) are left out."""
    user, agent = own_scope(grant)
    given = list(dict.fromkeys(i for i in ids if isinstance(i, str)))
    names = {i: key_id(i, user, agent, None, ()) for i in given if len(i) <= MAX_ID_CHARS}
    found = {r.id: r for r in fetch([*given, *names.values()])}
    resolved: dict[str, MemoryRecord] = {}
    for value in given:
        record = found.get(value) or found.get(names.get(value, ""))
        if record is not None:
            resolved[value] = record
    return resolved


def place(record: NewRecord | MemoryRecord) -> tuple[Any, ...]:
    """Where a record is filed: the scope and namespace its name is unique in."""
    return (record.user_id, record.agent_id, record.session_id, tuple(record.namespace))


def own_names(
    records: list[NewRecord],
    given: Sequence[Mapping[str, Any]],
    named: Iterable[int],
    fetch: Fetch,
) -> None:
    """Settle which record each item named by an id or a key writes, within the item's own
    scope. An id that is remem's id of a record stored in the item's very scope and
    namespace names that record (a record read back and written again); any other id or
    key is a name there, under the id :func:`~remem.engine.items.new_record` derived from
    it. A derived id held by a record of another scope (only an import of hand-made rows
    could put one there) is refused, so no write ever replaces or moves another scope's
    record. ``fetch`` reads stored records of any scope."""
    named = list(named)
    if not named:
        return
    literal = {given[i]["id"] for i in named if isinstance(given[i].get("id"), str)}
    held = {r.id: r for r in fetch([*literal, *(records[i].id for i in named)])}
    for i in named:
        rec = records[i]
        own = held.get(str(given[i].get("id")))
        if own is not None and place(own) == place(rec):
            rec.id, rec.key = own.id, own.key
            continue
        other = held.get(rec.id)
        if other is not None and place(other) != place(rec):
            raise ConflictError(
                f"item {i}: remem's id for the name {rec.key!r} is held by a record of "
                "another scope (stored by an import of rows with chosen ids): use another name"
            )
