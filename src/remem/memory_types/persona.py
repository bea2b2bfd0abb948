"""A character's prompt, assembled in order within a token budget.

``PersonaContext(mem, persona, agent_id="ava").build(query, budget_tokens=2000, chat=chat)``
returns the messages to send: one system message with the persona's parts, in this order —

  system prompt · name · short description · long description · example dialogues (the ones
  closest to the query) · agent summary · memories (searched in the agent's scope) · facts
  (current facts about the user) · entity summary —

then the recent conversation (a :class:`~remem.memory_types.chat.ChatMemory`'s ``messages_for``).
Each part has a share of the budget (:data:`DEFAULT_SHARES`); what a part leaves unused passes on
to the next, so a persona without examples gives their room to memories. Text parts are cut at a
word boundary to fit; list parts (examples, memories, facts) take whole items, best first. The
system prompt and name are never cut: a budget they do not fit is an error.
:attr:`PersonaPrompt.parts`
reports the tokens each part took.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from remem.core.errors import InvalidInputError
from remem.core.numbers import whole
from remem.text.tokens import (
    DEFAULT_MODEL,
    REPLY_PRIMING,
    TokenCounter,
    count_messages,
    token_counter,
    trim_to_tokens,
)

if TYPE_CHECKING:
    from remem.engine.protocol import EngineAPI
    from remem.memory_types.chat import ChatMemory

__all__ = ["DEFAULT_SHARES", "Persona", "PersonaContext", "PersonaPrompt"]

#: Share of the budget each part may take (what one leaves passes on to the next).
DEFAULT_SHARES: dict[str, float] = {
    "short": 0.03,
    "long": 0.10,
    "examples": 0.12,
    "agent_summary": 0.06,
    "memories": 0.20,
    "facts": 0.09,
    "entity_summary": 0.05,
    "recent": 0.30,
}
ORDER = (
    "system",
    "name",
    "short",
    "long",
    "examples",
    "agent_summary",
    "memories",
    "facts",
    "entity_summary",
    "recent",
)
_HEADINGS = {
    "short": "About you",
    "long": "Your story",
    "examples": "How you talk (example dialogues)",
    "agent_summary": "What you have been doing",
    "memories": "What you remember",
    "facts": "What you know about the user",
    "entity_summary": "About the people and things mentioned",
}


@dataclass(slots=True)
class Persona:
    """A character: its prompt parts. ``examples`` are short dialogues in its voice."""

    name: str
    system: str = ""
    short: str = ""
    long: str = ""
    examples: list[str] = field(default_factory=list)
    agent_summary: str = ""
    entity_summary: str = ""


@dataclass(frozen=True, slots=True)
class PersonaPrompt:
    messages: list[dict[str, Any]]
    #: Tokens each part took (0 for a part with nothing to say or no room).
    parts: dict[str, int]
    tokens: int


class PersonaContext:
    def __init__(
        self,
        memory: EngineAPI,
        persona: Persona,
        *,
        agent_id: str | None = None,
        user_id: str | None = None,
        shares: dict[str, float] | None = None,
        model: str = DEFAULT_MODEL,
        count_tokens: TokenCounter | None = None,
        memory_kinds: Sequence[str] = ("message", "observation", "thought", "reflection", "note"),
    ) -> None:
        if not isinstance(persona.name, str) or not persona.name.strip():
            raise InvalidInputError("a persona needs a name")
        chosen = {**DEFAULT_SHARES, **(shares or {})}
        unknown = set(chosen) - set(DEFAULT_SHARES)
        if unknown:
            raise InvalidInputError(f"unknown parts {sorted(unknown)}: {sorted(DEFAULT_SHARES)}")
        if any(not 0 <= v <= 1 for v in chosen.values()) or sum(chosen.values()) > 1.0 + 1e-9:
            raise InvalidInputError("shares are fractions of the budget, adding up to at most 1")
        self.memory = memory
        self.persona = persona
        self.agent_id = agent_id
        self.user_id = user_id
        self.shares = chosen
        self.count = count_tokens or token_counter(model)
        self.memory_kinds = list(memory_kinds)

    def build(
        self, query: str, *, budget_tokens: int, chat: ChatMemory | None = None
    ) -> PersonaPrompt:
        """The messages for answering ``query`` within ``budget_tokens`` (whole request)."""
        whole(budget_tokens, "budget_tokens")
        p = self.persona
        head = "\n\n".join(t for t in (p.system.strip(), f"You are {p.name.strip()}.") if t)
        fixed = self.count(head) + 3 + REPLY_PRIMING
        if fixed > budget_tokens:
            raise InvalidInputError(
                f"budget_tokens={budget_tokens} is smaller than the system prompt and name "
                f"({fixed} tokens)"
            )
        parts = {"system": self.count(p.system) if p.system else 0, "name": self.count(p.name)}
        sections: list[str] = [head]
        carry = 0
        used = fixed
        fillers: dict[str, Callable[[int], list[str]]] = {
            "short": lambda room: self._text(p.short, room),
            "long": lambda room: self._text(p.long, room),
            "examples": lambda room: self._items(self._examples(query), room),
            "agent_summary": lambda room: self._text(p.agent_summary, room),
            "memories": lambda room: self._items(self._memories(query), room),
            "facts": lambda room: self._items(self._facts(query), room),
            "entity_summary": lambda room: self._text(p.entity_summary, room),
        }
        for name in ORDER[2:-1]:
            room = int(self.shares[name] * budget_tokens) + carry
            heading = f"# {_HEADINGS[name]}\n"
            lines = fillers[name](room - self.count(heading) - 2)
            text = heading + "\n".join(lines) if lines else ""
            cost = self.count(text) + 2 if text else 0
            if text and used + cost <= budget_tokens:
                sections.append(text)
                used += cost
                parts[name] = cost
            else:
                parts[name] = 0
            carry = max(0, room - parts[name])
        system = {"role": "system", "content": "\n\n".join(sections)}
        recent: list[dict[str, Any]] = []
        if chat is not None:
            room = budget_tokens - count_messages([system], self.count)
            if room > 0:
                try:
                    recent = chat.messages_for(room + REPLY_PRIMING)
                except InvalidInputError:
                    recent = []  # not even the newest user message fits beside the persona
                if chat.system and recent and recent[0].get("content") == chat.system:
                    recent = recent[1:]  # the persona's system message replaces the chat's own
        messages = [system, *recent]
        total = count_messages(messages, self.count)
        parts["recent"] = total - count_messages([system], self.count) if recent else 0
        return PersonaPrompt(messages, parts, total)

    # -- parts -------------------------------------------------------------------------------------
    def _text(self, text: str, room: int) -> list[str]:
        text = text.strip()
        if not text or room <= 0:
            return []
        if self.count(text) <= room:
            return [text]
        cut = trim_to_tokens(text, self.count, room - 1)  # room for the ellipsis
        return [cut + " …"] if cut else []

    def _items(self, items: list[str], room: int) -> list[str]:
        chosen, used = [], 0
        for item in items:
            line = f"- {item}"
            cost = self.count(line) + 1
            if used + cost > room:
                continue
            chosen.append(line)
            used += cost
        return chosen

    def _examples(self, query: str) -> list[str]:
        examples = [e for e in self.persona.examples if e.strip()]
        if len(examples) < 2:
            return examples
        vectors = np.asarray(self.memory.embedder.embed([query, *examples]), dtype=np.float32)
        order = np.argsort(-(vectors[1:] @ vectors[0]), kind="stable")
        return [examples[i] for i in order]

    def _memories(self, query: str) -> list[str]:
        # The character's own memories (its scope); without an agent, the user's.
        scope = {"agent_id": self.agent_id} if self.agent_id else {"user_id": self.user_id}
        hits = self.memory.search(
            query,
            k=10,
            filters={"kind": {"$in": self.memory_kinds}},
            touch=False,
            **scope,
        )
        return [h.text for h in hits]

    def _facts(self, query: str) -> list[str]:
        hits = self.memory.search(
            query,
            k=10,
            user_id=self.user_id,
            filters={"kind": "fact"},
            touch=False,
        )
        return [h.text for h in hits]
