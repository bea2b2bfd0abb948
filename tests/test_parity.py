"""Declare once, check every copy (issue 32).

A memory item is declared once (``remem.core.records.MemoryItem``), each search option once (its
``RetrievalConfig`` field's ``Option``). The engine, the REST models, ``Client``, ``AsyncMemory``
and the CLI are built from those declarations or tested against them here, and ``Memory``,
``AsyncMemory`` and ``Client`` against each other: public methods, parameter names, kinds and
defaults. What deliberately differs is written down below, each with its reason; anything
else that differs fails.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import click
import pytest

import remem
from remem.cli.main import cli
from remem.cli.options import FLAGS
from remem.core.records import (
    ITEM_KEYS,
    TAG_KEYS,
    TAGS,
    MemoryFields,
    MemoryItem,
    MemoryRecord,
    SearchHit,
    Tags,
)
from remem.engine.protocol import EngineAPI
from remem.retrieval.config import OPTIONS, Option, RetrievalConfig, RetrievalOptions
from remem.server import create_app
from remem.server import models as m
from remem.server.web import FIELDS_NEW
from tests.serving import running

# -- what deliberately differs ---------------------------------------------------------------
#: ``Memory.add`` keywords that are not item keys.
ADD_ONLY = {
    "vector": "one item's own embedding; add_many takes them as embeddings=, one row per item",
    "upsert": "how the write treats a stored name, for the whole call (add_many's upsert=)",
}
#: Item keys ``remem add`` has no option for.
CLI_ADD_LACKS = {
    "id": "--key names a memory in its scope and namespace exactly as a caller's id does",
    "embed": "--no-embed",
}
#: ``remem add`` options that are not item keys.
CLI_ADD_ONLY = {
    "store_path": "--store: which store",
    "embedder": "--embedder: which embedder",
    "plain": "--plain/--json: the output",
    "no_embed": "embed=False",
    "document": "--document: add_document instead",
    "chunk_size": "add_document's",
    "chunk_overlap": "add_document's",
}
#: Item keys the web page's add form leaves out (a page to work on a store, not an API): the
#: tags are set through the API, the CLI or an import.
WEB_LACKS = {"id", "dedupe", "embed", "expires_at", "ttl", "namespace", "key"} | TAG_KEYS
#: ``Memory.search`` keywords ``remem search`` has no flag for.
CLI_SEARCH_LACKS = {
    "vector": "no vector on a command line",
    "touch": "a search from the command line records its accesses, as the default does",
    "config": "each of its fields is a flag",
}
#: Public ``Memory`` names ``AsyncMemory`` does not have.
ASYNC_LACKS = {
    "records": "a lazy iterator over the store: list_all or export, awaited",
    "embed": "engine plumbing for the memory types (the embedder in the caller's thread)",
    "query_vector": "engine plumbing for the memory types",
    "require_admin": "engine plumbing: raises for a tenant's view",
    "show_progress": "engine plumbing: whether to draw a progress bar",
}
#: ``AsyncMemory`` methods that are not awaited: they do no I/O.
ASYNC_NOT_AWAITED = {"scoped", "on_behalf_of", "key_id", "position", "reading_after"}
#: Public ``Memory`` names ``Client`` does not have: what cannot cross the wire.
CLIENT_LACKS = {
    "scoped": "a client's grant is its API key",
    "key_id": "derived from the scope the server's grant fills in; records come back with ids",
    "records": "a lazy iterator over the store: export streams it",
    "import_records": "rows go to the server as a file: import_",
    "reembed": "store-wide administration, where the store is: remem reembed",
    "backup": "a copy on the server's disk: remem backup",
    "index_state": "store-wide administration: remem index status, GET /metrics (remem_index_*)",
    "build_index": "store-wide administration, where the store is: remem index build",
    "cache_activity": "the server's web page shows it",
    "keyvalue": "not served over REST",
    "stream": "not served over REST",
    "facts": "not served over REST",
    "embed": "the server's embedder",
    "query_vector": "the server's embedder",
    "require_admin": "engine plumbing",
    "show_progress": "engine plumbing",
}
#: ``Client`` methods ``Memory`` does not have.
CLIENT_ONLY = {"whoami": "what the client's API key may touch"}
#: Parameters that differ between ``Memory`` and ``Client``: (method, parameter) -> reason.
CLIENT_PARAMS = {
    ("cache", "options"): "a served cache is configured on the server",
}
#: Search options a request over the wire may not set.
NOT_REMOTE = {"reranker": "a reranker is the server's to configure (it loads a model)"}


# -- one memory item -------------------------------------------------------------------------
VALUES: dict[str, Any] = {
    "text": "a memory",
    "user_id": "u",
    "agent_id": "a",
    "session_id": "s",
    "kind": "fact",
    "role": "user",
    "metadata": {"x": 1},
    "created_at": "2026-01-01T00:00:00Z",
    "importance": 5,
    "id": "doc-1",
    "dedupe": False,
    "embed": False,
    "expires_at": "2100-01-01T00:00:00Z",
    "ttl": 3600,
    "namespace": ["projects", "atlas"],
    "key": "plan",
    "language": "de",
}


@pytest.fixture
def mem() -> Iterator[remem.Memory]:
    with remem.open(":memory:", embedder="hash:64") as memory:
        yield memory


def test_the_declaration() -> None:
    assert ITEM_KEYS == set(MemoryItem.__annotations__) == set(VALUES)
    assert MemoryItem.__required_keys__ == {"text"}


def test_the_engine_takes_every_declared_key(mem: remem.Memory) -> None:
    for key in sorted(ITEM_KEYS - {"text"}):
        stored = mem.add_many([{"text": f"with {key}", key: VALUES[key]}])
        assert stored[0].text == f"with {key}", key


def test_the_engine_refuses_every_other_key(mem: remem.Memory) -> None:
    """Every name a caller might try that is not declared: a record's fields, the add and
    update keywords, an import row's keys, and a made-up one."""
    tried = (
        set(MemoryRecord.__dataclass_fields__)
        | set(SearchHit.__dataclass_fields__)
        | set(inspect.signature(remem.Memory.add).parameters)
        | set(inspect.signature(remem.Memory.update).parameters)
        | {"vectors", "parent_id", "position", "no_such_key"}
    ) - ITEM_KEYS
    for key in sorted(tried):
        with pytest.raises(remem.InvalidInputError, match=rf"item 0: unknown keys \['{key}'\]"):
            mem.add_many([{"text": "x", key: 1}])
    assert mem.stats().records == 0


def test_add_takes_each_item_key_as_a_keyword() -> None:
    """``Memory.add``, ``Client.add`` and the engine's protocol take the item's keys as
    ``**fields: Unpack[MemoryFields]`` (so mypy refuses ``add(text, usr_id=...)``), and
    ``add_document`` the tags: a key declared once reaches every one of them."""
    assert set(typing.get_type_hints(MemoryFields)) == ITEM_KEYS - {"text"}
    assert set(typing.get_type_hints(Tags)) == TAG_KEYS == set(TAGS)
    for method in (remem.Memory.add, remem.Client.add, EngineAPI.add):
        add = inspect.signature(method).parameters
        assert set(add) - {"self"} == {"text", "fields", *ADD_ONLY}, method
        assert add["text"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        assert add["fields"].kind is inspect.Parameter.VAR_KEYWORD
        assert "Unpack[MemoryFields]" in str(add["fields"].annotation), method
    for method in (remem.Memory.add_document, remem.Client.add_document, EngineAPI.add_document):
        tags = inspect.signature(method).parameters["tags"]
        assert tags.kind is inspect.Parameter.VAR_KEYWORD
        assert "Unpack[Tags]" in str(tags.annotation), method


#: What the engine takes for an item key left out, where that is not None.
ITEM_DEFAULTS = {"kind": "message", "embed": True}


def test_rest_bodies_are_the_item() -> None:
    assert set(m.MemoryItemIn.model_fields) == ITEM_KEYS
    assert set(m.MemoryIn.model_fields) == ITEM_KEYS | {"vector"}
    for key, spec in m.MemoryIn.model_fields.items():
        if key not in ("text", "vector"):
            assert spec.default == ITEM_DEFAULTS.get(key), key  # the engine's own defaults
    assert set(m.DocumentIn.model_fields) >= TAG_KEYS
    batch = inspect.signature(remem.Memory.add_many).parameters
    assert set(m.MemoriesIn.model_fields) == set(batch) - {"self", "progress"}


def test_remem_add_follows_the_item() -> None:
    command = cli.commands["add"]
    names = {param.name for param in command.params}
    assert names - set(CLI_ADD_ONLY) == ITEM_KEYS - set(CLI_ADD_LACKS)
    assert set(CLI_ADD_LACKS) <= ITEM_KEYS and not set(CLI_ADD_ONLY) & ITEM_KEYS


def test_the_web_form_holds_item_keys() -> None:
    assert set(FIELDS_NEW) == ITEM_KEYS - WEB_LACKS


# -- search options --------------------------------------------------------------------------
def test_the_type_checkers_copy_of_the_options_is_the_config() -> None:
    """``RetrievalOptions`` (for ``**options: Unpack[...]``, so mypy refuses
    ``mem.search(qury=...)`` and a wrong option type) holds each field, with its type."""
    hints = typing.get_type_hints(RetrievalOptions)
    config = typing.get_type_hints(RetrievalConfig)
    assert hints == {f.name: config[f.name] for f in fields(RetrievalConfig)}
    for method in (remem.Memory.search, remem.Client.search):
        options = inspect.signature(method).parameters["options"]
        assert options.kind is inspect.Parameter.VAR_KEYWORD
        assert "RetrievalOptions" in str(options.annotation)


def test_every_search_option_is_declared() -> None:
    assert list(OPTIONS) == [f.name for f in fields(RetrievalConfig)]
    for f in fields(RetrievalConfig):
        assert isinstance(f.metadata["option"], Option) and f.metadata["option"].help, f.name


@pytest.mark.parametrize("name", [n for n, o in OPTIONS.items() if o.kind in ("int", "float")])
def test_the_config_checks_the_declared_range(name: str) -> None:
    declared = OPTIONS[name]
    step = 1 if declared.kind == "int" else declared.high * 1e-6
    default = getattr(RetrievalConfig(), name)
    assert default is None or declared.low <= default <= declared.high
    low, high = _cast(declared, declared.low), _cast(declared, declared.high)
    others = {"relevance_weight": 1.0} if name != "relevance_weight" else {"recency_weight": 1.0}
    for fine in (low, high):
        RetrievalConfig(**{**others, name: fine})
    for bad in (low - step, high + step):
        with pytest.raises(remem.InvalidInputError, match=name):
            RetrievalConfig(**{**others, name: _cast(declared, bad)})


def _cast(declared: Option, value: float) -> int | float:
    return int(value) if declared.kind == "int" else value


def test_rest_search_options_are_built_from_the_declarations() -> None:
    remote = {name for name, o in OPTIONS.items() if o.remote}
    assert remote == set(OPTIONS) - set(NOT_REMOTE)
    assert set(m.SearchOptions.model_fields) == remote
    schema = m.SearchIn.model_json_schema()["properties"]
    for name in remote:
        declared, field = OPTIONS[name], schema[name]
        kind = field["anyOf"][0]
        assert field["anyOf"][1] == {"type": "null"} and field["default"] is None
        if declared.kind in ("int", "float"):
            assert (kind["minimum"], kind["maximum"]) == (declared.low, declared.high), name
            assert kind["type"] == {"int": "integer", "float": "number"}[declared.kind]
        elif declared.kind == "choice":
            assert tuple(kind["enum"]) == declared.choices
        else:
            assert kind["type"] == "boolean"
    search = set(inspect.signature(remem.Memory.search).parameters)
    rest_only = {"explain"}  # each hit's explanation as text: hit.explain() in Python
    assert set(m.SearchIn.model_fields) - remote - rest_only == search - {
        "self",
        "config",
        "options",
    }


def test_cli_search_flags_follow_the_declarations() -> None:
    for command in ("search", "context"):
        params = {p.name: p for p in cli.commands[command].params}
        for name, declared in OPTIONS.items():
            param = params[name]
            assert isinstance(param, click.Option)
            assert param.default == getattr(RetrievalConfig(), name), (command, name)
            flag = FLAGS.get(name, "--" + name.replace("_", "-"))
            assert flag in param.opts, (command, name)
            if declared.kind in ("int", "float"):
                assert isinstance(param.type, click.IntRange | click.FloatRange), name
                assert (param.type.min, param.type.max) == (declared.low, declared.high), name
            elif declared.kind == "choice":
                assert isinstance(param.type, click.Choice)
                assert tuple(param.type.choices) == declared.choices
            elif declared.kind == "bool":
                assert param.is_flag and param.secondary_opts, name
    search = set(inspect.signature(remem.Memory.search).parameters) - {"self", "options"}
    flags = {p.name for p in cli.commands["search"].params}
    assert search - flags == set(CLI_SEARCH_LACKS)


def test_every_remote_option_crosses_the_wire(tmp_path: Path) -> None:
    """``Client.search`` takes each option a local search takes (speaker_weight=0 was a 422)
    and gives the same hits; one outside its range is refused by both faces."""
    changed = {
        "resolve_time": False,
        "time_weight": 2.0,
        "candidates": 50,
        "fusion": "rrf",
        "dense_weight": 0.5,
        "keyword_min_spread": 0.1,
        "part_weight": 0.5,
        "neighbor_weight": 0.0,
        "speaker_weight": 0,
        "preference_k": 1,
        "preference_weight": 1.0,
        "rerank_k_factor": 2,
        "strict": True,
        "relevance_weight": 1.0,
        "recency_weight": 0.5,
        "importance_weight": 0.5,
        "recency_decay": 0.9,
        "importance_scale": 5.0,
        "default_importance": 0.4,
        "mmr_lambda": 0.7,
        "expand": 1,
    }
    assert set(changed) == set(OPTIONS) - set(NOT_REMOTE)
    with remem.open(tmp_path / "store", embedder="hash:64") as memory:
        memory.add_many([f"note {i} about cashews and tea" for i in range(8)])
        with running(create_app(memory)) as url, remem.Client(url) as client:
            for face in (memory, client):
                for name, value in changed.items():
                    face.search("cashews", k=3, **{name: value})
            local = memory.search("cashews", k=5, now="2026-06-01", **changed)
            served = client.search("cashews", k=5, now="2026-06-01", **changed)
            assert [(h.id, h.scores) for h in served] == [(h.id, h.scores) for h in local]
            for face in (memory, client):
                with pytest.raises(remem.InvalidInputError):
                    face.search("cashews", speaker_weight=10.5)
                with pytest.raises(remem.InvalidInputError):
                    face.search("cashews", preference_k=51)


# -- Memory, AsyncMemory and Client -----------------------------------------------------------
Shape = list[tuple[str, Any, Any]]


def shape(method: Callable[..., Any]) -> Shape:
    """A method's parameters as (name, kind, default), ``self`` left out."""
    return [
        (p.name, p.kind, p.default)
        for p in inspect.signature(method).parameters.values()
        if p.name != "self"
    ]


def public(obj: Any) -> set[str]:
    """The public methods of a class or an object (not its attributes and properties)."""
    return {
        name for name in dir(obj) if not name.startswith("_") and callable(getattr(obj, name, None))
    }


def test_async_memory_has_memory_s_methods_and_signatures(mem: remem.Memory) -> None:
    amem = remem.AsyncMemory(mem)
    names = public(remem.Memory) - set(ASYNC_LACKS)
    assert public(amem) - {"open"} == names  # open: remem.open, awaited
    assert set(ASYNC_LACKS) <= public(remem.Memory)
    for name in sorted(names):
        method = getattr(amem, name)
        assert shape(method) == shape(getattr(remem.Memory, name)), name
        assert inspect.iscoroutinefunction(method) is (name not in ASYNC_NOT_AWAITED), name


def test_client_has_memory_s_methods_and_signatures() -> None:
    names = public(remem.Memory) - set(CLIENT_LACKS)
    assert public(remem.Client) - set(CLIENT_ONLY) == names
    assert set(CLIENT_LACKS) <= public(remem.Memory)
    for name in sorted(names):
        local = shape(getattr(remem.Memory, name))
        served = shape(getattr(remem.Client, name))
        lacking = {p for method, p in CLIENT_PARAMS if method == name}
        assert served == [p for p in local if p[0] not in lacking], name


def test_the_counts() -> None:
    """What the parity tests compare, for the record (and so it only grows deliberately)."""
    compared = public(remem.Memory) - set(ASYNC_LACKS)
    served = public(remem.Memory) - set(CLIENT_LACKS)
    params = sum(len(shape(getattr(remem.Memory, n))) for n in compared | served)
    allowed = (
        len(ADD_ONLY) + len(CLI_ADD_LACKS) + len(CLI_ADD_ONLY) + len(WEB_LACKS)
        + len(CLI_SEARCH_LACKS) + len(ASYNC_LACKS) + len(ASYNC_NOT_AWAITED) + len(CLIENT_LACKS)
        + len(CLIENT_ONLY) + len(CLIENT_PARAMS) + len(NOT_REMOTE)
    )  # fmt: skip
    assert len(compared) >= 28 and len(served) >= 19 and params >= 110 and allowed <= 51
