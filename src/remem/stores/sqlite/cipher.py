"""Encryption at rest: a SQLite store whose files hold no plaintext (SQLCipher 4).

With a key, every connection to the store is a SQLCipher connection (``sqlcipher3``, the
``encryption`` extra: SQLite and OpenSSL built in), keyed before its first read: each page of
the database and of its write-ahead log is encrypted with AES-256 and authenticated (HMAC),
and an encrypted store keeps no vector-index file beside it (the index is rebuilt from the
database when the store opens). The key is a passphrase (SQLCipher derives the page key with
PBKDF2-HMAC-SHA512, 256,000 iterations, once per connection), or a raw 256-bit key written
``x'<64 hex digits>'`` (no derivation). The file is SQLCipher 4's own format: any SQLCipher
tool opens it with the key.

:func:`connect` hands back a connection that raises the standard library's ``sqlite3``
errors, so the store's code is the same with or without a key. :func:`check_key` says, before
anything is opened or written, when an encrypted store is opened without a key or a plain one
with a key; a wrong key is found at the first read (:class:`WrongKeyError`).
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from remem.core.errors import InvalidInputError, MissingDependencyError, WrongKeyError

__all__ = ["WrongKeyError", "check_key", "connect", "encrypted", "rekey"]

#: The first bytes of every plain SQLite database (an encrypted one starts with random salt).
PLAIN_HEADER = b"SQLite format 3\x00"
_RAW_KEY = re.compile(r"x'(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{96})'")
_ERRORS = (
    "IntegrityError",
    "OperationalError",
    "ProgrammingError",
    "DataError",
    "NotSupportedError",
    "InternalError",
    "InterfaceError",
    "DatabaseError",
    "Warning",
    "Error",
)


def _module() -> ModuleType:
    try:
        import sqlcipher3.dbapi2 as module
    except ImportError as exc:
        raise MissingDependencyError(
            "an encrypted store needs SQLCipher: pip install 'remem[encryption]'"
        ) from exc
    return cast(ModuleType, module)


def encrypted(database: str | Path) -> bool | None:
    """Whether the database file is encrypted: None when there is none yet (or it is empty)."""
    if str(database) == ":memory:":
        return None
    try:
        with open(database, "rb") as handle:
            head = handle.read(len(PLAIN_HEADER))
    except FileNotFoundError:
        return None
    return None if not head else head != PLAIN_HEADER


def check_key(database: str, key: str | None) -> None:
    """Refuse, before any connection, a key for a store in memory or a plain one, and no key
    for an encrypted one."""
    if key is not None and not isinstance(key, str):
        raise InvalidInputError("key must be a string (a passphrase, or x'<64 hex digits>')")
    if key is not None and not key:
        raise InvalidInputError("key must not be empty")
    if database == ":memory:":
        if key:
            raise InvalidInputError(
                "a store in memory has no files to encrypt: open it without key"
            )
        return
    state = encrypted(database)
    if state and not key:
        raise WrongKeyError(f"{database} is encrypted: open it with its key (key=... or REMEM_KEY)")
    if state is False and key:
        raise InvalidInputError(
            f"{database} is not encrypted: open it without a key, or encrypt it first with "
            "`remem rekey`"
        )


def _pragma_key(key: str) -> str:
    """``key`` as the text of ``PRAGMA key`` takes it: a raw key as it is, a passphrase quoted."""
    if _RAW_KEY.fullmatch(key):
        return f'"{key}"'
    return "'" + key.replace("'", "''") + "'"


def connect(database: str, key: str | None, **options: Any) -> sqlite3.Connection:
    """A connection to ``database``: the standard library's without a key, else SQLCipher's,
    keyed and checked (a wrong key raises :class:`WrongKeyError`; nothing is written)."""
    if not key:
        return cast(sqlite3.Connection, sqlite3.connect(database, **options))
    module = _module()
    raw = module.connect(database, **options)
    try:
        raw.execute("PRAGMA cipher_log_level = NONE")
        raw.execute(f"PRAGMA key = {_pragma_key(key)}")
        raw.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except module.DatabaseError as exc:
        raw.close()
        raise WrongKeyError(f"the key does not open {database}: a wrong key ({exc})") from exc
    return cast(sqlite3.Connection, Keyed(raw, module))


def rekey(database: str, key: str | None, new_key: str | None) -> None:
    """Encrypt a plain store (``key`` None), change an encrypted one's key, or decrypt it
    (``new_key`` None), in place: the database is exported whole into a new file under the
    new key (SQLCipher's ``sqlcipher_export``), checked, and renamed over the old one; its log
    and vector-index files go (the index is rebuilt). The store must not be open elsewhere."""
    if not key and not new_key:
        raise InvalidInputError("rekey needs a key, a new key, or both")
    module = _module()
    path = Path(database)
    temporary = path.with_name(f".{path.name}.rekeying")
    temporary.unlink(missing_ok=True)
    source = module.connect(str(path), isolation_level=None, timeout=0.5)
    try:
        source.execute("PRAGMA cipher_log_level = NONE")
        if key:
            source.execute(f"PRAGMA key = {_pragma_key(key)}")
        try:
            source.execute("PRAGMA locking_mode = EXCLUSIVE")
            source.execute("BEGIN EXCLUSIVE")
        except module.OperationalError as exc:
            raise sqlite3.OperationalError(
                f"the store is open in another process ({exc}): stop it, then rekey"
            ) from exc
        except module.DatabaseError as exc:
            raise WrongKeyError(f"the key does not open {database}: a wrong key ({exc})") from exc
        source.execute("COMMIT")
        target_key = _pragma_key(new_key) if new_key else "''"
        source.execute(f"ATTACH DATABASE ? AS rekeyed KEY {target_key}", (str(temporary),))
        source.execute("SELECT sqlcipher_export('rekeyed')")
        (version,) = source.execute("PRAGMA main.user_version").fetchone()
        source.execute(f"PRAGMA rekeyed.user_version = {int(version)}")
        source.execute("DETACH DATABASE rekeyed")
    except BaseException:
        source.close()
        temporary.unlink(missing_ok=True)
        raise
    source.close()
    check = connect(str(temporary), new_key)
    try:
        found = [row[0] for row in check.execute("PRAGMA integrity_check").fetchall()]
    finally:
        check.close()
    if found != ["ok"]:
        temporary.unlink(missing_ok=True)
        raise sqlite3.DatabaseError(f"the re-keyed copy is damaged: {found[:3]}")
    for stale in (f"{path.name}-wal", f"{path.name}-shm"):
        path.with_name(stale).unlink(missing_ok=True)
    for index in path.parent.glob("remem.index*"):  # vectors in the clear: rebuilt at open
        index.unlink(missing_ok=True)
    os.replace(temporary, path)


def _translate(exc: BaseException, module: ModuleType) -> BaseException:
    """A SQLCipher error as the standard library's error of the same name and message."""
    for name in _ERRORS:
        if isinstance(exc, getattr(module, name)):
            error = getattr(sqlite3, name)(*exc.args)
            for attribute in ("sqlite_errorcode", "sqlite_errorname"):
                if hasattr(exc, attribute):
                    setattr(error, attribute, getattr(exc, attribute))
            return cast(BaseException, error)
    return exc


def _translating(call: Callable[..., Any], module: ModuleType) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            result = call(*args, **kwargs)
        except module.Error as exc:
            raise _translate(exc, module) from exc
        return Cursor(result, module) if isinstance(result, module.Cursor) else result

    return run


class _Translated:
    """A SQLCipher object (``_inner``) whose methods raise the standard library's errors."""

    __slots__ = ("_inner", "_module")

    def __init__(self, inner: Any, module: ModuleType) -> None:
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "_module", module)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        return _translating(value, self._module) if callable(value) else value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._inner, name, value)


class Cursor(_Translated):
    """A SQLCipher cursor raising the standard library's errors."""

    __slots__ = ()

    def __iter__(self) -> Iterator[Any]:
        try:
            yield from self._inner
        except self._module.Error as exc:
            raise _translate(exc, self._module) from exc


class Keyed(_Translated):
    """A keyed SQLCipher connection that raises the standard library's ``sqlite3`` errors
    and takes its ``Row`` as a row factory."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "row_factory" and value is sqlite3.Row:
            value = self._module.Row
        setattr(self._inner, name, value)

    def backup(self, target: Any, **options: Any) -> None:
        inner = target._inner if isinstance(target, Keyed) else target
        _translating(self._inner.backup, self._module)(inner, **options)

    def __enter__(self) -> Keyed:
        self._inner.__enter__()
        return self

    def __exit__(self, *exc: Any) -> Any:
        return _translating(self._inner.__exit__, self._module)(*exc)
