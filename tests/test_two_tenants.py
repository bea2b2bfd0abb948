"""The two-tenant conformance suite (issue 31): one scenario (:mod:`tests.two_tenants`) through
every face, on SQLite and PostgreSQL.

Each face is a driver for one tenant: the engine through a tenant's grant view, the Python API
as admin with ``user_id=``, :class:`remem.AsyncMemory`, REST with one API key per tenant (and
:class:`remem.Client` over it), the function-calling tools, MCP (in process with the command's
``--user`` scope, as stdio serves it, and over streamable HTTP with one API key per tenant),
and each framework adapter (LangChain's vector store, byte store and LLM cache, LangGraph's
store, the OpenAI Agents SDK's session and function tools, AutoGen's memory, LlamaIndex's
memory block) — over a tenant's grant view and over the admin memory with ``user_id=``, as an
application builds them. CrewAI runs the same scenario in its own environment
(``tests-crewai/test_crewai.py``).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import json
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import ExitStack, asynccontextmanager
from typing import Any, TypeVar

import httpx2
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

import remem
from remem.apikeys import KeyRing
from remem.core.records import MemoryRecord
from remem.llm.base import ToolCall
from remem.server import create_app
from remem.server.mcp import build_mcp, mcp_http_app
from remem.tools import ToolDispatcher
from remem.trust.access import Grant
from tests import pg, two_tenants
from tests.serving import running
from tests.two_tenants import NAMESPACES, Driver, Namespace, attempt, masked, summary

T = TypeVar("T")
#: A tool call by name and arguments, and its result as the tools give it.
Call = Callable[[str, dict[str, Any]], dict[str, Any]]
#: What a face's opener returns: the driver of a tenant, by user id.
Make = Callable[[str], Driver]
ALL = frozenset(
    {"write", "upsert", "read", "delete", "clear", "listing", "namespaces", "search", "probe"}
)


def run(awaitable: Awaitable[T]) -> T:
    async def wait() -> T:
        return await awaitable

    return asyncio.run(wait())


def view(memory: remem.Memory, user: str) -> remem.Memory:
    """The tenant's grant view: what a server's key for that user works on."""
    return memory.scoped(Grant(users=(user,)))


# -- the engine and the Python API -----------------------------------------------------------------
class EngineDriver(Driver):
    """The engine through a tenant's grant view: every write, read, listing and search."""

    can = ALL

    def __init__(self, user: str, memory: Any) -> None:
        super().__init__(user)
        self.memory = memory

    def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.memory, method)(*args, **kwargs)

    def _id(self, name: str, namespace: Namespace) -> str:
        """A root name is the caller's id itself; a namespaced one goes through ``key_id``."""
        return self.memory.key_id(name, namespace=namespace) if namespace else name

    def _named(self, name: str, namespace: Namespace) -> dict[str, Any]:
        return {"key": name, "namespace": namespace} if namespace else {"id": name}

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        self.call("add", text, **self._named(name, namespace))

    def upsert(self, name: str, text: str, namespace: Namespace) -> None:
        self.call("add", text, upsert=True, **self._named(name, namespace))

    def read(self, name: str, namespace: Namespace) -> str | None:
        try:
            return str(self.call("get", self._id(name, namespace)).text)
        except remem.NotFoundError:
            return None

    def delete(self, name: str, namespace: Namespace) -> None:
        assert self.call("delete", self._id(name, namespace)) == 1

    def clear(self) -> None:
        self.call("delete", [r.id for r in self.call("list_all")])

    def listing(self) -> list[str]:
        return [r.text for r in self.call("list_all")]

    def namespace_list(self) -> list[Namespace]:
        return list(self.call("namespaces"))

    def search(self, query: str) -> list[tuple[str, float | None]]:
        return [(h.id, h.score) for h in self.call("search", query, k=10, touch=False)]

    def probe(self, ref: str) -> Any:
        call = self.call
        return [
            attempt(lambda: call("get", ref).text),
            *(
                [attempt(lambda: [r.text for r in call("get_many", [ref])])]
                if hasattr(self.memory, "get_many")
                else []
            ),
            attempt(lambda: call("update", ref, text="probe").text),
            attempt(lambda: call("delete", ref)),
            attempt(lambda: [r.text for r in call("list", filters={"id": ref})]),
            attempt(
                lambda: [
                    h.text
                    for h in call("search", "harbour", filters={"id": {"$in": [ref]}}, touch=False)
                ]
            ),
            attempt(lambda: summary(call("add", "probe", id=ref, upsert=True))),
            attempt(lambda: call("get", ref).text),
            attempt(lambda: call("delete", ref)),
            attempt(lambda: call("get", ref).text),
        ]


class AsyncDriver(EngineDriver):
    """:class:`remem.AsyncMemory` scoped to the tenant's grant, every call awaited."""

    def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        return run(getattr(self.memory, method)(*args, **kwargs))


class ClientDriver(EngineDriver):
    """:class:`remem.Client`, the REST API's Python client, with the tenant's API key: it has
    no ``key_id``, so a namespaced name is found by a listing's filter on key and namespace."""

    def _id(self, name: str, namespace: Namespace) -> str:
        if not namespace:
            return name
        found = self.memory.list(filters={"key": name, "namespace": list(namespace)})
        return found[0].id if found else f"none-{name}"


class AdminDriver(Driver):
    """The Python API as admin (an application's own code), each call with the tenant's
    ``user_id`` (or ``agent_id``, ``by``): the scope arguments, not a grant, keep the tenants
    apart."""

    can = ALL

    def __init__(self, user: str, memory: remem.Memory, by: str = "user_id") -> None:
        super().__init__(user)
        self.memory = memory
        self.scope: dict[str, Any] = {by: user}

    def _id(self, name: str, namespace: Namespace = ()) -> str:
        return self.memory.key_id(name, **self.scope, namespace=namespace)

    def _add(self, name: str, text: str, namespace: Namespace, upsert: bool) -> None:
        named = {"key": name, "namespace": namespace} if namespace else {"id": name}
        self.memory.add(text, **self.scope, upsert=upsert, **named)

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        self._add(name, text, namespace, False)

    def upsert(self, name: str, text: str, namespace: Namespace) -> None:
        self._add(name, text, namespace, True)

    def read(self, name: str, namespace: Namespace) -> str | None:
        try:
            return self.memory.get(self._id(name, namespace)).text
        except remem.NotFoundError:
            return None

    def delete(self, name: str, namespace: Namespace) -> None:
        assert self.memory.delete(self._id(name, namespace)) == 1

    def clear(self) -> None:
        self.memory.delete([r.id for r in self.memory.list_all(**self.scope)])

    def listing(self) -> list[str]:
        return [r.text for r in self.memory.list_all(**self.scope)]

    def namespace_list(self) -> list[Namespace]:
        return list(self.memory.namespaces(**self.scope))

    def search(self, query: str) -> list[tuple[str, float | None]]:
        hits = self.memory.search(query, **self.scope, k=10, touch=False)
        return [(h.id, h.score) for h in hits]

    def probe(self, ref: str) -> Any:
        memory, scope, own = self.memory, self.scope, self._id(ref)
        found = [
            attempt(lambda: memory.get(own).text),
            attempt(lambda: memory.delete(own)),
            attempt(lambda: [r.text for r in memory.list(**scope, filters={"id": ref})]),
            attempt(
                lambda: [
                    h.text
                    for h in memory.search(
                        "harbour", **scope, filters={"id": {"$in": [ref]}}, touch=False
                    )
                ]
            ),
            attempt(lambda: summary(memory.add("probe", **scope, id=ref, upsert=True))),
            attempt(lambda: memory.get(own).text),
            attempt(lambda: memory.delete(own)),
            attempt(lambda: memory.get(own).text),
        ]
        return masked(found, {own: "<the tenant's own id for it>"})


# -- REST --------------------------------------------------------------------------------------
#: The fields of a record a probe's answer shows (ids and times differ between two ids).
SHOWN = ("text", "key", "user_id", "agent_id", "namespace")


class RestDriver(Driver):
    """The REST API with the tenant's own API key."""

    can = ALL

    def __init__(self, user: str, api: TestClient) -> None:
        super().__init__(user)
        self.api = api

    @staticmethod
    def ok(response: Any, status: int = 200) -> Any:
        assert response.status_code == status, response.text
        return response.json()

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        named = {"key": name, "namespace": list(namespace)} if namespace else {"id": name}
        self.ok(self.api.post("/v1/memories", json={"text": text, **named}), 201)

    def upsert(self, name: str, text: str, namespace: Namespace) -> None:
        body = {"text": text, **({"namespace": list(namespace)} if namespace else {})}
        self.ok(self.api.put(f"/v1/memories/{name}", json=body))

    def find(self, name: str, namespace: Namespace) -> dict[str, Any] | None:
        """A root name by its path; a namespaced one by a listing's filter on key and
        namespace."""
        if not namespace:
            answer = self.api.get(f"/v1/memories/{name}")
            return None if answer.status_code == 404 else dict(self.ok(answer))
        where = json.dumps({"key": name, "namespace": list(namespace)})
        items = self.ok(self.api.get("/v1/memories", params={"filters": where}))["items"]
        assert len(items) <= 1, items
        return dict(items[0]) if items else None

    def read(self, name: str, namespace: Namespace) -> str | None:
        found = self.find(name, namespace)
        return None if found is None else str(found["text"])

    def delete(self, name: str, namespace: Namespace) -> None:
        if not namespace:
            assert self.ok(self.api.delete(f"/v1/memories/{name}")) == {"deleted": 1}
            return
        found = self.find(name, namespace)
        assert found is not None
        gone = self.ok(self.api.post("/v1/memories/delete", json={"ids": [found["id"]]}))
        assert gone == {"deleted": 1}

    def every(self) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        while True:
            params = {"limit": 1000, "offset": len(items)}
            page = self.ok(self.api.get("/v1/memories", params=params))
            items += page["items"]
            if page["next_offset"] is None:
                return items

    def clear(self) -> None:
        ids = [m["id"] for m in self.every()]
        if ids:
            self.ok(self.api.post("/v1/memories/delete", json={"ids": ids}))

    def listing(self) -> list[str]:
        return [m["text"] for m in self.every()]

    def namespace_list(self) -> list[Namespace]:
        return [tuple(n) for n in self.ok(self.api.get("/v1/namespaces"))["namespaces"]]

    def search(self, query: str) -> list[tuple[str, float | None]]:
        body = {"query": query, "k": 10, "touch": False}
        return [
            (h["id"], h["score"]) for h in self.ok(self.api.post("/v1/search", json=body))["hits"]
        ]

    def probe(self, ref: str) -> Any:
        api, path = self.api, f"/v1/memories/{ref}"
        search = {"query": "harbour", "filters": {"id": {"$in": [ref]}}, "touch": False}
        return [
            shown(api.get(path)),
            shown(api.patch(path, json={"text": "probe"})),
            shown(api.delete(path)),
            shown(api.post("/v1/memories/delete", json={"ids": [ref]})),
            shown(api.get("/v1/memories", params={"filters": json.dumps({"id": ref})})),
            shown(api.post("/v1/search", json=search)),
            shown(api.put(path, json={"text": "probe"})),
            shown(api.get(path)),
            shown(api.delete(path)),
            shown(api.get(path)),
        ]


def shown(response: Any) -> list[Any]:
    """A response as a probe compares it: its status, and its body without ids or times (an
    error's ``request_id`` is the request's own, not data)."""
    body = response.json()
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        body = {"error": {k: v for k, v in body["error"].items() if k != "request_id"}}
    elif isinstance(body, dict) and ("items" in body or "hits" in body):
        body = [{k: m[k] for k in SHOWN} for m in body["items" if "items" in body else "hits"]]
    elif isinstance(body, dict) and "text" in body:
        body = {k: body[k] for k in SHOWN}
    return [response.status_code, body]


class RestCacheDriver(Driver):
    """The REST API's semantic cache with the tenant's key: a name is a question, a namespace
    a session. A lookup's answer names the nearest cached question even on a miss: it must be
    one the tenant cached itself."""

    can = frozenset({"write", "read", "clear", "probe"})

    def __init__(self, user: str, api: TestClient) -> None:
        super().__init__(user)
        self.api = api
        self.asked: set[str] = set()

    @staticmethod
    def scope(namespace: Namespace) -> dict[str, Any]:
        return {"session_id": "/".join(namespace)} if namespace else {}

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        body = {"question": name, "value": text, **self.scope(namespace)}
        RestDriver.ok(self.api.post("/v1/caches/default/entries", json=body), 201)
        self.asked.add(name)

    def lookup(self, name: str, namespace: Namespace) -> dict[str, Any]:
        body = {"question": name, **self.scope(namespace)}
        found = RestDriver.ok(self.api.post("/v1/caches/default/lookup", json=body))
        nearest = found["question"]
        assert nearest is None or nearest in self.asked, f"{self.user} was shown {found!r}"
        return dict(found)

    def read(self, name: str, namespace: Namespace) -> str | None:
        found = self.lookup(name, namespace)
        return str(found["value"]) if found["hit"] else None

    def clear(self) -> None:
        for namespace in NAMESPACES:
            RestDriver.ok(self.api.post("/v1/caches/default/clear", json=self.scope(namespace)))

    def probe(self, ref: str) -> Any:
        found = self.lookup(ref, ())
        return [found["hit"], found["value"]]


# -- function calling and MCP ----------------------------------------------------------------------
class ToolsDriver(Driver):
    """The memory tools a model calls: it saves, searches, updates and deletes by the ids the
    tools hand back (kept here per name), and cannot name a scope."""

    can = frozenset({"write", "upsert", "delete", "search", "probe"})
    names = False
    namespaces = False

    def __init__(self, user: str, call: Call) -> None:
        super().__init__(user)
        self.call = call
        self.handles: dict[tuple[str, Namespace], str] = {}

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        saved = self.call("save_memory", {"text": text})
        assert saved["ok"], saved
        self.handles[name, namespace] = saved["id"]

    def upsert(self, name: str, text: str, namespace: Namespace) -> None:
        updated = self.call("update_memory", {"id": self.handles[name, namespace], "text": text})
        assert updated["ok"], updated

    def delete(self, name: str, namespace: Namespace) -> None:
        gone = self.call("delete_memory", {"id": self.handles.pop((name, namespace))})
        assert gone == {"ok": True, "deleted": 1, "recoverable": True}, gone

    def search(self, query: str) -> list[tuple[str, float | None]]:
        found = self.call("search_memories", {"query": query, "k": 20})
        assert found["ok"], found
        shown = [*found["results"], *found.get("evidence", [])]  # a model's saves: evidence
        return [(h["id"], h["score"]) for h in shown]

    def probe(self, ref: str) -> Any:
        return [
            self.call("update_memory", {"id": ref, "text": "probe"}),
            self.call("delete_memory", {"id": ref}),
        ]


def dispatcher_call(dispatcher: ToolDispatcher) -> Call:
    return lambda name, arguments: dispatcher.execute(ToolCall("c1", name, arguments))


def mcp_call(portal: BlockingPortal, session: Any) -> Call:
    """A tool call over MCP: its structured result, or a refusal as the tools give one."""

    def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = portal.call(session.call_tool, name, arguments)
        if result.is_error:
            return {"ok": False, "error": "".join(getattr(b, "text", "") for b in result.content)}
        return dict(result.structured_content)

    return call


@asynccontextmanager
async def over_http(url: str, key: str) -> AsyncIterator[ClientSession]:
    async with (
        httpx2.AsyncClient(headers=bearer(key), timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


# -- LangChain ---------------------------------------------------------------------------------
class VectorStoreDriver(Driver):
    """LangChain's ``RememVectorStore``: LangChain ids are names in the store's scope."""

    can = frozenset({"write", "upsert", "read", "delete", "search", "probe"})
    namespaces = False

    def __init__(self, user: str, store: Any) -> None:
        super().__init__(user)
        self.store = store

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        assert self.store.add_texts([text], ids=[name]) == [name]

    upsert = write

    def read(self, name: str, namespace: Namespace) -> str | None:
        found = self.store.get_by_ids([name])
        return str(found[0].page_content) if found else None

    def delete(self, name: str, namespace: Namespace) -> None:
        self.store.delete([name])

    def search(self, query: str) -> list[tuple[str, float | None]]:
        return [(d.id, s) for d, s in self.store.similarity_search_with_score(query, k=10)]

    def ident(self, record: MemoryRecord) -> str:
        return record.key or record.id

    def probe(self, ref: str) -> Any:
        store = self.store

        def docs() -> list[Any]:
            return [(d.id, d.page_content) for d in store.get_by_ids([ref])]

        return [
            attempt(docs),
            attempt(lambda: store.delete([ref])),
            attempt(lambda: store.add_texts(["probe"], ids=[ref])),
            attempt(docs),
            attempt(lambda: store.delete([ref])),
            attempt(docs),
        ]


class ByteStoreDriver(Driver):
    """LangChain's ``RememByteStore``, one per namespace (its namespace is one label)."""

    can = frozenset({"write", "upsert", "read", "delete", "listing", "probe"})

    def __init__(self, user: str, make: Callable[[str], Any]) -> None:
        super().__init__(user)
        self.stores = {ns: make("/".join(ns) or "default") for ns in NAMESPACES}

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        self.stores[namespace].mset([(name, text.encode())])

    upsert = write

    def read(self, name: str, namespace: Namespace) -> str | None:
        (value,) = self.stores[namespace].mget([name])
        return None if value is None else bytes(value).decode()

    def delete(self, name: str, namespace: Namespace) -> None:
        self.stores[namespace].mdelete([name])

    def listing(self) -> list[str]:
        return [
            bytes(v).decode()
            for store in self.stores.values()
            for v in store.mget(list(store.yield_keys()))
        ]

    def probe(self, ref: str) -> Any:
        store = self.stores[()]

        def value() -> Any:
            return [None if v is None else bytes(v).decode() for v in store.mget([ref])]

        return [
            attempt(value),
            attempt(lambda: list(store.yield_keys(prefix=ref))),
            attempt(lambda: store.mdelete([ref])),
            attempt(value),
            attempt(lambda: store.mset([(ref, b"probe")])),
            attempt(value),
            attempt(lambda: store.mdelete([ref])),
            attempt(value),
        ]


class LLMCacheDriver(Driver):
    """LangChain's ``RememLLMCache``: a name is a prompt, a namespace a model configuration."""

    can = frozenset({"write", "read", "clear", "probe"})

    def __init__(self, user: str, cache: Any) -> None:
        super().__init__(user)
        self.cache = cache

    @staticmethod
    def model(namespace: Namespace) -> str:
        return "model=" + "/".join(namespace)

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        from langchain_core.outputs import Generation

        self.cache.update(name, self.model(namespace), [Generation(text=text)])

    def read(self, name: str, namespace: Namespace) -> str | None:
        found = self.cache.lookup(name, self.model(namespace))
        return None if found is None else "".join(g.text for g in found)

    def clear(self) -> None:
        self.cache.clear()

    def probe(self, ref: str) -> Any:
        return [attempt(lambda: self.read(ref, ()))]


# -- LangGraph, the OpenAI Agents SDK, AutoGen, LlamaIndex -----------------------------------------
#: LangGraph's namespaces are never empty: the scenario's root is this one.
ROOT = ("root",)


class LangGraphDriver(Driver):
    """LangGraph's ``RememStore``: names are keys in LangGraph namespaces."""

    can = ALL - {"clear"}

    def __init__(self, user: str, store: Any) -> None:
        super().__init__(user)
        self.store = store

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        self.store.put(namespace or ROOT, name, {"text": text})

    upsert = write

    def read(self, name: str, namespace: Namespace) -> str | None:
        item = self.store.get(namespace or ROOT, name)
        return None if item is None else str(item.value["text"])

    def delete(self, name: str, namespace: Namespace) -> None:
        self.store.delete(namespace or ROOT, name)

    def listing(self) -> list[str]:
        return [i.value["text"] for i in self.store.search((), limit=1000)]

    def namespace_list(self) -> list[Namespace]:
        return [() if ns == ROOT else ns for ns in self.store.list_namespaces(limit=1000)]

    def search(self, query: str) -> list[tuple[str, float | None]]:
        found = self.store.search((), query=query, limit=10)
        return [(f"{'/'.join(i.namespace)}|{i.key}", i.score) for i in found]

    def ident(self, record: MemoryRecord) -> str:
        return f"{'/'.join(record.namespace)}|{record.key}"

    def probe(self, ref: str) -> Any:
        store = self.store

        def value() -> Any:
            item = store.get(ROOT, ref)
            return None if item is None else item.value

        return [
            attempt(value),
            attempt(lambda: store.delete(ROOT, ref)),
            attempt(value),
            attempt(lambda: store.put(ROOT, ref, {"text": "probe"})),
            attempt(value),
            attempt(lambda: store.delete(ROOT, ref)),
            attempt(value),
        ]


class SessionDriver(Driver):
    """The OpenAI Agents SDK's ``RememSession``: both tenants use the same session id."""

    can = frozenset({"write", "listing", "pop", "clear"})
    names = False
    namespaces = False

    def __init__(self, user: str, session: Any) -> None:
        super().__init__(user)
        self.session = session

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        run(self.session.add_items([{"role": "user", "content": text}]))

    def listing(self) -> list[str]:
        return [item["content"] for item in run(self.session.get_items())]

    def pop(self) -> str | None:
        item = run(self.session.pop_item())
        return None if item is None else str(item["content"])

    def clear(self) -> None:
        run(self.session.clear_session())


class AutoGenDriver(Driver):
    """AutoGen's memory: contents added, queried and cleared within the adapter's scope."""

    can = frozenset({"write", "search", "clear"})
    names = False
    namespaces = False

    def __init__(self, user: str, memory: Any) -> None:
        super().__init__(user)
        self.memory = memory

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        from autogen_core.memory import MemoryContent, MemoryMimeType

        content = MemoryContent(content=text, mime_type=MemoryMimeType.TEXT, metadata={"n": name})
        run(self.memory.add(content))

    def search(self, query: str) -> list[tuple[str, float | None]]:
        found = run(self.memory.query(query, k=10)).results
        return [(c.metadata["id"], c.metadata["score"]) for c in found]

    def clear(self) -> None:
        run(self.memory.clear())


class LlamaIndexDriver(Driver):
    """LlamaIndex's memory block: messages put under one session id, and the block's text."""

    can = frozenset({"write", "search"})
    names = False
    namespaces = False

    def __init__(self, user: str, block: Any) -> None:
        super().__init__(user)
        self.block = block

    def write(self, name: str, text: str, namespace: Namespace) -> None:
        from llama_index.core.base.llms.types import ChatMessage

        message = ChatMessage(role="user", content=text)
        message.additional_kwargs["session_id"] = "chat-1"
        run(self.block.aput([message]))

    def search(self, query: str) -> list[tuple[str, float | None]]:
        from llama_index.core.base.llms.types import ChatMessage

        text = run(self.block.aget([ChatMessage(role="user", content=query)]))
        # context()'s lines: each memory's text is the quoted JSON string that ends its line.
        quoted = (re.search(r'("(?:[^"\\]|\\.)*")$', line) for line in text.splitlines())
        return [(json.loads(found.group(1)), None) for found in quoted if found]

    def ident(self, record: MemoryRecord) -> str:
        return record.text


# -- the faces ---------------------------------------------------------------------------------
def engine(store: remem.Memory, stack: ExitStack) -> Make:
    return lambda user: EngineDriver(user, view(store, user))


def python_api(store: remem.Memory, stack: ExitStack) -> Make:
    return lambda user: AdminDriver(user, store)


def async_api(store: remem.Memory, stack: ExitStack) -> Make:
    memory = remem.AsyncMemory(store)
    return lambda user: AsyncDriver(user, memory.scoped(Grant(users=(user,))))


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def rest(store: remem.Memory, stack: ExitStack, bound: str = "users") -> Make:
    """The REST API (FastAPI's TestClient), one API key per tenant, bound to its user (or,
    ``bound="agents"``, its agent). The app is made once the first key exists, as a server
    started with keys."""
    ring = KeyRing(store.store)
    app = functools.cache(lambda: create_app(store))

    def make(tenant: str) -> Driver:
        binding: dict[str, Any] = {bound: [tenant]}
        key = ring.create(tenant, **binding)[0]
        return RestDriver(tenant, TestClient(app(), headers=bearer(key)))

    return make


def rest_cache(store: remem.Memory, stack: ExitStack) -> Make:
    """The REST API's semantic cache, one API key per tenant."""
    ring = KeyRing(store.store)
    app = functools.cache(lambda: create_app(store))

    def make(user: str) -> Driver:
        key = ring.create(user, users=[user])[0]
        return RestCacheDriver(user, TestClient(app(), headers=bearer(key)))

    return make


def client(store: remem.Memory, stack: ExitStack) -> Make:
    """:class:`remem.Client` over HTTP (uvicorn on loopback), one API key per tenant."""
    ring = KeyRing(store.store)
    base = functools.cache(lambda: stack.enter_context(running(create_app(store))))

    def make(user: str) -> Driver:
        key = ring.create(user, users=[user])[0]
        return ClientDriver(user, stack.enter_context(remem.Client(base(), api_key=key)))

    return make


def tools(store: remem.Memory, stack: ExitStack) -> Make:
    """As the application runs a model's tool calls: the admin memory, the user's scope."""
    return lambda user: ToolsDriver(user, dispatcher_call(ToolDispatcher(store, user_id=user)))


def mcp_in_process(store: remem.Memory, stack: ExitStack) -> Make:
    """The MCP server as ``remem mcp --user`` serves it on stdio (the command's scope, no
    keys), reached in process by the SDK's own client."""
    portal = stack.enter_context(start_blocking_portal())

    def make(user: str) -> Driver:
        client = Client(build_mcp(store, user_id=user))
        session = stack.enter_context(portal.wrap_async_context_manager(client))
        return ToolsDriver(user, mcp_call(portal, session))

    return make


def mcp_http(store: remem.Memory, stack: ExitStack) -> Make:
    """The MCP server over streamable HTTP (uvicorn on loopback), one API key per tenant; the
    server starts once the first key exists (it decides then that keys are needed)."""
    ring = KeyRing(store.store)
    portal = stack.enter_context(start_blocking_portal())
    base = functools.cache(
        lambda: stack.enter_context(running(mcp_http_app(build_mcp(store), store)))
    )

    def make(user: str) -> Driver:
        key = ring.create(user, users=[user])[0]
        connected = over_http(f"{base()}/mcp", key)
        session = stack.enter_context(portal.wrap_async_context_manager(connected))
        return ToolsDriver(user, mcp_call(portal, session))

    return make


def openai_agents_tools(
    at: Callable[[remem.Memory, str], dict[str, Any]],
) -> Callable[[remem.Memory, ExitStack], Make]:
    """The Agents SDK's function tools (``memory_tools``), called as the SDK calls them."""

    def opener(store: remem.Memory, stack: ExitStack) -> Make:
        from agents.tool_context import ToolContext

        from remem.integrations.openai_agents import memory_tools

        def make(user: str) -> Driver:
            tools = {t.name: t for t in memory_tools(**at(store, user))}

            def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
                text = json.dumps(arguments)
                context = ToolContext(
                    context=None, tool_name=name, tool_call_id="c1", tool_arguments=text
                )
                return dict(json.loads(run(tools[name].on_invoke_tool(context, text))))

            return ToolsDriver(user, call)

        return make

    return opener


def adapters(how: str) -> dict[str, Callable[[remem.Memory, ExitStack], Make]]:
    """Each framework adapter, built over the tenant's grant view (``grant``) or over the admin
    memory with the tenant's ``user_id`` (``user_id``)."""

    def at(store: remem.Memory, user: str) -> dict[str, Any]:
        return (
            {"memory": view(store, user)} if how == "grant" else {"memory": store, "user_id": user}
        )

    def vector_store(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.langchain import RememVectorStore

        return lambda user: VectorStoreDriver(user, RememVectorStore(**at(store, user)))

    def byte_store(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.langchain import RememByteStore

        return lambda user: ByteStoreDriver(
            user, lambda ns: RememByteStore(**at(store, user), namespace=ns)
        )

    def llm_cache(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.langchain import RememLLMCache

        return lambda user: LLMCacheDriver(user, RememLLMCache(**at(store, user)))

    def langgraph(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.langgraph import RememStore

        return lambda user: LangGraphDriver(user, RememStore(**at(store, user)))

    def session(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.openai_agents import RememSession

        return lambda user: SessionDriver(user, RememSession("chat-1", **at(store, user)))

    def autogen(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.autogen import RememAutoGenMemory

        return lambda user: AutoGenDriver(
            user, RememAutoGenMemory(**at(store, user), session_id="s1", k=10)
        )

    def llamaindex(store: remem.Memory, stack: ExitStack) -> Make:
        from remem.integrations.llamaindex import RememMemoryBlock

        return lambda user: LlamaIndexDriver(user, RememMemoryBlock(**at(store, user), k=10))

    faces = {
        "langchain-vectorstore": vector_store,
        "langchain-bytestore": byte_store,
        "langchain-llmcache": llm_cache,
        "langgraph-store": langgraph,
        "openai-agents-session": session,
        "openai-agents-tools": openai_agents_tools(at),
        "autogen-memory": autogen,
        "llamaindex-block": llamaindex,
    }
    return {f"{name}[{how}]": opener for name, opener in faces.items()}


FACES: dict[str, Callable[[remem.Memory, ExitStack], Make]] = {
    "engine[grant]": engine,
    "python-api[user_id]": python_api,
    "async-memory[grant]": async_api,
    "rest[key]": rest,
    "rest-cache[key]": rest_cache,
    "client[key]": client,
    "tools[user_id]": tools,
    "mcp-in-process[--user]": mcp_in_process,
    "mcp-http[key]": mcp_http,
    **adapters("grant"),
    **adapters("user_id"),
}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[remem.Memory]:
    """One store per backend for the whole module: each run of the scenario has tenant ids
    of its own (:func:`tenants`), so the other runs' tenants are more neighbours it must not
    see or be moved by, and a new database is not made and migrated for each face."""
    where = tmp_path_factory.mktemp("two-tenants") / "store"
    location = pg.url_for(where) if request.param == "postgres" else str(where)
    with remem.open(location, embedder="hash:64") as memory:
        yield memory


RUNS = itertools.count()


def tenants() -> tuple[str, str]:
    """Ann's and Bob's ids for one run of the scenario."""
    run = next(RUNS)
    return f"ann{run}", f"bob{run}"


@pytest.mark.parametrize("face", FACES)
def test_two_tenants_never_touch_each_other(store: remem.Memory, face: str) -> None:
    with ExitStack() as stack:
        two_tenants.run(store, FACES[face](store, stack), face, tenants=tenants())


# -- tenants that are agents: keys and grants bound to agent ids -----------------------------------
def agent_engine(store: remem.Memory, stack: ExitStack) -> Make:
    return lambda agent: EngineDriver(agent, store.scoped(Grant(agents=(agent,))))


def agent_python_api(store: remem.Memory, stack: ExitStack) -> Make:
    return lambda agent: AdminDriver(agent, store, by="agent_id")


def agent_tools(store: remem.Memory, stack: ExitStack) -> Make:
    return lambda agent: ToolsDriver(agent, dispatcher_call(ToolDispatcher(store, agent_id=agent)))


def agent_langgraph(store: remem.Memory, stack: ExitStack) -> Make:
    from remem.integrations.langgraph import RememStore

    return lambda agent: LangGraphDriver(agent, RememStore(store, agent_id=agent))


def agent_llm_cache(store: remem.Memory, stack: ExitStack) -> Make:
    from remem.integrations.langchain import RememLLMCache

    return lambda agent: LLMCacheDriver(agent, RememLLMCache(store, agent_id=agent))


AGENT_FACES: dict[str, Callable[[remem.Memory, ExitStack], Make]] = {
    "engine[agent grant]": agent_engine,
    "python-api[agent_id]": agent_python_api,
    "rest[agent key]": functools.partial(rest, bound="agents"),
    "tools[agent_id]": agent_tools,
    "langgraph-store[agent_id]": agent_langgraph,
    "langchain-llmcache[agent_id]": agent_llm_cache,
}


@pytest.mark.parametrize("face", AGENT_FACES)
def test_two_agent_tenants_never_touch_each_other(store: remem.Memory, face: str) -> None:
    """The same scenario where the tenants are two agents (``agent_id``), not two users."""
    with ExitStack() as stack:
        make = AGENT_FACES[face](store, stack)
        two_tenants.run(store, make, face, by="agent_id", tenants=tenants())
