"""``GET /metrics``: the server's and the engine's figures in Prometheus' text format.

Request latency by method, route (the route's template, ``/v1/memories/{id}``: never an id)
and status; errors by route, status and error type; the engine's operation and stage latency,
errors by type and cache lookups (:mod:`remem.core.observe`); and, read when scraped, the store's
records, vectors, index state, connection pools and replicas. No series carries a tenant's
id, text or query. With API keys on it needs an admin key, like ``/v1/stats`` (Prometheus:
``authorization: {credentials: rk_...}`` in the scrape config).
"""

from __future__ import annotations

import time
from contextvars import ContextVar

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from remem.core.errors import StoreUnavailableError
from remem.core.observe import METRICS, Gauge, render
from remem.server.auth import Call

__all__ = ["RequestMetrics", "metrics", "note_error"]

metrics = APIRouter(tags=["service"])
_ERROR: ContextVar[str | None] = ContextVar("remem_error_type", default=None)


def note_error(kind: str) -> None:
    """The type of the error the request being served answers with (its metric's label)."""
    _ERROR.set(kind)


@metrics.get("/metrics", response_class=PlainTextResponse, include_in_schema=False)
def scrape(call: Call) -> PlainTextResponse:
    """Prometheus text format (version 0.0.4); an admin key when keys are on. With the
    database out of reach, the series read from it are left out and the rest answer (the
    pools, the replicas, ``remem_primary_up``): a scrape never fails on an outage."""
    memory = call.memory
    memory.require_admin("metrics")
    gauges = []
    try:
        state = memory.index_state()
        gauges += [
            Gauge("remem_records", state.records),
            Gauge("remem_vectors", state.vectors),
            Gauge("remem_index_ready", float(state.ready), {"kind": state.kind}),
            Gauge("remem_index_building", float(state.building), {"kind": state.kind}),
        ]
    except StoreUnavailableError:  # the database away: what the process knows still answers
        pass
    gauges += memory.store.gauges()
    return PlainTextResponse(render(gauges), media_type="text/plain; version=0.0.4")


class RequestMetrics:
    """ASGI middleware: each HTTP request's time into ``remem_http_request_seconds``, and an
    error answer into ``remem_http_errors_total``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # unless a response starts
        _ERROR.set(None)

        async def noting(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, noting)
        finally:
            route = scope.get("route")
            path = getattr(route, "path", None) or "unmatched"
            labels = {"method": scope.get("method", ""), "route": path, "status": str(status)}
            METRICS.observe("remem_http_request_seconds", time.perf_counter() - started, **labels)
            if status >= 400:
                kind = _ERROR.get() or ("InternalError" if status >= 500 else "HTTPError")
                METRICS.count("remem_http_errors_total", route=path, status=str(status), type=kind)
