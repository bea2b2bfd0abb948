"""Function-calling tools: every call's arguments are held to the tool's own schema, and the
validator agrees with a JSON Schema implementation on what that schema allows."""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import remem
from remem.llm import ToolCall
from remem.server.mcp import tool_list
from remem.tools import SCHEMA_KEYWORDS, TOOL_NAMES, ToolDispatcher, check_arguments, schemas

#: Arguments outside each tool's schema, and what the model is told.
REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("save_memory", {"text": "x", "importance": 0}, "importance must be a number from 1 to 10"),
    ("save_memory", {"text": "x", "importance": 11}, "importance must be a number from 1 to 10"),
    ("save_memory", {"text": "x", "importance": 1000}, "got 1000"),
    ("save_memory", {"text": "x", "importance": -5}, "got -5"),
    ("save_memory", {"text": "x", "importance": 10.5}, "got 10.5"),
    ("save_memory", {"text": "x", "importance": "high"}, 'got "high"'),
    ("save_memory", {"text": "x", "importance": True}, "got true"),
    ("save_memory", {"text": "x", "importance": 10**400}, "got a huge integer"),
    ("save_memory", {"text": "x", "kind": 5}, "kind must be a string, got 5"),
    ("save_memory", {"text": ["x"]}, "text must be a string, got a list"),
    ("save_memory", {"text": None}, "text must be a string, got null"),
    ("save_memory", {"kind": "fact"}, "missing arguments ['text']"),
    ("save_memory", {"text": "x", "user_id": "bob"}, "unknown arguments ['user_id']"),
    ("search_memories", {"query": "x", "k": 0}, "k must be an integer from 1 to 20, got 0"),
    ("search_memories", {"query": "x", "k": 21}, "got 21"),
    ("search_memories", {"query": "x", "k": 5.5}, "k must be an integer from 1 to 20"),
    ("search_memories", {"query": "x", "k": "5"}, 'got "5"'),
    ("search_memories", {"query": "x", "min_score": -0.1}, "min_score must be a number from 0"),
    ("search_memories", {"query": "x", "min_score": 1.5}, "got 1.5"),
    ("search_memories", {"query": {"q": "x"}}, "query must be a string, got an object"),
    ("search_memories", {"k": 3}, "missing arguments ['query']"),
    ("update_memory", {"id": 7, "text": "x"}, "id must be a string, got 7"),
    ("update_memory", {"id": "a", "text": None}, "text must be a string, got null"),
    ("update_memory", {"id": "a"}, "missing arguments ['text']"),
    ("update_memory", {"id": "a", "text": "x", "kind": "fact"}, "unknown arguments ['kind']"),
    ("delete_memory", {"id": ["a", "b"]}, "id must be a string, got a list"),
    ("delete_memory", {}, "missing arguments ['id']"),
    ("delete_memory", {"id": "a", "all": True}, "unknown arguments ['all']"),
]


@pytest.mark.parametrize("name", TOOL_NAMES)
def test_every_tool_refuses_arguments_outside_its_schema(mem: remem.Memory, name: str) -> None:
    """Each refused call says which argument and what it takes, and runs nothing."""
    kept = mem.add("Ann swims on Fridays", user_id="ann", kind="fact")
    tools = ToolDispatcher(mem, user_id="ann")
    cases = [(arguments, message) for tool, arguments, message in REFUSED if tool == name]
    assert cases
    for arguments, message in cases:
        arguments = {k: kept.id if v == "a" else v for k, v in arguments.items()}
        result = tools.execute(ToolCall("1", name, arguments))
        assert result["ok"] is False and message in result["error"], (arguments, result)
    assert [(r.id, r.text) for r in mem.list_all()] == [(kept.id, kept.text)]  # nothing ran


def test_the_ranges_a_schema_advertises_are_the_ranges_a_call_gets(mem: remem.Memory) -> None:
    tools = ToolDispatcher(mem, user_id="ann")
    for importance in (1, 10, 5.5):
        saved = tools.execute(
            ToolCall("1", "save_memory", {"text": f"note {importance}", "importance": importance})
        )
        assert saved["ok"] and mem.get(saved["id"]).importance == importance
    for refused in (0, 0.999, 10.001):
        call = ToolCall("2", "save_memory", {"text": "x", "importance": refused})
        assert tools.execute(call)["ok"] is False
    for k, least in ((1, 0), (20, 1), (None, None)):  # null: the default (strict schemas)
        found = tools.execute(
            ToolCall("3", "search_memories", {"query": "note", "k": k, "min_score": least})
        )
        assert found["ok"], found
    assert len(mem.list_all()) == 3


def keywords(schema: Any) -> set[str]:
    """Every keyword used in a schema's (sub)schemas."""
    if not isinstance(schema, dict):
        return set()
    found = set(schema) - {"properties"}
    for name, sub in schema.items():
        if name == "properties":
            found |= {k for spec in sub.values() for k in keywords(spec)}
        elif name == "items":
            found |= keywords(sub)
    return found


def test_the_validator_understands_every_keyword_the_schemas_use() -> None:
    """No keyword of an advertised schema goes unchecked (a "minLength" added to a schema
    without teaching the validator fails here)."""
    advertised = [t["input_schema"] for t in schemas("anthropic", forget=True)]
    advertised += [t["function"]["parameters"] for t in schemas("openai", forget=True)]
    advertised += [tool.input_schema for tool in tool_list(forget=True)]
    assert len(advertised) == 16  # 5 tools twice (forget_user among them), and MCP's 6
    for schema in advertised:
        assert keywords(schema) <= SCHEMA_KEYWORDS, schema


#: JSON Schema's rules, but an integer is a JSON integer (5, not 5.0) and a number is finite.
Strict = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine_many(
        {
            "integer": lambda _, v: isinstance(v, int) and not isinstance(v, bool),
            "number": lambda _, v: (
                (isinstance(v, int) and not isinstance(v, bool))
                or (isinstance(v, float) and v == v and abs(v) != float("inf"))
            ),
        }
    ),
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-30, 1030),
    st.floats(-2, 25),
    st.sampled_from([float("nan"), float("inf"), 5.0, 1.0, 10.0]),
    st.sampled_from(["", "x", "5"]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.sampled_from(["q"]), st.integers(), max_size=1),
)
NAMES = ["text", "kind", "importance", "query", "k", "min_score", "id", "budget_tokens", "other"]


@settings(max_examples=400, deadline=None)
@given(
    tool=st.sampled_from([*schemas("anthropic"), *[t.model_dump() for t in tool_list()]]),
    arguments=st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=4),
)
def test_the_validator_agrees_with_json_schema(tool: dict[str, Any], arguments: Any) -> None:
    """Strictly (``nulls=False``), the validator refuses exactly what a JSON Schema validator
    refuses under the advertised schema."""
    schema = tool["input_schema"]
    allowed = Strict(schema).is_valid(arguments)
    try:
        check_arguments(schema, arguments, nulls=False)
    except remem.InvalidInputError:
        assert not allowed, arguments
    else:
        assert allowed, arguments
