"""The REST API under ``/v1``: every operation of :class:`remem.Memory`, inside the caller's grant.

Each route is a thin call into the same ``Memory`` the Python API uses, scoped to the caller's
key: ``memory.scoped(grant)``. The engine applies the grant on every path (writes checked and
filled in when the key allows exactly one user or agent, reads and links inside it, another
tenant's id answered as an unknown one); routes never filter records themselves.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

import remem
from remem import transfer
from remem.core.errors import InvalidInputError
from remem.core.records import ErasureReceipt
from remem.embedders import check_vectors
from remem.embedders.base import Vectors
from remem.memory_types.cache import feedback_token, from_feedback
from remem.server import models as m
from remem.server.auth import Call, Caller

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": m.ErrorOut, "description": text}
    for status, text in (
        (400, "Bad input"),
        (401, "No API key, or an unknown or revoked one"),
        (403, "The key may not use that scope"),
        (404, "Not found (or not visible to this key)"),
        (409, "Conflicts with what is stored"),
        (413, "Request body too large"),
        (422, "The request does not match the schema"),
    )
}

router = APIRouter(prefix="/v1", responses=ERRORS)


def hits_out(hits: list[remem.SearchHit], explain: bool) -> list[m.HitOut]:
    return [m.HitOut.of(hit, explain=explain) for hit in hits]


# -- service ---------------------------------------------------------------------------------------
@router.get("/health", tags=["service"])
def health(request: Request, response: Response) -> dict[str, Any]:
    """Liveness, and which parts are up; needs no key. ``status``: ``ok``; ``degraded`` when
    writes are refused but reads are served (stale: the PostgreSQL primary is down and a
    replica answers), answered 200; ``down`` when nothing can be served, answered 503.
    ``parts``: the store's :meth:`~remem.stores.Store.health` (no address, no tenant data)."""
    parts = request.app.state.memory.store.health()
    status = "ok" if parts.get("writes") == "up" and parts.get("reads") == "up" else "degraded"
    if parts.get("reads") == "down":
        status = "down"
        response.status_code = 503
    return {"status": status, "version": remem.__version__, "parts": parts}


@router.get("/whoami", tags=["service"])
def whoami(call: Call, request: Request) -> m.GrantOut:
    """What the presented key may touch."""
    return m.GrantOut(**call.grant.to_dict(), auth=request.app.state.auth)


@router.get("/stats", tags=["service"])
def stats(call: Call) -> dict[str, Any]:
    """Store statistics, LLM spending per feature, and each open cache's counters (admin)."""
    return {**call.memory.stats().to_dict(), "caches": call.memory.cache_stats()}


# -- memories --------------------------------------------------------------------------------------
@router.post("/memories", status_code=201, tags=["memories"])
def add(call: Call, body: m.MemoryIn) -> m.MemoryOut:
    """Store one memory (an exact duplicate in its scope returns the stored one); with
    ``vector``, the caller's own embedding instead of the server's."""
    vectors = _vectors(call, body.embeddings(), 1)
    return call.memory.add_many([body.item()], embeddings=vectors, progress=False)[0]


@router.put("/memories/{id}", tags=["memories"])
def put(call: Call, id: str, body: m.MemoryIn) -> m.MemoryOut:
    """Store a memory under this id, replacing the one stored under it, if any: the id is a
    name within the body's scope and namespace (two users' ``doc-1`` are two records). The
    replaced record keeps its ``created_at`` unless the body gives one."""
    if body.id is not None and body.id != id:
        raise InvalidInputError(f"the body's id {body.id!r} is not the path's {id!r}")
    item, vectors = {**body.item(), "id": id}, _vectors(call, body.embeddings(), 1)
    return call.memory.add_many([item], embeddings=vectors, progress=False, upsert=True)[0]


@router.post("/memories/batch", status_code=201, tags=["memories"])
def add_many(call: Call, body: m.MemoriesIn) -> m.MemoryList:
    """Store many memories in one transaction: all or none (``embeddings``: the caller's
    own, one per item)."""
    items = [item.item() for item in body.items]
    vectors = _vectors(call, body.embeddings, len(items))
    records = call.memory.add_many(items, embeddings=vectors, progress=False, upsert=body.upsert)
    return m.MemoryList(items=records, next_offset=None)


def _vectors(call: Caller, rows: list[list[float]] | None, count: int) -> Vectors | None:
    """A body's own embeddings as the engine takes them (checked: width, count, finite)."""
    return (
        None if rows is None else check_vectors(rows, call.memory.embedder.dimensions, count=count)
    )


@router.get("/memories", tags=["memories"])
def list_memories(
    call: Call,
    user_id: Annotated[str | None, Query(min_length=1)] = None,
    agent_id: Annotated[str | None, Query(min_length=1)] = None,
    session_id: Annotated[str | None, Query(min_length=1)] = None,
    kind: Annotated[str | None, Query(min_length=1)] = None,
    filters: Annotated[str | None, Query(description="A filter as JSON")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0)] = 0,
    order: Annotated[str, Query(pattern=r"^-?(created_at|updated_at|position)$")] = "created_at",
    namespace: Annotated[
        list[str] | None,
        Query(
            description="Labels of a namespace, root first (repeat the parameter): it and "
            "the namespaces below it"
        ),
    ] = None,
) -> m.MemoryList:
    """A page of memories in a scope, oldest first (``order=-created_at``: newest first)."""
    found = call.memory.list(
        namespace=namespace,
        user_id=user_id,
        agent_id=agent_id,
        session_id=session_id,
        kind=kind,
        filters=json_filter(filters),
        limit=limit,
        offset=offset,
        order=order,
    )
    more = offset + len(found) if len(found) == limit else None
    return m.MemoryList(items=found, next_offset=more)


@router.get("/namespaces", tags=["memories"])
def namespaces(
    call: Call,
    user_id: Annotated[str | None, Query(min_length=1)] = None,
    agent_id: Annotated[str | None, Query(min_length=1)] = None,
    session_id: Annotated[str | None, Query(min_length=1)] = None,
    filters: Annotated[str | None, Query(description="A filter as JSON")] = None,
    prefix: Annotated[
        list[str] | None,
        Query(description="Labels of a namespace, root first (repeat the parameter)"),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 1000,
    after: Annotated[
        list[str] | None,
        Query(
            description="The last namespace of the previous page, labels root first (repeat "
            "the parameter): the page after it"
        ),
    ] = None,
) -> m.Namespaces:
    """The namespaces holding memories in a scope (below ``prefix``, when given) that match
    ``filters``; ``[]`` is the root. A page ends at ``limit``: ask for the next with ``after``."""
    found = call.memory.namespaces(
        prefix,
        user_id=user_id,
        agent_id=agent_id,
        session_id=session_id,
        filters=json_filter(filters),
        limit=limit,
        after=after,
    )
    return m.Namespaces(namespaces=[list(n) for n in found])


@router.get("/memories/{id}", tags=["memories"])
def get(call: Call, id: str) -> m.MemoryOut:
    return call.memory.get(id)


@router.post("/memories/get", tags=["memories"])
def get_many(call: Call, body: m.IdsIn) -> m.MemoryList:
    """The memories with these ids, in the order asked; ids unknown or outside the grant are
    left out (as in ``Memory.get_many``)."""
    return m.MemoryList(items=call.memory.get_many(body.ids), next_offset=None)


@router.patch("/memories/{id}", tags=["memories"])
def update(call: Call, id: str, body: m.MemoryPatch) -> m.MemoryOut:
    """Change a memory; new text is re-embedded; ``metadata`` replaces the old."""
    return call.memory.update(id, **body.model_dump(exclude_none=True))


@router.delete("/memories/{id}", tags=["memories"])
def delete(
    call: Call,
    id: str,
    recoverable: Annotated[
        bool, Query(description="To the trash instead, restorable for the server's trash_days")
    ] = False,
) -> m.Deleted:
    """Delete a memory (a document takes its chunks along); ``recoverable``: to the trash,
    whole, until ``POST /v1/trash/restore`` brings it back or its time is up."""
    call.memory.get(id)  # 404 for an unknown id, or one outside the key's grant
    return m.Deleted(deleted=call.memory.delete([id], recoverable=recoverable))


@router.post("/memories/delete", tags=["memories"])
def delete_many(call: Call, body: m.DeleteIn) -> m.Deleted:
    """Delete several memories (``recoverable``: to the trash); returns how many went. As in
    ``Memory.delete``, an unknown id is passed over, and so is one outside the key's grant (it
    is not deleted, nor confirmed)."""
    return m.Deleted(deleted=call.memory.delete(body.ids, recoverable=body.recoverable))


# -- the trash -------------------------------------------------------------------------------------
@router.get("/trash", tags=["trash"])
def trash(
    call: Call,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> m.TrashList:
    """A page of the trash the key's grant allows, newest first (``Memory.trash``): what a
    model's delete (the tools, MCP) or a recoverable delete took, each with when it went and
    until when it is kept."""
    found = call.memory.trash(limit=limit, offset=offset)
    more = offset + len(found) if len(found) == limit else None
    return m.TrashList(items=found, next_offset=more)


@router.post("/trash/restore", tags=["trash"])
def undelete(call: Call, body: m.IdsIn) -> m.MemoryList:
    """Put memories back from the trash under their ids, with their chunks, vectors and
    provenance (``Memory.undelete``); returns them. Ids not in the key's trash are passed over
    (another tenant's answer as unknown ones); one whose id is stored again meanwhile is a
    409."""
    return m.MemoryList(items=call.memory.undelete(body.ids), next_offset=None)


@router.post("/trash/empty", tags=["trash"])
def empty_trash(call: Call, body: m.TrashEmptyIn) -> m.Removed:
    """Remove memories from the trash for good: these ``ids``, or with ``null`` everything in
    the trash the key's grant allows (``Memory.empty_trash``); how many."""
    return m.Removed(removed=call.memory.empty_trash(body.ids))


@router.post("/forget", tags=["memories"])
def forget(call: Call, body: m.ForgetIn) -> ErasureReceipt:
    """Erase every trace of a subject (``Memory.forget``): its memories of every kind, what
    was derived from them, its cache entries and keys; the store rewritten so the deleted
    bytes cannot be read back, then scanned for them. Returns the receipt. An admin key may
    name anyone; a tenant key its own users and agents (another's answers as one with
    nothing stored). The request's key is erased too when it was granted to just that one
    user."""
    return call.memory.forget(**body.model_dump())


@router.get("/audit", tags=["audit"])
def audit(
    call: Call,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    id: Annotated[str | None, Query(min_length=1, max_length=256)] = None,
) -> m.AuditOut:
    """The audit log's latest events, newest first (``Memory.audit``): what changed, who made
    it, when; records as keyed hashes, never content. A tenant key sees its own events only."""
    return m.AuditOut(events=call.memory.audit(limit=limit, id=id))


@router.get("/audit/verify", tags=["audit"])
def verify_audit(call: Call) -> dict[str, Any]:
    """Check every chain of the audit log (admin): ``ok``, and the first bad event if any."""
    return call.memory.verify_audit().to_dict()


@router.post("/documents", status_code=201, tags=["memories"])
def add_document(call: Call, body: m.DocumentIn) -> m.MemoryOut:
    """Store a document as overlapping chunks; returns the document record."""
    fields = body.model_dump(exclude_none=True)
    return call.memory.add_document(fields.pop("text"), progress=False, **fields)


# -- retrieval -------------------------------------------------------------------------------------
def _search_args(body: m.SearchIn) -> dict[str, Any]:
    return {
        **body.scope(),
        **body.options(),
        "k": body.k,
        "filters": body.filters,
        "namespace": body.namespace,
        "mode": body.mode,
        "now": body.now,
        "vector": body.vector,
        "touch": body.touch,
        "min_score": body.min_score,
    }


@router.post("/search", tags=["retrieval"])
def search(call: Call, body: m.SearchIn) -> m.Hits:
    """The ``k`` best memories for a query, each with its per-signal scores
    (``explain``: and why, one stage per line)."""
    hits = call.memory.search(body.query, **_search_args(body))
    return m.Hits(hits=hits_out(hits, body.explain))


@router.post("/context", tags=["retrieval"])
def context(call: Call, body: m.ContextIn, request: Request) -> m.ContextOut:
    """The best memories packed into ``budget_tokens`` as prompt-ready text."""
    if body.query is None:
        raise InvalidInputError("context needs a query")
    packed = call.memory.context(
        body.query,
        budget_tokens=body.budget_tokens,
        order=body.order,
        marked=body.marked,
        untrusted=body.untrusted or request.app.state.untrusted,
        **_search_args(body),
    )
    return m.ContextOut(
        text=packed.text, tokens=packed.tokens, hits=hits_out(packed.hits, body.explain)
    )


# -- chat memory -----------------------------------------------------------------------------------
def _chat(
    call: Caller,
    session_id: str,
    user_id: str | None,
    agent_id: str | None,
    **options: Any,
) -> remem.ChatMemory:
    """The conversation ``session_id`` of this user and agent (the engine fills them in from
    the key's grant, and keeps other users' sessions of the same name apart)."""
    return call.memory.chat(session_id, user_id=user_id, agent_id=agent_id, **options)


@router.post("/chats/{session_id}/messages", status_code=201, tags=["chat"])
def chat_add(call: Call, session_id: str, body: m.ChatMessagesIn) -> m.MemoryList:
    """Append messages (OpenAI chat format) to a conversation, in order, all or none."""
    chat = _chat(call, session_id, body.user_id, body.agent_id)
    records = chat.add_many(body.messages)
    return m.MemoryList(items=records, next_offset=None)


@router.get("/chats/{session_id}/messages", tags=["chat"])
def chat_messages(
    call: Call,
    session_id: str,
    user_id: Annotated[str | None, Query(min_length=1)] = None,
    agent_id: Annotated[str | None, Query(min_length=1)] = None,
) -> m.ChatMessagesOut:
    """Every stored message of a conversation, oldest first."""
    chat = _chat(call, session_id, user_id, agent_id)
    return m.ChatMessagesOut(messages=chat.messages)


@router.post("/chats/{session_id}/window", tags=["chat"])
def chat_window(call: Call, session_id: str, body: m.ChatWindowIn) -> m.ChatWindowOut:
    """The messages to send within a token budget, by the chosen strategy."""
    chat = _chat(
        call,
        session_id,
        body.user_id,
        body.agent_id,
        system=body.system,
        strategy=body.strategy,
        model=body.model,
    )
    messages = chat.messages_for(body.budget_tokens, query=body.query)
    return m.ChatWindowOut(
        messages=messages,
        evicted=chat.last_evicted,
        recalled=chat.last_recalled,
        summary=chat.summary,
    )


# -- semantic cache --------------------------------------------------------------------------------
@router.post("/caches/{name}/lookup", tags=["cache"])
def cache_lookup(call: Call, name: str, body: m.CacheLookupIn) -> m.CacheLookupOut:
    """The cached answer to a question or a paraphrase of it, in this scope."""
    found = call.memory.cache(name).lookup(body.question, **body.scope())
    return m.CacheLookupOut(
        hit=found.hit,
        value=found.value,
        question=found.question,
        score=found.score,
        reason=found.reason,
        likeness=found.likeness,
        feedback=feedback_token(found),
    )


@router.post("/caches/{name}/false-hit", status_code=204, tags=["cache"])
def cache_false_hit(call: Call, name: str, body: m.CacheFalseHitIn) -> None:
    """Report that a hit served a wrong answer (its lookup's ``feedback``): a cache with an
    error bound learns it; a hit of a scope outside this key's grant is ignored."""
    call.memory.cache(name).false_hit(from_feedback(body.feedback))


@router.post("/caches/{name}/entries", status_code=201, tags=["cache"])
def cache_set(call: Call, name: str, body: m.CacheSetIn) -> m.CacheEntryOut:
    """Cache an answer (any JSON value) for a question in this scope."""
    entry = call.memory.cache(name).set(body.question, body.value, ttl=body.ttl, **body.scope())
    return m.CacheEntryOut(entry=entry)


@router.post("/caches/{name}/clear", tags=["cache"])
def cache_clear(call: Call, name: str, body: m.Scope) -> m.Deleted:
    """Delete a scope's entries (admin: no scope clears the whole cache)."""
    return m.Deleted(deleted=call.memory.cache(name).clear(**body.scope()))


# -- export and import -----------------------------------------------------------------------------
@router.get(
    "/export",
    tags=["io"],
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}, "description": "JSON lines"}},
)
def export(call: Call) -> StreamingResponse:
    """Every memory this key may read, with vectors, as JSON lines (streamed)."""
    lines: Iterator[str] = transfer.export_lines(call.memory)
    return StreamingResponse(lines, media_type="application/x-ndjson")


@router.post(
    "/import",
    tags=["io"],
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
        }
    },
)
async def import_(
    call: Call,
    request: Request,
    format: Annotated[str, Query(pattern="^(auto|jsonl|locomo)$")] = "auto",
    reembed: bool = False,
) -> m.Imported:
    """Import remem's export (or plain JSON-lines items, or a LoCoMo file): all or none.
    Every item must lie within the key's grant."""
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"the body is not valid UTF-8 (byte {exc.start})") from exc
    count = await run_in_threadpool(
        transfer.import_text,
        call.memory,
        text,
        "the request body",
        format=format,
        reembed=reembed,
    )
    return m.Imported(imported=count)


def json_filter(text: str | None) -> dict[str, Any] | None:
    return json_object(text, "filters")


def json_object(text: str | None, name: str) -> dict[str, Any] | None:
    """``text`` (a query parameter or form field named ``name``) as a JSON object; None for
    none."""
    if text is None:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{name} is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise InvalidInputError(f"{name} must be a JSON object")
    return value
