"""remem as a service: the REST API and web page (:func:`create_app`, ``remem serve``) and the
MCP server (``remem mcp``). Needs the ``server`` extra: ``pip install 'remem[server]'``."""

from __future__ import annotations

from remem.server.app import DEFAULT_MAX_BODY, create_app
from remem.server.run import serve

__all__ = ["DEFAULT_MAX_BODY", "create_app", "serve"]
