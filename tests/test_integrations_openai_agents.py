"""remem as an OpenAI Agents SDK session: item for item what the SDK's own SQLiteSession
keeps, for every Responses item kind, and two tenants apart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from agents.memory import SessionSettings, SQLiteSession

import remem
from remem.integrations.openai_agents import KIND, RememSession, memory_tools

REASONING = [{"type": "summary_text", "text": "Call the tool."}]
ANSWER = [
    {"type": "output_text", "text": "21.5 °C and clear, Sam.", "annotations": [], "logprobs": []}
]
PICTURE = {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0=", "detail": "low"}
ITEMS: list[Any] = [
    {"role": "user", "content": "What's the weather in Lisbon? Also, I'm Sam."},
    {"role": "system", "content": "Be brief."},
    {"type": "reasoning", "id": "rs_1", "summary": REASONING, "encrypted_content": "gAAAAB=="},
    {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather",
     "arguments": '{"city": "Lisbon", "unit": "c"}', "status": "completed"},
    {"type": "function_call_output", "call_id": "call_1", "output": '{"temp": 21.5}'},
    {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
     "content": ANSWER},
    {"role": "user", "content": [{"type": "input_text", "text": "And tomorrow?"}, PICTURE]},
    {"type": "web_search_call", "id": "ws_1", "status": "completed",
     "action": {"type": "search", "query": "Lisbon weather tomorrow"}},
    {"role": "user", "content": "And tomorrow?"},  # the same words again: a turn of its own
]  # fmt: skip


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


@pytest.fixture
def memory(tmp_path: Path) -> Any:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        yield mem


def test_items_round_trip_as_the_sdk_s_own_session_keeps_them(memory: remem.Memory) -> None:
    ours, theirs = RememSession("chat-1", memory, user_id="sam"), SQLiteSession("chat-1")

    async def both(call: str, *args: Any) -> tuple[Any, Any]:
        return await getattr(ours, call)(*args), await getattr(theirs, call)(*args)

    async def scenario() -> None:
        for session in (ours, theirs):
            await session.add_items(ITEMS[:5])
            await session.add_items(ITEMS[5:])
        mine, reference = await both("get_items")
        assert mine == reference == ITEMS
        for limit in (1, 3, len(ITEMS), 100, 0):
            mine, reference = await both("get_items", limit)
            assert mine == reference, limit
        mine, reference = await both("pop_item")
        assert mine == reference == ITEMS[-1]
        assert await ours.get_items() == ITEMS[:-1]
        await both("clear_session")
        assert await ours.get_items() == [] and await ours.pop_item() is None

    run(scenario())
    theirs.close()


def test_the_session_s_limit_setting_and_its_records(memory: remem.Memory) -> None:
    session = RememSession(
        "chat-2", memory, user_id="sam", session_settings=SessionSettings(limit=2)
    )
    run(session.add_items(ITEMS))
    assert run(session.get_items()) == ITEMS[-2:]
    assert run(session.get_items(4)) == ITEMS[-4:]
    records = memory.list(kind=KIND, session_id="chat-2", limit=100)
    assert len(records) == len(ITEMS) and {r.user_id for r in records} == {"sam"}
    # messages with words are searchable memories; tool calls and the rest are stored as is
    hits = memory.search("weather Lisbon Sam", user_id="sam", k=20, touch=False)
    assert {h.metadata["item"].get("type", "message") for h in hits} == {"message"}
    assert memory.store.vectors([r.id for r in records if r.text.startswith("{")]) == {}
    page = {"type": "function_call_output", "call_id": "c9", "output": "x" * 70_000}
    with pytest.raises(remem.PayloadTooLargeError, match="metadata"):
        run(session.add_items([ITEMS[0], page]))
    with pytest.raises(remem.InvalidInputError, match="item 1 is a str"):
        run(session.add_items([ITEMS[0], "not an item"]))
    assert len(run(session.get_items(100))) == len(ITEMS)  # nothing of the bad batch


def test_two_tenants_with_one_session_id_never_meet(memory: remem.Memory) -> None:
    sam = RememSession("chat", memory, user_id="sam")
    ana = RememSession("chat", memory, user_id="ana")
    run(sam.add_items(ITEMS[:3]))
    run(ana.add_items([{"role": "user", "content": "Ana's own question"}]))
    assert run(ana.get_items()) == [{"role": "user", "content": "Ana's own question"}]
    assert run(ana.pop_item()) == {"role": "user", "content": "Ana's own question"}
    assert run(ana.pop_item()) is None  # not Sam's latest
    run(ana.clear_session())
    assert run(sam.get_items()) == ITEMS[:3]
    scoped = memory.scoped(remem.Grant(users=("ana",)))
    assert run(RememSession("chat", scoped, user_id="ana").get_items()) == []


def test_memory_tools_run_in_the_scope_the_application_gives(memory: remem.Memory) -> None:
    import json

    from agents.strict_schema import ensure_strict_json_schema
    from agents.tool_context import ToolContext

    anas = memory.add("Ana's locker code is 1234", user_id="ana", kind="fact")
    tools = {t.name: t for t in memory_tools(memory, user_id="sam")}
    assert set(tools) == {"save_memory", "search_memories", "update_memory", "delete_memory"}
    for tool in tools.values():
        assert tool.strict_json_schema
        assert ensure_strict_json_schema(tool.params_json_schema) == tool.params_json_schema

    async def invoke(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        text = json.dumps(arguments)
        context = ToolContext(context=None, tool_name=name, tool_call_id="c1", tool_arguments=text)
        return dict(json.loads(await tools[name].on_invoke_tool(context, text)))

    async def scenario() -> None:
        saved = await invoke("save_memory", {"text": "Sam likes green tea", "kind": None,
                                             "importance": None})  # fmt: skip
        assert saved["ok"] and memory.get(saved["id"]).user_id == "sam"
        found = await invoke("search_memories", {"query": "locker code tea", "k": None})
        assert [r["id"] for r in found["results"]] == [saved["id"]]  # never Ana's
        refused = await invoke("delete_memory", {"id": anas.id})
        assert refused == {"ok": False, "error": f"no memory with id {anas.id!r}"}

    run(scenario())
    assert memory.get(anas.id).text == "Ana's locker code is 1234"
