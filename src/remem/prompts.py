"""Every prompt remem sends, in one place, with ``{{variables}}``; each can be overridden.

``remem.prompts.render("facts.extract", conversation=...)`` fills a built-in prompt;
``remem.prompts.override("chat.summary", my_text)`` replaces one for the process (it must use the
same variables); ``remem.prompts.reset()`` restores them. :class:`ChatTemplate` is the same for
whole conversations: a list of (role, template) turns rendered to chat messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from remem.core.errors import InvalidInputError

__all__ = ["BUILT_IN", "ChatTemplate", "override", "render", "reset", "variables"]

_VARIABLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")

#: The built-in prompts, by name.
BUILT_IN: dict[str, str] = {
    # MemoryStream: the Generative Agents paper's poignancy rating.
    "stream.importance": (
        "On the scale of 1 to 10, where 1 is purely mundane (e.g., brushing teeth, making bed) "
        "and 10 is extremely poignant (e.g., a break up, college acceptance), rate the likely "
        "poignancy of the following piece of memory.\n"
        "Memory: {{memory}}\n"
        "Rating (one number):"
    ),
    # MemoryStream reflection, step 1: the salient questions.
    "stream.questions": (
        "{{statements}}\n\n"
        "Given only the information above, what are {{count}} most salient high-level "
        "questions we can answer about the subjects in the statements? One question per line."
    ),
    # MemoryStream reflection, step 2: insights with their evidence.
    "stream.insights": (
        "Statements:\n{{statements}}\n\n"
        "What {{count}} high-level insights can you infer from the above statements? One per "
        "line, in the format: insight (because of 1, 5, 3)"
    ),
    # ChatMemory "summarize": the running summary of evicted messages.
    "chat.summary": (
        "Summarise this conversation so far for the assistant, keeping names, facts, "
        "decisions, open questions and commitments. Write at most {{words}} words, plain text.\n\n"
        "Summary so far:\n{{summary}}\n\n"
        "New messages:\n{{messages}}\n\n"
        "Updated summary:"
    ),
    # FactMemory, step 1: candidate facts.
    "facts.extract": (
        "Extract the facts worth remembering about the user from this conversation: "
        "preferences, personal details, plans, relationships, events. Each fact one short, "
        'self-contained statement in the third person ("The user ..."). Ignore greetings, '
        "small talk and what the assistant says about itself. Answer with a JSON list of "
        "strings, [] if there is nothing.\n\n"
        "Conversation:\n{{conversation}}\n\n"
        "Facts (JSON list):"
    ),
    # FactMemory, step 2: reconcile with what is stored.
    "facts.update": (
        "You keep a user's facts up to date. A new fact came in; related facts are already "
        "stored. Decide one action:\n"
        "- ADD: the new fact is new information;\n"
        "- UPDATE: it replaces a stored fact that is now out of date (give that fact's id);\n"
        "- DELETE: it says a stored fact is no longer true, without replacing it (give the id);\n"
        "- NOOP: it is already known.\n\n"
        "Stored facts:\n{{stored}}\n\n"
        "New fact: {{fact}}\n\n"
        'Answer with JSON only: {"action": "ADD" | "UPDATE" | "DELETE" | "NOOP", '
        '"id": "<id or null>"}'
    ),
    # Summary indices: a chunk summarised with what came before it (list index).
    "summary.causal": (
        "Summarise the passage below in at most {{words}} words for someone who will read only "
        "your summary. The summary of what came before it is given for context; carry forward "
        "what still matters.\n\n"
        "Before:\n{{before}}\n\n"
        "Passage:\n{{text}}\n\n"
        "Summary:"
    ),
    # Summary indices: one node of a tree (chunks, or the summaries below it).
    "summary.node": (
        "Summarise the following in at most {{words}} words, keeping names, facts and "
        "events.\n\n{{text}}\n\nSummary:"
    ),
    # Rewriting (GoodAI-LTM's idea): a turn that only makes sense in context, made to stand alone.
    "rewrite.memory": (
        "Rewrite the last message so it can be understood on its own, months later, without "
        "the conversation: name who and what it is about and keep every fact. One or two "
        "sentences; if it holds nothing worth remembering, answer NOTHING.\n\n"
        "Conversation:\n{{context}}\n\n"
        "Last message ({{role}}): {{text}}\n\n"
        "Rewritten:"
    ),
    # Rewriting a follow-up question into a self-contained search query.
    "rewrite.query": (
        'Rewrite the last question as a self-contained search query, resolving what "it", '
        '"she", "that" and the like refer to from the conversation. Answer with the query '
        "only.\n\n"
        "Conversation:\n{{context}}\n\n"
        "Question: {{text}}\n\n"
        "Query:"
    ),
}

_active: dict[str, str] = dict(BUILT_IN)


def variables(template: str) -> set[str]:
    """The ``{{variables}}`` a template uses."""
    return set(_VARIABLE.findall(template))


def render(name: str, **values: Any) -> str:
    """The prompt ``name`` (as overridden, if it was) with its variables filled."""
    if name not in _active:
        raise InvalidInputError(f"no prompt {name!r}; known: {sorted(_active)}")
    return fill(_active[name], values, where=f"prompt {name!r}")


def override(name: str, template: str) -> None:
    """Use ``template`` for the prompt ``name`` from now on (in this process). It must use the
    same variables as the built-in one, so the code filling it still fits."""
    if name not in BUILT_IN:
        raise InvalidInputError(f"no prompt {name!r}; known: {sorted(BUILT_IN)}")
    wanted, given = variables(BUILT_IN[name]), variables(template)
    if wanted != given:
        raise InvalidInputError(
            f"prompt {name!r} must use the variables {sorted(wanted)}, not {sorted(given)}"
        )
    _active[name] = template


def reset(name: str | None = None) -> None:
    """Back to the built-in prompt (all of them, with no name)."""
    if name is None:
        _active.clear()
        _active.update(BUILT_IN)
    elif name in BUILT_IN:
        _active[name] = BUILT_IN[name]
    else:
        raise InvalidInputError(f"no prompt {name!r}; known: {sorted(BUILT_IN)}")


def fill(template: str, values: Mapping[str, Any], *, where: str = "template") -> str:
    """``template`` with each ``{{name}}`` replaced by ``values[name]``; a missing value is an
    error naming it (single braces, as in JSON examples, are left alone)."""
    missing = variables(template) - set(values)
    if missing:
        raise InvalidInputError(f"{where} needs {sorted(missing)}")
    return _VARIABLE.sub(lambda m: str(values[m.group(1)]), template)


@dataclass(frozen=True, slots=True)
class ChatTemplate:
    """Chat turns with ``{{variables}}``: ``ChatTemplate([("system", "You are {{name}}."),
    ("user", "{{question}}")]).render(name="Ava", question="hi")`` → messages."""

    turns: Sequence[tuple[str, str]]

    def __post_init__(self) -> None:
        for role, text in self.turns:
            if role not in ("system", "developer", "user", "assistant"):
                raise InvalidInputError(f"unknown role {role!r} in a chat template")
            if not isinstance(text, str):
                raise InvalidInputError("a chat template's turns are (role, text) pairs")

    @property
    def variables(self) -> set[str]:
        return set().union(*(variables(text) for _, text in self.turns))

    def render(self, **values: Any) -> list[dict[str, str]]:
        return [
            {"role": role, "content": fill(text, values, where="chat template")}
            for role, text in self.turns
        ]
