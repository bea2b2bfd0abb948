"""Two tenants, one scenario, every face (issue 31).

Ann and Bob share one store and use the same caller ids, keys, texts and namespaces. :func:`run`
drives both through one face (the engine, the Python API, REST, MCP, the function-calling tools,
each framework adapter) by a :class:`Driver` per tenant, and then lets Ann write, upsert,
delete, probe, write Bob's names, pop and clear. After every step it checks that:

- **Bob is untouched**: his reads, listings, namespaces and searches through the face are
  exactly what they were (search ids, order and scores compared exactly, not approximately);
  so are his records in the store (every field but the access statistics his own reads move,
  his vectors, his semantic-cache entries) and his searches in the engine itself, hybrid and
  keyword, with every per-signal score (dense, BM25, fused, ranks, relevance) — whatever Ann
  wrote (non-interference; ``tests/test_noninterference.py`` runs every mode and stage);
- **Ann sees only her own**: her reads and listings are exactly what she wrote (the same texts
  as Bob's, so one of his would show as one too many), her namespaces are hers, and every hit of
  her searches is one of her records;
- **Bob's ids are unknown ones to Ann**: reading, updating and deleting with Bob's record ids,
  and with names only Bob holds, answers exactly as an id nobody ever used (the answer compared
  with the id masked), and leaves both tenants as they were.

A new face adds a driver only: a subclass of :class:`Driver` that names in ``can`` the
operations the face has and implements those. This module imports nothing but remem's core, so
the CrewAI environment (``tests-crewai``) runs the same scenario.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

import remem
from remem.core.records import MemoryRecord, SearchMode

ANN, BOB = "ann", "bob"
USERS = (ANN, BOB)
Namespace = tuple[str, ...]
#: A record as the scenario names it: (name, namespace).
Key = tuple[str, Namespace]
ATLAS: Namespace = ("projects", "atlas")
NAMESPACES: tuple[Namespace, ...] = ((), ATLAS)
#: What both tenants write: the same names, namespaces and texts.
SHARED: list[tuple[str, Namespace, str]] = [
    ("n1", (), "harbour market and the morning coffee"),
    ("n2", (), "a violin concert at sunset by the river"),
    ("n3", ATLAS, "atlas plan: the ferry to the harbour at noon"),
    ("n4", ATLAS, "atlas budget: bakery, pastry and the tram"),
]
#: A name and text only Bob holds (until Ann takes the same name for her own record).
BOBS_OWN: tuple[str, Namespace, str] = ("only-b", (), "the vault code is 4711, kept by the harbour")
ANNS_OWN = "ann's own only-b: no vault here, a garden"
UPSERTS: list[tuple[str, Namespace, str]] = [
    ("n1", (), "harbour market and the evening tea"),
    ("n3", ATLAS, "atlas plan: the ferry moved to friday"),
]
DELETES: list[Key] = [("n2", ()), ("n4", ATLAS)]
QUERIES = ["harbour market", "violin concert at sunset", "atlas ferry plan", "vault code 4711"]
#: The engine's own searches of Bob's scope, each compared hit by hit, signal by signal.
MODES: tuple[SearchMode, ...] = ("hybrid", "keyword")
#: Operations a driver may name in ``can``.
OPERATIONS = frozenset(
    {"write", "upsert", "read", "delete", "clear", "listing", "namespaces", "search"}
    | {"pop", "probe"}
)


def flood() -> list[tuple[str, Namespace, str]]:
    """Ann's many writes made of Bob's words (store-wide statistics would move), half of them
    in the namespace Bob uses, one of them Bob's own text word for word."""
    rng = random.Random(31)
    words = sorted({w.strip(",.:") for *_, text in [*SHARED, BOBS_OWN] for w in text.split()})
    texts = [" ".join(rng.choices(words, k=rng.randint(4, 10))) for _ in range(9)]
    texts.append(BOBS_OWN[2])
    return [(f"f{i:02d}", ATLAS if i % 2 else (), text) for i, text in enumerate(texts)]


class Driver:
    """One tenant's side of a face. ``can`` names the operations the face has (of
    :data:`OPERATIONS`); the scenario calls no other. ``namespaces``: whether the face files
    records under namespaces (else a namespace becomes part of the name). ``names``: whether
    the face takes the caller's names (else the driver keeps the handle each write returns,
    as a model keeps ids from its tool results, and only raw ids are probed).

    - ``write``: a new record named ``name`` in ``namespace`` (never a replacement);
    - ``upsert``: replace the text of the record so named;
    - ``read``: the text of the record so named, None when there is none;
    - ``delete``: delete it; ``clear``: delete every record of the tenant;
    - ``listing``: the texts of every record of the tenant (one per record);
    - ``namespace_list``: the namespaces the tenant holds records in (``()`` the root);
    - ``search``: hits for ``query`` as (id, score), best first (score None where the face
      gives none); ``ident`` maps a stored record to the id its hit would carry;
    - ``pop``: remove and return the text of the latest item, None when there is none;
    - ``probe``: what the face answers when the tenant reads, updates and deletes (and, where
      the face writes by name, writes then deletes) with ``ref`` as its id, as a JSON-ready
      value; net neutral for the tenant's own records. Any id the face derives from ``ref``
      must be masked by the driver (:func:`masked`); the scenario masks ``ref`` itself.
    """

    can: frozenset[str] = frozenset()
    namespaces = True
    names = True

    def __init__(self, user: str) -> None:
        self.user = user

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        raise NotImplementedError

    def upsert(self, name: str, text: str, namespace: Namespace) -> None:
        raise NotImplementedError

    def read(self, name: str, namespace: Namespace) -> str | None:
        raise NotImplementedError

    def delete(self, name: str, namespace: Namespace) -> None:
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError

    def listing(self) -> list[str]:
        raise NotImplementedError

    def namespace_list(self) -> list[Namespace]:
        raise NotImplementedError

    def search(self, query: str) -> list[tuple[str, float | None]]:
        raise NotImplementedError

    def ident(self, record: MemoryRecord) -> str:
        return record.id

    def pop(self) -> str | None:
        raise NotImplementedError

    def probe(self, ref: str) -> Any:
        raise NotImplementedError


def attempt(action: Callable[[], Any]) -> Any:
    """``action``'s result, or its exception as [type, message]: what a caller sees."""
    try:
        return ["ok", action()]
    except Exception as exc:  # the answer to compare, whatever it is
        return ["error", type(exc).__name__, str(exc)]


def masked(value: Any, aliases: dict[str, str]) -> Any:
    """``value`` as JSON-ready data, each of ``aliases``' strings replaced by its placeholder
    wherever it stands as a whole word (so a name ``n2`` is masked, ``ann2`` is not), and the
    request id an error over MCP's HTTP names (each request's own, not data) masked too."""
    text = json.dumps(value, default=repr, sort_keys=True)
    text = re.sub(r"\(request id [A-Za-z0-9._:-]+\)", "(request id <request>)", text)
    for alias, placeholder in sorted(aliases.items(), key=lambda a: -len(a[0])):
        whole = re.compile(rf"(?<![\w-]){re.escape(alias)}(?![\w-])")
        text = whole.sub(lambda _, shown=placeholder: shown, text)
    return json.loads(text)


def summary(record: MemoryRecord) -> list[Any]:
    """A record as a probe may show it: nothing that differs between two ids."""
    return [record.text, record.key, record.user_id, record.agent_id, list(record.namespace)]


def unknown_like(ref: str, taken: set[str], rng: random.Random) -> str:
    """An id of ``ref``'s shape (its hex digits redrawn) that nobody holds."""
    while True:
        made = "".join(rng.choice("0123456789abcdef") if c in string.hexdigits else c for c in ref)
        if made not in taken and made != ref:
            return made
        ref += "0"  # too few digits to redraw: lengthen it


@dataclass
class Scenario:
    admin: remem.Memory
    drivers: dict[str, Driver]
    face: str
    #: What tells the tenants apart: ``user_id`` (keys bound to users) or ``agent_id``.
    by: str = "user_id"
    #: Each role's tenant id (Ann's and Bob's user or agent id).
    tenants: dict[str, str] = dataclass_field(default_factory=lambda: {ANN: ANN, BOB: BOB})
    models: dict[str, dict[Key, str]] = dataclass_field(default_factory=lambda: {ANN: {}, BOB: {}})
    #: Every record name either tenant used (reads cover them all, and an unused one).
    used: set[Key] = dataclass_field(default_factory=lambda: {("never-used", ())})
    baseline: dict[str, Any] = dataclass_field(default_factory=dict)

    @property
    def ann(self) -> Driver:
        return self.drivers[ANN]

    def of(self, who: str) -> dict[str, Any]:
        """The tenant's scope, as the admin reads it."""
        return {self.by: self.tenants[who]}

    def can(self, operation: str) -> bool:
        return operation in self.ann.can

    def key(self, name: str, namespace: Namespace) -> Key:
        if self.ann.namespaces or not namespace:
            return name, namespace
        return "/".join((*namespace, name)), ()

    # -- what the tenants do -----------------------------------------------------------------------
    def write(self, who: str, name: str, namespace: Namespace, text: str) -> None:
        key = self.key(name, namespace)
        self.drivers[who].write(*_args(key, text))
        self.models[who][key] = text
        self.used.add(key)

    def upsert(self, who: str, name: str, namespace: Namespace, text: str) -> None:
        key = self.key(name, namespace)
        self.drivers[who].upsert(*_args(key, text))
        self.models[who][key] = text

    def delete(self, who: str, key: Key) -> None:
        self.drivers[who].delete(*key)
        del self.models[who][key]

    # -- what must hold ----------------------------------------------------------------------------
    def bobs(self) -> dict[str, Any]:
        """Everything of Bob's that Ann must never change, through the face (his reads are
        checked against what he wrote) and in the store."""
        bob = self.drivers[BOB]
        seen: dict[str, Any] = {}
        if self.can("listing"):
            seen["face listing"] = sorted(bob.listing())
        if self.can("namespaces"):
            seen["face namespaces"] = sorted(bob.namespace_list())
        if self.can("search"):
            seen["face searches"] = {q: bob.search(q) for q in QUERIES}
        records = self.admin.list_all(**self.of(BOB))
        seen["records"] = sorted(_fields(r) for r in records)
        vectors = self.admin.store.vectors([r.id for r in records], parts=True)
        seen["vectors"] = {i: v.tobytes().hex() for i, v in sorted(vectors.items())}
        seen["engine searches"] = {
            f"{mode}: {q}": [
                (h.id, h.score, sorted(h.scores.items()))
                for h in self.admin.search(q, **self.of(BOB), mode=mode, k=20, touch=False)
            ]
            for q in QUERIES
            for mode in MODES
        }
        seen["cache entries"] = _cache_entries(self.admin, self.by, self.tenants[BOB])
        return seen

    def check_bob(self, step: str) -> None:
        if self.can("read"):  # every name either tenant used, Ann's new ones among them
            bob, model = self.drivers[BOB], self.models[BOB]
            for key in sorted(self.used):
                got = bob.read(*key)
                assert got == model.get(key), (
                    f"{self.face}: after Ann's {step}, Bob's read of {key} gives {got!r}, "
                    f"not {model.get(key)!r}"
                )
        now = self.bobs()
        for part, before in self.baseline.items():
            assert now[part] == before, (
                f"{self.face}: after Ann's {step}, Bob's {part} changed\n"
                f"before: {before!r}\nafter:  {now[part]!r}"
            )

    def check_own(self, who: str, step: str) -> None:
        """The tenant reads, lists and finds exactly its own records."""
        driver, model = self.drivers[who], self.models[who]
        where = f"{self.face}: after {step}, {who}'s"
        if self.can("read"):
            for key in sorted(self.used):
                got = driver.read(*key)
                assert got == model.get(key), f"{where} read of {key}: {got!r}"
        if self.can("listing"):
            listed = sorted(driver.listing())
            assert listed == sorted(model.values()), f"{where} listing: {listed!r}"
        if self.can("namespaces"):
            held = sorted(driver.namespace_list())
            assert held == sorted({ns for _, ns in model}), f"{where} namespaces: {held!r}"
        if self.can("search"):
            # Counted: a face whose hits are texts would show another's copy as one too many.
            own = Counter(driver.ident(r) for r in self.admin.list_all(**self.of(who)))
            found = []
            for query in QUERIES:
                hits = driver.search(query)
                found += hits
                strange = Counter(i for i, _ in hits) - own
                assert not strange, f"{where} search {query!r} found others' records: {strange}"
            assert bool(found) == bool(model), f"{where} searches found {found!r}"

    def step(self, name: str, action: Callable[[], Any]) -> None:
        action()
        self.check_bob(name)
        self.check_own(ANN, name)

    # -- the steps ---------------------------------------------------------------------------------
    def floods(self) -> None:
        for name, namespace, text in flood():
            self.write(ANN, name, namespace, text)

    def upserts(self) -> None:
        for name, namespace, text in UPSERTS:
            self.upsert(ANN, name, namespace, text)

    def deletes(self) -> None:
        for name, namespace in DELETES:
            self.delete(ANN, self.key(name, namespace))

    def probes(self) -> None:
        """Ann's reads, updates and deletes by Bob's record ids, and by names only Bob holds,
        answer as by ids nobody used."""
        bobs = self.admin.list_all(**self.of(BOB))
        refs = [r.id for r in bobs]
        if self.ann.names:
            refs += [n for n, ns in self.models[BOB] if not ns and (n, ns) not in self.models[ANN]]
        assert refs
        taken = {i for r in self.admin.list_all() for i in (r.id, r.key) if i}
        taken |= {n for n, _ in self.used}
        rng = random.Random(7)
        for ref in refs:
            unknown = unknown_like(ref, taken, rng)
            theirs = masked(self.ann.probe(ref), {ref: "<id>"})
            nobodys = masked(self.ann.probe(unknown), {unknown: "<id>"})
            assert theirs == nobodys, (
                f"{self.face}: Ann's probe with Bob's {ref!r} answers otherwise than with an "
                f"unknown id\nBob's:   {theirs!r}\nunknown: {nobodys!r}"
            )

    def pops(self) -> None:
        model = self.models[ANN]
        while (popped := self.ann.pop()) is not None:
            held = [k for k, text in model.items() if text == popped]
            assert held, f"{self.face}: Ann popped {popped!r}, not hers"
            del model[held[-1]]
        assert not model, f"{self.face}: Ann's pops stopped with {model!r} left"

    def clear(self) -> None:
        if self.can("clear"):
            self.ann.clear()
            self.models[ANN].clear()
        else:
            for key in list(self.models[ANN]):
                self.delete(ANN, key)

    def run(self) -> None:
        unknown = self.ann.can - OPERATIONS
        assert not unknown, f"unknown operations {unknown}"
        for i, (name, namespace, text) in enumerate(SHARED):  # by turns, who writes first
            for who in (ANN, BOB) if i % 2 == 0 else (BOB, ANN):
                self.write(who, name, namespace, text)
        self.write(BOB, *BOBS_OWN)
        for who in (BOB, ANN):
            self.check_own(who, "the tenants' first writes")
        self.baseline = self.bobs()
        self.step("writes of Bob's words", self.floods)
        if self.can("upsert"):
            self.step("upserts", self.upserts)
        if self.can("delete"):
            self.step("deletes", self.deletes)
        if self.can("probe"):
            self.step("probes with Bob's ids and names", self.probes)
        self.step(
            "write of a name only Bob held", lambda: self.write(ANN, BOBS_OWN[0], (), ANNS_OWN)
        )
        if self.can("pop"):
            self.step("pops", self.pops)
        if self.can("clear") or self.can("delete"):
            self.step("clear", self.clear)
        assert self.baseline["records"] or self.baseline["cache entries"], self.face


def run(
    admin: remem.Memory,
    make: Callable[[str], Driver],
    face: str = "",
    by: str = "user_id",
    tenants: tuple[str, str] = USERS,
) -> None:
    """The scenario through the face ``make`` opens for a tenant (``make(tenant id)``), in
    ``admin``'s store (read as admin to check what no face may change). ``by``: whether the
    tenants are users (``user_id``) or agents (``agent_id``); ``tenants``: Ann's and Bob's ids
    (a store that other scenarios share gives each run ids of its own)."""
    ids = dict(zip(USERS, tenants, strict=True))
    drivers = {who: make(ids[who]) for who in USERS}
    Scenario(admin, drivers, face or type(drivers[ANN]).__name__, by, ids).run()


def _args(key: Key, text: str) -> tuple[str, str, Namespace]:
    return key[0], text, key[1]


def _fields(r: MemoryRecord) -> tuple[Any, ...]:
    """A record's every field but the access statistics (its owner's own reads move them)."""
    return (
        r.id, r.key, r.text, r.kind, r.role, r.user_id, r.agent_id, r.session_id, r.namespace,
        json.dumps(r.metadata, sort_keys=True), r.created_at, r.updated_at, r.expires_at,
        r.importance, r.parent_id, r.position, r.content_hash,
    )  # fmt: skip


def _cache_entries(admin: remem.Memory, by: str, tenant: str) -> list[Any]:
    """The tenant's semantic-cache entries in every cache (hit counters left out: its own
    lookups move them)."""
    cache = admin.store.cache
    assert cache is not None
    found = []
    fields = ("user_id", "agent_id", "session_id", "query", "value", "created_at", "expires_at")
    for name in cache.names():
        rows = cache.matching(name, None, expired_at=None)
        for rowid, entry in sorted(cache.entries(rows).items()):
            if entry[by] == tenant:
                found.append((name, rowid, *(entry[f] for f in fields)))
    return found
