"""remem as LangGraph's long-term store: :class:`RememStore`, a ``BaseStore``.

Pass it to a graph (``builder.compile(store=RememStore(memory))``) and nodes read and write it
through ``runtime.store`` / ``get_store()``, as with LangGraph's own stores::

    import remem
    from remem.integrations.langgraph import RememStore

    store = RememStore(remem.open("./memory"), user_id="alice")
    store.put(("alice", "prefs"), "food", {"text": "likes spicy ramen"})
    store.search(("alice",), query="what does she like to eat?")

An item is one remem record (kind ``langgraph``): its namespace is remem's ``namespace`` and its
key remem's ``key`` (so a put of the same namespace and key replaces the item in one
transaction), its value the record's ``metadata["value"]``. Search embeds with the memory's own
embedder (offline by default), so every item is searchable unless it is put with
``index=False``; ``index=["field", "list[*].text"]`` (or the store's ``index={"fields":
[...]}``) chooses the text that is searched, default the whole value. ``filter`` conditions
apply to the value's fields (``$eq $ne $gt $gte $lt $lte``). ``list_namespaces`` answers over
every namespace however many there are (read from the engine a page at a time, each page one
bounded query). TTLs are in minutes, as in LangGraph: an item expires that long after its last
write or (by default) read.

Scores are what LangGraph's own stores give: a search ranks by the **cosine similarity** of the
query to the item's indexed text, and ``SearchItem.score`` is that cosine (an exact match
scores 1.0), so thresholds written for ``InMemoryStore`` or ``PostgresStore`` keep working.
An item indexed on several texts (several fields, or ``list[*]``) is one vector of those texts
joined, where LangGraph's stores keep one vector per text and score the best. With
``mode="hybrid"`` (or ``"keyword"``) the store ranks with remem's own search instead (meaning
and BM25 keywords fused, or keywords alone), and the score is remem's calibrated relevance, the
probability that the item is what the query asks for (an exact match may score 0.4: a good
match, not a weak one).

Limits, set per store: a key holds up to ``max_key_chars`` characters (8,192 by default: long
URLs fit) and a value up to ``max_value_bytes`` of JSON (16 MiB by default, and at most the
memory's ``Limits.max_value_chars`` characters); larger ones raise
:class:`~remem.PayloadTooLargeError`. A key over remem's 256 characters (or the empty key, or
one starting ``sha256:``) is stored under ``sha256:`` and its digest, the key itself kept and
returned. A value too large for the record's metadata (``Limits.max_metadata_bytes``) is kept
as the text of a second record, stored without a vector (kind ``langgraph_value``, in remem's
session ``langgraph.value``), written in the same transaction as the item; the item stays
searchable by its indexed text (its first ``Limits.max_text_chars`` characters) and filters
still apply to its value.

Tenancy: a store made over a scoped memory (``memory.scoped(grant)``) or with ``user_id`` /
``agent_id`` reads and writes only that scope; two tenants may use the same namespaces and
keys and never see each other's items.

Trust: every item a get or search returns is a :class:`RememItem` / :class:`RememSearchItem`
(LangGraph's ``Item`` / ``SearchItem``, equal to LangGraph's own for the same item) that also
carries ``item.remem``: the item's trust for the store's reader (the user its memory acts for,
else ``user_id``), its marks and its source (:func:`remem.integrations.recall_metadata`), also
in ``item.dict()["remem"]``. An item put through the store is the application's words (trusted
by every reader: LangGraph tells the store nothing of who chose them, so a node that puts what a
model or a tool said should say so in the value); an item whose record came another way — a
tool's output, a model's tool call, another user's words — is untrusted, and an item whose text
could steer a model is marked. The value is never touched.
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    IndexConfig,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
)
from langgraph.store.base.embed import get_text_at_path, tokenize_path

from remem.core.errors import InvalidInputError, NotFoundError, PayloadTooLargeError
from remem.core.numbers import whole
from remem.core.records import MemoryRecord, SearchHit, SearchMode
from remem.core.validate import json_text, utf8
from remem.engine import MAX_ID_CHARS, SEARCH_MODES
from remem.integrations import reader_of, recall_metadata
from remem.memory import Memory
from remem.retrieval.config import RetrievalConfig

__all__ = [
    "DEFAULT_MAX_KEY_CHARS",
    "DEFAULT_MAX_VALUE_BYTES",
    "RememItem",
    "RememSearchItem",
    "RememStore",
]

KIND = "langgraph"
#: The kind and session of the records that hold values too large for an item's metadata. No
#: item lies in a session, so a value record never shares an item's id.
VALUE_KIND = "langgraph_value"
VALUE_SESSION = "langgraph.value"
#: What a key stored under its digest starts with (a key given with it is digested too).
DIGEST = "sha256:"
DEFAULT_MAX_KEY_CHARS = 8192
DEFAULT_MAX_VALUE_BYTES = 16 * 1024 * 1024
#: What makes an item's record (scope, namespace, key and TTL kept) its value's record.
_AS_VALUE: dict[str, Any] = {
    "kind": VALUE_KIND, "session_id": VALUE_SESSION, "embed": False, "metadata": {},
}  # fmt: skip
#: Operators LangGraph's filters use.
_OPERATORS = frozenset({"$eq", "$ne", "$gt", "$gte", "$lt", "$lte"})
#: Cosine as LangGraph's stores score: the dense signal alone, no stage reordering it.
_COSINE = RetrievalConfig(neighbor_weight=0.0, speaker_weight=0.0, preference_k=0)
#: Characters of text written in one transaction (beside ``limits.max_batch`` records).
_BATCH_CHARS = 64 * 1024 * 1024


class RememItem(Item):
    """LangGraph's ``Item`` with remem's ``remem``: the item's trust for the store's reader,
    its marks and its source (:func:`remem.integrations.recall_metadata`). Equal to an
    ``Item`` of the same namespace, key, value and times, as LangGraph compares items."""

    __slots__ = ("remem",)

    def __init__(self, *, remem: builtins.dict[str, Any], **fields: Any) -> None:
        super().__init__(**fields)
        self.remem = remem

    def dict(self) -> builtins.dict[str, Any]:
        return {**super().dict(), "remem": self.remem}


class RememSearchItem(SearchItem):
    """LangGraph's ``SearchItem`` with remem's ``remem`` (as :class:`RememItem`)."""

    __slots__ = ("remem",)

    def __init__(self, *, remem: builtins.dict[str, Any], **fields: Any) -> None:
        super().__init__(**fields)
        self.remem = remem

    def dict(self) -> builtins.dict[str, Any]:
        return {**super().dict(), "remem": self.remem}


class RememStore(BaseStore):
    """LangGraph's ``BaseStore`` in a remem memory. ``index`` takes LangGraph's ``fields``
    (``dims`` and ``embed`` are the memory's embedder's and are ignored); ``ttl`` takes
    ``default_ttl`` (minutes) and ``refresh_on_read``. ``mode`` is ``"dense"`` (cosine scores,
    as LangGraph's stores), ``"hybrid"`` or ``"keyword"`` (remem's ranking and calibrated
    relevance); ``max_key_chars`` and ``max_value_bytes`` bound what one put may store."""

    supports_ttl = True

    def __init__(
        self,
        memory: Memory,
        *,
        index: IndexConfig | None = None,
        ttl: TTLConfig | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
        mode: SearchMode = "dense",
        max_key_chars: int = DEFAULT_MAX_KEY_CHARS,
        max_value_bytes: int = DEFAULT_MAX_VALUE_BYTES,
    ) -> None:
        if mode not in SEARCH_MODES:
            raise InvalidInputError(f"unknown search mode {mode!r}: use one of {SEARCH_MODES}")
        for name, value in (("max_key_chars", max_key_chars), ("max_value_bytes", max_value_bytes)):
            whole(value, name, low=1)
        self.memory = memory
        self.scope: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id}
        fields = list((index or {}).get("fields") or ["$"])
        self.fields = fields
        self.index_config = index
        self.ttl_config = ttl
        self.mode: SearchMode = mode
        self.max_key_chars = max_key_chars
        self.max_value_bytes = max_value_bytes

    # -- BaseStore ---------------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Reads in order, then the batch's puts and deletes (the last one of a namespace and
        key wins), as LangGraph's own stores apply a batch."""
        results: list[Result] = []
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        for op in ops:
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._namespaces(op))
            elif isinstance(op, PutOp):
                puts[(tuple(op.namespace), op.key)] = op
                results.append(None)
            else:
                raise ValueError(f"unknown operation {type(op).__name__}")
        self._apply(list(puts.values()))
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    # -- operations --------------------------------------------------------------------------------
    def _id(self, namespace: Sequence[str], key: str) -> str:
        return self.memory.key_id(_name(key), namespace=list(namespace), **self.scope)

    def _get(self, op: GetOp) -> Item | None:
        found = self.memory.get_many([self._id(op.namespace, op.key)])
        records = [r for r in found if r.kind == KIND]
        values = self._values(records)
        records = self._refreshed([r for r in records if r.id in values], op.refresh_ttl)
        return self._item(records[0], values[records[0].id]) if records else None

    def _search(self, op: SearchOp) -> list[SearchItem]:
        if op.limit < 1 or op.offset < 0:
            return []
        prefix = list(op.namespace_prefix)
        where = _where(op.filter)
        if not op.query:
            found = self._listed(prefix, where, op.filter, op.offset, op.limit)
            records = self._refreshed([r for r, _ in found], op.refresh_ttl)
            return [
                self._item(r, v, RememSearchItem) for r, (_, v) in zip(records, found, strict=True)
            ]
        hits = self._hits(op.query, prefix, where, op.filter, op.offset + op.limit)[op.offset :]
        scores = {h.id: self._score(h) for h, _ in hits}
        page: list[tuple[MemoryRecord, Any]] = [(h, v) for h, v in hits]
        if len(page) < op.limit:  # as LangGraph's stores do: unindexed items fill the page
            unindexed = {**where, "metadata.indexed": False}
            page += self._listed(prefix, unindexed, op.filter, 0, op.limit - len(page))
        records = self._refreshed([r for r, _ in page], op.refresh_ttl)
        return [
            self._item(r, v, RememSearchItem, score=scores.get(r.id))
            for r, (_, v) in zip(records, page, strict=True)
        ]

    def _item(
        self,
        record: MemoryRecord,
        value: Any,
        cls: type[RememItem] | type[RememSearchItem] = RememItem,
        **extra: Any,
    ) -> Any:
        """The item ``record`` holds, with its trust for this store's reader. A record whose TTL
        a read renewed has lost its search's judgement: it is judged again, alike."""
        assert record.key is not None
        return cls(
            namespace=record.namespace,
            key=str(record.metadata.get("key", record.key)),
            value=value,
            created_at=record.created_at,
            updated_at=record.updated_at,
            remem=recall_metadata(record, reader_of(self.memory, self.scope["user_id"])),
            **extra,
        )

    def _hits(
        self,
        query: str,
        prefix: list[str],
        where: dict[str, Any],
        condition: Mapping[str, Any] | None,
        wanted: int,
    ) -> list[tuple[SearchHit, Any]]:
        """The best ``wanted`` hits (up to ``limits.max_k``) with their values, best first. A
        value kept in its own record is checked against the filter here: when that drops hits,
        the search asks for more."""
        most = self.memory.limits.max_k
        top = min(wanted, most)
        while True:
            hits = self.memory.search(
                query,
                k=top,
                **self.scope,
                namespace=prefix,
                filters=where,
                mode=self.mode,
                config=_COSINE if self.mode == "dense" else None,
            )
            if self.mode == "dense":  # the cosine, exactly as LangGraph's stores rank
                hits.sort(key=lambda h: -h.scores.get("dense", 0.0))
            values = self._values(hits)
            kept = [(h, values[h.id]) for h in hits if _passes(h, values, condition)]
            if len(kept) >= wanted or len(hits) < top or top >= most:
                return kept
            top = min(2 * top, most)

    def _listed(
        self,
        prefix: list[str],
        where: dict[str, Any],
        condition: Mapping[str, Any] | None,
        offset: int,
        limit: int,
    ) -> list[tuple[MemoryRecord, Any]]:
        """Items in ``prefix`` matching ``where``, last written first, with their values: a
        page of ``limit`` after ``offset``. Values kept in their own records are checked
        against the filter here, so the store is read a page at a time until it is full."""
        page = min(max(offset + limit, 100), self.memory.limits.max_k)
        out: list[tuple[MemoryRecord, Any]] = []
        read = skipped = 0
        while len(out) < limit:
            found = self.memory.list(
                **self.scope,
                namespace=prefix,
                filters=where,
                limit=page if condition else limit,
                offset=read if condition else offset,
                order="-updated_at",
            )
            read += len(found)
            values = self._values(found)
            for record in found:
                if not _passes(record, values, condition):
                    continue
                if skipped < offset and condition:
                    skipped += 1
                    continue
                out.append((record, values[record.id]))
            if not condition or len(found) < page:
                break
        return out[:limit]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        """LangGraph's listing over every namespace under the conditions' literal prefix (the
        rest of each condition is matched here), read a page at a time in the listing's own
        order, so it stops as soon as the page asked for is full."""
        conditions = op.match_conditions or ()
        prefix: list[str] = []
        for condition in conditions:
            if condition.match_type == "prefix":
                literal = list(condition.path)
                head = literal[: literal.index("*")] if "*" in literal else literal
                prefix = head if len(head) > len(prefix) else prefix
        listed: Iterator[tuple[str, ...]] = (
            ns[: op.max_depth] if op.max_depth is not None else ns
            for ns in self._every_namespace(prefix)
            if ns and all(_matches(c, ns) for c in conditions)
        )
        if op.offset < 0 or op.limit < 0:  # slices counted from the end: the whole listing
            return _distinct(listed)[op.offset : op.offset + op.limit]
        out: list[tuple[str, ...]] = []
        last: tuple[str, ...] | None = None
        seen = 0
        for ns in listed:  # in order, so a namespace cut to max_depth repeats only in a row
            if len(out) >= op.limit:
                break
            if ns == last:
                continue
            last, seen = ns, seen + 1
            if seen > op.offset:
                out.append(ns)
        return out

    def _every_namespace(self, prefix: list[str]) -> Iterator[tuple[str, ...]]:
        """Every namespace holding an item under ``prefix``, in order, a page at a time."""
        page = self.memory.limits.max_k
        after: tuple[str, ...] | None = None
        while True:
            found = self.memory.namespaces(
                prefix, **self.scope, filters={"kind": KIND}, limit=page, after=after
            )
            yield from found
            if len(found) < page:
                return
            after = found[-1]

    def _apply(self, puts: list[PutOp]) -> None:
        """The puts in as few transactions as fit, each item with its value record in the
        same one; then the deletes, item and value record, in one."""
        gone: list[str] = []
        units: list[list[dict[str, Any]]] = []
        small: dict[str, list[dict[str, Any]]] = {}
        for op in puts:
            if op.value is None:
                value_id = self._value_id(op.namespace, _name(op.key))
                gone += [self._id(op.namespace, op.key), value_id]
                continue
            units.append(self._records(op))
            if len(units[-1]) == 1:
                small[self._value_id(op.namespace, _name(op.key))] = units[-1]
        if small:  # a value that fits now replaces a large one: its text goes in the same write
            for held in self.memory.get_many(list(small)):
                unit = small[held.id]
                unit.append({**unit[0], **_AS_VALUE, "text": "null"})
        for part in _parts(units, self.memory.limits.max_batch):
            self.memory.add_many(part, progress=False, upsert=True)
        if gone:
            self.memory.delete(gone)

    def _records(self, op: PutOp) -> list[dict[str, Any]]:
        """The item's record, and the record of its value when the value does not fit in the
        item's metadata. Refuses a key over ``max_key_chars``, a value over
        ``max_value_bytes``."""
        if not isinstance(op.key, str) or len(op.key) > self.max_key_chars:
            shown = f"{len(op.key):,} characters" if isinstance(op.key, str) else repr(op.key)
            raise PayloadTooLargeError(
                f"a key is a string of at most {self.max_key_chars:,} characters (RememStore's "
                f"max_key_chars), got {shown}"
            )
        limits = self.memory.limits
        value = dict(op.value or {})
        encoded = json_text(value, "value", sys.maxsize, limits.max_json_depth)
        size = len(encoded.encode("utf-8"))
        if size > self.max_value_bytes:
            raise PayloadTooLargeError(
                f"the value of {op.key[:80]!r} is {size:,} bytes as JSON, over RememStore's "
                f"max_value_bytes of {self.max_value_bytes:,}"
            )
        paths = self.fields if op.index is None else (op.index or [])
        texts = [
            text
            for path in paths
            for text in get_text_at_path(value, path if path == "$" else tokenize_path(path))
            if text.strip()
        ]
        indexed = bool(texts)
        name = _name(op.key)
        metadata: dict[str, Any] = {"value": value, "indexed": indexed, "ttl": op.ttl}
        if name != op.key:
            metadata["key"] = op.key
        spilled = False
        try:
            json_text(metadata, "metadata", limits.max_metadata_bytes, limits.max_json_depth)
        except PayloadTooLargeError:
            spilled = True
            metadata = {**{k: v for k, v in metadata.items() if k != "value"}, "spilled": True}
        shown = json.dumps([*op.namespace, op.key], ensure_ascii=False)
        item: dict[str, Any] = {
            # An item is searched by its indexed text, up to what one embedded record holds.
            "text": "\n".join(texts)[: limits.max_text_chars] if indexed else shown,
            "kind": KIND,
            "namespace": list(op.namespace),
            "key": name,
            "embed": indexed,
            "metadata": metadata,
            **self._common(op),
        }
        return [item, {**item, **_AS_VALUE, "text": encoded}] if spilled else [item]

    def _common(self, op: PutOp) -> dict[str, Any]:
        common = {name: v for name, v in self.scope.items() if v is not None}
        if op.ttl is not None:
            common["ttl"] = op.ttl * 60
        return common

    def _value_id(
        self, namespace: Sequence[str], name: str, record: MemoryRecord | None = None
    ) -> str:
        """The id of the record that holds the value of the item named ``name`` (its remem
        key; ``record``'s, when given, in its own scope) when the value does not fit in the
        item's metadata."""
        scope = self.scope
        if record is not None:
            scope = {"user_id": record.user_id, "agent_id": record.agent_id}
        return self.memory.key_id(
            name, namespace=list(namespace), session_id=VALUE_SESSION, **scope
        )

    def _values(self, records: Sequence[MemoryRecord]) -> dict[str, Any]:
        """Each item's value by its record's id: from its metadata, or from its value record
        (one read for all); an item whose value record is gone (deleted meanwhile) is left
        out."""
        spilled = {
            r.id: self._value_id(r.namespace, r.key or "", r)
            for r in records
            if r.metadata.get("spilled")
        }
        held = {v.id: v.text for v in self.memory.get_many(list(spilled.values()))}
        values: dict[str, Any] = {}
        for record in records:
            if record.id not in spilled:
                values[record.id] = record.metadata.get("value")
            elif spilled[record.id] in held:
                values[record.id] = json.loads(held[spilled[record.id]])
        return values

    def _score(self, hit: SearchHit) -> float:
        return float(hit.scores.get("dense", 0.0)) if self.mode == "dense" else hit.score

    def _refreshed(self, records: list[MemoryRecord], refresh: bool) -> list[MemoryRecord]:
        """``records``, each with a TTL pushed out by its TTL from now when ``refresh`` (its
        value record's too)."""
        if not refresh:
            return records
        out = []
        for record in records:
            minutes = record.metadata.get("ttl")
            if not minutes:
                out.append(record)
                continue
            if record.metadata.get("spilled"):
                with contextlib.suppress(NotFoundError):  # deleted meanwhile, with its item
                    self.memory.update(
                        self._value_id(record.namespace, record.key or "", record),
                        ttl=minutes * 60,
                    )
            out.append(self.memory.update(record.id, ttl=minutes * 60))
        return out


def _name(key: str) -> str:
    """An item's remem key: the key itself when remem can hold it, else ``sha256:`` and its
    digest (one name for each key: a key that itself starts ``sha256:`` is digested too)."""
    if not isinstance(key, str):
        raise InvalidInputError(f"a key is a string, not {type(key).__name__}")
    utf8(key, "key", InvalidInputError)
    if 0 < len(key) <= MAX_ID_CHARS and not key.startswith(DIGEST):
        return key
    return DIGEST + hashlib.sha256(key.encode("utf-8")).hexdigest()


def _where(condition: Mapping[str, Any] | None) -> dict[str, Any]:
    """remem's filter for a LangGraph filter: on the value in an item's metadata, or any item
    whose value is kept in its own record (checked by :func:`_passes` once read)."""
    on_value = _filter(condition)
    if not on_value:
        return {"kind": KIND}
    return {"kind": KIND, "$or": [on_value, {"metadata.spilled": True}]}


def _filter(condition: Mapping[str, Any] | None, path: str = "metadata.value") -> dict[str, Any]:
    """A LangGraph filter on an item's value in remem's grammar: each key a field of the value
    (a dict without operators matches the fields inside it)."""
    out: dict[str, Any] = {}
    for key, wanted in (condition or {}).items():
        at = f"{path}.{key}"
        if isinstance(wanted, Mapping) and any(str(k).startswith("$") for k in wanted):
            unknown = set(wanted) - _OPERATORS
            if unknown:
                raise ValueError(f"unsupported filter operators {sorted(unknown)} on {key!r}")
            out[at] = dict(wanted)
        elif isinstance(wanted, Mapping):
            out.update(_filter(wanted, at))
        elif isinstance(wanted, list | tuple):
            raise ValueError(
                f"a filter on {key!r} compares a list: match its fields instead "
                f"({json.dumps(key)}: {{...}})"
            )
        else:
            out[at] = wanted
    return out


def _passes(
    record: MemoryRecord, values: Mapping[str, Any], condition: Mapping[str, Any] | None
) -> bool:
    """Whether the item's value was read and matches ``condition``: checked here only for a
    value kept in its own record (the store's filter checked the others)."""
    if record.id not in values:
        return False
    if not condition or not record.metadata.get("spilled"):
        return True
    value = values[record.id]
    return isinstance(value, Mapping) and _compare(value, condition)


def _compare(value: Any, wanted: Any) -> bool:
    """LangGraph's comparison of a value with a filter (as its ``InMemoryStore``)."""
    if isinstance(wanted, Mapping):
        if any(str(k).startswith("$") for k in wanted):
            return all(_operator(value, op, operand) for op, operand in wanted.items())
        return isinstance(value, Mapping) and all(
            _compare(value.get(k), v) for k, v in wanted.items()
        )
    return bool(value == wanted)


def _operator(value: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return bool(value == operand)
    if op == "$ne":
        return bool(value != operand)
    try:
        have, limit = float(value), float(operand)
    except (TypeError, ValueError):
        return False
    return {
        "$gt": have > limit,
        "$gte": have >= limit,
        "$lt": have < limit,
        "$lte": have <= limit,
    }[op]


def _matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    """LangGraph's match: the path's labels (``*`` any) at the start or end of ``namespace``."""
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(p in ("*", label) for p, label in zip(path, part, strict=True)) if path else True


def _distinct(namespaces: Iterable[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return sorted(set(namespaces))


def _parts(units: list[list[dict[str, Any]]], most: int) -> Iterator[list[dict[str, Any]]]:
    """The units' records in transactions of at most ``most`` records and ``_BATCH_CHARS``
    characters of text, a unit (an item and its value record) never split."""
    part: list[dict[str, Any]] = []
    chars = 0
    for unit in units:
        size = sum(len(record["text"]) for record in unit)
        if part and (len(part) + len(unit) > most or chars + size > _BATCH_CHARS):
            yield part
            part, chars = [], 0
        part += unit
        chars += size
    if part:
        yield part
