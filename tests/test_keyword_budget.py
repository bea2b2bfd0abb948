"""Unscoped keyword search on a large store keeps to a postings budget: the query's rarest words
first, the most common dropped once the rarer ones match enough documents."""

from __future__ import annotations

import pytest

import remem
import remem.stores.sqlite.store as sqlite_store


def test_common_words_are_dropped_on_large_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    with remem.open(":memory:", embedder="hash:32") as mem:
        mem.add_many(
            [f"weather report {i}" for i in range(60)]
            + ["the weather in lisbon is sunny", "lisbon trams are yellow"]
        )
        store = mem.store
        assert store._affordable(["weather", "lisbon"]) == ["weather", "lisbon"]  # small store
        monkeypatch.setattr(sqlite_store, "KEYWORD_PRUNE_FROM", 10)
        monkeypatch.setattr(sqlite_store, "KEYWORD_POSTINGS", 20)
        store._df_top = 0
        assert store._affordable(["weather", "lisbon"]) == ["lisbon"]  # 61 postings over budget
        assert store._affordable(["weather"]) == ["weather"]  # the rarest word always stays
        hits = mem.search("weather in lisbon", mode="keyword", k=5)
        assert {h.text for h in hits} == {
            "the weather in lisbon is sunny",
            "lisbon trams are yellow",
        }
        # Scoped searches are already narrowed by the scope tokens: every word counts.
        scoped = mem.search("weather lisbon", mode="keyword", k=5, filters={"kind": "message"})
        assert len(scoped) == 5 and any(h.text.startswith("weather report") for h in scoped)
