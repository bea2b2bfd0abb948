"""Options and helpers every ``remem`` command shares: the store and scope options, opening a
store, reading JSON and stdin arguments, and printing records as JSON lines or for people."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

import remem
from remem.core.errors import InvalidInputError, MissingDependencyError
from remem.core.records import TAGS, MemoryRecord, SearchHit
from remem.retrieval.config import OPTIONS, Option, RetrievalConfig
from remem.trust import DEFAULT_POLICY, UNTRUSTED_POLICIES

__all__ = [
    "emit",
    "existing_store",
    "json_arg",
    "namespace_option",
    "need_server_extra",
    "opened",
    "output_options",
    "read_text",
    "retrieval_options",
    "scope_options",
    "store_options",
    "tag_options",
]

F = TypeVar("F", bound=Callable[..., Any])


# -- options ------------------------------------------------------------------------------
def store_options(func: F) -> F:
    func = click.option(
        "--embedder",
        envvar="REMEM_EMBEDDER",
        help="Embedder as provider:model (default: the store's own, else local:minilm).",
    )(func)
    func = click.option(
        "--store",
        "store_path",
        envvar=["REMEM_STORE", "REMEM_STORE_URL"],
        help="Store directory, :memory:, or a URL such as postgresql://user@host/db "
        "[env REMEM_STORE or REMEM_STORE_URL; default ~/.local/share/remem].",
    )(func)
    return func


def scope_options(func: F) -> F:
    for name in ("session", "agent", "user"):
        func = click.option(f"--{name}", f"{name}_id", help=f"Scope: {name} id.")(func)
    return func


def untrusted_option(func: F) -> F:
    """``--untrusted``: what a context shows of a memory its reader does not trust
    (:data:`remem.trust.UNTRUSTED_POLICIES`)."""
    return click.option(
        "--untrusted",
        type=click.Choice(UNTRUSTED_POLICIES),
        default=DEFAULT_POLICY,
        show_default=True,
        help="A memory the reader does not trust (a document's, a tool's, a model's, another "
        "user's words): quote it apart as evidence, withhold its text, or show it with the rest.",
    )(func)


def namespace_option(func: F) -> F:
    """``--namespace LABEL``, repeated root first (``--namespace projects --namespace atlas``)."""
    return click.option(
        "--namespace",
        multiple=True,
        callback=lambda ctx, param, labels: tuple(labels) or None,
        help="A namespace label, root first; repeat it for each level.",
    )(func)


def tag_options(func: F) -> F:
    """``--<tag>`` for each tag a write may set (:data:`remem.core.records.TAGS`), passed on
    under the tag's name; its help is the declaration's."""
    for name, tag in sorted(TAGS.items(), reverse=True):
        func = click.option(f"--{name.replace('_', '-')}", name, help=tag.help)(func)
    return func


#: Flags whose name is not the option's own (the option's name is an alias).
FLAGS = {"mmr_lambda": "--mmr"}
_DEFAULTS = RetrievalConfig()


def retrieval_options(func: F) -> F:
    """A flag for every :class:`~remem.RetrievalConfig` field, typed, bounded and defaulted
    as the field declares it (:data:`~remem.retrieval.config.OPTIONS`)."""
    for name, declared in reversed(OPTIONS.items()):
        func = _retrieval_flag(name, declared)(func)
    return func


def _retrieval_flag(name: str, declared: Option) -> Callable[[F], F]:
    flag = "--" + name.replace("_", "-")
    flags = [FLAGS[name], flag] if name in FLAGS else [flag]
    default = getattr(_DEFAULTS, name)
    if declared.kind == "bool":
        flags = [f"{flag}/--no-{flag[2:]}"]
    kind: click.ParamType[Any] | None = None
    if declared.kind == "int":
        kind = click.IntRange(int(declared.low), int(declared.high))
    elif declared.kind == "float":
        kind = click.FloatRange(declared.low, declared.high)
    elif declared.kind == "choice":
        kind = click.Choice(declared.choices)
    return click.option(
        *flags, name, type=kind, default=default, show_default=True, help=declared.help
    )


def _plain_on_a_terminal(ctx: click.Context, param: click.Parameter, value: bool | None) -> bool:
    return sys.stdout.isatty() if value is None else value


def output_options(func: F) -> F:
    """``--plain`` / ``--json``: text for a person or one JSON object per line for a script.
    Neither: text on a terminal, JSON lines when the output goes to a pipe or a file."""
    return click.option(
        "--plain/--json",
        "plain",
        default=None,
        callback=_plain_on_a_terminal,
        help="Text for reading, or JSON lines for scripts [default: text on a terminal, "
        "else JSON].",
    )(func)


@contextmanager
def opened(
    store_path: str | None, embedder: str | None, *, read: bool = False, **settings: Any
) -> Iterator[remem.Memory]:
    """The store at ``store_path`` (or the configured default), with ``settings`` (None: as
    configured). A command that only reads (``read``) refuses a location with no store ("no
    store at ...") instead of creating one."""
    if read:
        from remem.core.settings import Settings

        existing_store(Settings.load(store=store_path).store)
    with remem.open(store_path, embedder=embedder, **settings) as memory:
        yield memory


def existing_store(location: str) -> str:
    """``location`` when a store is there to read; else "no store at ..." (a read must not
    create an empty store). A database URL is checked by opening it."""
    from remem.stores import sqlite_location
    from remem.stores.sqlite.db import DB_NAME

    directory = sqlite_location(location)
    if directory == ":memory:":
        raise InvalidInputError("a new :memory: store holds nothing to read")
    folder = Path(directory) if directory is not None else None
    if folder is not None and folder.is_dir() and any(folder.iterdir()):
        return location  # a folder of other files: opening it says it is not a store
    if folder is not None and not (folder / DB_NAME).is_file():
        raise InvalidInputError(
            f"no store at {directory} (no {DB_NAME} there): pass --store, or make one with "
            "`remem add` or `remem demo`"
        )
    return location


def json_arg(value: str | None, name: str) -> Any:
    if value is None:
        return None
    try:
        return json.loads(value)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{name} is not valid JSON: {exc}") from exc


def read_text(text: str) -> str:
    """The argument, or all of stdin for ``-`` (decoded strictly as UTF-8)."""
    if text != "-":
        return text
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"stdin is not valid UTF-8 (byte {exc.start})") from exc


def emit(record: MemoryRecord | dict[str, Any], plain: bool) -> None:
    data = record.to_dict() if isinstance(record, MemoryRecord) else record
    if not plain:
        click.echo(json.dumps(data, ensure_ascii=False, default=str))
        return
    if isinstance(record, SearchHit):
        signals = "  ".join(
            f"{k}={v:.4g}" for k, v in record.scores.items() if not k.endswith("_rank")
        )
        click.echo(f"{record.score:.4f}  {record.text}\n        {signals}  id={record.id}")
        for neighbour in record.neighbors:
            click.echo(f"        | {neighbour.text}")
    elif isinstance(record, MemoryRecord):
        scope = "/".join(s or "-" for s in (record.user_id, record.agent_id, record.session_id))
        stamp = record.created_at.strftime("%Y-%m-%d %H:%M")
        click.echo(f"{record.id}  {stamp}  {record.kind:<9} {scope}  {record.text}")
    else:
        for key, value in data.items():
            click.echo(f"{key.replace('_', ' ')}: {_plain(value)}")


def _plain(value: Any) -> str:
    """A value as a person reads it: no Python reprs (brackets, quotes, None)."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) or "none"
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.4g}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def need_server_extra() -> None:
    try:
        import fastapi  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError.for_extra(exc.name or "fastapi", "server") from exc
