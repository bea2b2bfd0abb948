"""Relevance a person can read: calibrated, in [0, 1], the same for a pair whatever the store's
size, and ``min_score`` on every face."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import remem
from remem.llm.base import ToolCall
from remem.retrieval.calibration import calibrated, non_increasing
from remem.tools import ToolDispatcher

QUESTION = "What is Alex allergic to?"
ANSWER = "Alex is allergic to penicillin."
OTHERS = [
    "Alex keeps bees on a rooftop in Leeds.",
    "Alex sells honey at a Saturday market.",
    "The quarterly planning meeting moved to Friday.",
    "Sam runs three mornings a week.",
    "Priya is a marine biologist in Lisbon.",
    "The vault code changed last spring.",
    "Grey cats are lovely.",
    "Alex's bike has a flat tyre.",
]


def test_non_increasing_pools_each_rising_run() -> None:
    assert non_increasing([]) == []
    assert non_increasing([0.9, 0.5, 0.1]) == [0.9, 0.5, 0.1]
    assert non_increasing([0.2, 0.4, 0.1]) == pytest.approx([0.3, 0.3, 0.1])
    assert non_increasing([0.5, 0.1, 0.2, 0.3]) == pytest.approx([0.5, 0.2, 0.2, 0.2])


def test_calibrated_rises_with_each_signal() -> None:
    low = calibrated({"dense": 0.3, "keyword_share": 0.2}, "hybrid")
    assert 0 < low < calibrated({"dense": 0.6, "keyword_share": 0.2}, "hybrid") < 1
    assert low < calibrated({"dense": 0.3, "keyword_share": 1.0}, "hybrid")
    assert calibrated({"dense": 0.3}, "dense") < calibrated({"dense": 0.3, "neighbors": 1}, "dense")
    assert calibrated({"rerank": 0.0, "dense": 0.9}, "hybrid") == 0.5  # the reranker decides


def test_relevance_of_a_pair_does_not_depend_on_the_store_size(
    model_mem_factory: Callable[..., remem.Memory],
) -> None:
    """Fused scores are standardised over each search's candidates, so the same answer scored
    1.0 among 2 memories and 2.3 among 9; its relevance is the same in both."""
    found = {}
    for size in (2, 1 + len(OTHERS)):
        with model_mem_factory() as mem:
            texts = [ANSWER, *OTHERS[: size - 1]]
            mem.add_many([{"text": t, "user_id": "alex"} for t in texts], progress=False)
            hits = mem.search(QUESTION, user_id="alex", touch=False)
            assert hits[0].text == ANSWER and len(hits) == size
            found[size] = hits
    small, large = found[2][0], found[9][0]
    assert abs(small.scores["fused"] - large.scores["fused"]) > 0.5
    assert small.score == pytest.approx(large.score, abs=1e-6)
    assert 0.3 < small.score < 1  # a right answer reads as likely
    for hits in found.values():  # the rest read as unlikely, and never rise down the list
        assert all(h.score < 0.05 for h in hits[1:])
        assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_min_score_keeps_the_hits_at_or_above_it(mem: remem.Memory) -> None:
    mem.add_many(["green tea in the morning", "green tea", "black coffee at night"])
    every = [h.id for h in mem.search("green tea", k=10, touch=False)]
    scores = [h.score for h in mem.search("green tea", k=10, touch=False)]
    assert len(every) == 3
    kept = mem.search("green tea", k=10, min_score=scores[1], touch=False)
    assert [h.id for h in kept] == [i for i, s in zip(every, scores, strict=True) if s >= scores[1]]
    assert mem.search("green tea", min_score=1.0) == []
    assert [h.id for h in mem.search("green tea", min_score=0, touch=False)] == every
    for bad in (-0.1, 1.5, "0.5", True, float("nan")):
        with pytest.raises(remem.InvalidInputError, match="min_score"):
            mem.search("green tea", min_score=bad)  # type: ignore[arg-type]


def test_min_score_never_reaches_another_tenant(mem: remem.Memory) -> None:
    mem.add("Alice likes green tea", user_id="alice")
    mem.add("Bob likes green tea", user_id="bob")
    for user in ("alice", "bob"):
        for least in (None, 0.0, 0.001):
            hits = mem.search("green tea", user_id=user, min_score=least, k=50)
            assert {h.user_id for h in hits} == {user}


def test_min_score_in_the_tools(mem: remem.Memory) -> None:
    mem.add("Alice likes green tea", user_id="alice")
    mem.add("Alice plays the cello", user_id="alice")
    tools = ToolDispatcher(mem, user_id="alice")

    def search(**arguments: Any) -> dict[str, Any]:
        return tools.execute(ToolCall("call-1", "search_memories", arguments))

    every = search(query="green tea", k=5, min_score=None)  # null: none, as strict mode sends
    scores = [r["score"] for r in every["results"]]
    assert len(scores) == 2 and all(0 <= s <= 1 for s in scores) and scores[0] > scores[1]
    some = search(query="green tea", min_score=scores[0])
    assert [r["id"] for r in some["results"]] == [every["results"][0]["id"]]
    refused = search(query="x", min_score=2)
    assert refused["ok"] is False and "min_score" in refused["error"]
