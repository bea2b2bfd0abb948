"""Every built-in prompt in one place, filled by name, overridable with the same variables."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import remem
from remem import prompts
from remem.memory_types.stream import MemoryStream
from remem.prompts import BUILT_IN, ChatTemplate


@pytest.fixture(autouse=True)
def restore() -> Iterator[None]:
    yield
    prompts.reset()


def test_every_built_in_prompt_renders() -> None:
    for name, template in BUILT_IN.items():
        values = {v: f"<{v}>" for v in prompts.variables(template)}
        text = prompts.render(name, **values)
        assert "{{" not in text and all(f"<{v}>" in text for v in values), name
    # JSON examples keep their single braces.
    assert '{"action"' in prompts.render("facts.update", stored="-", fact="x")
    with pytest.raises(remem.InvalidInputError, match="needs"):
        prompts.render("facts.update", fact="x")
    with pytest.raises(remem.InvalidInputError, match="no prompt"):
        prompts.render("nope")


def test_an_override_is_used_by_the_memory_types(mem: remem.Memory) -> None:
    seen: list[str] = []
    prompts.override("stream.importance", "Rate {{memory}} from 1 to 10.")
    MemoryStream(mem, llm=lambda p: (seen.append(p), "4")[1], auto_reflect=False).observe("tea")
    assert seen == ["Rate tea from 1 to 10."]
    with pytest.raises(remem.InvalidInputError, match="variables"):
        prompts.override("stream.importance", "Rate {{text}}.")
    with pytest.raises(remem.InvalidInputError):
        prompts.override("unknown", "x")
    prompts.reset("stream.importance")
    assert prompts.render("stream.importance", memory="m").startswith("On the scale of 1 to 10")


def test_chat_template() -> None:
    template = ChatTemplate([("system", "You are {{name}}."), ("user", "{{question}}")])
    assert template.variables == {"name", "question"}
    assert template.render(name="Ava", question="hi?") == [
        {"role": "system", "content": "You are Ava."},
        {"role": "user", "content": "hi?"},
    ]
    with pytest.raises(remem.InvalidInputError):
        template.render(name="Ava")
    with pytest.raises(remem.InvalidInputError):
        ChatTemplate([("wizard", "x")])
