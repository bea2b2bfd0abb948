"""Persona context: the parts in order, each within its share, the whole within the budget."""

from __future__ import annotations

from typing import Any

import pytest

import remem
from remem.memory_types.chat import ChatMemory
from remem.memory_types.persona import Persona, PersonaContext
from remem.text.tokens import count_messages, token_counter

AVA = Persona(
    name="Ava",
    system="Stay in character. Answer in two sentences at most.",
    short="A lighthouse keeper on a windy island.",
    long=" ".join(["Ava has kept the lighthouse for twenty years and knows every ship."] * 30),
    examples=[
        "User: Any storms tonight? Ava: The barometer is falling; batten the shutters.",
        "User: What do you cook? Ava: Fish stew, always fish stew.",
        "User: Do you get lonely? Ava: The gulls keep me company.",
    ],
    agent_summary="This week Ava repaired the lamp and logged three ships.",
    entity_summary="Tom is the ferryman who brings supplies on Fridays.",
)


def test_parts_in_order_within_the_budget(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        mem.add("Ava saw a red-sailed ship at dawn", agent_id="ava", kind="observation")
        mem.add("The user is afraid of storms", user_id="u", kind="fact")
        chat = ChatMemory(mem, session_id="s", user_id="u")
        for i in range(20):
            chat.add({"role": "user", "content": f"Tell me about ship number {i}, please."})
            chat.add({"role": "assistant", "content": f"Ship {i} passed the point at noon."})
        chat.add({"role": "user", "content": "Will there be a storm tonight?"})
        context = PersonaContext(mem, AVA, agent_id="ava", user_id="u")
        count = token_counter()
        for budget in (120, 300, 800, 3000):
            built = context.build("Will there be a storm tonight?", budget_tokens=budget, chat=chat)
            assert built.tokens == count_messages(built.messages, count) <= budget
            assert built.messages[-1]["content"] == "Will there be a storm tonight?"
        built = context.build("Will there be a storm tonight?", budget_tokens=3000, chat=chat)
        system = built.messages[0]["content"]
        order = [
            "Stay in character",
            "You are Ava.",
            "# About you",
            "# Your story",
            "# How you talk",
            "# What you have been doing",
            "# What you remember",
            "# What you know about the user",
            "# About the people",
        ]
        positions = [system.index(marker) for marker in order]
        assert positions == sorted(positions)
        # The example closest to the question comes first; the long story was cut to its share.
        assert system.index("barometer") < system.index("gulls")
        # (its share, and what the short description left unused)
        assert built.parts["long"] <= int(0.13 * 3000) + 1 and "…" in system
        assert "red-sailed ship" in system and "afraid of storms" in system
        assert built.parts["recent"] > 0


def test_bad_budgets_and_shares(mem: remem.Memory) -> None:
    context = PersonaContext(mem, AVA)
    with pytest.raises(remem.InvalidInputError, match="smaller than the system prompt"):
        context.build("hi", budget_tokens=10)
    with pytest.raises(remem.InvalidInputError):
        PersonaContext(mem, AVA, shares={"memories": 0.9})  # adds up to more than 1
    with pytest.raises(remem.InvalidInputError):
        PersonaContext(mem, AVA, shares={"jokes": 0.1})
    with pytest.raises(remem.InvalidInputError):
        PersonaContext(mem, Persona(name=" "))
    bare = PersonaContext(mem, Persona(name="Bo")).build("hello", budget_tokens=100)
    assert bare.messages == [{"role": "system", "content": "You are Bo."}]
