"""``remem mcp``: the memory tools over the Model Context Protocol (stdio or streamable HTTP)."""

from __future__ import annotations

import anyio
import click

from remem.cli.main import opened, scope_options, store_options
from remem.cli.server import need_server_extra
from remem.errors import InvalidInputError, MissingDependencyError


@click.command(name="mcp")
@store_options
@scope_options
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for a client that starts this process; http for streamable HTTP.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP only.")
@click.option("--port", default=8001, show_default=True, type=click.IntRange(0, 65535))
@click.option("--path", default="/mcp", show_default=True, help="HTTP endpoint path.")
def mcp_command(
    store_path: str | None,
    embedder: str | None,
    user_id: str | None,
    agent_id: str | None,
    session_id: str | None,
    transport: str,
    host: str,
    port: int,
    path: str,
) -> None:
    """Serve the memory tools (save, search, update, delete, get_context) over MCP.

    The tools act in the scope given by --user/--agent/--session. Over HTTP, once the store has
    API keys every request needs one, and the tools act only within its grant.
    """
    need_server_extra()
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError.for_extra("mcp", "server") from exc
    from remem.keys import KeyRing
    from remem.server.mcp import build_mcp, mcp_http_app
    from remem.server.run import is_loopback

    with opened(store_path, embedder) as mem:
        server = build_mcp(mem, user_id=user_id, agent_id=agent_id, session_id=session_id)
        if transport == "stdio":
            anyio.run(server.run_stdio_async)
            return
        if not KeyRing(mem.store).active() and not is_loopback(host):
            raise InvalidInputError(
                f"no API keys in {mem.store.path}: refusing to serve MCP on {host} without "
                "authentication. Create one with `remem keys create NAME`, or use 127.0.0.1"
            )
        import uvicorn

        click.echo(f"remem MCP (streamable HTTP) on http://{host}:{port}{path}", err=True)
        uvicorn.run(mcp_http_app(server, mem, path=path), host=host, port=port, log_level="warning")
