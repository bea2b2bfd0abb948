"""The MCP server: remem's memory tools for any MCP client (``remem mcp``).

Tools: ``save_memory``, ``search_memories``, ``update_memory``, ``delete_memory`` (the same
arguments and behaviour as :mod:`remem.tools`, run by its :class:`~remem.tools.ToolDispatcher`)
and ``get_context`` (the best memories packed into a token budget).

Scope, as for function calling, comes from the operator, never from the model:

- **stdio**: the command's ``--user`` / ``--agent`` / ``--session`` (whoever starts the process
  owns the store).
- **streamable HTTP**: once the store holds a live API key, every request needs one
  (``Authorization: Bearer rk_...`` or ``X-API-Key``): a request without a valid key is refused
  with 401 before it reaches the protocol, and each tool call runs in
  ``grant.check(command scope)`` — a key bound to one user works without ``--user``; a key can
  never act outside its grant. Without keys only a loopback address is served.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from remem.errors import AuthenticationError, InvalidInputError, RememError
from remem.keys import ADMIN, KeyRing
from remem.llm.base import ToolCall
from remem.memory import Memory
from remem.tools import ToolDispatcher

__all__ = ["build_mcp", "mcp_http_app"]


def _token(headers: Mapping[str, str]) -> str | None:
    lowered = {k.lower(): v for k, v in headers.items()}
    auth = lowered.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return lowered.get("x-api-key")


class Scoper:
    """The scope each tool call runs in: the command's, checked against the caller's key."""

    def __init__(self, memory: Memory, scope: Mapping[str, str | None], *, auth: bool) -> None:
        self.memory = memory
        self.scope = dict(scope)
        self.keys = KeyRing(memory.store)
        self.auth = auth

    def dispatcher(self, headers: Mapping[str, str] | None) -> ToolDispatcher:
        grant = ADMIN
        if headers is not None and self.auth:  # HTTP: the key decides (stdio is local trust)
            grant = self.keys.authenticate(_token(headers))
        checked = grant.check(self.scope, write=True)
        return ToolDispatcher(self.memory, **checked)


def build_mcp(
    memory: Memory,
    *,
    user_id: str | None = None,
    agent_id: str | None = None,
    session_id: str | None = None,
    auth: bool | None = None,
) -> MCPServer[Any]:
    """An ``MCPServer`` (mcp SDK 2.x) with the memory tools over ``memory``. ``auth``: whether
    HTTP callers need an API key (None: whether the store holds a live one)."""
    need_keys = KeyRing(memory.store).active() if auth is None else auth
    scoper = Scoper(
        memory, {"user_id": user_id, "agent_id": agent_id, "session_id": session_id}, auth=need_keys
    )
    server = MCPServer(
        "remem",
        instructions=(
            "Long-term memory. Save durable facts about the user with save_memory; look things "
            "up with search_memories or get_context before answering from memory."
        ),
    )

    def run(ctx: Context, name: str, arguments: dict[str, Any]) -> str:
        try:
            dispatcher = scoper.dispatcher(ctx.headers)
        except RememError as exc:
            raise ToolError(str(exc)) from exc
        result = dispatcher.execute(ToolCall(id=ctx.request_id, name=name, arguments=arguments))
        if not result.pop("ok"):
            raise ToolError(str(result["error"]))
        return json.dumps(result, ensure_ascii=False)

    @server.tool(description=_describe("save_memory"))
    def save_memory(
        text: str, ctx: Context, kind: str = "fact", importance: float | None = None
    ) -> str:
        arguments: dict[str, Any] = {"text": text, "kind": kind}
        if importance is not None:
            arguments["importance"] = importance
        return run(ctx, "save_memory", arguments)

    @server.tool(description=_describe("search_memories"))
    def search_memories(query: str, ctx: Context, k: int = 5) -> str:
        return run(ctx, "search_memories", {"query": query, "k": k})

    @server.tool(description=_describe("update_memory"))
    def update_memory(id: str, text: str, ctx: Context) -> str:
        return run(ctx, "update_memory", {"id": id, "text": text})

    @server.tool(description=_describe("delete_memory"))
    def delete_memory(id: str, ctx: Context) -> str:
        return run(ctx, "delete_memory", {"id": id})

    @server.tool(
        description=(
            "The memories that best answer a question, packed into a token budget as "
            "prompt-ready lines, each with its time. Use before answering from memory."
        )
    )
    def get_context(query: str, ctx: Context, budget_tokens: int = 1000, k: int = 10) -> str:
        try:
            scope = scoper.dispatcher(ctx.headers).scope
            if not 1 <= budget_tokens <= 100_000 or not 1 <= k <= 50:
                raise InvalidInputError("budget_tokens must be 1-100000 and k 1-50")
            packed = memory.context(query, budget_tokens=budget_tokens, k=k, **scope)
        except RememError as exc:
            raise ToolError(str(exc)) from exc
        return packed.text or "(nothing relevant is stored)"

    return server


def _describe(name: str) -> str:
    from remem.tools import schemas

    found = next(t for t in schemas("anthropic") if t["name"] == name)
    return str(found["description"])


def mcp_http_app(
    server: MCPServer[Any], memory: Memory, *, path: str = "/mcp", auth: bool | None = None
) -> Any:
    """The streamable HTTP app of ``server``, refusing requests without a live key (when the
    store has keys) with a JSON 401 before they reach the protocol. Run it with its own
    lifespan (uvicorn does; mounted elsewhere, the host app must run the session manager)."""
    from starlette.responses import JSONResponse

    app = server.streamable_http_app(streamable_http_path=path, stateless_http=True)
    keys = KeyRing(memory.store)
    need_keys = keys.active() if auth is None else auth

    async def guarded(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and need_keys:
            headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
            try:
                keys.authenticate(_token(headers))
            except AuthenticationError as exc:
                body = {"error": {"type": type(exc).__name__, "message": str(exc)}}
                await JSONResponse(body, status_code=exc.status)(scope, receive, send)
                return
        await app(scope, receive, send)

    return guarded
