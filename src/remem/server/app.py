"""The ASGI app: routes, the error envelope, the body limit, and how the server decides on keys.

Every error is ``{"error": {"type": ..., "message": ..., "request_id": ...}}`` with the status
the exception class carries (``remem.core.errors``), mapped by type, never by message text; the
request id is also the response's ``X-Request-ID`` and in the server's log lines
(:mod:`remem.server.requestids`). A request the schema refuses
is 422 with every problem listed; a body over ``max_body`` bytes is 413 before it is read whole.
A request's ``X-Remem-Position`` (a write's position, from any server on the same database)
holds its reads to what that write left; a response to a write sends the store's position.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.telemetry import TelemetryConfig
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import remem
from remem.apikeys import KeyRing
from remem.client import POSITION_HEADER, STALE_HEADER
from remem.core.errors import InvalidInputError, PayloadTooLargeError, RememError
from remem.memory import Memory
from remem.server.metrics import RequestMetrics, metrics, note_error
from remem.server.requestids import HEADER, RequestIds, current_request_id
from remem.server.routes import router
from remem.stores.base import Staleness, noting_stale
from remem.trust import DEFAULT_POLICY, UntrustedPolicy, check_policy

__all__ = ["DEFAULT_MAX_BODY", "create_app"]

#: Largest request body accepted, in bytes (imports of big exports want more: ``max_body``).
DEFAULT_MAX_BODY = 16 * 1024 * 1024
log = logging.getLogger("remem.server")
NO_TELEMETRY: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
    "auto_configure": False,
}


def create_app(
    memory: Memory,
    *,
    require_keys: bool | None = None,
    max_body: int = DEFAULT_MAX_BODY,
    web: bool = True,
    untrusted: UntrustedPolicy = DEFAULT_POLICY,
) -> FastAPI:
    """The REST API (and the web page) over ``memory``.

    ``require_keys``: whether every request needs an API key; None decides from the store —
    yes as soon as it holds a live key (``remem keys create``). ``untrusted``: the server's
    policy for memories a reader does not trust (:mod:`remem.trust`), for contexts that name
    none.
    """
    check_policy(untrusted)
    keys = KeyRing(memory.store)
    app = FastAPI(
        # No telemetry: FastAPI's OpenTelemetry hooks (and any exporter the environment would
        # configure) stay off, whatever OTEL_* / FASTAPI_OTEL_* variables say.
        telemetry=NO_TELEMETRY,
        # Swagger UI and ReDoc load their scripts from a CDN: off (offline, and no calls out).
        docs_url=None,
        redoc_url=None,
        title="remem",
        version=remem.__version__,
        summary="Long-term memory for LLM applications and agents",
        description=(
            "Send an API key as `Authorization: Bearer rk_...` (or `X-API-Key`). A key is "
            "admin, or bound to the user_ids / agent_ids it may read and write; every read "
            "is limited to them, whatever filters it sends."
        ),
    )
    app.state.memory = memory
    app.state.keys = keys
    app.state.auth = keys.active() if require_keys is None else require_keys
    app.state.web = web
    app.state.untrusted = untrusted
    app.include_router(router)
    app.include_router(metrics)
    if web:
        from remem.server.web import pages

        app.include_router(pages)
    app.add_exception_handler(RememError, _remem_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)
    app.add_middleware(Positions, memory=memory)
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(RequestMetrics)  # the body limit's refusals are counted too
    app.add_middleware(RequestIds)  # outermost of ours: the body limit's refusals carry it too
    return app


def error_response(status: int, kind: str, message: str, **extra: Any) -> JSONResponse:
    # A message quoting the caller's input may hold a lone surrogate: escape it, or the
    # answer itself could not be encoded.
    shown = message.encode("utf-8", "backslashreplace").decode("utf-8")
    note_error(kind)
    body = {"type": kind, "message": shown, **extra}
    rid = current_request_id()
    if rid is not None:
        body["request_id"] = rid
    # The id header as well: a 500 is sent from outside the request-id middleware.
    headers = {HEADER: rid} if rid is not None else None
    return JSONResponse({"error": body}, status_code=status, headers=headers)


async def _remem_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RememError)
    if exc.status == 503:  # for now: the store's own line said why, once
        log.warning("%s %s refused (503, retry): %s", request.method, request.url.path, exc)
    elif exc.status >= 500:
        log.error("%s %s failed: %s", request.method, request.url.path, exc)
    answer = error_response(exc.status, type(exc).__name__, str(exc))
    if exc.status == 503:  # the database out of reach for now (a failover): nothing written
        answer.headers["Retry-After"] = "1"
    return answer


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems, kinds = [], set()
    for error in exc.errors():
        where = ".".join(str(part) for part in error.get("loc", ()))
        problems.append(f"{where}: {error.get('msg', 'invalid')}")
        kinds.add(error.get("type"))
    # Text that is not valid Unicode is the same error as in the Python API.
    kind = "InvalidTextError" if "string_unicode" in kinds else "InvalidInputError"
    return error_response(422, kind, "; ".join(problems) or "invalid request", details=problems)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    path = request.url.path
    if (
        exc.status_code == 404
        and request.app.state.web
        and "text/html" in request.headers.get("accept", "")
        and not path.startswith(("/v1/", "/mcp"))
    ):  # a browser on a page that does not exist: a page that says so, not JSON
        from remem.server.web import HEADERS, error_page

        page = error_page(request, 404, f"there is no page at {path}")
        page.headers.update(HEADERS)
        return page
    response = error_response(exc.status_code, "HTTPError", str(exc.detail))
    response.headers.update(exc.headers or {})
    return response


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    """The top-level boundary: a bug becomes a 500 with no internals in the body."""
    log.exception("%s %s failed", request.method, request.url.path)
    return error_response(500, "InternalError", "internal server error (see the server's log)")


class Positions:
    """Reads of a request carrying ``X-Remem-Position`` see at least that write (through
    ``Memory.reading_after``); a response to a write (any method but GET and HEAD) carries the
    store's position when it has one (PostgreSQL with replicas), for the client's next request
    to whichever server; a response whose reads a replica answered while the primary was down
    carries ``X-Remem-Stale`` (seconds the data may be behind)."""

    def __init__(self, app: ASGIApp, memory: Memory) -> None:
        self.app = app
        self.memory = memory

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope["headers"]).get(POSITION_HEADER.encode())
        writes = scope["method"] not in ("GET", "HEAD")

        read = Staleness()  # what this request's reads note (shared with its worker thread)

        async def with_position(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                position = self.memory.position() if writes else None
                if position is not None:
                    headers.append((POSITION_HEADER.encode(), position.encode()))
                if read.seconds is not None:
                    headers.append((STALE_HEADER.encode(), f"{read.seconds:g}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            reading = self.memory.reading_after(given.decode("latin-1") if given else None)
        except InvalidInputError as exc:
            response = error_response(400, InvalidInputError.__name__, f"X-Remem-Position: {exc}")
            await response(scope, receive, send)
            return
        with reading, noting_stale(read):
            await self.app(scope, receive, with_position)


class BodyLimit:
    """Refuse bodies over ``limit`` bytes: by Content-Length up front, else while reading."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit():
            if int(length) > self.limit:
                await self._refuse(scope, receive, send)
            else:  # the server (h11/httptools) holds the client to its Content-Length
                await self.app(scope, receive, send)
            return
        # No length given (chunked): read the body here, at most ``limit`` bytes, and replay it.
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def _message(self) -> str:
        return f"request body over {self.limit:,} bytes (the server's --max-body)"

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, PayloadTooLargeError.__name__, self._message())
        await response(scope, receive, send)
