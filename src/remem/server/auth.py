"""Who is calling: the API key a request presents, and the memory scoped to its grant.

The only place the HTTP faces (REST routes, web page) turn a request into a grant. With no live
key in the store every caller is admin (and the server listens on loopback only); otherwise an
unknown, revoked or missing key is a 401. The grant itself is applied by the engine
(:meth:`remem.Memory.scoped`), never by a route.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from remem.apikeys import presented_key
from remem.client import FOR_HEADER
from remem.memory import Memory
from remem.trust.access import ADMIN, Grant

__all__ = ["Call", "Caller", "caller", "token"]


@dataclass(slots=True)
class Caller:
    """A request's memory (scoped to its key's grant) and the grant itself."""

    memory: Memory
    grant: Grant


def token(request: Request) -> str | None:
    """The API key a request carries: in its headers, or the web page's cookie."""
    return presented_key(request.headers) or request.cookies.get("remem_key")


def caller(request: Request) -> Caller:
    """The request's grant, and the memory scoped to it, whose writes the audit log records as
    made by ``rest:<key id>`` (``rest`` on a server without keys), acting for the user
    ``X-Remem-For`` names (``Memory.on_behalf_of``), else the key's one user if it has one."""
    state = request.app.state
    presented = token(request)
    grant = state.keys.authenticate(presented) if state.auth else ADMIN
    key = state.keys.key_id_of(presented) if state.auth else None
    actor = f"rest:{key}" if key else "rest"
    memory = state.memory.scoped(grant, actor=actor)
    named = request.headers.get(FOR_HEADER)
    if named is not None:  # a key bound to one user may name that user only
        memory = memory.on_behalf_of(named)
    return Caller(memory, grant)


Call = Annotated[Caller, Depends(caller)]
