"""The MCP server over the real protocol: `remem mcp` on stdio as a subprocess, and streamable
HTTP on loopback with API keys, both driven by the mcp SDK's own client."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

import remem
from remem.keys import KeyRing
from remem.server.mcp import build_mcp, mcp_http_app
from tests.serving import running

TOOLS = {"save_memory", "search_memories", "update_memory", "delete_memory", "get_context"}


def text_of(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def call(session: ClientSession, name: str, **arguments: Any) -> tuple[bool, str]:
    result = await session.call_tool(name, arguments)
    return bool(result.is_error), text_of(result)


@asynccontextmanager
async def over_stdio(store: Path, *args: str) -> AsyncIterator[ClientSession]:
    command = str(Path(sys.executable).with_name("remem"))
    params = StdioServerParameters(
        command=command, args=["mcp", "--store", str(store), "--embedder", "hash:64", *args]
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@asynccontextmanager
async def over_http(url: str, key: str | None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(f"{url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def test_stdio_tools_in_the_commands_scope(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        foreign = mem.add("Alex keeps bees in Leeds", user_id="alex", kind="fact")

    async def scenario() -> None:
        async with over_stdio(store, "--user", "sam") as session:
            listed = await session.list_tools()
            assert {tool.name for tool in listed.tools} == TOOLS
            failed, saved = await call(session, "save_memory", text="Sam is allergic to cashews")
            assert not failed
            first = json.loads(saved)["id"]
            await call(session, "save_memory", text="Sam's cat is called Pixel", kind="fact")
            failed, found = await call(session, "search_memories", query="cashews allergy", k=5)
            results = json.loads(found)["results"]
            assert results[0]["text"] == "Sam is allergic to cashews"
            assert "bees" not in found  # another user's memory is not in this scope
            failed, context = await call(session, "get_context", query="cashews")
            assert not failed and "cashews" in context
            failed, _ = await call(session, "update_memory", id=first, text="Sam: peanuts too")
            assert not failed
            failed, message = await call(session, "delete_memory", id=foreign.id)
            assert failed and "no memory" in message
            failed, message = await call(session, "search_memories", query="x", k=500)
            assert failed and "k must be" in message
            failed, _ = await call(session, "delete_memory", id=first)
            assert not failed

    anyio.run(scenario)
    with remem.open(store, embedder="hash:64") as mem:
        assert [r.text for r in mem.list(user_id="sam")] == ["Sam's cat is called Pixel"]
        assert mem.get(foreign.id).text == "Alex keeps bees in Leeds"


def test_http_needs_a_key_and_keeps_to_its_grant(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        mem.add("Alice is allergic to cashews", user_id="alice", kind="fact")
        mem.add("Bob's vault code is 4711", user_id="bob", kind="fact")
        ring = KeyRing(mem.store)
        alice, _ = ring.create("alice", users=["alice"])
        bob, _ = ring.create("bob", users=["bob"])
        app = mcp_http_app(build_mcp(mem), mem)

        async def scenario(url: str) -> None:
            async with over_http(url, alice) as session:
                failed, found = await call(session, "search_memories", query="vault code 4711")
                assert not failed and "4711" not in found
                failed, saved = await call(session, "save_memory", text="Alice likes tea")
                assert not failed
                assert mem.get(json.loads(saved)["id"]).user_id == "alice"
            async with over_http(url, bob) as session:
                failed, found = await call(session, "search_memories", query="vault code")
                assert "4711" in found and "Alice" not in found

        with running(app) as url:
            anyio.run(scenario, url)
            for key in (None, "rk_000000000000_" + "0" * 48):
                answer = httpx2.post(f"{url}/mcp", json={}, headers=_auth(key))
                assert answer.status_code == 401
                assert answer.json()["error"]["type"] == "AuthenticationError"
            ring.revoke(bob)
            answer = httpx2.post(f"{url}/mcp", json={}, headers=_auth(bob))
            assert answer.status_code == 401 and "revoked" in answer.json()["error"]["message"]


def _auth(key: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"} if key else {}


def test_mcp_refuses_an_open_address_without_keys(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from remem.cli import cli

    args = ["mcp", "--store", str(tmp_path / "s"), "--embedder", "hash:8", "--transport", "http"]
    result = CliRunner().invoke(cli, [*args, "--host", "0.0.0.0"])
    assert result.exit_code == 1 and "no API keys" in result.output


@pytest.mark.parametrize("option", ["--user", "--transport", "--port", "--path"])
def test_mcp_help_names_its_options(option: str) -> None:
    from click.testing import CliRunner

    from remem.cli import cli

    assert option in CliRunner().invoke(cli, ["mcp", "--help"]).output
