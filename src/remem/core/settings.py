"""Settings: one object, read with the precedence argument > environment > config file > default.

Environment variables carry the ``REMEM_`` prefix (``REMEM_STORE``, ``REMEM_EMBEDDER``, ...);
``REMEM_STORE_URL`` names the store too when ``REMEM_STORE`` is unset. The config file is TOML,
at ``$REMEM_CONFIG`` or ``~/.config/remem/config.toml``, with the same keys in lower case, top
level or under ``[remem]``. The limits (:class:`~remem.core.limits.Limits`) are held whole as
``settings.limits`` and read the same way, field by field: ``REMEM_MAX_TEXT_CHARS``, or
``max_text_chars`` in the file or as an argument. Loading settings does no other work: nothing
is created, loaded or contacted. Providers keep their own settings (e.g. ``OpenAISettings``).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from remem.core.errors import InvalidInputError
from remem.core.limits import DEFAULT_LIMITS, Limits

__all__ = ["Settings", "default_store_path"]


def default_store_path() -> str:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "remem")


@dataclass(frozen=True, slots=True)
class Settings:
    #: Store directory, or ``":memory:"``.
    store: str = ""
    #: ``"provider:model"``; empty means the store's recorded embedder, else ``local:minilm``.
    embedder: str = ""
    #: Seconds a write waits for another process's lock before failing.
    busy_timeout: float = 10.0
    #: SQLite ``synchronous``: FULL makes every write durable on return.
    synchronous: str = "FULL"
    #: Progress bars on long work: "auto" (when stderr is a terminal), "on" or "off".
    progress: str = "auto"
    #: A memory longer than this many tokens also gets a vector for each overlapping window of
    #: this size, so all of it is searchable by meaning; 0: only its opening gets a vector.
    part_tokens: int = 128
    #: Tokens shared by consecutive windows.
    part_overlap: int = 32
    #: Days a recoverable delete (a model's, through the tools or MCP) stays in the trash,
    #: restorable, before it goes for good.
    trash_days: float = 30.0
    #: A search that may match at most this many vectors runs exactly; above it, the ANN index
    #: answers. 0: the store's own default (SQLite 20,000, where the IVF cells are built on first
    #: need and saved beside the store as ``remem.index.*``; PostgreSQL 2,000, pgvector's HNSW).
    exact_search_limit: int = 0
    #: PostgreSQL read replicas (streaming standbys of the store's primary) that answer reads
    #: and searches; in the environment or a file, URLs separated by spaces
    #: (``REMEM_REPLICAS``). Writes always go to the primary (docs/scaling.md).
    replicas: tuple[str, ...] = ()
    #: The key of an encrypted SQLite store (a passphrase, or ``x'<64 hex digits>'``); empty:
    #: not encrypted. Read from ``REMEM_KEY`` (never shown: not in the repr).
    key: str = field(default="", repr=False)
    #: What one call may ask (:class:`~remem.core.limits.Limits` documents each); each of its
    #: fields is a setting of its own name: ``REMEM_MAX_*``, ``max_*`` in the file.
    limits: Limits = field(default=DEFAULT_LIMITS)

    @classmethod
    def load(cls, config_file: str | Path | None = None, **overrides: Any) -> Settings:
        settings = cls(store=default_store_path())
        settings = settings._merge(_read_file(config_file), "config file")
        env = {
            name: os.environ[f"REMEM_{name.upper()}"]
            for name in _names()
            if f"REMEM_{name.upper()}" in os.environ
        }
        if "store" not in env and os.environ.get("REMEM_STORE_URL"):  # the name servers use
            env["store"] = os.environ["REMEM_STORE_URL"]
        settings = settings._merge(env, "environment")
        return settings._merge({k: v for k, v in overrides.items() if v is not None}, "argument")

    def _merge(self, values: dict[str, Any], source: str) -> Settings:
        known = _names()
        typed: dict[str, Any] = {}
        for key, value in values.items():
            if key not in known:
                raise InvalidInputError(f"unknown setting {key!r} in {source}: use {sorted(known)}")
            default = getattr(DEFAULT_LIMITS if key in _LIMITS else _DEFAULT, key)
            try:
                typed[key] = _typed(default, value)
            except (TypeError, ValueError) as exc:
                raise InvalidInputError(f"setting {key!r} from {source}: {exc}") from exc
        limits = {key: typed.pop(key) for key in _LIMITS & typed.keys()}
        if limits:
            typed["limits"] = replace(self.limits, **limits)  # checked there
        return replace(self, **typed)


def _typed(default: Any, value: Any) -> Any:
    """``value`` as the type of ``default``; a list setting from text: its words."""
    if isinstance(default, tuple):
        return tuple(value.split()) if isinstance(value, str) else tuple(str(v) for v in value)
    return type(default)(value)


_DEFAULT = Settings()
#: The names of the limits, each a setting of its own.
_LIMITS = frozenset(f.name for f in fields(Limits))


def _names() -> frozenset[str]:
    """Every setting's name: the fields of :class:`Settings` but ``limits``, and each limit."""
    return frozenset(f.name for f in fields(Settings) if f.name != "limits") | _LIMITS


def _read_file(path: str | Path | None) -> dict[str, Any]:
    explicit = path or os.environ.get("REMEM_CONFIG")
    file = Path(explicit) if explicit else Path.home() / ".config" / "remem" / "config.toml"
    if not file.is_file():
        if explicit:
            raise InvalidInputError(f"config file {file} does not exist")
        return {}
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise InvalidInputError(f"cannot read config file {file}: {exc}") from exc
    section = data.get("remem", data)
    return dict(section) if isinstance(section, dict) else {}
