"""KeyValueMemory: keys found in a prompt exactly, with a typo, or in other words — once each."""

from __future__ import annotations

from typing import Any

import pytest

import remem
from remem.memory_types.keyvalue import KeyValueMemory


def test_mapping_basics(mem: remem.Memory) -> None:
    kv = KeyValueMemory(mem, user_id="u")
    kv.set("The Hobbit", "Tolkien's novel; the user read it twice")
    kv["Aunt Rosa"] = {"birthday": "March 3", "city": "Porto"}
    assert kv.get("the hobbit") == "Tolkien's novel; the user read it twice"
    assert kv["AUNT   rosa!"] == {"birthday": "March 3", "city": "Porto"}
    assert "Aunt Rosa" in kv and "Uncle Bob" not in kv and len(kv) == 2
    kv.set("The Hobbit", "read three times now")  # replaces, never duplicates
    assert len(kv) == 2 and kv.get("The Hobbit") == "read three times now"
    assert KeyValueMemory(mem, user_id="other").get("The Hobbit") is None  # scoped
    assert kv.delete("The Hobbit") and not kv.delete("The Hobbit")
    assert kv.items() == {"Aunt Rosa": {"birthday": "March 3", "city": "Porto"}}
    with pytest.raises(remem.NotFoundError):
        kv["nobody"]
    with pytest.raises(remem.InvalidInputError):
        kv.set("!!!", "no letters")
    with pytest.raises(remem.InvalidInputError):
        KeyValueMemory(mem, fuzzy=0)


def test_exact_and_typo_mentions_come_once(mem: remem.Memory) -> None:
    kv = KeyValueMemory(mem, user_id="u", semantic=1.01 - 0.01)  # meaning off in this test
    kv.set("Great Expectations", "Dickens novel the user is reading")
    kv.set("Marie Curie", "the user's hero")
    kv.set("Lisbon", "where the user lives")
    found = kv.mentioned("Did Marie Curie ever read Great Expectations? Great Expectations!")
    assert [(m.key, m.how) for m in found] == [
        ("Great Expectations", "exact"),
        ("Marie Curie", "exact"),
    ] or [(m.key, m.how) for m in found] == [
        ("Marie Curie", "exact"),
        ("Great Expectations", "exact"),
    ]
    typo = kv.mentioned("what did I think of Grate Expectatons?")
    assert [(m.key, m.how) for m in typo] == [("Great Expectations", "fuzzy")]
    assert kv.mentioned("nothing relevant here") == []
    assert kv.context("I moved to lisbon") == "Lisbon: where the user lives"


def test_mentions_in_other_words(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        kv = KeyValueMemory(mem, user_id="u")
        kv.set("The Hobbit", "the user's favourite book, about Bilbo Baggins' journey")
        kv.set("Aunt Rosa", "lives in Porto and grows tomatoes")
        kv.set("Car", "a blue 2014 Volvo estate")
        found = kv.mentioned("Remind me what my favourite book is about?")
        assert [m.key for m in found][:1] == ["The Hobbit"]
        assert found[0].how == "semantic"
        assert [m.key for m in kv.mentioned("Who grows tomatoes in Porto?")] == ["Aunt Rosa"]
        assert [m.key for m in kv.mentioned("What car do I drive?")] == ["Car"]
        assert kv.mentioned("The weather is nice today.") == []
