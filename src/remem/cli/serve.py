"""Commands for remem as a service: ``serve`` (REST and the web page), ``mcp`` (the memory
tools over the Model Context Protocol) and ``keys create|list|revoke``.

Thin on purpose: the servers, their scoping and the key check live in :mod:`remem.server`.
In ``mcp``'s stdio mode stdout carries the protocol alone; messages go to stderr.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
import click

from remem.apikeys import KeyInfo, KeyRing
from remem.cli.options import (
    need_server_extra,
    opened,
    output_options,
    scope_options,
    store_options,
    untrusted_option,
)
from remem.core.errors import MissingDependencyError
from remem.trust import UntrustedPolicy


@click.command()
@store_options
@click.option("--host", default="127.0.0.1", show_default=True, envvar="REMEM_HOST")
@click.option(
    "--port", default=8000, show_default=True, envvar="REMEM_PORT", type=click.IntRange(0, 65535)
)
@click.option(
    "--max-body",
    type=click.IntRange(1),
    help="Largest request body in bytes [default: 16 MiB].",
)
@click.option(
    "--replica",
    "replicas",
    multiple=True,
    help="A PostgreSQL read replica of the store (repeatable) that answers reads and "
    "searches; writes go to --store [env REMEM_REPLICAS, space-separated].",
)
@click.option(
    "--cache-max-error",
    type=click.FloatRange(0, 0.5, min_open=True, max_open=True),
    default=None,
    help="Open the semantic caches with this error bound (learned per user and agent; "
    "wrong hits reported by POST /v1/caches/NAME/false-hit) instead of one threshold.",
)
@untrusted_option
def serve(
    store_path: str | None,
    embedder: str | None,
    host: str,
    port: int,
    max_body: int | None,
    replicas: tuple[str, ...],
    cache_max_error: float | None,
    untrusted: UntrustedPolicy,
) -> None:
    """Serve the store over HTTP: the REST API under /v1, OpenAPI at /openapi.json, and a web
    page to browse memories at /.

    Once the store holds an API key (`remem keys create`), every request needs one; until then
    the server listens on 127.0.0.1 only.
    """
    need_server_extra()
    from remem.server import serve as run

    with opened(store_path, embedder, replicas=replicas or None) as mem:
        if cache_max_error is not None:
            mem.cache_options = {"max_error": cache_max_error}
        run(
            mem,
            host=host,
            port=port,
            max_body=max_body,
            say=lambda text: click.echo(text),
            untrusted=untrusted,
        )


@click.group()
def keys() -> None:
    """API keys of `remem serve` and `remem mcp`: each is admin or bound to user and agent ids."""


@keys.command(name="create")
@click.argument("name")
@store_options
@click.option("--admin", is_flag=True, help="May read and write everything.")
@click.option("--user", "users", multiple=True, help="A user_id it may use (repeatable).")
@click.option("--agent", "agents", multiple=True, help="An agent_id it may use (repeatable).")
@output_options
def keys_create(
    name: str,
    store_path: str | None,
    embedder: str | None,
    admin: bool,
    users: tuple[str, ...],
    agents: tuple[str, ...],
    plain: bool,
) -> None:
    """Make a key called NAME. Its secret is printed once: it cannot be shown again."""
    with opened(store_path, embedder) as mem:
        secret, info = KeyRing(mem.store).create(name, admin=admin, users=users, agents=agents)
    if plain:
        click.echo(f"{secret}\n(shown once) {describe(info)}")
    else:
        click.echo(json.dumps({"key": secret, **info.to_dict()}))


@keys.command(name="list")
@store_options
@click.option("--all", "show_all", is_flag=True, help="Include revoked keys.")
@output_options
def keys_list(store_path: str | None, embedder: str | None, show_all: bool, plain: bool) -> None:
    """The store's keys (never their secrets)."""
    with opened(store_path, embedder, read=True) as mem:
        found = [k for k in KeyRing(mem.store).list() if show_all or k.active]
    for info in found:
        click.echo(describe(info) if plain else json.dumps(info.to_dict()))


@keys.command(name="revoke")
@click.argument("key_id")
@store_options
@output_options
def keys_revoke(key_id: str, store_path: str | None, embedder: str | None, plain: bool) -> None:
    """Revoke a key by its id (or the whole key); it stops working at once."""
    with opened(store_path, embedder, read=True) as mem:
        info = KeyRing(mem.store).revoke(key_id)
    click.echo(f"revoked {describe(info)}" if plain else json.dumps(info.to_dict()))


def describe(info: KeyInfo) -> str:
    grant = info.grant
    scope: list[Any] = ["admin"] if grant.admin else []
    scope += [f"user={u}" for u in grant.users] + [f"agent={a}" for a in grant.agents]
    state = "revoked" if not info.active else "active"
    return f"{info.key_id}  {info.name}  {' '.join(scope)}  {state}"


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
@untrusted_option
@click.option(
    "--allow-forget",
    is_flag=True,
    help="Offer forget_user (erase the --user for good). It runs only once the user confirms: "
    "in a form their MCP client shows them, or with a one-time code printed here.",
)
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
    untrusted: UntrustedPolicy,
    allow_forget: bool,
) -> None:
    """Serve the memory tools (save, search, update, delete, get_context) over MCP.

    The tools act in the scope given by --user/--agent/--session. Over HTTP, once the store has
    API keys every request needs one, and the tools act only within its grant; without keys
    only a loopback --host is served. A model's delete_memory goes to the trash (`remem trash`);
    forget_user is offered only with --allow-forget, and needs the user's own confirmation.
    """
    need_server_extra()
    try:
        import mcp  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError.for_extra("mcp", "server") from exc
    from remem.server.mcp import build_mcp, serve_http, serve_stdio

    if not path.startswith("/"):
        raise click.BadParameter("must start with /", param_hint="--path")
    if user_id is None and agent_id is None:
        click.echo(
            "warning: no --user or --agent: the tools read and write every memory in the "
            "store (over HTTP an API key's grant still bounds each request). Give --user ID "
            "to keep a client to one user's memories.",
            err=True,
        )
    with opened(store_path, embedder) as mem:
        server = build_mcp(
            mem,
            user_id=user_id,
            agent_id=agent_id,
            session_id=session_id,
            untrusted=untrusted,
            allow_forget=allow_forget,
        )
        if transport == "stdio":
            anyio.run(serve_stdio, server)
        else:
            serve_http(
                mem, server, host=host, port=port, path=path, say=lambda t: click.echo(t, err=True)
            )
