"""``remem.Client``: a served store with the interface of the local :class:`~remem.Memory`.

Code moves between embedded and served by changing one line::

    mem = remem.open("./memories")
    mem = remem.Client("http://127.0.0.1:8000", api_key="rk_...")

Both return the same typed results (``MemoryRecord``, ``SearchHit``, ``Context``, ``StoreStats``)
and raise the same exception classes: the server names the class of each error and the client
raises that class again, so ``except remem.NotFoundError`` works on both. What cannot cross the
wire says so: a custom ``count_tokens`` or a ``config`` object (pass its fields as keywords
instead). tests/test_parity.py holds the two interfaces to each other, with the written list of
what ``Client`` leaves out.
"""

from __future__ import annotations

import builtins
import copy
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Unpack
from urllib.parse import quote

from remem.core import errors
from remem.core.errors import InvalidInputError, RememError, ServerUnavailableError, VectorError
from remem.core.numbers import whole
from remem.core.records import (
    Context,
    ErasureReceipt,
    MemoryFields,
    MemoryRecord,
    Provenance,
    SearchHit,
    StoreStats,
    Tags,
    TrashedMemory,
    Trust,
)
from remem.engine.checks import every_page
from remem.retrieval.config import RetrievalOptions
from remem.stores.base import later_position, read_after, reading_after
from remem.trust import UntrustedPolicy
from remem.trust.audit import AuditEvent, AuditVerdict

if TYPE_CHECKING:
    import httpx

__all__ = ["Client", "RemoteCache", "RemoteChat"]

_TIMES = ("created_at", "updated_at", "last_accessed_at", "expires_at")
#: A write's position in the store (``Memory.position()``): the server sends it after writes and
#: takes it on any request, whose reads then wait for a replica that replayed it (the server
#: reads this name too).
POSITION_HEADER = "x-remem-position"
#: The user a request acts for (``Memory.on_behalf_of``): whose words its writes hold and whose
#: trust its reads are judged by. A key bound to one user acts for that user and may name no
#: other (the server reads this name too).
FOR_HEADER = "x-remem-for"
#: On a response whose reads a replica answered while the primary was down: how many seconds
#: behind the data may be (each search hit's ``stale`` too).
STALE_HEADER = "x-remem-stale"


class Client:
    """A remem server, used like a local ``Memory``. A context manager; :meth:`close` ends it."""

    def __init__(
        self,
        url: str,
        *,
        api_key: str | None = None,
        timeout: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        import httpx  # here, not at import time: `import remem` stays light

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.url = url.rstrip("/")
        self._http = httpx.Client(
            base_url=f"{self.url}/v1", headers=headers, timeout=timeout, transport=transport
        )
        self._position: str | None = None
        self._for: str | None = None

    # -- reading one's writes through any server ---------------------------------------------------
    def position(self) -> str | None:
        """The latest position the server sent after this client's writes
        (``X-Remem-Position``; PostgreSQL with replicas, else None). Every request sends it
        back, so this client's reads see its writes whichever server behind a balancer answers.
        """
        return self._position

    def reading_after(self, position: str | None) -> AbstractContextManager[None]:
        """Within the block, this thread's requests read at least the writes ``position``
        names (another client's or process's :meth:`position`) — as ``Memory.reading_after``."""
        return reading_after(position)

    def _position_header(self) -> dict[str, str]:
        wanted = later_position(self._position, read_after())
        found = {POSITION_HEADER: wanted} if wanted is not None else {}
        return {**found, FOR_HEADER: self._for} if self._for is not None else found

    def on_behalf_of(self, user_id: str | None) -> Client:
        """This client acting for ``user_id`` (``Memory.on_behalf_of``; sent as
        ``X-Remem-For``): the same connection, its writes holding that user's words and its
        searches judging trust as that user reads."""
        view = copy.copy(self)
        view._for = user_id
        return view

    def _note_position(self, response: httpx.Response) -> None:
        sent = response.headers.get(POSITION_HEADER)
        if sent is not None:
            self._position = later_position(self._position, sent)

    # -- lifecycle ---------------------------------------------------------------------------------
    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Client {self.url}>"

    # -- writes ------------------------------------------------------------------------------------
    def add(
        self,
        text: str,
        *,
        vector: Any = None,
        upsert: bool = False,
        **fields: Unpack[MemoryFields],
    ) -> MemoryRecord:
        """Store one memory and return it (``vector``: your own embedding of it; ``fields``:
        any keys of :class:`~remem.core.records.MemoryFields`, ``upsert`` as in
        ``Memory.add_many``)."""
        body = _fields({"text": text, **fields})
        vectors = None if vector is None else [_vector(vector)]
        if upsert and fields.get("key") is not None:
            batch = {"items": [body], "upsert": True, "embeddings": vectors}
            found = self._call("POST", "/memories/batch", json=_fields(batch))
            return record(found["items"][0])
        if vectors is not None:
            body["vector"] = vectors[0]
        if upsert:
            id = fields.get("id")
            if id is None:
                raise InvalidInputError("an upsert names the id or key it writes")
            body.pop("id")
            return record(self._call("PUT", f"/memories/{_segment(id)}", json=body))
        return record(self._call("POST", "/memories", json=body))

    def add_many(
        self,
        items: Iterable[Mapping[str, Any] | str],
        *,
        embeddings: Any = None,
        progress: bool | None = None,
        upsert: bool = False,
    ) -> builtins.list[MemoryRecord]:
        """Store many memories in one transaction (all or none); ``embeddings``, one row per
        item, are used instead of the server's embedder."""
        body = [
            {"text": item} if isinstance(item, str) else _jsonable(dict(item)) for item in items
        ]
        if not body:
            return []
        batch: dict[str, Any] = {"items": body, "upsert": upsert}
        if embeddings is not None:
            batch["embeddings"] = [_vector(row) for row in embeddings]
        found = self._call("POST", "/memories/batch", json=batch)
        return [record(item) for item in found["items"]]

    def add_document(
        self,
        text: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        created_at: Any = None,
        importance: float | None = None,
        kind: str = "document",
        strategy: str = "tokens",
        chunk_size: int | None = None,
        chunk_overlap: int | None = None,
        progress: bool | None = None,
        **tags: Unpack[Tags],
    ) -> MemoryRecord:
        """Store a document as its chunks and return the document record (``tags`` on it and
        on each chunk)."""
        body = _fields({**locals(), **tags}, drop=("progress", "tags"))
        return record(self._call("POST", "/documents", json=body))

    def update(
        self,
        id: str,
        *,
        text: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        importance: float | None = None,
        kind: str | None = None,
        role: str | None = None,
        vector: Any = None,
        expires_at: Any = None,
        ttl: float | None = None,
    ) -> MemoryRecord:
        body = _fields(locals(), drop=("id", "vector"))
        if vector is not None:
            body["vector"] = _vector(vector)
        return record(self._call("PATCH", f"/memories/{_segment(id)}", json=body))

    def delete(self, ids: str | Sequence[str], *, recoverable: bool = False) -> int:
        """Delete memories by id (a document takes its chunks along); returns how many went.
        ``recoverable``: to the server's trash instead, restorable with :meth:`undelete`."""
        id_list = [ids] if isinstance(ids, str) else builtins.list(ids)
        if not id_list:
            return 0
        body = {"ids": id_list, "recoverable": recoverable}
        found = self._call("POST", "/memories/delete", json=body)
        return int(found["deleted"])

    def trash(self, *, limit: int = 100, offset: int = 0) -> builtins.list[TrashedMemory]:
        """The memories in the trash this key may see, newest first (``Memory.trash``)."""
        for name, value in (("limit", limit), ("offset", offset)):
            whole(value, name, low=0)
        found: builtins.list[TrashedMemory] = []
        while len(found) < limit:  # the server pages by 1,000 at most
            params = {"limit": min(limit - len(found), 1000), "offset": offset + len(found)}
            page = self._call("GET", "/trash", params=params)
            found += [trashed(item) for item in page["items"]]
            if page["next_offset"] is None:
                break
        return found

    def undelete(self, ids: str | Sequence[str]) -> builtins.list[MemoryRecord]:
        """Put memories back from the trash under their ids, and return them
        (``Memory.undelete``); ids not in this key's trash are passed over."""
        id_list = [ids] if isinstance(ids, str) else builtins.list(ids)
        if not id_list:
            return []
        found = self._call("POST", "/trash/restore", json={"ids": id_list})
        return [record(item) for item in found["items"]]

    def empty_trash(self, ids: str | Sequence[str] | None = None) -> int:
        """Remove memories from the trash for good: these, or (None) all this key may see;
        how many (``Memory.empty_trash``)."""
        id_list = None if ids is None else [ids] if isinstance(ids, str) else builtins.list(ids)
        if id_list == []:
            return 0
        return int(self._call("POST", "/trash/empty", json={"ids": id_list})["removed"])

    def forget(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        namespace: Sequence[str] | None = None,
        verify: bool = True,
    ) -> ErasureReceipt:
        """Erase every trace of a subject on the server (``Memory.forget``); its receipt."""
        body = {
            "user_id": user_id,
            "agent_id": agent_id,
            "session_id": session_id,
            "namespace": None if namespace is None else builtins.list(namespace),
            "verify": verify,
        }
        return ErasureReceipt(**self._call("POST", "/forget", json=body))

    def audit(self, *, limit: int = 100, id: str | None = None) -> builtins.list[AuditEvent]:
        """The server's audit log, newest first (``Memory.audit``)."""
        params: dict[str, Any] = {"limit": limit}
        if id is not None:
            params["id"] = id
        found = self._call("GET", "/audit", params=params)
        return [AuditEvent(**event) for event in found["events"]]

    def verify_audit(self) -> AuditVerdict:
        """Check every chain of the server's audit log (an admin key)."""
        return AuditVerdict(**self._call("GET", "/audit/verify"))

    # -- memory types ------------------------------------------------------------------------------
    def cache(self, name: str = "default") -> RemoteCache:
        """The server's semantic cache ``name`` (configured on the server)."""
        return RemoteCache(self, name)

    def chat(self, session_id: str, **options: Any) -> RemoteChat:
        """A conversation's history on the server (``user_id``, ``agent_id``, ``system``,
        ``strategy``, ``model`` as for :class:`~remem.ChatMemory`)."""
        return RemoteChat(self, session_id, **options)

    # -- reads -------------------------------------------------------------------------------------
    def get(self, id: str) -> MemoryRecord:
        return record(self._call("GET", f"/memories/{_segment(id)}"))

    def get_many(self, ids: Sequence[str]) -> builtins.list[MemoryRecord]:
        """The memories with these ids, in the order asked; unknown ids are left out."""
        id_list = builtins.list(ids)
        if not id_list:
            return []
        found = self._call("POST", "/memories/get", json={"ids": id_list})
        return [record(item) for item in found["items"]]

    def list(
        self,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        kind: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 100,
        offset: int = 0,
        order: str = "created_at",
        namespace: Sequence[str] | None = None,
    ) -> builtins.list[MemoryRecord]:
        """Memories in a scope, oldest first (``order="-created_at"`` for newest first);
        with ``namespace``, those in it and below it."""
        if limit < 0 or offset < 0:
            raise InvalidInputError("limit and offset must not be negative")
        if limit == 0:
            return []
        params = _fields(locals(), drop=("filters",))
        if filters is not None:
            params["filters"] = json.dumps(_jsonable(dict(filters)))
        found: builtins.list[MemoryRecord] = []
        while len(found) < limit:  # the server pages by 1,000 at most
            params["limit"] = min(limit - len(found), 1000)
            params["offset"] = offset + len(found)
            page = self._call("GET", "/memories", params=params)
            found += [record(item) for item in page["items"]]
            if page["next_offset"] is None:
                break
        return found

    def list_all(self, *, page: int = 1000, **criteria: Any) -> builtins.list[MemoryRecord]:
        """Every memory matching :meth:`list`'s criteria, read ``page`` at a time."""
        return every_page(
            lambda limit, offset: self.list(limit=limit, offset=offset, **criteria), page
        )

    def namespaces(
        self,
        prefix: Sequence[str] | None = None,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 1000,
        after: Sequence[str] | None = None,
    ) -> builtins.list[tuple[str, ...]]:
        """The namespaces holding memories in a scope (below ``prefix``, when given) that
        match ``filters``; with ``after`` (the last of a page), the next page."""
        params = _fields(locals(), drop=("prefix", "after", "filters"))
        if filters is not None:
            params["filters"] = json.dumps(_jsonable(dict(filters)))
        if prefix:
            params["prefix"] = builtins.list(prefix)
        if after is not None:
            params["after"] = builtins.list(after)
        found = self._call("GET", "/namespaces", params=params)
        return [tuple(n) for n in found["namespaces"]]

    def search(
        self,
        query: str | None = None,
        *,
        k: int = 10,
        user_id: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
        filters: Mapping[str, Any] | None = None,
        mode: str = "hybrid",
        vector: Any = None,
        now: Any = None,
        touch: bool = True,
        config: Any = None,
        namespace: Sequence[str] | None = None,
        min_score: float | None = None,
        **options: Unpack[RetrievalOptions],
    ) -> builtins.list[SearchHit]:
        """The ``k`` memories that best match ``query``, none less relevant than ``min_score``;
        ``namespace``: in it and below it; ``options`` are RetrievalConfig fields (a reranker
        is the server's to configure). Each hit carries its relevance ``score`` and
        per-signal ``scores``, so ``hit.explain()`` works here too."""
        body = self._search_body(locals(), options)
        return [hit(item) for item in self._call("POST", "/search", json=body)["hits"]]

    def context(
        self,
        query: str,
        *,
        budget_tokens: int,
        k: int = 10,
        order: str = "time",
        count_tokens: Any = None,
        marked: str = "fence",
        untrusted: UntrustedPolicy | None = None,
        **search: Any,
    ) -> Context:
        """Search, then pack the best hits into ``budget_tokens`` (counted by the server's
        embedder tokenizer); untrusted memories as ``untrusted`` says (``Memory.context``;
        None: the server's policy, ``remem serve --untrusted``)."""
        if count_tokens is not None:
            raise InvalidInputError("a Client packs with the server's token counter")
        whole(budget_tokens, "budget_tokens")
        known = _SEARCH | {"vector", "config"}  # handled by _search_body, as in search()
        options = {key: search.pop(key) for key in builtins.list(search) if key not in known}
        body = self._search_body(
            {"query": query, "k": k, **search},
            options,
            budget_tokens=budget_tokens,
            order=order,
            marked=marked,
            **({} if untrusted is None else {"untrusted": untrusted}),
        )
        found = self._call("POST", "/context", json=body)
        return Context(
            text=found["text"], hits=[hit(h) for h in found["hits"]], tokens=found["tokens"]
        )

    def export(self, path: str | Path, *, progress: bool | None = None) -> int:
        """Write every memory this key may read, with vectors, as JSON lines (streamed)."""
        count = -1  # the header line is not a record
        with (
            self._stream("GET", "/export") as response,
            Path(path).open("w", encoding="utf-8") as out,
        ):
            for line in response.iter_lines():
                if line:
                    out.write(line + "\n")
                    count += 1
        return max(count, 0)

    def import_(
        self,
        path: str | Path,
        *,
        format: str = "auto",
        reembed: bool = False,
        progress: bool | None = None,
    ) -> int:
        """Send a file of JSON lines (or a LoCoMo file) to import: all or none."""
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from exc
        params = {"format": format, "reembed": str(reembed).lower()}
        headers = {"Content-Type": "application/x-ndjson"}
        found = self._call("POST", "/import", params=params, content=data, headers=headers)
        return int(found["imported"])

    def stats(self) -> StoreStats:
        data = self._call("GET", "/stats")
        data.pop("caches", None)
        return StoreStats(**data)

    def cache_stats(self) -> dict[str, dict[str, Any]]:
        """Each cache the server has opened: its entries and the server's counters (admin)."""
        found: dict[str, dict[str, Any]] = self._call("GET", "/stats")["caches"]
        return found

    def whoami(self) -> dict[str, Any]:
        """What this client's key may touch: ``admin``, ``users``, ``agents``, and ``auth``."""
        found: dict[str, Any] = self._call("GET", "/whoami")
        return found

    # -- plumbing ----------------------------------------------------------------------------------
    def _search_body(
        self, given: Mapping[str, Any], options: Mapping[str, Any], **extra: Any
    ) -> dict[str, Any]:
        if given.get("config") is not None:
            raise InvalidInputError("a Client takes search options as keywords, not config=")
        body = _fields({k: v for k, v in given.items() if k in _SEARCH})
        vector = given.get("vector")
        if vector is not None:
            body["vector"] = _vector(vector)
        return {**body, **_jsonable(dict(options)), **extra}

    def _call(self, method: str, path: str, *, json: Any = None, **kwargs: Any) -> Any:
        import httpx

        headers = {**kwargs.pop("headers", {}), **self._position_header()}
        if json is not None:  # ASCII-escaped: bad text (a lone surrogate) reaches the server,
            kwargs["content"] = _json_bytes(json)  # which refuses it as the local Memory does
            headers["Content-Type"] = "application/json"
        try:
            response = self._http.request(method, path, headers=headers, **kwargs)
        except httpx.HTTPError as exc:
            raise ServerUnavailableError(
                f"cannot reach the remem server at {self.url}: {exc}"
            ) from exc
        self._note_position(response)
        if response.is_error:
            raise _error(response)
        return response.json() if response.content else None  # 204: no body

    @contextmanager
    def _stream(self, method: str, path: str) -> Iterator[httpx.Response]:
        import httpx

        try:
            with self._http.stream(method, path, headers=self._position_header()) as response:
                if response.is_error:
                    response.read()
                    raise _error(response)
                yield response
        except httpx.HTTPError as exc:
            raise ServerUnavailableError(
                f"cannot reach the remem server at {self.url}: {exc}"
            ) from exc


class RemoteCache:
    """A server-side :class:`~remem.SemanticCache`: ``get``, ``lookup``, ``set``, ``clear``,
    ``false_hit``."""

    def __init__(self, client: Client, name: str) -> None:
        self.client = client
        self.name = name

    def get(self, question: str, **scope: Any) -> Any:
        return self.lookup(question, **scope)["value"]

    def lookup(self, question: str, **scope: Any) -> dict[str, Any]:
        """The server's answer: ``hit``, ``value``, ``question``, ``score``, ``reason``; with an
        error bound, ``likeness`` and a hit's ``feedback`` (for :meth:`false_hit`)."""
        found: dict[str, Any] = self.client._call(
            "POST", f"/caches/{_segment(self.name)}/lookup", json={"question": question, **scope}
        )
        return found

    def set(self, question: str, value: Any, *, ttl: float | None = None, **scope: Any) -> int:
        body = {"question": question, "value": value, **scope}
        if ttl is not None:
            body["ttl"] = ttl
        found = self.client._call("POST", f"/caches/{_segment(self.name)}/entries", json=body)
        return int(found["entry"])

    def clear(self, **scope: Any) -> int:
        found = self.client._call("POST", f"/caches/{_segment(self.name)}/clear", json=scope)
        return int(found["deleted"])

    def false_hit(self, lookup: dict[str, Any]) -> None:
        """Report that a hit served a wrong answer (a lookup of a cache with an error bound
        carries its ``feedback``; others are only counted)."""
        if lookup.get("hit") and lookup.get("feedback"):
            self.client._call(
                "POST",
                f"/caches/{_segment(self.name)}/false-hit",
                json={"feedback": lookup["feedback"]},
            )


class RemoteChat:
    """A server-side :class:`~remem.ChatMemory` for one conversation."""

    def __init__(
        self,
        client: Client,
        session_id: str,
        *,
        user_id: str | None = None,
        agent_id: str | None = None,
        **options: Any,
    ) -> None:
        self.client = client
        self.session_id = session_id
        self.scope = {k: v for k, v in (("user_id", user_id), ("agent_id", agent_id)) if v}
        self.options = options
        self.last_evicted: builtins.list[int] = []
        self.last_recalled: builtins.list[int] = []
        self.summary: str | None = None

    @property
    def _path(self) -> str:
        return f"/chats/{_segment(self.session_id)}"

    def add(self, message: Mapping[str, Any]) -> MemoryRecord:
        return self.add_many([message])[0]

    def add_many(self, messages: Iterable[Mapping[str, Any]]) -> builtins.list[MemoryRecord]:
        body = {**self.scope, "messages": [dict(m) for m in messages]}
        found = self.client._call("POST", f"{self._path}/messages", json=body)
        return [record(item) for item in found["items"]]

    @property
    def messages(self) -> builtins.list[dict[str, Any]]:
        found = self.client._call("GET", f"{self._path}/messages", params=self.scope)
        return builtins.list(found["messages"])

    def messages_for(
        self, budget_tokens: int, *, query: str | None = None
    ) -> builtins.list[dict[str, Any]]:
        body = {**self.scope, **self.options, "budget_tokens": budget_tokens}
        if query is not None:
            body["query"] = query
        found = self.client._call("POST", f"{self._path}/window", json=body)
        self.last_evicted, self.last_recalled = found["evicted"], found["recalled"]
        self.summary = found["summary"]
        return builtins.list(found["messages"])


# -- wire format -----------------------------------------------------------------------------------
_SEARCH = frozenset(
    {"query", "k", "user_id", "agent_id", "session_id", "filters", "mode", "now", "touch",
     "namespace", "min_score"}
)  # fmt: skip


def record(data: Mapping[str, Any]) -> MemoryRecord:
    """A record from its JSON form."""
    fields = {name: data[name] for name in MemoryRecord.__dataclass_fields__ if name in data}
    fields["namespace"] = tuple(fields.get("namespace") or ())
    fields["provenance"] = Provenance.from_dict(fields.get("provenance"))
    return MemoryRecord(**_times(fields))


def trashed(data: Mapping[str, Any]) -> TrashedMemory:
    """A trash entry from its JSON form."""
    fields = {name: data[name] for name in TrashedMemory.__dataclass_fields__ if name in data}
    fields["namespace"] = tuple(fields.get("namespace") or ())
    for name in ("deleted_at", "kept_until"):
        fields[name] = datetime.fromisoformat(fields[name])
    return TrashedMemory(**fields)


def hit(data: Mapping[str, Any]) -> SearchHit:
    fields = {name: data[name] for name in SearchHit.__dataclass_fields__ if name in data}
    fields["namespace"] = tuple(fields.get("namespace") or ())
    fields["provenance"] = Provenance.from_dict(fields.get("provenance"))
    fields["neighbors"] = tuple(record(n) for n in data.get("neighbors", ()))
    fields["trust"] = Trust.from_dict(fields.get("trust"))
    return SearchHit(**_times(fields))


def _times(fields: dict[str, Any]) -> dict[str, Any]:
    for name in _TIMES:
        if isinstance(fields.get(name), str):
            fields[name] = datetime.fromisoformat(fields[name])
    return fields


def _fields(given: Mapping[str, Any], drop: Sequence[str] = ()) -> dict[str, Any]:
    """A call's arguments as a JSON body: ``self`` and ``None`` left out, times as ISO text."""
    skip = {"self", *drop}
    return {str(k): _jsonable(v) for k, v in given.items() if k not in skip and v is not None}


def _vector(value: Any) -> builtins.list[float]:
    """A vector (a sequence or a numpy row) as JSON numbers; the server checks its width."""
    try:
        return [float(x) for x in value]
    except (TypeError, ValueError) as exc:
        raise VectorError(f"vectors must be numeric arrays: {exc}") from exc


def _json_bytes(value: Any) -> bytes:
    try:
        return json.dumps(value, allow_nan=False).encode("ascii")
    except (TypeError, ValueError) as exc:
        raise InvalidInputError(f"cannot send this as JSON: {exc}") from exc


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def _segment(value: str) -> str:
    """A path segment, escaped (an id is any string)."""
    if not isinstance(value, str) or not value:
        raise InvalidInputError(f"an id is a non-empty string, got {value!r}")
    return quote(value, safe="")


def _error(response: httpx.Response) -> RememError:
    """The exception the server named, raised again here (by class, never by message)."""
    try:
        body = response.json()["error"]
        name, message = str(body["type"]), str(body["message"])
    except (ValueError, KeyError, TypeError):
        name, message = "", response.text[:500] or response.reason_phrase
    cls = getattr(errors, name, None)
    if not (isinstance(cls, type) and issubclass(cls, RememError)):
        cls = InvalidInputError if 400 <= response.status_code < 500 else RememError
    error = cls(message)
    error.status = response.status_code
    error.request_id = response.headers.get("x-request-id")
    return error
