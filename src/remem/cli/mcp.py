"""``remem mcp``: the memory tools over the Model Context Protocol (stdio or streamable HTTP).

Thin on purpose: the server, its scoping and the key check live in :mod:`remem.server.mcp`.
In stdio mode stdout carries the protocol alone; messages go to stderr.
"""

from __future__ import annotations

import anyio
import click

from remem.cli.options import need_server_extra, opened, scope_options, store_options
from remem.errors import MissingDependencyError


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
@click.option(
    "--port", default=8001, show_default=True, type=click.IntRange(0, 65535), help="HTTP only."
)
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
    API keys every request needs one, and the tools act only within its grant; without keys
    only a loopback --host is served.
    """
    need_server_extra()
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError.for_extra("mcp", "server") from exc
    from remem.server.mcp import build_mcp, serve_http, serve_stdio

    if not path.startswith("/"):
        raise click.BadParameter("must start with /", param_hint="--path")
    with opened(store_path, embedder) as mem:
        server = build_mcp(mem, user_id=user_id, agent_id=agent_id, session_id=session_id)
        if transport == "stdio":
            anyio.run(serve_stdio, server)
        else:
            serve_http(
                mem, server, host=host, port=port, path=path, say=lambda t: click.echo(t, err=True)
            )
