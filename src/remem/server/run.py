"""``remem serve``: open the store, decide on keys, and run uvicorn."""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Callable
from typing import Any

from remem.core.errors import InvalidInputError
from remem.memory import Memory
from remem.trust import DEFAULT_POLICY, UntrustedPolicy

__all__ = ["check_port", "is_loopback", "serve"]


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def refuse_open_without_keys(auth: bool, host: str, store: str, what: str) -> None:
    """Without a live API key every caller is admin: serve only on a loopback address."""
    if not auth and not is_loopback(host):
        raise InvalidInputError(
            f"no API keys in {store}: refusing to serve {what} on {host} without "
            "authentication. Create one with `remem keys create NAME --admin`, or serve on "
            "127.0.0.1"
        )


def check_port(host: str, port: int) -> None:
    """Refuse, with what to do instead, a port another program already listens on (uvicorn
    would only log the bind error after the app had started)."""
    if port == 0:
        return
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise InvalidInputError(
                    f"port {port} on {host} is already in use (another remem serve?): "
                    f"pass --port with a free one, e.g. --port {port + 1} "
                    f"(with make run: make run PORT={port + 1})"
                ) from exc
            if exc.errno == errno.EACCES:
                raise InvalidInputError(
                    f"port {port} on {host} needs privileges: pass --port 1024 or above"
                ) from exc
            raise InvalidInputError(f"cannot listen on {host} port {port}: {exc}") from exc


def shown_host(host: str) -> str:
    """``host`` as it stands in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def serve(
    memory: Memory,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    max_body: int | None = None,
    say: Callable[[str], Any] = print,
    log_level: str = "info",
    untrusted: UntrustedPolicy = DEFAULT_POLICY,
) -> None:
    """Serve ``memory`` until interrupted. Without a live API key in the store, only a
    loopback address is allowed, and every caller is admin. ``untrusted``: the server's
    policy for memories a reader does not trust (:mod:`remem.trust`)."""
    import uvicorn

    from remem.server.app import DEFAULT_MAX_BODY, create_app
    from remem.server.requestids import log_config

    app = create_app(memory, max_body=max_body or DEFAULT_MAX_BODY, untrusted=untrusted)
    refuse_open_without_keys(app.state.auth, host, memory.store.path, "the API")
    check_port(host, port)
    if not app.state.auth:
        say("No API keys configured: serving on 127.0.0.1 only, without authentication.")
    shown = shown_host(host)
    say(f"remem {memory.store.path} — web page: http://{shown}:{port}/")
    say(f"API: http://{shown}:{port}/v1 · OpenAPI: http://{shown}:{port}/openapi.json")
    uvicorn.run(app, host=host, port=port, log_level=log_level, log_config=log_config())
