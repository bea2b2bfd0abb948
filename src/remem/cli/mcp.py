"""``remem mcp``: the MCP server (stdio or streamable HTTP). Being written."""

from __future__ import annotations

import click


@click.command(name="mcp")
def mcp_command() -> None:
    """Serve the memory tools over the Model Context Protocol."""
    raise click.ClickException("not yet available")
