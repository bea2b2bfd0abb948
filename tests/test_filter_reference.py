"""Both filter compilers against the reference meaning of a filter (:mod:`remem.testing.filters`).

Hypothesis makes records and filters within the grammar (every field, every operator, metadata
paths, ``$and``/``$or``/``$not``), with values drawn from small pools so that filters hit and
miss; each store (SQLite in memory, PostgreSQL) must select exactly what the reference selects:
in a listing, by id, and among dense and keyword candidates.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import hypothesis.strategies as st
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from remem.core.filters import Filter, parse_filter
from remem.core.validate import content_hash
from remem.embedders.base import EmbedderSignature
from remem.stores import NewRecord, Store, open_store
from remem.testing.filters import matches

from . import pg

DIMS = 4
SIGNATURE = EmbedderSignature("test:4", DIMS)
IDS = [f"r{i}" for i in range(6)]

# -- value pools: small, so filters and records meet ----------------------------------------------
SCALARS = st.sampled_from([0, 1, 2, 15, -1, 1.5, 1.0, "x", "y", "X", "é", "1", "true", "", "xy"])
JSON_SCALARS = st.one_of(SCALARS, st.sampled_from([True, False, None]))
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["k", "a"]), inner, max_size=2)
    ),
    max_leaves=5,
)
META_KEYS = st.sampled_from(["a", "n", "tags", "k"])
NAMES = st.sampled_from([None, "u1", "u2", "U1", "é"])
TIMES = st.sampled_from([1000.0, 2000.5, 3000.0])
LABELS = st.lists(st.sampled_from(["a", "b", "ab", "é", "B"]), max_size=3).map(tuple)

STRING_FIELDS = {
    "kind": st.sampled_from(["message", "fact", "note", "Fact"]),
    "role": st.sampled_from([None, "user", "assistant"]),
    "user_id": NAMES,
    "agent_id": NAMES,
    "session_id": NAMES,
    "text": st.sampled_from(["note", "note x", "x note", "note é"]),
    "key": st.sampled_from([None, "k1", "k2"]),
    "id": st.sampled_from(IDS),
    "parent_id": st.sampled_from([None, "r0"]),
}
NUMBER_FIELDS = {
    "importance": st.sampled_from([None, 0.0, 1.5, 7.0, 7]),
    "position": st.sampled_from([None, 0, 1, 2]),
    "access_count": st.sampled_from([0, 1]),
    "created_at": TIMES,
    "updated_at": TIMES,
    "expires_at": st.one_of(st.none(), TIMES),
    "last_accessed_at": st.one_of(st.none(), TIMES),
}
METADATA_FIELDS = ["a", "n", "tags", "k", "metadata.a", "a.k", "tags.0", "k.a.k"]
COMPARE = ["$eq", "$ne", "$gt", "$gte", "$lt", "$lte"]


@st.composite
def records(draw: st.DrawFn) -> list[NewRecord]:
    count = draw(st.integers(1, len(IDS)))
    made = []
    for index in range(count):
        text = draw(STRING_FIELDS["text"])
        rec = NewRecord(
            id=IDS[index],
            text=text,
            kind=draw(STRING_FIELDS["kind"]),
            content_hash=content_hash(text),
            created_at=draw(TIMES),
            role=draw(STRING_FIELDS["role"]),
            user_id=draw(NAMES),
            agent_id=draw(NAMES),
            session_id=draw(NAMES),
            metadata=draw(st.dictionaries(META_KEYS, JSON, max_size=3)),
            importance=draw(st.sampled_from([None, 0.0, 1.5, 7.0])),
            position=draw(st.sampled_from([None, 0, 1])),
            vector=np.eye(DIMS, dtype=np.float32)[index % DIMS],
            dedupe=False,
            updated_at=draw(TIMES),
            expires_at=draw(st.one_of(st.none(), TIMES)),
            namespace=draw(LABELS),
            key=draw(STRING_FIELDS["key"]),
        )
        made.append(rec)
    return made


def _operand(draw: st.DrawFn, values: st.SearchStrategy[Any], op: str) -> Any:
    if op in ("$in", "$nin"):
        return draw(st.lists(values, max_size=3))
    if op == "$exists":
        return draw(st.booleans())
    if op in ("$gt", "$gte", "$lt", "$lte", "$contains"):
        return draw(values.filter(lambda v: v is not None))
    return draw(values)


@st.composite
def conditions(draw: st.DrawFn) -> dict[str, Any]:
    family = draw(st.sampled_from(["string", "number", "namespace", "metadata"]))
    if family == "string":
        field = draw(st.sampled_from(sorted(STRING_FIELDS)))
        op = draw(st.sampled_from([*COMPARE, "$in", "$nin", "$contains", "$exists"]))
        values = STRING_FIELDS[field]
        if op == "$contains":
            values = st.sampled_from(["x", "note", "é", "", "u", "1"])
    elif family == "number":
        field = draw(st.sampled_from(sorted(NUMBER_FIELDS)))
        op = draw(st.sampled_from([*COMPARE, "$in", "$nin", "$exists"]))
        values = NUMBER_FIELDS[field]
    elif family == "namespace":
        field = "namespace"
        op = draw(st.sampled_from(["$eq", "$ne", "$in", "$nin", "$prefix"]))
        values = LABELS.map(list)
    else:
        field = draw(st.sampled_from(METADATA_FIELDS))
        op = draw(st.sampled_from([*COMPARE, "$in", "$nin", "$contains", "$exists"]))
        values = JSON_SCALARS
    operand = _operand(draw, values, op)
    if op == "$eq" and not isinstance(operand, list) and draw(st.booleans()):
        return {field: operand}  # the short form
    return {field: {op: operand}}


FILTERS = st.recursive(
    conditions(),
    lambda inner: st.one_of(
        st.builds(lambda parts: {"$and": parts}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda parts: {"$or": parts}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda part: {"$not": part}, inner),
    ),
    max_leaves=4,
)


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Store]]:
    made = {
        "sqlite": open_store(":memory:"),
        "postgres": open_store(pg.url_for(tmp_path_factory.mktemp("filters") / "store")),
    }
    try:
        for store in made.values():
            store.signature(claim=SIGNATURE)
        yield made
    finally:
        for store in made.values():
            store.close()


def selected(store: Store, where: Filter | None) -> dict[str, set[str]]:
    """What ``store`` selects under ``where``, by each way a store applies a filter."""
    everything = {"k": 100}
    return {
        "records": {r.id for r in store.records(where)},
        "get": {r.id for r in store.get(IDS, where)},
        "dense": {
            i for i, _ in store.dense(np.ones(DIMS, np.float32) / 2, where=where, **everything)
        },
        "keyword": {i for i, _ in store.keyword("note", where=where, **everything)},
    }


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(batch=records(), spec=FILTERS)
def test_a_store_selects_what_the_reference_selects(
    stores: dict[str, Store], backend: str, batch: list[NewRecord], spec: dict[str, Any]
) -> None:
    store = stores[backend]
    store.delete(IDS)
    stored = store.insert(batch, signature=SIGNATURE)
    where = parse_filter(spec)
    expected = {r.id for r in stored if matches(where, r)}
    found = selected(store, where)
    assert found == dict.fromkeys(found, expected), (spec, [r.to_dict() for r in stored])


# Disagreements the property test found, each now fixed in a compiler: (filter, the records'
# metadata or fields, the ids the reference selects).
FOUND = [
    # PostgreSQL's #> path took "0" as an array index.
    ({"a.0": "x"}, [{"a": ["x"]}], set()),
    # SQLite's json_extract gives true as 1: true matched 1 and 1 matched true.
    ({"a": True}, [{"a": 1}], set()),
    ({"a": 1}, [{"a": True}], set()),
    ({"a": {"$contains": True}}, [{"a": [1]}], set()),
    # Across JSON types: SQLite ordered text above numbers, PostgreSQL booleans above numbers
    # above strings.
    ({"a": {"$gt": 5}}, [{"a": "abc"}], set()),
    ({"a": {"$lt": 5}}, [{"a": "abc"}], set()),
    ({"a": {"$gt": 0}}, [{"a": True}], set()),
    # null in $in / $nin: no store matched a missing value; under $not they disagreed.
    ({"a": {"$in": [None, "x"]}}, [{}, {"a": "x"}, {"a": "y"}], {"r0", "r1"}),
    ({"$not": {"a": {"$in": [None]}}}, [{"a": "y"}], {"r0"}),
    ({"a": {"$nin": [None]}}, [{}], set()),
    ({"role": {"$in": [None, "user"]}}, [{"role": None}, {"role": "user"}], {"r0", "r1"}),
    # $contains matched the digits of a number, and (PostgreSQL) "true" in a boolean.
    ({"a": {"$contains": 1}}, [{"a": 15}], set()),
    ({"a": {"$contains": "t"}}, [{"a": True}], set()),
    # PostgreSQL's tenant term turned "unknown" into "false" under $not.
    ({"$not": {"user_id": "u1"}}, [{"user_id": None}], set()),
    # PostgreSQL could not bind a list of ints and floats.
    ({"importance": {"$in": [7, 7.5]}}, [{"importance": 7.0}], {"r0"}),
]


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize(("spec", "rows", "expected"), FOUND)
def test_found_disagreements_stay_fixed(
    stores: dict[str, Store],
    backend: str,
    spec: dict[str, Any],
    rows: list[dict[str, Any]],
    expected: set[str],
) -> None:
    store = stores[backend]
    store.delete(IDS)
    batch = []
    for index, row in enumerate(rows):
        fields = row if set(row) <= {"role", "user_id", "importance"} else {"metadata": row}
        batch.append(
            NewRecord(
                id=IDS[index], text="note", kind="message", content_hash=content_hash("note"),
                created_at=1000.0, vector=np.eye(DIMS, dtype=np.float32)[index], dedupe=False,
                **fields,
            )
        )  # fmt: skip
    stored = store.insert(batch, signature=SIGNATURE)
    where = parse_filter(spec)
    assert {r.id for r in stored if matches(where, r)} == expected  # the reference says so
    assert selected(store, where) == dict.fromkeys(("records", "get", "dense", "keyword"), expected)
