"""ChatMemory: the request never exceeds its budget, tool calls travel with their results, the
newest user message is never dropped, and evicted turns are summarised or come back by meaning."""

from __future__ import annotations

from typing import Any

import pytest

import remem
from remem.memory_types.chat import ChatMemory
from remem.text.tokens import count_messages, token_counter

SYSTEM = "You are a helpful assistant who remembers what the user says."


def turns(count: int) -> list[dict[str, Any]]:
    out = []
    for i in range(count):
        out.append(
            {"role": "user", "content": f"Message {i}: my note number {i} is about item{i}."}
        )
        out.append({"role": "assistant", "content": f"Noted, note {i} is about item{i}."})
    return out


def tool_exchange(call_id: str) -> list[dict[str, Any]]:
    call = {"id": call_id, "type": "function", "function": {"name": "weather", "arguments": "{}"}}
    return [
        {"role": "user", "content": "What is the weather in Lisbon?"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call_id, "content": "Sunny, 24 degrees. " * 5},
        {"role": "assistant", "content": "It is sunny and 24 degrees in Lisbon."},
    ]


@pytest.mark.parametrize("strategy", ["fifo", "summarize", "spill"])
def test_every_budget_is_respected(mem: remem.Memory, strategy: str) -> None:
    chat = ChatMemory(mem, session_id="s", system=SYSTEM, strategy=strategy)
    chat.add_many(turns(20) + tool_exchange("c1") + turns(3))
    chat.add({"role": "user", "content": "What was note 2 about?"})
    count = token_counter()
    for budget in (60, 90, 150, 300, 1000, 5000):
        sent = chat.messages_for(budget)
        assert count_messages(sent, count) <= budget
        assert sent[0] == {"role": "system", "content": SYSTEM}
        assert sent[-1]["content"] == "What was note 2 about?"  # the newest user message
        ids = [m.get("tool_call_id") for m in sent if m["role"] == "tool"]
        calls = [c["id"] for m in sent for c in m.get("tool_calls") or ()]
        assert ids == calls  # a call and its result are kept or dropped together
    assert chat.messages_for(100_000)[1:] == chat.messages  # everything fits: nothing changes


def test_summary_folds_evicted_turns(mem: remem.Memory) -> None:
    chat = ChatMemory(mem, session_id="s", system=SYSTEM, strategy="summarize")
    chat.add_many(turns(30))
    sent = chat.messages_for(300)
    assert sent[1]["role"] == "system" and sent[1]["content"].startswith("Summary")
    assert chat.last_evicted and min(chat.last_evicted) == 0
    # Extractive without an LLM: every sentence of the summary comes from an evicted message.
    stored = chat.messages
    evicted = " ".join(f"{stored[i]['role']}: {stored[i]['content']}" for i in chat.last_evicted)
    assert chat.summary
    for sentence in chat.summary.split(". "):
        role, _, text = sentence.partition(": ")
        assert role in ("user", "assistant") and text.rstrip(".") in evicted
    assert token_counter()(chat.summary) <= chat.summary_tokens
    # The summary is kept in the store and extended, not rewritten from scratch, next time.
    assert len(mem.list(session_id="s", kind="summary")) == 1


def test_summary_uses_the_llm_when_given(mem: remem.Memory) -> None:
    prompts: list[str] = []

    def llm(prompt: str) -> str:
        prompts.append(prompt)
        return "The user listed thirty notes about items."

    chat = ChatMemory(mem, session_id="s", strategy="summarize", llm=llm)
    chat.add_many(turns(30))
    sent = chat.messages_for(250)
    assert "Message 0: my note number 0" in prompts[0]
    assert sent[0]["content"].endswith("The user listed thirty notes about items.")


def test_spill_brings_back_relevant_evicted_turns(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        chat = ChatMemory(mem, session_id="s", strategy="spill")
        chat.add({"role": "user", "content": "My sister Maya is allergic to shellfish."})
        chat.add({"role": "assistant", "content": "Thanks, I will remember Maya's allergy."})
        chat.add_many(turns(25))
        chat.add({"role": "user", "content": "Which food must Maya avoid?"})
        sent = chat.messages_for(300)
        assert 0 in chat.last_evicted and 0 in chat.last_recalled
        assert "shellfish" in sent[0]["content"]


def test_bad_messages_are_refused_and_nothing_is_lost(mem: remem.Memory) -> None:
    chat = ChatMemory(mem, session_id="s", system=SYSTEM)
    chat.add_many(turns(2))
    bad = [
        {"role": "wizard", "content": "hi"},
        {"role": "user"},
        {"role": "user", "content": "   "},
        {"role": "user", "content": 5},
        {"role": "tool", "tool_call_id": "nope", "content": "result"},
        {"role": "user", "content": "hi", "tool_calls": [{"id": "x"}]},
        {"role": "user", "content": "hi", "colour": "red"},
        "just a string",
    ]
    for message in bad:
        with pytest.raises(remem.InvalidInputError):
            chat.add(message)  # type: ignore[arg-type]
    # A batch with one bad message stores none of it.
    with pytest.raises(remem.InvalidInputError, match="tool result"):
        chat.add_many([{"role": "user", "content": "fine"}, {"role": "tool", "content": "x"}])
    assert chat.messages == turns(2)
    with pytest.raises(remem.InvalidInputError, match="smaller than the system prompt"):
        chat.messages_for(10)
    with pytest.raises(remem.InvalidInputError):
        chat.messages_for("100")  # type: ignore[arg-type]
    with pytest.raises(remem.InvalidInputError):
        ChatMemory(mem, session_id="s", strategy="lifo")  # type: ignore[arg-type]
    with pytest.raises(remem.InvalidInputError, match="no tokenizer"):
        ChatMemory(mem, session_id="s", model="no-such-model")
    assert chat.messages == turns(2)


def test_history_persists_across_opens(tmp_path: Any) -> None:
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        ChatMemory(mem, session_id="s").add_many(turns(3))
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        chat = mem.chat("s")
        assert chat.messages == turns(3)
        chat.add({"role": "user", "content": "again"})
        assert [m["content"] for m in chat.messages][-1] == "again"
        assert chat.clear() == 7 and chat.messages == []


def test_token_counts_match_the_model_tokenizer() -> None:
    count = token_counter("gpt-4o")
    assert count("hello world") == 2
    assert token_counter("cl100k_base")("hello world") == 2
    assert count("") == 0


def test_other_memories_in_the_session_are_not_turns(mem: remem.Memory) -> None:
    mem.add("a note filed under the session", session_id="s9", user_id="sam")
    chat = mem.chat("s9", user_id="sam")
    chat.add({"role": "user", "content": "hello"})
    assert chat.messages == [{"role": "user", "content": "hello"}]
    assert chat.messages_for(100)[-1] == {"role": "user", "content": "hello"}
