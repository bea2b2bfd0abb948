"""Filters: parsing errors and their meaning against real SQLite."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

import remem
from remem.core.filters import parse_filter


@pytest.fixture
def filled(mem: remem.Memory) -> remem.Memory:
    mem.add_many(
        [
            {
                "text": "alpha note",
                "kind": "fact",
                "importance": 2,
                "metadata": {"speaker": "Ann", "tags": ["x", "y"], "n": 1, "nested": {"k": "v"}},
                "created_at": datetime(2023, 5, 1, tzinfo=UTC),
            },
            {
                "text": "beta note",
                "kind": "message",
                "role": "user",
                "importance": 8,
                "metadata": {"speaker": "Bo", "tags": ["y"], "n": 5, "title": "Hello world"},
                "created_at": datetime(2023, 6, 1, tzinfo=UTC),
            },
            {
                "text": "gamma note",
                "kind": "fact",
                "metadata": {"speaker": "Cy", "n": 10, "flag": True},
                "created_at": datetime(2023, 7, 1, tzinfo=UTC),
            },
        ]
    )
    return mem


def texts(mem: remem.Memory, filters: dict) -> set[str]:
    listed = {r.text.split()[0] for r in mem.list(filters=filters)}
    searched = {h.text.split()[0] for h in mem.search("note", k=10, filters=filters)}
    assert listed == searched, "list and search must apply filters alike"
    return listed


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"kind": "fact"}, {"alpha", "gamma"}),
        ({"speaker": "Bo"}, {"beta"}),
        ({"metadata.speaker": "Bo"}, {"beta"}),
        ({"speaker": {"$in": ["Ann", "Cy"]}}, {"alpha", "gamma"}),
        ({"speaker": {"$nin": ["Ann"]}}, {"beta", "gamma"}),
        ({"title": {"$nin": ["Hello world"]}}, {"alpha", "gamma"}),
        ({"speaker": {"$in": []}}, set()),
        ({"n": {"$gt": 1}}, {"beta", "gamma"}),
        ({"n": {"$gte": 1, "$lt": 10}}, {"alpha", "beta"}),
        ({"tags": {"$contains": "x"}}, {"alpha"}),
        ({"tags": {"$contains": "y"}}, {"alpha", "beta"}),
        ({"title": {"$contains": "world"}}, {"beta"}),
        ({"title": {"$exists": True}}, {"beta"}),
        ({"title": {"$exists": False}}, {"alpha", "gamma"}),
        ({"speaker": {"$ne": "Ann"}}, {"beta", "gamma"}),
        ({"role": None}, {"alpha", "gamma"}),
        ({"importance": {"$gte": 5}}, {"beta"}),
        ({"nested.k": "v"}, {"alpha"}),
        ({"flag": True}, {"gamma"}),
        ({"created_at": {"$gte": "2023-06-01"}}, {"beta", "gamma"}),
        ({"created_at": {"$lt": datetime(2023, 6, 1, tzinfo=UTC)}}, {"alpha"}),
        ({"$or": [{"speaker": "Ann"}, {"n": 10}]}, {"alpha", "gamma"}),
        ({"$and": [{"kind": "fact"}, {"n": {"$lt": 5}}]}, {"alpha"}),
        ({"$not": {"kind": "fact"}}, {"beta"}),
        ({"text": {"$contains": "gamma"}}, {"gamma"}),
    ],
)
def test_filter_semantics(filled: remem.Memory, filters: dict, expected: set[str]) -> None:
    assert texts(filled, filters) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("kind = fact", "must be a dict"),
        ({"kind": {"$like": "f%"}}, "unknown operator"),
        ({"$xor": []}, "unknown logical operator"),
        ({"$or": {}}, "non-empty list"),
        ({"$or": []}, "non-empty list"),
        ({"n": {"$in": 3}}, "takes a list"),
        ({"n": {"$gt": None}}, "needs a value"),
        ({"n": {"$exists": "yes"}}, "true or false"),
        ({"n": {}}, "empty operator"),
        ({'bad"key': 1}, "invalid metadata key"),
        ({"a..b": 1}, "invalid metadata key"),
        ({"created_at": {"$gt": "last tuesday"}}, "created_at"),
        ({"n": [1, 2]}, "unsupported filter value"),
        ({"$not": {}}, "non-empty filter"),
    ],
)
def test_malformed_filters(spec: object, message: str) -> None:
    with pytest.raises(remem.FilterError, match=message):
        parse_filter(spec)  # type: ignore[arg-type]


def test_filter_values_never_reach_sql_text(filled: remem.Memory) -> None:
    hostile = "x') OR 1=1 --"
    assert texts(filled, {"speaker": hostile}) == set()
    assert texts(filled, {"speaker'; DROP TABLE memories; --": 1}) == set()
    assert filled.stats().records == 3


@pytest.mark.parametrize(
    "spec",
    [
        {"importance": {"$gt": "high"}},
        {"importance": True},
        {"user_id": 1},
        {"kind": {"$in": ["fact", 3]}},
        {"position": {"$lt": "2"}},
    ],
)
def test_a_record_field_compared_with_another_kind_of_value_is_refused(
    mem: remem.Memory, spec: dict[str, Any]
) -> None:
    """SQLite matched nothing and PostgreSQL failed with a raw driver error (a 500 over
    HTTP): a record field compared with another kind of value is bad input, refused alike."""
    mem.add("a note", user_id="u", importance=0.5)
    with pytest.raises(remem.FilterError, match="holds"):
        mem.search("note", filters=spec)
    with pytest.raises(remem.FilterError, match="holds"):
        mem.list(filters=spec)
