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
embedder (offline by default), so every item is searchable by meaning and by keyword unless it
is put with ``index=False``; ``index=["field", "list[*].text"]`` (or the store's
``index={"fields": [...]}``) chooses the text that is searched, default the whole value.
``filter`` conditions apply to the value's fields (``$eq $ne $gt $gte $lt $lte``). TTLs are in
minutes, as in LangGraph: an item expires that long after its last write or (by default) read.

Tenancy: a store made over a scoped memory (``memory.scoped(grant)``) or with ``user_id`` /
``agent_id`` reads and writes only that scope; two tenants may use the same namespaces and
keys and never see each other's items.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping, Sequence
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

from remem.memory import Memory
from remem.records import MemoryRecord

__all__ = ["RememStore"]

KIND = "langgraph"
#: Operators LangGraph's filters use.
_OPERATORS = frozenset({"$eq", "$ne", "$gt", "$gte", "$lt", "$lte"})


class RememStore(BaseStore):
    """LangGraph's ``BaseStore`` in a remem memory. ``index`` takes LangGraph's ``fields``
    (``dims`` and ``embed`` are the memory's embedder's and are ignored); ``ttl`` takes
    ``default_ttl`` (minutes) and ``refresh_on_read``."""

    supports_ttl = True

    def __init__(
        self,
        memory: Memory,
        *,
        index: IndexConfig | None = None,
        ttl: TTLConfig | None = None,
        user_id: str | None = None,
        agent_id: str | None = None,
    ) -> None:
        self.memory = memory
        self.scope: dict[str, Any] = {"user_id": user_id, "agent_id": agent_id}
        fields = list((index or {}).get("fields") or ["$"])
        self.fields = fields
        self.index_config = index
        self.ttl_config = ttl

    # -- BaseStore ---------------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Reads in order, then the batch's puts and deletes (the last one of a namespace and
        key wins) in one transaction each, as LangGraph's own stores apply a batch."""
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
        return self.memory.key_id(key, namespace=list(namespace), **self.scope)

    def _get(self, op: GetOp) -> Item | None:
        found = self.memory.get_many([self._id(op.namespace, op.key)])
        records = self._refreshed([r for r in found if r.kind == KIND], op.refresh_ttl)
        return _item(records[0]) if records else None

    def _search(self, op: SearchOp) -> list[SearchItem]:
        where = {"kind": KIND, **_filter(op.filter)}
        prefix = list(op.namespace_prefix)
        if op.limit < 1 or op.offset < 0:
            return []
        if not op.query:
            found = self.memory.list(
                **self.scope,
                namespace=prefix,
                filters=where,
                limit=op.limit,
                offset=op.offset,
                order="-updated_at",
            )
            return [_item(r, SearchItem) for r in self._refreshed(found, op.refresh_ttl)]
        top = min(op.offset + op.limit, self.memory.limits.max_k)
        hits = self.memory.search(op.query, k=top, **self.scope, namespace=prefix, filters=where)[
            op.offset :
        ]
        scores = {h.id: h.score for h in hits}
        records: list[MemoryRecord] = list(hits)
        if len(records) < op.limit:  # as LangGraph's stores do: unindexed items fill the page
            records += self.memory.list(
                **self.scope,
                namespace=prefix,
                filters={**where, "metadata.indexed": False},
                limit=op.limit - len(records),
                order="-updated_at",
            )
        return [
            _item(r, SearchItem, score=scores.get(r.id))
            for r in self._refreshed(records, op.refresh_ttl)
        ]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        """LangGraph's listing over the first ``limits.max_k`` distinct namespaces under the
        conditions' literal prefix (the rest of each condition is matched here)."""
        prefix: list[str] = []
        for condition in op.match_conditions or ():
            if condition.match_type == "prefix":
                literal = list(condition.path)
                head = literal[: literal.index("*")] if "*" in literal else literal
                prefix = head if len(head) > len(prefix) else prefix
        found = self.memory.namespaces(
            prefix, **self.scope, filters={"kind": KIND}, limit=self.memory.limits.max_k
        )
        matching = [
            ns for ns in found if ns and all(_matches(c, ns) for c in op.match_conditions or ())
        ]
        if op.max_depth is not None:
            matching = sorted({ns[: op.max_depth] for ns in matching})
        return matching[op.offset : op.offset + op.limit]

    def _apply(self, puts: list[PutOp]) -> None:
        gone = [self._id(op.namespace, op.key) for op in puts if op.value is None]
        if gone:
            self.memory.delete(gone)
        items = [self._record(op) for op in puts if op.value is not None]
        if items:
            self.memory.add_many(items, progress=False, upsert=True)

    def _record(self, op: PutOp) -> dict[str, Any]:
        value = dict(op.value or {})
        paths = self.fields if op.index is None else (op.index or [])
        texts = [
            text
            for path in paths
            for text in get_text_at_path(value, path if path == "$" else tokenize_path(path))
            if text.strip()
        ]
        indexed = bool(texts)
        item: dict[str, Any] = {
            "text": "\n".join(texts) if indexed else "/".join((*op.namespace, op.key)),
            "kind": KIND,
            "namespace": list(op.namespace),
            "key": op.key,
            "embed": indexed,
            "metadata": {"value": value, "indexed": indexed, "ttl": op.ttl},
            **{name: v for name, v in self.scope.items() if v is not None},
        }
        if op.ttl is not None:
            item["ttl"] = op.ttl * 60
        return item

    def _refreshed(self, records: list[MemoryRecord], refresh: bool) -> list[MemoryRecord]:
        """``records``, each with a TTL pushed out by its TTL from now when ``refresh``."""
        if not refresh:
            return records
        return [
            self.memory.update(r.id, ttl=r.metadata["ttl"] * 60) if r.metadata.get("ttl") else r
            for r in records
        ]


def _item(record: MemoryRecord, cls: type[Item] = Item, **extra: Any) -> Any:
    assert record.key is not None
    return cls(
        namespace=record.namespace,
        key=record.key,
        value=record.metadata["value"],
        created_at=record.created_at,
        updated_at=record.updated_at,
        **extra,
    )


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


def _matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    """LangGraph's match: the path's labels (``*`` any) at the start or end of ``namespace``."""
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(p in ("*", label) for p, label in zip(path, part, strict=True)) if path else True
