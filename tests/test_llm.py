"""The OpenAI-compatible chat provider and the tool loop, against a local server speaking the
real wire format with scripted replies."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

import remem
from remem.core.errors import (
    LLMAuthError,
    LLMError,
    LLMRateLimitError,
    LLMReplyError,
    LLMTimeoutError,
)
from remem.llm import get_llm
from remem.llm.openai import OpenAIChat
from remem.tools import ToolDispatcher, run_tools, schemas

from .openai_wire import Server, completion, error, raw, serve, stall


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def model(server: Server, **options: Any) -> OpenAIChat:
    options.setdefault("max_retries", 0)
    return OpenAIChat("scripted", base_url=server.url, api_key="sk-test", **options)


def test_chat_sends_the_wire_format_and_counts_usage(server: Server) -> None:
    server.steps = [completion("Hello!", prompt_tokens=12, completion_tokens=3)]
    llm = model(server, prices=(1.0, 2.0))
    reply = llm.chat([{"role": "user", "content": "hi"}], tools=schemas(), max_tokens=50)
    assert reply.text == "Hello!" and reply.tool_calls == () and reply.finish_reason == "stop"
    sent = server.requests[0]
    assert sent["model"] == "scripted" and sent["messages"] == [{"role": "user", "content": "hi"}]
    assert sent["max_tokens"] == 50 and sent["temperature"] == 0.0
    assert [t["function"]["name"] for t in sent["tools"]] == [
        "save_memory",
        "search_memories",
        "update_memory",
        "delete_memory",
    ]
    assert {k.lower(): v for k, v in server.headers[0].items()}["authorization"] == "Bearer sk-test"
    assert llm.usage.to_dict() == {
        "calls": 1,
        "prompt_tokens": 12,
        "completion_tokens": 3,
        "total_tokens": 15,
        "cost": 0.000018,
    }


def test_tool_calls_are_parsed_and_malformed_ones_refused(server: Server) -> None:
    server.steps = [
        completion(tool_calls=[("c1", "save_memory", {"text": "Ann likes tea"})]),
        completion(tool_calls=[("c2", "save_memory", "{not json")]),
        completion(tool_calls=[("c3", "save_memory", "[1, 2]")]),
        raw(200, "this is not JSON at all"),
        raw(200, json.dumps({"choices": []})),
    ]
    llm = model(server)
    reply = llm.chat([{"role": "user", "content": "remember"}])
    assert [(c.id, c.name, c.arguments) for c in reply.tool_calls] == [
        ("c1", "save_memory", {"text": "Ann likes tea"})
    ]
    assert reply.to_message()["tool_calls"][0]["function"]["name"] == "save_memory"
    for _ in range(4):
        with pytest.raises(LLMReplyError):
            llm.chat([{"role": "user", "content": "again"}])


def test_errors_are_typed_and_retries_back_off(server: Server) -> None:
    server.steps = [error(429, "slow down", retry_after="0")] * 2 + [completion("ok")]
    assert model(server, max_retries=2).generate("hi") == "ok"  # two retries, then success
    assert len(server.requests) == 3
    server.steps = [error(429, "slow down", retry_after="0")] * 2
    with pytest.raises(LLMRateLimitError):
        model(server, max_retries=1).generate("hi")
    server.steps = [error(401, "bad key")]
    with pytest.raises(LLMAuthError, match="OPENAI_API_KEY"):
        model(server).generate("hi")
    server.steps = [error(400, "too long", code="context_length_exceeded")]
    with pytest.raises(remem.core.errors.ContextOverflowError):
        model(server).generate("hi")
    server.steps = [error(503, "down")]
    with pytest.raises(LLMError, match="503"):
        model(server).generate("hi")
    server.steps = [stall(2.0)]
    with pytest.raises(LLMTimeoutError):
        model(server, timeout=0.3).generate("hi")


def test_missing_key_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "REMEM_OPENAI_API_KEY",
        "OPENAI_API_KEY",
        "REMEM_OPENAI_BASE_URL",
        "OPENAI_BASE_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(LLMAuthError, match="REMEM_OPENAI_API_KEY"):
        get_llm("openai:gpt-4o-mini")
    local = get_llm("openai:llama", base_url="http://127.0.0.1:8080/v1")  # a local server: no key
    assert local.generate is not None
    with pytest.raises(remem.InvalidInputError):
        get_llm("nonsense")


def test_async_chat_uses_the_same_core(server: Server) -> None:
    server.steps = [completion("async hello")]
    llm = model(server)
    assert asyncio.run(llm.agenerate("hi")) == "async hello"
    assert llm.usage.calls == 1


def test_schemas_in_both_formats() -> None:
    openai_tools = schemas("openai")
    anthropic_tools = schemas("anthropic")
    assert [t["function"]["name"] for t in openai_tools] == [t["name"] for t in anthropic_tools]
    assert anthropic_tools[0]["input_schema"]["required"] == ["text"]
    with pytest.raises(remem.InvalidInputError):
        schemas("cohere")  # type: ignore[arg-type]


def _strict_mode_problems(schema: Any, where: str = "") -> list[str]:
    """What OpenAI's strict mode (Structured Outputs) would refuse in a schema: an object that
    allows other properties or leaves one out of ``required``, and keywords it does not take."""
    problems = []
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "properties" in schema:
            if schema.get("additionalProperties") is not False:
                problems.append(f"{where}: additionalProperties is not false")
            if sorted(schema.get("required", [])) != sorted(schema.get("properties", {})):
                problems.append(f"{where}: not every property is required")
        problems += [f"{where}: uses {key!r}" for key in ("default", "minLength", "maxLength",
                     "minItems", "maxItems", "patternProperties") if key in schema]  # fmt: skip
        for key, value in schema.items():
            problems += _strict_mode_problems(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            problems += _strict_mode_problems(value, f"{where}/{i}")
    return problems


def test_openai_schemas_hold_to_strict_mode(mem: remem.Memory) -> None:
    """Every tool is ``strict``: all properties required, optional ones nullable (null means
    the default), nothing else allowed — and the dispatcher takes the nulls such a model sends."""
    from remem.llm import ToolCall

    for tool in schemas("openai"):
        assert tool["function"]["strict"] is True
        assert _strict_mode_problems(tool["function"]["parameters"]) == [], tool
    save = schemas("openai")[0]["function"]["parameters"]["properties"]
    assert (
        save["kind"]["type"] == ["string", "null"] and 'Null: "fact"' in save["kind"]["description"]
    )
    tools = ToolDispatcher(mem, user_id="ann")
    saved = tools.execute(
        ToolCall(
            "1", "save_memory", {"text": "Ann swims on Fridays", "kind": None, "importance": None}
        )
    )
    assert saved["ok"] and mem.get(saved["id"]).kind == "fact"
    found = tools.execute(ToolCall("2", "search_memories", {"query": "swims", "k": None}))
    # The model's own save comes back as evidence, apart from the user's words (remem.trust).
    assert found["ok"] and [r["id"] for r in found["evidence"]] == [saved["id"]]


def test_dispatcher_keeps_to_its_scope(mem: remem.Memory) -> None:
    from remem.llm import ToolCall

    other = mem.add("Bob's secret", user_id="bob", kind="fact")
    tools = ToolDispatcher(mem, user_id="ann")
    saved = tools.execute(ToolCall("1", "save_memory", {"text": "Ann's birthday is 3 May"}))
    assert saved["ok"] and mem.get(saved["id"]).user_id == "ann"
    for call in [
        ToolCall("2", "delete_memory", {"id": other.id}),  # another user's id: not found
        ToolCall("3", "update_memory", {"id": other.id, "text": "hacked"}),
        ToolCall("4", "launch_rockets", {}),
        ToolCall("5", "save_memory", {"text": ""}),
        ToolCall("6", "save_memory", {"text": "x", "user_id": "bob"}),  # no scope from the model
        ToolCall("7", "search_memories", {"query": "secret", "k": 500}),
    ]:
        result = tools.execute(call)
        assert result["ok"] is False and result["error"], call
    assert mem.get(other.id).text == "Bob's secret"
    found = tools.execute(ToolCall("8", "search_memories", {"query": "secret birthday"}))
    assert [r["text"] for r in found["evidence"]] == ["Ann's birthday is 3 May"]


def test_tool_loop_saves_and_recalls_across_sessions(server: Server, tmp_path: Any) -> None:
    """Session 1: the user mentions a birthday, the model saves it. Session 2 (a new
    conversation, the store reopened): the model searches and answers from memory."""
    path = tmp_path / "store"
    with remem.open(path, embedder="hash:64") as mem:
        server.steps = [
            completion(tool_calls=[("s1", "save_memory", {"text": "Ann's birthday is on 3 May"})]),
            completion("Got it, I'll remember your birthday."),
        ]
        run = run_tools(
            model(server), ToolDispatcher(mem, user_id="ann"),
            [{"role": "user", "content": "My birthday is on 3 May."}],
        )  # fmt: skip
        assert run.reply.text == "Got it, I'll remember your birthday."
        assert run.calls[0][1]["ok"] and run.messages[-2]["role"] == "tool"
    with remem.open(path, embedder="hash:64") as mem:
        server.steps = [
            completion(tool_calls=[("s2", "search_memories", {"query": "birthday"})]),
            completion("Your birthday is on 3 May."),
        ]
        run = run_tools(
            model(server), ToolDispatcher(mem, user_id="ann"),
            [{"role": "user", "content": "When is my birthday?"}],
        )  # fmt: skip
        results = run.calls[0][1]["evidence"]  # saved by the model: untrusted evidence
        assert results[0]["text"] == "Ann's birthday is on 3 May"
        # What the model saw: the tool result went back in the next request.
        second = server.requests[-1]["messages"]
        assert second[-1]["role"] == "tool" and "3 May" in second[-1]["content"]
        assert run.reply.text == "Your birthday is on 3 May."


def test_a_model_looping_on_tools_is_stopped(server: Server, mem: remem.Memory) -> None:
    server.steps = [
        completion(tool_calls=[(f"c{i}", "search_memories", {"query": "x"})]) for i in range(3)
    ]
    with pytest.raises(LLMReplyError, match="still calling tools"):
        run_tools(model(server), ToolDispatcher(mem), [{"role": "user", "content": "go"}],
                  max_rounds=2)  # fmt: skip


def test_write_path_spending_shows_in_stats(server: Server, mem: remem.Memory) -> None:
    from remem.memory_types.stream import MemoryStream

    server.steps = [completion("Rating: 7", prompt_tokens=40, completion_tokens=2)]
    MemoryStream(mem, llm=model(server, prices=(1.0, 1.0)), auto_reflect=False).observe(
        "Ann got a new job"
    )
    spent = mem.stats().llm_usage["stream.importance"]
    assert (spent["calls"], spent["prompt_tokens"], spent["completion_tokens"]) == (1, 40, 2)
    assert spent["cost"] == pytest.approx(0.000042)
    # A plain function keeps no usage: its tokens are counted (o200k).
    MemoryStream(mem, llm=lambda prompt: "3", auto_reflect=False).observe("Ann had lunch")
    spent = mem.stats().llm_usage["stream.importance"]
    assert spent["calls"] == 2 and spent["prompt_tokens"] > 40
    # A failed call is counted as a failure; the observation is stored all the same.
    server.steps = [error(503, "down")]
    with pytest.warns(UserWarning):
        kept = MemoryStream(mem, llm=model(server), auto_reflect=False).observe("Ann moved")
    assert mem.get(kept.id).text == "Ann moved"
    assert mem.stats().llm_usage["stream.importance"]["failures"] == 1
