"""The web page of ``remem serve``: search, browse, inspect and delete memories, and store stats.

Plain server-rendered HTML (Jinja2, autoescaped); no script and nothing fetched from elsewhere,
so the Content-Security-Policy can forbid both. Every page reads through the REST API's
:func:`~remem.server.auth.caller` and applies the key's grant exactly as the ``/v1`` routes
do, so a tenant key sees on a page only what it could fetch over the API, and another tenant's
memory is "not found", like an unknown id.

With keys required, the key lives in the ``remem_key`` cookie (HttpOnly, SameSite=Strict) that
``POST /login`` sets after checking it; a page asked for without a valid one redirects to the
login form. Form POSTs also refuse a cross-site ``Origin``. Errors render as pages, with the
status the exception class carries, instead of the API's JSON envelope.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from fastapi import APIRouter, Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from jinja2 import Environment, FileSystemLoader

from remem.access import Grant
from remem.engine import MAX_K
from remem.errors import (
    AuthenticationError,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
    RememError,
)
from remem.records import STAGE_NOTES, MemoryRecord, SearchHit, SearchMode, StoreStats
from remem.server.auth import Caller, caller
from remem.server.routes import json_filter
from remem.timeutil import MAX_TIME

__all__ = ["pages"]

log = logging.getLogger("remem.server")

COOKIE = "remem_key"
#: Memories per page when browsing.
PAGE_SIZE = 50
#: Chunks listed on a document's page (the rest are a browse away).
CHUNKS_SHOWN = 200
MODES: dict[str, SearchMode] = {"hybrid": "hybrid", "dense": "dense", "keyword": "keyword"}
#: No script, no outside resource, no framing: a page can only show text and submit its forms.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
TITLES = {400: "Bad input", 401: "Not signed in", 403: "Not allowed", 404: "Not found"}


class PageRoute(APIRoute):
    """A page route: a missing or bad key redirects to the login form, a cross-site form POST
    is refused, and an error becomes an HTML page with its status (not the API's JSON)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def page(request: Request) -> Response:
            try:
                if request.method == "POST":
                    same_origin(request)
                response = await handler(request)
            except AuthenticationError:
                response = RedirectResponse(login_url(request), status_code=303)
            except RememError as exc:
                response = error_page(request, exc.status, str(exc))
            except RequestValidationError as exc:
                problems = "; ".join(str(error.get("msg", "invalid")) for error in exc.errors())
                response = error_page(request, 400, problems or "invalid request")
            response.headers.update(HEADERS)
            return response

        return page


pages = APIRouter(include_in_schema=False, route_class=PageRoute)
templates = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


def page_caller(request: Request) -> Caller:
    """The request's caller, remembered for the header bar (who is signed in)."""
    call = caller(request)
    request.state.grant = call.grant
    return call


async def form_fields(request: Request) -> dict[str, str]:
    """The fields of a urlencoded form body (parsed here: python-multipart is not a
    dependency of remem); a repeated field keeps its last value."""
    body = (await request.body()).decode("utf-8", "replace")
    return {name: values[-1] for name, values in parse_qs(body, keep_blank_values=True).items()}


PageCall = Annotated[Caller, Depends(page_caller)]
Form = Annotated[dict[str, str], Depends(form_fields)]


# -- pages -----------------------------------------------------------------------------------------
@pages.get("/")
def search_page(request: Request, call: PageCall) -> HTMLResponse:
    """The search form and, given a query, the hits with each signal's score."""
    params = request.query_params
    hits: list[Hit] = []
    try:
        if _text(params, "q"):
            hits = [Hit.of(hit) for hit in _search(call, params)]
    except (InvalidInputError, PermissionDeniedError) as exc:
        return render(request, "search.html", params=params, error=str(exc), status=exc.status)
    return render(request, "search.html", params=params, hits=hits, searched=_text(params, "q"))


@pages.get("/memories")
def browse_page(request: Request, call: PageCall) -> HTMLResponse:
    """A page of memories by scope, kind and creation date, newest first unless asked."""
    params = request.query_params
    notice = _deleted_notice(params)
    try:
        offset = _int(params, "offset", 0, 0, 10**9)
        records, more = _browse(call, params, offset)
    except (InvalidInputError, PermissionDeniedError) as exc:
        return render(request, "browse.html", params=params, error=str(exc), status=exc.status)
    return render(
        request,
        "browse.html",
        params=params,
        records=records,
        notice=notice,
        offset=offset,
        prev_url=_page_url(params, offset - PAGE_SIZE) if offset > 0 else None,
        next_url=_page_url(params, offset + PAGE_SIZE) if more else None,
    )


@pages.get("/memories/{id}")
def memory_page(request: Request, id: str, call: PageCall) -> HTMLResponse:
    """Every field of one memory, its document (for a chunk) or its chunks (for a document)."""
    record = call.memory.get(id)
    chunks = call.memory.list(
        filters={"parent_id": record.id},
        order="position",
        limit=CHUNKS_SHOWN,
    )
    return render(
        request,
        "memory.html",
        record=record,
        parent=_parent(call, record),
        chunks=chunks,
        chunks_shown=CHUNKS_SHOWN,
        metadata=json.dumps(record.metadata, indent=2, ensure_ascii=False, sort_keys=True),
    )


@pages.post("/memories/{id}/delete")
def delete_memory(id: str, call: PageCall) -> RedirectResponse:
    """Delete a memory (a document takes its chunks along) and say so on the browse page."""
    call.memory.get(id)  # 404 for an unknown id, or one outside the key's grant
    count = call.memory.delete([id])
    query = urlencode({"deleted": id, "count": count})
    return RedirectResponse(f"/memories?{query}", status_code=303)


@pages.get("/stats")
def stats_page(request: Request, call: PageCall) -> HTMLResponse:
    """Store statistics, cache counters and LLM spending: for admin keys only, as over /v1."""
    try:
        stats, caches = call.memory.stats(), call.memory.cache_stats()
    except PermissionDeniedError as exc:
        return render(request, "stats.html", denied=True, status=exc.status)
    return render(request, "stats.html", stats=stats, caches=caches, spend=Spending.of(stats))


@pages.get("/login", response_model=None)
def login_form(request: Request) -> HTMLResponse | RedirectResponse:
    if not request.app.state.auth:
        return RedirectResponse("/", status_code=303)
    return render(request, "login.html", next=_local(request.query_params.get("next")))


@pages.post("/login", response_model=None)
def login(request: Request, form: Form) -> HTMLResponse | RedirectResponse:
    """Check the key, then keep it in an HttpOnly, SameSite=Strict cookie for the pages."""
    key, target = form.get("key", "").strip(), _local(form.get("next"))
    if not request.app.state.auth:
        return RedirectResponse(target, status_code=303)
    try:
        if not key:
            raise AuthenticationError("enter an API key (make one with `remem keys create`)")
        request.app.state.keys.authenticate(key)
    except AuthenticationError as exc:
        return render(request, "login.html", next=target, error=str(exc), status=exc.status)
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        COOKIE,
        key,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


@pages.post("/logout")
def logout(request: Request) -> RedirectResponse:
    response = RedirectResponse("/login" if request.app.state.auth else "/", status_code=303)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")
    return response


# -- what the pages show ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Signal:
    """One row of a hit's score breakdown: a signal, its score (None: it did not find the
    hit) and what it means (its rank, for dense and keyword)."""

    name: str
    value: float | None
    note: str


@dataclass(frozen=True, slots=True)
class Hit:
    """A search hit as its card shows it."""

    hit: SearchHit
    signals: list[Signal]

    @classmethod
    def of(cls, hit: SearchHit) -> Hit:
        """The hit with its scores in pipeline order, as :meth:`SearchHit.explain` gives them,
        and any score a later stage added that remem does not describe, at the end."""
        scores, signals = hit.scores, []
        for name in ("dense", "keyword"):
            if name in scores:
                rank = int(scores.get(f"{name}_rank", 0))
                signals.append(Signal(name, scores[name], f"rank {rank}"))
            elif "fused" in scores:
                signals.append(Signal(name, None, "not among its candidates"))
        signals += [Signal(key, scores[key], note) for key, note in STAGE_NOTES if key in scores]
        shown = {"dense", "dense_rank", "keyword", "keyword_rank", *(k for k, _ in STAGE_NOTES)}
        signals += [Signal(key, value, "") for key, value in scores.items() if key not in shown]
        return cls(hit, signals)


@dataclass(frozen=True, slots=True)
class Spending:
    """The LLM spending table: one row per feature, a column per counter, and the totals."""

    columns: list[str]
    rows: dict[str, dict[str, float]]
    total: dict[str, float]

    @classmethod
    def of(cls, stats: StoreStats) -> Spending:
        usage = stats.llm_usage
        columns = ["calls", "prompt_tokens", "completion_tokens", "cost"]
        columns += sorted({name for row in usage.values() for name in row} - set(columns))
        total = {name: sum(row.get(name, 0) for row in usage.values()) for name in columns}
        return cls(columns, usage, total)


def render(request: Request, name: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    grant: Grant | None = getattr(request.state, "grant", None)
    html = templates.get_template(name).render(
        path=request.url.path,
        auth=request.app.state.auth,
        who=_who(grant, request.app.state.auth),
        **context,
    )
    return HTMLResponse(html, status_code=status)


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    if status >= 500:
        log.error("%s %s failed: %s", request.method, request.url.path, message)
    title = TITLES.get(status, "Something went wrong")
    return render(request, "error.html", status=status, title=title, message=message, code=status)


def same_origin(request: Request) -> None:
    """Refuse a form POST sent from another site (the cookie's SameSite=Strict is the first
    guard; this one holds for browsers that ignore it)."""
    origin = request.headers.get("origin")
    if origin is None:
        if request.headers.get("sec-fetch-site") == "cross-site":
            raise PermissionDeniedError("cross-site form submissions are refused")
        return
    if urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower():
        raise PermissionDeniedError(f"cross-site form submissions are refused (from {origin})")


def login_url(request: Request) -> str:
    """The login form, bringing a page request back where it was going."""
    if request.method != "GET":
        return "/login"
    target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return "/login" if target == "/" else f"/login?{urlencode({'next': target})}"


def _local(target: str | None) -> str:
    """``target`` if it is a path on this server, else ``/`` (never an open redirect)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    return target


def _who(grant: Grant | None, auth: bool) -> str:
    if grant is None:
        return ""
    if not auth:
        return "admin (no API keys on this server)"
    if grant.admin:
        return "admin key"
    parts = [f"users: {', '.join(grant.users)}"] if grant.users else []
    parts += [f"agents: {', '.join(grant.agents)}"] if grant.agents else []
    return "key for " + "; ".join(parts)


# -- reading the forms -----------------------------------------------------------------------------
def _search(call: Caller, params: Mapping[str, str]) -> list[SearchHit]:
    """Search as ``POST /v1/search`` would, without touching the hits: looking at memories
    here must not change how recent they count."""
    mode = params.get("mode") or "hybrid"
    if mode not in MODES:
        raise InvalidInputError(f"unknown search mode {mode!r}: use one of {', '.join(MODES)}")
    return call.memory.search(
        _text(params, "q"),
        k=_int(params, "k", 10, 1, MAX_K),
        mode=MODES[mode],
        filters=json_filter(_text(params, "filters")),
        touch=False,
        **_scope(params),
    )


def _browse(
    call: Caller, params: Mapping[str, str], offset: int
) -> tuple[list[MemoryRecord], bool]:
    """One page of memories, and whether there is another after it."""
    order = "created_at" if params.get("order") == "oldest" else "-created_at"
    found = call.memory.list(
        **_scope(params),
        kind=_text(params, "kind"),
        filters=_browse_filter(params),
        limit=PAGE_SIZE + 1,
        offset=offset,
        order=order,
    )
    return found[:PAGE_SIZE], len(found) > PAGE_SIZE


def _browse_filter(params: Mapping[str, str]) -> dict[str, Any] | None:
    """The created_at range (``to`` is inclusive: the whole day) and-ed with any JSON filter."""
    start, end = _day(params, "from"), _day(params, "to")
    if start and end and end < start:
        raise InvalidInputError(f"'to' ({end}) is before 'from' ({start})")
    created: dict[str, str] = {}
    if start:
        created["$gte"] = start.isoformat()
    if end and end == date.max:  # the last day there is: up to the last time stored
        created["$lte"] = MAX_TIME.isoformat()
    elif end:
        created["$lt"] = (end + timedelta(days=1)).isoformat()
    parts: list[dict[str, Any]] = [{"created_at": created}] if created else []
    extra = json_filter(_text(params, "filters"))
    parts += [extra] if extra else []
    if len(parts) < 2:
        return parts[0] if parts else None
    return {"$and": parts}


def _parent(call: Caller, record: MemoryRecord) -> MemoryRecord | str | None:
    """A chunk's document: the record, or only its id when it is gone or out of sight."""
    if record.parent_id is None:
        return None
    try:
        return call.memory.get(record.parent_id)
    except NotFoundError:
        return record.parent_id


def _deleted_notice(params: Mapping[str, str]) -> str | None:
    deleted = _text(params, "deleted")
    if deleted is None:
        return None
    extra = int(params["count"]) - 1 if params.get("count", "").isdigit() else 0
    along = f", with its {extra} chunk{'s' * (extra != 1)}" if extra > 0 else ""
    return f"Deleted memory {deleted}{along}."


def _page_url(params: Mapping[str, str], offset: int) -> str:
    kept = {k: v for k, v in params.items() if v and k not in ("offset", "deleted", "count")}
    return "/memories?" + urlencode({**kept, "offset": max(offset, 0)})


def _scope(params: Mapping[str, str]) -> dict[str, Any]:
    return {name: _text(params, name) for name in ("user_id", "agent_id", "session_id")}


def _text(params: Mapping[str, str], name: str) -> str | None:
    return params.get(name, "").strip() or None


def _int(params: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = params.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise InvalidInputError(f"{name} must be a whole number, got {raw!r}") from None
    if not low <= value <= high:
        raise InvalidInputError(f"{name} must be from {low} to {high}, got {value}")
    return value


def _day(params: Mapping[str, str], name: str) -> date | None:
    raw = params.get(name, "").strip()
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise InvalidInputError(f"'{name}' is not a date: {raw!r} (use YYYY-MM-DD)") from None


def _when(value: datetime | None) -> str:
    return "—" if value is None else value.strftime("%Y-%m-%d %H:%M:%S UTC")


def _size(count: float) -> str:
    units = ("bytes", "KB", "MB", "GB", "TB")
    step = 0
    while count >= 1024 and step < len(units) - 1:
        count /= 1024
        step += 1
    return f"{count:,.0f} bytes" if step == 0 else f"{count:,.1f} {units[step]}"


templates.filters["when"] = _when
templates.filters["size"] = _size
