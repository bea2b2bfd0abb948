"""A request id on every request: in its response's ``X-Request-ID`` header, in every error
body (``error.request_id``) and in every log line written while it is served.

A caller's own ``X-Request-ID`` is kept when it is a plain token (letters, digits, ``.``,
``_``, ``:``, ``-``, at most 64), so a trace can follow a request across services; anything
else is replaced by a new id, never echoed. The id lives in a context variable for the
request's task, which the error envelope and :class:`RequestIdFilter` read.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from remem.core.redact import MaskingFilter

__all__ = ["HEADER", "RequestIdFilter", "RequestIds", "current_request_id", "log_config", "serving"]

HEADER = "x-request-id"
_ID: ContextVar[str | None] = ContextVar("remem_request_id", default=None)
_TOKEN = re.compile(r"[A-Za-z0-9._:-]{1,64}")


def current_request_id() -> str | None:
    """The id of the request being served, or None outside one."""
    return _ID.get()


@contextmanager
def serving(request_id: str | None) -> Iterator[None]:
    """Within the block, :func:`current_request_id` is ``request_id`` (work for a request done
    in a task or context of its own, such as an MCP session's); None changes nothing."""
    if request_id is None:
        yield
        return
    token = _ID.set(request_id)
    try:
        yield
    finally:
        _ID.reset(token)


def _chosen(scope: Scope) -> str:
    given = dict(scope.get("headers") or ()).get(HEADER.encode())
    if given is not None:
        text: str = given.decode("latin-1")
        if _TOKEN.fullmatch(text):
            return text
    return uuid.uuid4().hex


class RequestIds:
    """ASGI middleware: choose the request's id, keep it for the request's task, and send it
    back as ``X-Request-ID``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = _chosen(scope)
        # Not reset afterwards: the server's access log line, written after the response in
        # the same task, carries it too. Each request is served in a task of its own.
        _ID.set(rid)

        async def with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k != HEADER.encode()]
                message = {**message, "headers": [*headers, (HEADER.encode(), rid.encode())]}
            await send(message)

        await self.app(scope, receive, with_id)


class RequestIdFilter(logging.Filter):
    """Gives every log record a ``request_id`` (``-`` outside a request) for the format."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _ID.get() or "-"
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with the request id in every line, no password in any
    (:class:`remem.core.redact.MaskingFilter`), and the database driver's lines in the same form."""
    from uvicorn.config import LOGGING_CONFIG

    ours = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config: dict[str, Any] = {
        **LOGGING_CONFIG,
        "filters": {"request_id": {"()": RequestIdFilter}, "mask": {"()": MaskingFilter}},
        "formatters": {name: dict(f) for name, f in LOGGING_CONFIG["formatters"].items()},
        "handlers": {name: dict(h) for name, h in LOGGING_CONFIG["handlers"].items()},
        "loggers": {**LOGGING_CONFIG["loggers"], "remem": ours,
                    "psycopg": {**ours, "level": "WARNING"}},
    }  # fmt: skip
    for formatter in config["formatters"].values():
        formatter["fmt"] = formatter["fmt"].replace(
            "%(levelprefix)s", "%(levelprefix)s [%(request_id)s]", 1
        )
    for handler in config["handlers"].values():
        handler["filters"] = ["request_id", "mask"]
    return config
