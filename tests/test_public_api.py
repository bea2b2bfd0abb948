"""The public API is what remem.__all__ lists; this pins it so changes are deliberate."""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing

import remem
from remem.core.records import MemoryFields

PUBLIC = [
    "AGENT_RETRIEVAL",
    "TooManyRequestsError",
    "TrashedMemory",
    "Trust",
    "AsyncMemory",
    "Context",
    "RetrievalConfig",
    "RerankWarning",
    "Reranker",
    "RerankerError",
    "get_reranker",
    "register_reranker",
    "ConflictError",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "EmbedderSignature",
    "EmptyTextError",
    "FilterError",
    "IndexWarning",
    "InvalidInputError",
    "InvalidTextError",
    "LongTextWarning",
    "Memory",
    "Grant",
    "MemoryRecord",
    "MissingDependencyError",
    "ModelChoiceWarning",
    "NotAStoreError",
    "NotFoundError",
    "RememError",
    "SearchHit",
    "Settings",
    "StoreError",
    "StoreStats",
    "VectorError",
    "WrongKeyError",
    "__version__",
    "deriving",
    "get_embedder",
    "open",
    "register_embedder",
    # memory types (issue 5)
    "CacheLookup",
    "ChatMemory",
    "KeyMatch",
    "KeyValueMemory",
    "LLM",
    "LLMError",
    "MemoryStream",
    "SemanticCache",
    "token_counter",
    # LLM layer (issue 6)
    "ChatModel",
    "ContextOverflowError",
    "FactChange",
    "FactMemory",
    "Persona",
    "PersonaContext",
    "Provenance",
    "LLMAuthError",
    "LLMRateLimitError",
    "LLMReplyError",
    "LLMTimeoutError",
    "Reply",
    "ToolCall",
    "Usage",
    "get_llm",
    "tools",
    # remem as a service (issue 7)
    "AuthenticationError",
    "Client",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "ServerUnavailableError",
    # data integrity
    "StorageFullError",
    # hostile input
    "Limits",
    # PostgreSQL in production (issue 35)
    "IndexState",
    "StoreUnavailableError",
]


def test_all_is_pinned() -> None:
    assert sorted(remem.__all__) == sorted(PUBLIC)
    for name in remem.__all__:
        assert hasattr(remem, name)


def test_stable_signatures() -> None:
    add = inspect.signature(remem.Memory.add)
    assert list(add.parameters)[:2] == ["self", "text"]
    for name in (
        "user_id",
        "agent_id",
        "session_id",
        "kind",
        "role",
        "metadata",
        "created_at",
        "importance",
    ):  # keywords only, as they always were: keys of the ``**fields`` add unpacks
        assert name in typing.get_type_hints(MemoryFields), name
    assert add.parameters["fields"].kind is inspect.Parameter.VAR_KEYWORD
    with remem.open(":memory:", embedder="hash:64") as mem:
        assert mem.add("a memory").kind == "message"
    search = inspect.signature(remem.Memory.search)
    assert search.parameters["k"].default == 10 and search.parameters["mode"].default == "hybrid"
    for name in ("k", "user_id", "agent_id", "session_id", "filters", "mode"):
        assert search.parameters[name].kind is inspect.Parameter.KEYWORD_ONLY
    for method in (
        "context",
        "add_many",
        "add_document",
        "get",
        "list",
        "update",
        "delete",
        "export",
        "import_",
        "stats",
        "close",
        "__enter__",
        "__exit__",
    ):
        assert callable(getattr(remem.Memory, method))


def test_errors_carry_http_status_and_builtin_bases() -> None:
    assert remem.InvalidInputError.status == 400 and issubclass(remem.InvalidInputError, ValueError)
    assert remem.NotFoundError.status == 404 and issubclass(remem.NotFoundError, KeyError)
    assert remem.EmbedderMismatchError.status == 409
    assert issubclass(remem.MissingDependencyError, ImportError)
    assert all(
        issubclass(getattr(remem, n), remem.RememError) for n in PUBLIC if n.endswith("Error")
    )


def test_import_does_no_work() -> None:
    """Importing remem loads no model, creates no file and imports no heavy module."""
    code = (
        "import sys, remem; "
        "heavy = [m for m in ('onnxruntime', 'tokenizers', 'httpx', 'tqdm') if m in sys.modules]; "
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_settings_precedence(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    config = tmp_path / "config.toml"
    config.write_text('[remem]\nstore = "/from/file"\nbusy_timeout = 3\nembedder = "hash:8"\n')
    monkeypatch.setenv("REMEM_CONFIG", str(config))
    monkeypatch.setenv("REMEM_BUSY_TIMEOUT", "7")
    s = remem.Settings.load(embedder="hash:16")
    assert s.store == "/from/file"  # file beats default
    assert s.busy_timeout == 7.0  # environment beats file
    assert s.embedder == "hash:16"  # argument beats environment and file
    monkeypatch.setenv("REMEM_BUSY_TIMEOUT", "soon")
    try:
        remem.Settings.load()
    except remem.InvalidInputError as exc:
        assert "busy_timeout" in str(exc)
    else:
        raise AssertionError("a bad setting was accepted")


def test_settings_hold_the_limits_whole(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Settings restate no limit: they hold one Limits, and each limit is still a setting of
    its own name, with the same precedence (docs/server.md, "Limits")."""
    from dataclasses import fields

    assert not [f.name for f in fields(remem.Settings) if f.name.startswith("max_")]
    assert remem.Settings().limits == remem.Limits()
    config = tmp_path / "config.toml"
    config.write_text("[remem]\nmax_k = 50\nmax_batch = 60\nmax_json_depth = 7\n")
    monkeypatch.setenv("REMEM_CONFIG", str(config))
    monkeypatch.setenv("REMEM_MAX_BATCH", "70")
    monkeypatch.setenv("REMEM_MAX_TEXT_CHARS", "80")
    limits = remem.Settings.load(max_json_depth=9).limits
    assert (limits.max_k, limits.max_batch, limits.max_text_chars) == (50, 70, 80)
    assert limits.max_json_depth == 9  # argument beats file
    with remem.open(":memory:", embedder="hash:8", max_k=5) as mem:
        assert mem.limits == remem.Limits(
            max_k=5, max_batch=70, max_text_chars=80, max_json_depth=7
        )
    config.write_text("max_query_terms = 3\n")  # top level, as other settings
    assert remem.Settings.load().limits.max_query_terms == 3
    for bad, message in (({"limits": 1}, "unknown setting 'limits'"), ({"max_k": "x"}, "max_k")):
        try:
            remem.Settings.load(**bad)
        except remem.InvalidInputError as exc:
            assert message in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_the_error_tree_in_the_docs_names_every_error() -> None:
    """errors.py's docstring draws the tree; it must name every error and warning class."""
    import re

    from remem.core import errors

    drawn = set(re.findall(r"\b([A-Z][A-Za-z]+(?:Error|Warning))\b", errors.__doc__ or ""))
    defined = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type)
        and issubclass(value, (errors.RememError, Warning))
        and value.__module__ == errors.__name__
    }
    assert defined == drawn - {"ValueError", "KeyError", "ImportError", "UserWarning"}


def test_the_engines_narrow_door_is_held_to_the_engine() -> None:
    """``EngineAPI`` (what memory types call) is written out by hand: each method's signature
    is the engine's own, annotations evaluated, and each attribute it names the engine has."""
    import inspect

    from remem.engine import Engine
    from remem.engine.protocol import EngineAPI

    methods = [n for n, m in vars(EngineAPI).items() if not n.startswith("_") and callable(m)]
    assert len(methods) >= 10
    for name in methods:
        door = inspect.signature(getattr(EngineAPI, name), eval_str=True)
        engine = inspect.signature(getattr(Engine, name), eval_str=True)
        assert door == engine, f"EngineAPI.{name}{door} is not Engine.{name}{engine}"
    named = [n for n, m in vars(EngineAPI).items() if isinstance(m, property)]
    named += list(getattr(EngineAPI, "__annotations__", {}))
    assert {"store", "embedder", "grant", "limits", "principal"} <= set(named)
    with remem.open(":memory:", embedder="hash:64") as mem:
        assert all(hasattr(mem, n) for n in named)
