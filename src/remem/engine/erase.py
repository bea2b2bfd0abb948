"""Forgetting a subject: every trace of a user, agent, session or namespace, and a receipt.

:func:`plan` decides what the subject is, inside the caller's grant: its records (expired ones
too), the records derived from them — a reflection that cites one, a fact that came from one,
a summary over one, a fact version beside one, a chunk under one, and so on to what was
derived from those — the (user, agent, session) scopes whose semantic-cache entries and
statistics go, and the API keys granted to that one user or agent. :func:`needles` lists what
must not be found afterwards: ids, texts, metadata values and vectors. The store then erases,
scrubs and looks (:class:`~remem.stores.erasure.Erasure`). A subject outside the grant is
planned exactly as one with nothing stored.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from remem.core.errors import InvalidInputError, PermissionDeniedError
from remem.core.filters import Cond, Logic, and_filters
from remem.core.limits import Limits
from remem.core.records import ErasureReceipt, MemoryRecord
from remem.engine.tenancy import read_filter
from remem.stores import RecordStore
from remem.stores.erasure import ErasePlan, Erasure, Needles, Traces
from remem.stores.tables import offered
from remem.stores.trash import TrashEntry
from remem.trust.access import Grant
from remem.trust.provenance import LINK_FIELDS

__all__ = ["Subject", "forget", "needles", "plan", "trashed_of"]

#: Records read and vectors gathered per batch.
_BATCH = 1000


@dataclass(frozen=True, slots=True)
class Subject:
    """Whom to forget: any of a user, an agent, a session, a namespace (and those below it);
    all given must match."""

    user_id: str | None = None
    agent_id: str | None = None
    session_id: str | None = None
    namespace: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        for name in ("user_id", "agent_id", "session_id"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise InvalidInputError(f"{name} is a non-empty string, got {value!r}")
        if all(getattr(self, f) is None for f in ("user_id", "agent_id", "session_id")) and (
            not self.namespace
        ):
            raise InvalidInputError(
                "forget needs a subject: a user_id, agent_id, session_id or namespace "
                "(to empty the whole store, delete its directory or database)"
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "user_id": self.user_id,
            "agent_id": self.agent_id,
            "session_id": self.session_id,
            "namespace": list(self.namespace) if self.namespace is not None else None,
        }


def plan(
    store: RecordStore, grant: Grant, limits: Limits, subject: Subject
) -> tuple[ErasePlan, list[MemoryRecord]]:
    """What erasing ``subject`` removes, within ``grant``, and the records among it."""
    try:
        where = read_filter(
            grant,
            limits,
            subject.user_id,
            subject.agent_id,
            subject.session_id,
            None,
            namespace=subject.namespace,
        )
    except PermissionDeniedError:  # another tenant's subject: as if nothing were stored
        return ErasePlan(ids=(), scopes=()), []
    records = {r.id: r for r in store.records(where)}
    trashed = trashed_of(store, grant, subject)
    held = {r.id: r for entry in trashed for r, _ in entry.records()}
    records.update({r.id: r for r in _derived(store, grant, {**held, **records})})
    return (
        ErasePlan(
            ids=tuple(records),
            scopes=_scopes(grant, subject),
            key_user=subject.user_id if _only(subject, "user_id") else None,
            key_agent=subject.agent_id if _only(subject, "agent_id") else None,
            trash=tuple(entry.id for entry in trashed),
        ),
        [*records.values(), *held.values()],
    )


def trashed_of(store: RecordStore, grant: Grant, subject: Subject) -> list[TrashEntry]:
    """The subject's memories in the trash (:mod:`remem.stores.trash`), within ``grant``."""
    bin_ = store.trash
    if bin_ is None:
        return []
    users = [subject.user_id] if subject.user_id else list(grant.allowed("user_id"))
    agents = [subject.agent_id] if subject.agent_id else list(grant.allowed("agent_id"))
    found: list[TrashEntry] = []
    while True:
        page = bin_.entries(users=users, agents=agents, limit=_BATCH, offset=len(found))
        found += page
        if len(page) < _BATCH:
            return [e for e in found if grant.allows(e) and _in_subject(e, subject)]


def _derived(
    store: RecordStore, grant: Grant, erased: Mapping[str, MemoryRecord]
) -> list[MemoryRecord]:
    """The records, within ``grant``, that name an erased record (in the store or its trash)
    in a link field or as their parent, and the records that name those, and so on."""
    linked = Logic(
        "$or",
        (
            Cond("parent_id", "$exists", True),
            *(Cond(f"metadata.{name}", "$exists", True) for name in LINK_FIELDS),
        ),
    )
    candidates = [
        r for r in store.records(and_filters(linked, grant.where())) if r.id not in erased
    ]
    gone = set(erased)
    found: list[MemoryRecord] = []
    while True:
        more = [r for r in candidates if r.id not in gone and gone & _links(r)]
        if not more:
            return found
        found.extend(more)
        gone.update(r.id for r in more)


def _links(record: MemoryRecord) -> set[str]:
    named: set[str] = {record.parent_id} if record.parent_id else set()
    named.update(record.provenance.derived_from)
    for name in LINK_FIELDS:
        value = record.metadata.get(name)
        values = value if isinstance(value, list) else [value]
        named.update(v for v in values if isinstance(v, str))
    return named


def _only(subject: Subject, name: str) -> bool:
    """Whether the subject is exactly one ``name`` (a whole user, or a whole agent)."""
    fields = ("user_id", "agent_id", "session_id")
    return (
        getattr(subject, name) is not None
        and not subject.namespace
        and all(getattr(subject, other) is None for other in fields if other != name)
    )


def _scopes(
    grant: Grant, subject: Subject
) -> tuple[tuple[str | None, str | None, str | None], ...]:
    """The (user, agent, session) patterns whose cache entries and statistics go: the
    subject's, inside the grant. The cache holds no namespaces: a subject of a namespace
    alone has no cache scope; one with a user, agent or session takes every entry there."""
    if subject.user_id is None and subject.agent_id is None and subject.session_id is None:
        return ()
    users: list[str | None] = [subject.user_id] if subject.user_id else []
    agents: list[str | None] = [subject.agent_id] if subject.agent_id else []
    users = users or list(grant.allowed("user_id")) or [None]
    agents = agents or list(grant.allowed("agent_id")) or [None]
    return tuple((u, a, subject.session_id) for u, a in itertools.product(users, agents))


def needles(
    store: RecordStore, erase_plan: ErasePlan, records: Sequence[MemoryRecord], subject: Subject
) -> Needles:
    """What must not be found once ``erase_plan`` is carried out: the records' ids, texts
    (callers' ids among them: another scope may use the same name), metadata values and
    vectors (head and parts); the cache entries' questions, answers and vectors; the scopes."""
    found = Needles(scopes=list(erase_plan.scopes), whole_scopes=not subject.namespace)
    for start in range(0, len(records), _BATCH):
        batch = list(records[start : start + _BATCH])
        for record in batch:
            found.ids.append(record.id)
            found.texts.extend([record.text, *([record.key] if record.key else [])])
            found.texts.extend(_strings(record.metadata))
        for held in store.vectors([r.id for r in batch], parts=True).values():
            found.vectors.extend(np.atleast_2d(held))
    if store.trash is not None and erase_plan.trash:
        kept = store.trash.entries(ids=erase_plan.trash, limit=len(erase_plan.trash))
        for trashed in kept:
            for _, rows in trashed.records():
                found.vectors.extend(np.atleast_2d(rows) if rows is not None else [])
    cache = store.cache
    if cache is not None and erase_plan.scopes:
        for name in cache.names():
            entries = {
                row
                for scope in erase_plan.scopes
                for row in cache.matching(name, scope, expired_at=None)
            }
            for entry in cache.entries(sorted(entries)).values():
                found.texts.extend([entry["query"], entry["value"]])
            found.vectors.extend(v for row, _, v in cache.rows(name) if row in entries)
    return found


def _strings(value: Any) -> Iterator[str]:
    """Every string value inside a metadata value (not the keys: field names are shared)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for inner in value.values():
            yield from _strings(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _strings(inner)


def forget(
    store: RecordStore,
    grant: Grant,
    limits: Limits,
    subject: Subject,
    *,
    verify: bool,
    before_erase: Callable[[], None] = lambda: None,
) -> ErasureReceipt:
    """Erase ``subject`` from ``store`` within ``grant``: plan, gather what must not be found,
    erase in one transaction, scrub, and scan (``verify``). ``before_erase`` runs just before
    the erase (the engine writes its pending access statistics there)."""
    started = time.perf_counter()
    eraser = offered(store, Erasure, "forgetting a subject")  # type: ignore[type-abstract]
    erase_plan, records = plan(store, grant, limits, subject)
    looked_for = needles(store, erase_plan, records, subject) if verify else None
    before_erase()
    counts = eraser.erase(erase_plan)
    counts["derived"] = sum(1 for r in records if not _in_subject(r, subject))
    scrubbed = eraser.scrub()
    traces = eraser.traces(looked_for) if looked_for is not None else Traces()
    return ErasureReceipt(
        subject=subject.to_dict(),
        erased=counts,
        scrubbed=scrubbed,
        verified=None if looked_for is None else not traces.found,
        traces=traces.found,
        looked_for={
            "ids": len(looked_for.ids) if looked_for else 0,
            "texts": len(looked_for.texts) if looked_for else 0,
            "vectors": len(looked_for.vectors) if looked_for else 0,
            "patterns": traces.patterns,
            "shared": traces.shared,
        },
        seconds=round(time.perf_counter() - started, 3),
    )


def _in_subject(record: MemoryRecord | TrashEntry, subject: Subject) -> bool:
    return all(
        getattr(subject, name) is None or getattr(record, name) == getattr(subject, name)
        for name in ("user_id", "agent_id", "session_id")
    ) and (
        not subject.namespace
        or tuple(record.namespace[: len(subject.namespace)]) == subject.namespace
    )
