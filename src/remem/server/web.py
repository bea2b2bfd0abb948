"""The web page of ``remem serve``: a place to work on a store while building an app.

Search (each hit's relevance as a bar, its signals on expand); browse, inspect, add, edit and
delete memories (or move them to the trash, to restore or empty); import a file; a scope's
timeline and its facts' supersession chains; the semantic caches' hit rates and latest
lookups; the store's stats as charts; and what the signed-in key may see. Plain
server-rendered HTML (Jinja2, autoescaped) with inline SVG charts laid out in
:mod:`remem.server.charts`; no script and nothing fetched from elsewhere, so the
Content-Security-Policy can forbid both. A form's errors are shown on the form, with what was
typed kept. Every page reads through the REST API's
:func:`~remem.server.auth.caller` and applies the key's grant exactly as the ``/v1`` routes
do, so a tenant key sees on a page only what it could fetch over the API, and another tenant's
memory is "not found", like an unknown id.

With keys required, the key lives in the ``remem_key`` cookie (HttpOnly, SameSite=Strict) that
``POST /login`` sets after checking it; a page asked for without a valid one redirects to the
login form. Form POSTs also refuse a cross-site ``Origin``. Errors render as pages, with the
status the exception class carries, instead of the API's JSON envelope. The forms and query
strings are read by :mod:`remem.server.forms`.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from fastapi import APIRouter, Depends, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from jinja2 import Environment, FileSystemLoader
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException

from remem import transfer
from remem.core.errors import (
    AuthenticationError,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
    RememError,
)
from remem.core.records import STAGE_NOTES, MemoryRecord, SearchHit, SearchMode, StoreStats
from remem.engine import MAX_K
from remem.memory import Memory
from remem.memory_types.cache import CacheEvent
from remem.memory_types.facts import CLOSED, CURRENT
from remem.server import forms
from remem.server.auth import Caller, caller
from remem.server.charts import BarChart, FactGraph, LineChart, Timeline
from remem.server.routes import json_filter
from remem.trust import assess
from remem.trust.access import Grant
from remem.trust.audit import AuditVerdict

__all__ = ["pages"]

log = logging.getLogger("remem.server")

COOKIE = "remem_key"
#: Memories per page when browsing.
PAGE_SIZE = 50
#: Chunks listed on a document's page (the rest are a browse away).
CHUNKS_SHOWN = 200
#: Memories drawn on a timeline (the newest, when a scope holds more).
TIMELINE_MAX = 2000
#: Facts read for the supersession chains (the newest), and chains drawn.
FACTS_MAX, CHAINS_MAX = 2000, 40
#: Lookups listed per cache.
LOOKUPS_SHOWN = 50
#: Owners (a user, an agent) whose learned cache bound the cache page draws, per cache.
OWNERS_SHOWN = 5
#: Audit events the audit page shows, newest first.
AUDIT_SHOWN = 200
#: Most bytes of text pasted into the import form (a file's size is bounded by the server's
#: ``--max-body``).
PASTE_MAX = 8 * 1024 * 1024
#: The fields of the add and edit forms.
FIELDS = ("text", "kind", "role", "importance", "metadata", "user_id", "agent_id", "session_id")
FIELDS_NEW = (*FIELDS, "created_at")
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
    # The audit log names the web page as the face: web, or web:<key id>.
    call.memory = call.memory.scoped(
        call.grant, actor=(call.memory.actor or "rest").replace("rest", "web", 1)
    )
    return call


async def form_fields(request: Request) -> dict[str, str]:
    """The fields of a urlencoded form body (the import form's file upload is multipart, read
    by Starlette with python-multipart); a repeated field keeps its last value."""
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
        if forms.text(params, "q"):
            hits = [Hit.of(hit) for hit in _search(call, params)]
    except (InvalidInputError, PermissionDeniedError) as exc:
        return render(request, "search.html", params=params, error=str(exc), status=exc.status)
    return render(
        request, "search.html", params=params, hits=hits, searched=forms.text(params, "q")
    )


@pages.get("/memories")
def browse_page(request: Request, call: PageCall) -> HTMLResponse:
    """A page of memories by scope, kind and creation date, newest first unless asked."""
    params = request.query_params
    notice = forms.deleted_notice(params)
    try:
        offset = forms.int_param(params, "offset", 0, 0, 10**9)
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
        prev_url=forms.page_url(params, offset - PAGE_SIZE) if offset > 0 else None,
        next_url=forms.page_url(params, offset + PAGE_SIZE) if more else None,
    )


@pages.get("/memories/new")
def new_page(request: Request, call: PageCall) -> HTMLResponse:
    """The form to add a memory, its scope filled in from the query (a browse page's)."""
    values = {name: request.query_params.get(name, "") for name in FIELDS_NEW}
    return render(request, "edit.html", values=values, record=None)


@pages.post("/memories/new", response_model=None)
def add_memory(request: Request, call: PageCall, form: Form) -> HTMLResponse | RedirectResponse:
    """Store the form's memory and show it; a problem is shown on the form, as typed."""
    values = {name: form.get(name, "") for name in FIELDS_NEW}
    try:
        item = {
            **forms.changes(values),
            **{name: forms.text(values, name) for name in ("user_id", "agent_id", "session_id")},
            "created_at": forms.text(values, "created_at"),
        }
        record = call.memory.add_many([forms.present(item)], progress=False)[0]
    except RememError as exc:
        return _form_error(request, "edit.html", exc, values=values, record=None)
    return RedirectResponse(f"/memories/{record.id}?saved=added", status_code=303)


@pages.get("/memories/{id}")
def memory_page(request: Request, id: str, call: PageCall) -> HTMLResponse:
    """Every field of one memory, its document (for a chunk) or its chunks (for a document)."""
    record = call.memory.get(id)
    chunks = call.memory.list(
        filters={"parent_id": record.id},
        order="position",
        limit=CHUNKS_SHOWN,
    )
    # Its trust for the user the signed-in key acts for, else for its own user (remem.trust).
    reader = call.memory.principal if call.memory.principal is not None else record.user_id
    return render(
        request,
        "memory.html",
        record=record,
        trust=assess(record, reader),
        reader=reader,
        parent=_parent(call, record),
        chunks=chunks,
        chunks_shown=CHUNKS_SHOWN,
        metadata=forms.json_text(record.metadata),
        notice=SAVED.get(request.query_params.get("saved", "")),
    )


@pages.get("/memories/{id}/edit")
def edit_page(request: Request, id: str, call: PageCall) -> HTMLResponse:
    """The form to change a memory's text, kind, role, importance and metadata."""
    record = call.memory.get(id)
    return render(request, "edit.html", values=forms.values(record), record=record)


@pages.post("/memories/{id}/edit", response_model=None)
def edit_memory(
    request: Request, id: str, call: PageCall, form: Form
) -> HTMLResponse | RedirectResponse:
    """Change the memory (new text is embedded again); a problem is shown on the form."""
    record = call.memory.get(id)  # 404 for an unknown id, or one outside the key's grant
    values = {name: form.get(name, "") for name in FIELDS}
    try:
        changes = forms.changes(values)
        if changes.get("text") == record.text:
            del changes["text"]  # unchanged: no new embedding
        call.memory.update(id, **forms.present(changes))
    except RememError as exc:
        return _form_error(request, "edit.html", exc, values=values, record=record)
    return RedirectResponse(f"/memories/{id}?saved=updated", status_code=303)


@pages.post("/memories/{id}/delete")
def delete_memory(id: str, call: PageCall, form: Form) -> RedirectResponse:
    """Delete a memory (a document takes its chunks along), or move it to the trash (the
    form's ``recoverable``), and say so on the browse page."""
    call.memory.get(id)  # 404 for an unknown id, or one outside the key's grant
    recoverable = form.get("recoverable") == "yes"
    count = call.memory.delete([id], recoverable=recoverable)
    query = urlencode({"deleted": id, "count": count, **({"trashed": 1} if recoverable else {})})
    return RedirectResponse(f"/memories?{query}", status_code=303)


@pages.get("/trash")
def trash_page(request: Request, call: PageCall) -> HTMLResponse:
    """The trash the key's grant allows, newest first: each memory with when it went, until
    when it is kept, and a Restore button; and emptying it, once confirmed."""
    params = request.query_params
    try:
        offset = forms.int_param(params, "offset", 0, 0, 10**9)
        found = call.memory.trash(limit=PAGE_SIZE + 1, offset=offset)
    except InvalidInputError as exc:
        return render(request, "trash.html", error=str(exc), status=exc.status)
    more = len(found) > PAGE_SIZE
    return render(
        request,
        "trash.html",
        entries=found[:PAGE_SIZE],
        offset=offset,
        restored=forms.text(params, "restored"),
        notice=forms.trash_notice(params),
        prev_url=f"/trash?offset={max(offset - PAGE_SIZE, 0)}" if offset > 0 else None,
        next_url=f"/trash?offset={offset + PAGE_SIZE}" if more else None,
    )


@pages.post("/trash/{id}/restore")
def restore_memory(id: str, call: PageCall) -> RedirectResponse:
    """Put a memory back from the trash, under its id, and say so on the trash page."""
    if not call.memory.undelete([id]):  # not in the key's trash (another tenant's: the same)
        raise NotFoundError(f"no memory with id {id!r} in the trash")
    return RedirectResponse(f"/trash?{urlencode({'restored': id})}", status_code=303)


@pages.post("/trash/empty")
def empty_trash(call: PageCall, form: Form) -> RedirectResponse:
    """Remove everything in the key's trash for good — only with the form's confirmation."""
    if form.get("confirm") != "yes":
        raise InvalidInputError("emptying the trash cannot be undone: confirm it on the form")
    count = call.memory.empty_trash()
    return RedirectResponse(f"/trash?{urlencode({'emptied': count})}", status_code=303)


@pages.get("/import")
def import_page(request: Request, call: PageCall) -> HTMLResponse:
    """The form to import a file: remem's export, plain JSON-lines items, or LoCoMo."""
    return render(request, "import.html", format="auto")


@pages.post("/import")
async def import_upload(request: Request, call: PageCall) -> HTMLResponse:
    """Import the uploaded file (or pasted text) inside the key's grant: all or none; what
    went wrong is shown on the form."""
    try:
        form = await request.form(max_part_size=PASTE_MAX)
    except HTTPException as exc:  # a malformed body, or pasted text over the limit
        problem = InvalidInputError(f"the form could not be read: {exc.detail}")
        return _form_error(request, "import.html", problem, format="auto", text="")
    format = str(form.get("format") or "auto")
    upload, pasted = form.get("file"), str(form.get("text") or "")
    try:
        if isinstance(upload, UploadFile) and upload.filename:
            name, body = upload.filename, await upload.read()
        elif pasted.strip():
            name, body = "the pasted text", pasted.encode("utf-8", "surrogatepass")
        else:
            raise InvalidInputError("choose a file to import, or paste its lines")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInputError(f"{name} is not UTF-8 text (byte {exc.start})") from exc
        if format not in ("auto", "jsonl", "locomo"):
            raise InvalidInputError(f"unknown import format {format!r}: use auto, jsonl or locomo")
        count = await run_in_threadpool(
            transfer.import_text, call.memory, text, name, format=format
        )
    except RememError as exc:
        return _form_error(request, "import.html", exc, format=format, text=pasted)
    notice = f"Imported {count:,} memor{'y' if count == 1 else 'ies'} from {name}."
    return render(request, "import.html", format=format, notice=notice, imported=count)


@pages.get("/timeline")
def timeline_page(request: Request, call: PageCall) -> HTMLResponse:
    """A scope's memories on a time axis by kind, and its facts' supersession chains."""
    params = request.query_params
    try:
        found = call.memory.list(**forms.scope(params), limit=TIMELINE_MAX + 1, order="-created_at")
        facts = call.memory.list(
            **forms.scope(params),
            filters={"kind": {"$in": [CURRENT, CLOSED]}},
            limit=FACTS_MAX,
            order="-created_at",  # a scope with more: its latest facts' histories
        )
    except (InvalidInputError, PermissionDeniedError) as exc:
        return render(request, "timeline.html", params=params, error=str(exc), status=exc.status)
    return render(
        request,
        "timeline.html",
        params=params,
        timeline=Timeline.of(found[:TIMELINE_MAX]),
        cut=len(found) > TIMELINE_MAX,
        limit=TIMELINE_MAX,
        graph=FactGraph.of(facts, current=CURRENT, max_chains=CHAINS_MAX),
    )


@pages.get("/cache")
def cache_page(request: Request, call: PageCall) -> HTMLResponse:
    """Each semantic cache's hit rate, what its misses were, and its latest lookups: an admin
    key sees every cache's counters; a tenant key, the lookups asked in its own scopes."""
    activity = call.memory.cache_activity(LOOKUPS_SHOWN)
    try:
        counters: dict[str, dict[str, Any]] | None = call.memory.cache_stats()
    except PermissionDeniedError:
        counters = None
    caches = [
        CacheView.of(name, events, (counters or {}).get(name), _bounds(call.memory, name, events))
        for name, events in activity.items()
    ]
    return render(request, "cache.html", caches=caches, admin=counters is not None)


def _bounds(memory: Memory, name: str, events: list[CacheEvent]) -> list[BoundView]:
    """The learned bounds (``max_error``) of the owners in a cache's listed lookups (at most
    :data:`OWNERS_SHOWN`), each with its hit rate and error over time."""
    cache = memory.cache(name)
    if cache.max_error is None:
        return []
    owners = list(dict.fromkeys((event.user_id, event.agent_id) for event in events))
    return [
        BoundView.of(user, agent, cache.bound(user_id=user, agent_id=agent))
        for user, agent in owners[:OWNERS_SHOWN]
    ]


@pages.get("/audit")
def audit_page(request: Request, call: PageCall) -> HTMLResponse:
    """The audit log's latest events, newest first; for an admin key, whether every chain
    verifies. A tenant key sees the events of its own users and agents."""
    events = call.memory.audit(limit=AUDIT_SHOWN)
    try:
        verdict: AuditVerdict | None = call.memory.verify_audit()
    except PermissionDeniedError:
        verdict = None
    return render(request, "audit.html", events=events, verdict=verdict, admin=verdict is not None)


@pages.get("/stats")
def stats_page(request: Request, call: PageCall) -> HTMLResponse:
    """Store statistics as charts, cache counters and LLM spending: for admin keys only, as
    over /v1."""
    try:
        stats, caches = call.memory.stats(), call.memory.cache_stats()
    except PermissionDeniedError as exc:
        return render(request, "stats.html", denied=True, status=exc.status)
    by_kind = sorted(stats.by_kind.items(), key=lambda item: (-item[1], item[0]))
    links = {kind: "/memories?" + urlencode({"kind": kind}) for kind, _ in by_kind}
    spend = Spending.of(stats)
    return render(
        request,
        "stats.html",
        stats=stats,
        caches=caches,
        spend=spend,
        kinds_chart=BarChart.of(by_kind, links=links),
        spend_chart=BarChart.of(
            sorted(
                ((name, row.get("cost", 0)) for name, row in spend.rows.items()),
                key=lambda r: -r[1],
            ),
            fmt="${:,.4f}",
        ),
        hit_chart=BarChart.of(
            [(name, 100 * row["hit_rate"]) for name, row in sorted(caches.items())], fmt="{:.1f}%"
        ),
    )


@pages.get("/key")
def key_page(request: Request, call: PageCall) -> HTMLResponse:
    """What the signed-in key may see and do (``GET /v1/whoami`` as a page)."""
    return render(request, "key.html", grant=call.grant)


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


@dataclass(frozen=True, slots=True)
class BoundView:
    """One owner's learned bound on the cache page: the bound, the likeness a hit needs now,
    the hits and hits reported wrong, and the chart of hit rate and error over the lookups."""

    user_id: str | None
    agent_id: str | None
    state: dict[str, Any]
    chart: LineChart

    @classmethod
    def of(cls, user_id: str | None, agent_id: str | None, state: dict[str, Any]) -> BoundView:
        points = [(p["lookups"], p) for p in state["history"] if p["lookups"]]
        chart = LineChart.of(
            [
                ("hit rate", [(n, p["hit_rate"]) for n, p in points]),
                ("error", [(n, p["error"]) for n, p in points]),
                ("bound", [(n, state["max_error"]) for n, _ in points]),
            ],
            dashed=("bound",),
            colours={"hit rate": HIT, "error": MISS, "bound": "#475569"},
        )
        return cls(user_id, agent_id, state, chart)


@dataclass(frozen=True, slots=True)
class CacheView:
    """One cache on the cache page: its hit rate (over every lookup since the server started
    for an admin, over the lookups listed for a tenant key), its counters (admin only), how
    the lookups listed came out, and the lookups themselves, newest first."""

    name: str
    events: list[CacheEvent]
    counters: dict[str, Any] | None
    hit_rate: float | None
    lookups: int
    outcomes: BarChart
    bounds: list[BoundView]

    @classmethod
    def of(
        cls,
        name: str,
        events: list[CacheEvent],
        counters: dict[str, Any] | None,
        bounds: list[BoundView] | None = None,
    ) -> CacheView:
        seen = Counter(event.reason for event in events)
        outcomes = [("hit", seen.pop("hit", 0)), ("miss", seen.pop("miss", 0))]
        outcomes += [(reason, seen.pop(reason)) for reason in OUTCOMES if reason in seen]
        outcomes += sorted(seen.items())  # a reason this page does not know yet
        if counters is not None:
            lookups = counters["hits"] + counters["misses"]
            rate = counters["hit_rate"] if lookups else None
        else:
            lookups = len(events)
            rate = sum(event.hit for event in events) / lookups if lookups else None
        chart = BarChart.of(
            outcomes,
            label_width=150,
            colours={reason: HIT if reason == "hit" else MISS for reason, _ in outcomes},
        )
        return cls(name, events, counters, rate, lookups, chart, bounds or [])


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


def _form_error(request: Request, name: str, exc: RememError, **context: Any) -> HTMLResponse:
    """The form again, with what was typed and what is wrong with it (a server fault is not
    the form's: it becomes the error page)."""
    if exc.status >= 500:
        raise exc
    return render(request, name, error=str(exc), status=exc.status, **context)


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


# -- the add and edit forms -----------------------------------------------------------------------
#: What the memory page says after a form saved it.
SAVED = {"added": "Saved as a new memory.", "updated": "Saved your changes."}
#: Why a lookup missed, in the order the cache page's chart lists them (after hit and miss,
#: which is "no entry near it"), and the chart's colours for a hit and a miss.
OUTCOMES = ("below threshold", "expired", "invalidated", "opposite", "rejected")
HIT, MISS = "#1e7a46", "#c2410c"


# -- reading the forms -----------------------------------------------------------------------------
def _search(call: Caller, params: Mapping[str, str]) -> list[SearchHit]:
    """Search as ``POST /v1/search`` would, without touching the hits: looking at memories
    here must not change how recent they count."""
    mode = params.get("mode") or "hybrid"
    if mode not in MODES:
        raise InvalidInputError(f"unknown search mode {mode!r}: use one of {', '.join(MODES)}")
    return call.memory.search(
        forms.text(params, "q"),
        k=forms.int_param(params, "k", 10, 1, MAX_K),
        mode=MODES[mode],
        filters=json_filter(forms.text(params, "filters")),
        touch=False,
        **forms.scope(params),
    )


def _browse(
    call: Caller, params: Mapping[str, str], offset: int
) -> tuple[list[MemoryRecord], bool]:
    """One page of memories, and whether there is another after it."""
    order = "created_at" if params.get("order") == "oldest" else "-created_at"
    found = call.memory.list(
        **forms.scope(params),
        kind=forms.text(params, "kind"),
        filters=forms.browse_filter(params),
        limit=PAGE_SIZE + 1,
        offset=offset,
        order=order,
    )
    return found[:PAGE_SIZE], len(found) > PAGE_SIZE


def _parent(call: Caller, record: MemoryRecord) -> MemoryRecord | str | None:
    """A chunk's document: the record, or only its id when it is gone or out of sight."""
    if record.parent_id is None:
        return None
    try:
        return call.memory.get(record.parent_id)
    except NotFoundError:
        return record.parent_id


def _when(value: datetime | float | None) -> str:
    """A stored time (a datetime, or Unix seconds) as the pages print it, in UTC."""
    if isinstance(value, int | float):
        value = datetime.fromtimestamp(value, UTC)
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
