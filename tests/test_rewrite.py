"""Optional enrichment: importance, self-contained memories and queries, each without an LLM too."""

from __future__ import annotations

import pytest

import remem
from remem.enrich import rate_importance, rewrite_memory, rewrite_query

CONTEXT = [
    {"role": "assistant", "content": "Shall I book the 9:40 flight to Lisbon for Ann?"},
]


def test_without_an_llm_nothing_changes() -> None:
    assert rewrite_memory("That would be great", CONTEXT) == "That would be great"
    assert rewrite_query("and her sister?", CONTEXT) == "and her sister?"
    assert rate_importance("Ann got married") > rate_importance("Ann ate lunch")


def test_with_an_llm(mem: remem.Memory) -> None:
    asked: list[str] = []

    def llm(prompt: str) -> str:
        asked.append(prompt)
        if "search query" in prompt:
            return '"Where does Ann\'s sister live?"'
        if "Rewrite the last message" in prompt:
            return (
                "NOTHING"
                if "ok" in prompt.split("Last message")[1]
                else ("Ann wants the assistant to book the 9:40 flight to Lisbon.")
            )
        return "8"

    assert rewrite_memory("That would be great", CONTEXT, llm=llm, memory=mem) == (
        "Ann wants the assistant to book the 9:40 flight to Lisbon."
    )
    assert "Shall I book the 9:40 flight" in asked[0]  # the context went into the prompt
    assert rewrite_memory("ok", CONTEXT, llm=llm) is None
    assert rewrite_query("and her sister?", CONTEXT, llm=llm) == "Where does Ann's sister live?"
    assert rate_importance("Ann got married", llm=llm, memory=mem) == 8.0
    assert mem.stats().llm_usage["importance"]["calls"] == 1

    def broken(prompt: str) -> str:
        raise RuntimeError("down")

    with pytest.warns(UserWarning, match="heuristic"):
        assert rate_importance("Ann got married", llm=broken) >= 1
    with pytest.raises(remem.LLMError):
        rewrite_memory("That would be great", CONTEXT, llm=broken)


def test_enrichment_as_options(mem: remem.Memory) -> None:
    from remem.memory_types.chat import ChatMemory
    from remem.memory_types.facts import FactMemory

    searched: list[str] = []

    def llm(prompt: str) -> str:
        if "search query" in prompt:
            searched.append(prompt)
            return "Which food is Maya allergic to?"
        if "Extract the facts" in prompt:
            return '["Maya is allergic to shellfish."]'
        return "9"

    chat = ChatMemory(mem, session_id="s", strategy="spill", llm=llm, rewrite_query=True)
    chat.add({"role": "user", "content": "My sister Maya is allergic to shellfish."})
    for i in range(30):
        chat.add({"role": "user", "content": f"Note {i} about item{i}."})
    chat.add({"role": "assistant", "content": "Maya? Tell me more."})
    chat.add({"role": "user", "content": "What can't she eat?"})
    chat.messages_for(200)
    assert searched and "What can't she eat?" in searched[0]
    assert mem.stats().llm_usage["rewrite.query"]["calls"] == 1
    facts = FactMemory(mem, llm=llm, user_id="u", rate_importance=True)
    added = facts.add(["Maya is allergic to shellfish."])
    assert added[0].fact is not None and added[0].fact.importance == 9.0
