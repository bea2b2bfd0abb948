"""Fact extraction with history: ADD / UPDATE / DELETE / NOOP decided by a scripted model (the
real OpenAI wire format), superseded facts kept for audit, junk filtered, failures kept pending."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import remem
from remem.llm.openai import OpenAIChat
from remem.memory_types.facts import FactMemory, heuristic_facts, is_junk

from .openai_wire import Server, completion, error, serve


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def chat_model(server: Server) -> OpenAIChat:
    return OpenAIChat("scripted", base_url=server.url, api_key="k", max_retries=0)


def decide(action: str, id: str | None = None) -> dict:
    return completion(json.dumps({"action": action, "id": id}))


def test_update_supersedes_and_keeps_the_audit_trail(server: Server, mem: remem.Memory) -> None:
    facts = FactMemory(mem, llm=chat_model(server), user_id="ann")
    server.steps = [completion('["The user lives in Lisbon."]')]  # nothing related yet: no ask
    first = facts.add([{"role": "user", "content": "I live in Lisbon."}])
    assert [c.action for c in first] == ["ADD"]
    old = first[0].fact
    assert old is not None and old.metadata["sources"]  # linked to the turn it came from
    source = mem.get(old.metadata["sources"][0])
    assert source.text == "I live in Lisbon." and source.kind == "message"
    server.steps = [
        completion('```json\n["The user moved to Porto."]\n```'),  # fenced JSON is fine
        decide("UPDATE", old.id),
    ]
    second = facts.add(["Hi!", "I moved to Porto last month."])
    assert [c.action for c in second] == ["UPDATE"]
    new, closed = second[0].fact, second[0].closed
    assert new is not None and closed is not None
    assert closed.kind == "fact.superseded" and closed.metadata["superseded_by"] == new.id
    assert closed.metadata["valid_to"] >= closed.metadata["valid_from"]
    assert new.metadata["supersedes"] == old.id
    assert [f.text for f in facts.current()] == ["The user moved to Porto."]
    assert [h.text for h in facts.search("where does the user live")] == [
        "The user moved to Porto."
    ]
    with_history = {h.text for h in facts.search("where does the user live", history=True)}
    assert with_history == {"The user moved to Porto.", "The user lives in Lisbon."}
    assert [f.text for f in facts.history(new.id)] == [
        "The user lives in Lisbon.",
        "The user moved to Porto.",
    ]
    # What the model was shown: the stored fact with its id, and the junk turn was not sent.
    assert old.id in server.requests[-1]["messages"][0]["content"]
    assert "Hi!" not in server.requests[-2]["messages"][0]["content"]
    # DELETE closes without a successor; NOOP changes nothing.
    server.steps = [
        completion('["The user no longer lives in Portugal."]'),
        decide("DELETE", new.id),
    ]
    third = facts.add(["I left Portugal."])
    assert third[0].action == "DELETE" and third[0].closed is not None
    assert third[0].closed.metadata["superseded_by"] is None and facts.current() == []
    assert mem.stats().llm_usage["facts.extract"]["calls"] == 3


def test_bad_replies_leave_the_turns_pending(server: Server, mem: remem.Memory) -> None:
    facts = FactMemory(mem, llm=chat_model(server), user_id="ann")
    for step in [completion("I think the user likes tea"), error(503, "down")]:
        server.steps = [step]
        with pytest.warns(UserWarning, match="pending"):
            assert facts.add(["I like green tea a lot."]) == []
    pending = mem.list(user_id="ann", filters={"facts": "pending"})
    assert len(pending) == 2 and all(p.text == "I like green tea a lot." for p in pending)
    server.steps = [completion('["The user likes green tea."]')]
    done = facts.retry_pending()
    assert [c.action for c in done] == ["ADD"]
    assert mem.list(user_id="ann", filters={"facts": "pending"}) == []
    # A decision naming an id it was not shown is not applied to that id.
    other = mem.add("Bob likes coffee", user_id="bob", kind="fact")
    server.steps = [completion('["The user likes black tea."]'), decide("UPDATE", other.id)]
    changes = facts.add(["I like black tea too."])
    assert changes[0].action == "ADD" and mem.get(other.id).kind == "fact"


def test_without_an_llm_first_person_statements_become_facts(mem: remem.Memory) -> None:
    facts = FactMemory(mem, user_id="ann")
    changes = facts.add(
        [
            {"role": "user", "content": "Hello! I am allergic to peanuts. Can you help me?"},
            {"role": "assistant", "content": "As an AI, I will remember that."},
            {"role": "user", "content": "My sister lives in Berlin."},
        ]
    )
    assert [c.text for c in changes] == ["I am allergic to peanuts.", "My sister lives in Berlin."]
    again = facts.add(["I am allergic to peanuts."])
    assert [c.action for c in again] == ["NOOP"]  # a near-duplicate adds nothing
    assert heuristic_facts([{"role": "assistant", "content": "I like it."}]) == []
    assert is_junk({"role": "user", "content": "thanks!"})
    assert is_junk({"role": "assistant", "content": "I'll remember that for you."})
    assert not is_junk({"role": "user", "content": "I'll be in Rome in May."})
    with pytest.raises(remem.InvalidInputError):
        facts.add([{"role": "user", "content": 5}])
