"""Keyword search over large scopes keeps to a postings budget: the query's rarest words first,
the most common dropped once the rarer ones match enough records."""

from __future__ import annotations

import pytest

import remem
import remem.stores.keyword_index as keyword_index


def test_common_words_are_dropped_on_large_scopes(monkeypatch: pytest.MonkeyPatch) -> None:
    with remem.open(":memory:", embedder="hash:32") as mem:
        mem.add_many(
            [f"weather report {i}" for i in range(60)]
            + ["the weather in lisbon is sunny", "lisbon trams are yellow"]
        )
        mem.add_many([f"weather in lisbon {i}" for i in range(5)], progress=False)
        counts = {"weather": 66, "lisbon": 7}
        assert keyword_index.affordable(["weather", "lisbon"], counts, 67) == [
            "weather",
            "lisbon",
        ]  # a small scope: every word
        monkeypatch.setattr(keyword_index, "KEYWORD_PRUNE_FROM", 10)
        monkeypatch.setattr(keyword_index, "KEYWORD_POSTINGS", 20)
        assert keyword_index.affordable(["weather", "lisbon"], counts, 67) == ["lisbon"]
        assert keyword_index.affordable(["weather"], counts, 67) == ["weather"]  # rarest stays
        hits = mem.search("weather in lisbon", mode="keyword", k=10)
        assert all("lisbon" in h.text for h in hits) and len(hits) == 7
        # A scope below the threshold is searched with every word.
        mem.add_many([{"text": f"weather report {i}", "user_id": "u"} for i in range(3)])
        mem.add("lisbon trams", user_id="u")
        scoped = mem.search("weather lisbon", mode="keyword", k=5, user_id="u")
        assert len(scoped) == 4 and any(h.text.startswith("weather report") for h in scoped)
