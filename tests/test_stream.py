"""MemoryStream: importance from the caller, an LLM or the heuristic; recency · importance ·
relevance retrieval; reflections that cite their sources once the threshold is passed."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import remem
from remem.enrich import heuristic_importance
from remem.memory_types.stream import MemoryStream

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def test_heuristic_orders_the_poignant_above_the_mundane() -> None:
    assert heuristic_importance("Sam got married to Alex today") > heuristic_importance(
        "Sam ate breakfast"
    )
    assert 1 <= heuristic_importance("idle") <= heuristic_importance("My father died") <= 10


def test_importance_sources(mem: remem.Memory) -> None:
    stream = MemoryStream(mem, agent_id="sam", auto_reflect=False)
    given = stream.observe("Sam waters the plants", importance=2)
    assert given.importance == 2
    guessed = stream.observe("Sam was promoted at work")
    assert guessed.metadata["importance_source"] == "heuristic"
    rated = MemoryStream(mem, agent_id="sam", llm=lambda p: "Rating: 9", auto_reflect=False)
    assert rated.observe("Sam's mother is in hospital").importance == 9
    broken = MemoryStream(mem, agent_id="sam", llm=lambda p: "no idea", auto_reflect=False)
    with pytest.warns(UserWarning, match="importance rating failed"):
        kept = broken.observe("Sam adopted a dog")
    assert kept.metadata["importance_source"] == "heuristic (llm failed)"  # stored regardless
    with pytest.raises(remem.InvalidInputError):
        stream.observe("bad", importance=11)
    thought = stream.think("I should call mum tonight", importance=6)
    assert thought.kind == "thought"
    assert [h.id for h in stream.retrieve("call mum", k=1)] == [thought.id]


def test_recent_important_memories_rank_first(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        stream = MemoryStream(mem, agent_id="a", auto_reflect=False)
        old = stream.observe("Klaus is writing a paper on gentrification", created_at=START,
                             importance=8)  # fmt: skip
        stream.observe("Klaus had coffee", created_at=START + timedelta(days=1), importance=1)
        new = stream.observe("Klaus finished his paper on gentrification",
                             created_at=START + timedelta(days=2), importance=8)  # fmt: skip
        hits = stream.retrieve("Klaus's research paper", k=3, now=START + timedelta(days=2))
        assert [h.id for h in hits[:2]] == [new.id, old.id]
        assert {"recency", "importance", "relevance"} <= set(hits[0].scores)


def test_reflection_with_an_llm_cites_its_sources(mem: remem.Memory) -> None:
    asked: list[str] = []

    def llm(prompt: str) -> str:
        asked.append(prompt)
        if "salient high-level questions" in prompt:
            return "1. What does Klaus care about?\n2. How does Klaus spend his days?"
        if "high-level insights" in prompt:
            return "Klaus is dedicated to his research (because of 1, 2)\nKlaus likes coffee (3)"
        return "5"

    stream = MemoryStream(mem, agent_id="k", llm=llm, reflect_threshold=20, questions=2)
    observed = [
        stream.observe(text, created_at=START + timedelta(hours=i))
        for i, text in enumerate(
            [
                "Klaus reads about gentrification",
                "Klaus writes his paper",
                "Klaus drinks coffee",
                "Klaus works in the library",
            ]
        )
    ]
    reflections = mem.list(agent_id="k", kind="reflection")
    assert reflections, "the threshold (20) was passed at the fourth observation (5 each)"
    first = reflections[0]
    assert first.text == "Klaus is dedicated to his research"
    assert first.metadata["depth"] == 1 and first.metadata["question"].startswith("What does")
    assert set(first.metadata["cites"]) <= {r.id for r in observed}
    assert len(first.metadata["cites"]) == 2
    assert stream.pending_importance() == 0  # counting starts again after a reflection
    # A reflection on reflections is one level deeper.
    deeper = stream.reflect()
    assert max(r.metadata["depth"] for r in deeper) >= 1


def test_reflection_without_an_llm_names_recurring_themes(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        stream = MemoryStream(mem, agent_id="i", reflect_threshold=1000)
        texts = [
            "Isabella is planning a Valentine's Day party at Hobbs Cafe",
            "Isabella invites Maria to the Valentine's Day party",
            "Isabella decorates Hobbs Cafe for the Valentine's Day party",
            "The weather is sunny",
        ]
        for i, text in enumerate(texts):
            stream.observe(text, created_at=START + timedelta(hours=i), importance=5)
        made = stream.reflect()
        assert made and re.search(r"recurring theme: 3 memories", made[0].text)
        assert len(made[0].metadata["cites"]) == 3 and made[0].metadata["depth"] == 1
        assert stream.reflect() is not None
        assert MemoryStream(mem, agent_id="empty").reflect() == []
    with pytest.raises(remem.InvalidInputError):
        MemoryStream(mem, reflect_threshold=0)
