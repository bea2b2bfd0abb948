"""The audit log's rules: who is acting, what an event holds, how events are chained, and how
a chain is verified. The stores write the events, in the transaction of the change they
record (:mod:`remem.stores.sqlite.tables`, :mod:`remem.stores.postgres.tables`).

An event is (chain, n, at, actor, action, ids, hashes, detail), with ``prev`` the hash of the
chain's event before and ``hash`` its own: SHA-256 over ``prev`` and the event's canonical JSON.
There is one chain per tenant — the user a record belongs to, pseudonymised — so writers of
different tenants never wait on one another's chain (on PostgreSQL they lock only their own
chain's head row), and each chain's last event is kept in a head row, so a removed tail shows.

Nothing in an event is content: record ids and content hashes are kept as keyed hashes
(HMAC-SHA-256 with the store's own random key, truncated), the subject of a ``forget`` likewise,
so erasing a subject leaves no text of it — and not even its ids — in the log, while the log
still answers "what happened to this record" for whoever holds the id (:func:`pseudonym`).
"""

from __future__ import annotations

import contextvars
import hashlib
import hmac
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = [
    "ACTIONS",
    "GENESIS",
    "KEYS_CHAIN",
    "STORE_CHAIN",
    "AuditEvent",
    "AuditVerdict",
    "Touched",
    "acting",
    "action",
    "actor",
    "chain_of",
    "event_hash",
    "grouped",
    "pseudonym",
    "pseudonyms",
    "verify_chains",
]

#: What an event may record.
ACTIONS = (
    "add",
    "replace",
    "update",
    "supersede",
    "delete",
    "trash",
    "undelete",
    "expire",
    "forget",
    "reembed",
    "restore",
    "import",
    "key_created",
    "key_revoked",
    "key_deleted",
)
#: The chain of changes to the whole store (a re-embed), and of API keys.
STORE_CHAIN = "store"
KEYS_CHAIN = "keys"
#: The ``prev`` of a chain's first event.
GENESIS = "0" * 64
#: Hex digits kept of a pseudonym (an id, a content hash, a chain).
PSEUDONYM_HEX = 24

_ACTOR: contextvars.ContextVar[str] = contextvars.ContextVar("remem_actor", default="python")
_ACTION: contextvars.ContextVar[str | None] = contextvars.ContextVar("remem_action", default=None)


def actor() -> str:
    """Who the current change is made by: ``python`` (the library), ``cli``, ``rest:<key id>``,
    ``mcp:<key id>``, ``tools`` ...; set by the face with :func:`acting`."""
    return _ACTOR.get()


def action(default: str) -> str:
    """The action a store records for a write: the one :func:`acting` named (an import), else
    ``default`` (what the store itself saw: add, update, delete)."""
    return _ACTION.get() or default


@contextmanager
def acting(who: str | None = None, *, doing: str | None = None) -> Iterator[None]:
    """Inside the block, changes are recorded as made by ``who`` (and, with ``doing``, as that
    action: ``import``, ``reembed``)."""
    who_token = _ACTOR.set(who) if who is not None else None
    doing_token = _ACTION.set(doing) if doing is not None else None
    try:
        yield
    finally:
        if doing_token is not None:
            _ACTION.reset(doing_token)
        if who_token is not None:
            _ACTOR.reset(who_token)


def pseudonym(key: bytes, value: str) -> str:
    """``value`` (an id, a user, a content hash) as the log keeps it: a keyed hash."""
    return pseudonyms(key)(value)


def pseudonyms(key: bytes) -> Callable[[str], str]:
    """:func:`pseudonym` under ``key``, keyed once for many values."""
    keyed = hmac.new(key, digestmod=hashlib.sha256)

    def named(value: str) -> str:
        made = keyed.copy()
        made.update(value.encode("utf-8"))
        return made.hexdigest()[:PSEUDONYM_HEX]

    return named


def chain_of(key: bytes, user_id: str | None, agent_id: str | None = None) -> str:
    """The chain a record's events go to: its tenant's, pseudonymised — its user's, else its
    agent's — or ``-`` for records of neither."""
    if user_id is not None:
        return pseudonym(key, f"user:{user_id}")
    return "-" if agent_id is None else pseudonym(key, f"agent:{agent_id}")


@dataclass(slots=True)
class AuditEvent:
    """One change, as the log holds it (see the module's docstring)."""

    chain: str
    n: int
    at: float
    actor: str
    action: str
    ids: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    prev: str = GENESIS
    hash: str = ""
    #: Its place in the whole log (not hashed: a row number, for paging).
    seq: int = 0

    def canonical(self) -> str:
        fields = asdict(self)
        fields.pop("hash")
        fields.pop("seq")
        return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def event_hash(event: AuditEvent) -> str:
    return hashlib.sha256(event.canonical().encode("ascii")).hexdigest()


@dataclass(slots=True)
class AuditVerdict:
    """What :func:`verify_chains` found: ``ok``, how many chains and events it checked, and
    the first bad event with why (None when ``ok``)."""

    ok: bool
    chains: int
    events: int
    first_bad: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def verify_chains(
    events: Iterable[AuditEvent], heads: Mapping[str, tuple[int, str]]
) -> AuditVerdict:
    """Check every chain: events numbered 1, 2, 3 ... with no gap, each one's ``prev`` the
    hash of the one before, each hash right, and the chain's head (its last event's number and
    hash) matching. ``events`` come in ``(chain, n)`` order. Names the first bad event: one
    changed (its hash is wrong), removed (a gap, or a head past the last), inserted or
    reordered (its ``prev`` is not the hash before it, or its number is out of turn)."""
    chains: dict[str, tuple[int, str]] = {}
    count = 0
    for event in events:
        count += 1
        n, prev = chains.get(event.chain, (0, GENESIS))
        problem = None
        if event.n != n + 1:
            problem = f"event {n + 1} of this chain is missing, or events were reordered"
        elif event.prev != prev:
            problem = "it does not follow the event before it (one was inserted or removed)"
        elif event_hash(event) != event.hash:
            problem = "its content does not match its hash (it was changed)"
        if problem:
            return AuditVerdict(False, len(chains), count, _bad(event, problem))
        chains[event.chain] = (event.n, event.hash)
    for chain, (n, digest) in heads.items():
        if chains.get(chain, (0, GENESIS)) != (n, digest):
            last = chains.get(chain, (0, GENESIS))[0]
            problem = (
                f"the chain's head names event {n}, but its events end at {last} "
                "(events were removed from its end)"
                if n > last
                else "the chain's head does not match its last event"
            )
            return AuditVerdict(
                False, len(chains), count, {"chain": chain, "n": last + 1, "problem": problem}
            )
    missing = sorted(set(chains) - set(heads))
    if missing:
        return AuditVerdict(
            False,
            len(chains),
            count,
            {"chain": missing[0], "n": 1, "problem": "the chain has no head (it was inserted)"},
        )
    return AuditVerdict(True, len(chains), count)


def _bad(event: AuditEvent, problem: str) -> dict[str, Any]:
    return {"chain": event.chain, "n": event.n, "action": event.action, "problem": problem}


#: A record as the log sees it: (id, user, agent, content hash).
Touched = tuple[str, str | None, str | None, str | None]


def grouped(key: bytes, rows: Sequence[Touched]) -> dict[str, tuple[list[str], list[str]]]:
    """Records grouped by chain, as pseudonyms: one event per chain."""
    named = pseudonyms(key)
    found: dict[str, tuple[list[str], list[str]]] = {}
    chains: dict[tuple[str | None, str | None], tuple[list[str], list[str]]] = {}
    for rid, user, agent, digest in rows:
        kept = chains.get((user, agent))
        if kept is None:
            kept = chains[(user, agent)] = found.setdefault(chain_of(key, user, agent), ([], []))
        kept[0].append(named(rid))
        if digest:
            kept[1].append(named(digest))
    return found
