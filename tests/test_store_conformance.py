"""remem's own stores against the store conformance suite (:mod:`remem.testing`): SQLite on
disk (plain and encrypted) and in memory, and PostgreSQL (a database of the session's
throwaway cluster, :mod:`tests.pg`). The checks live in the package, so a backend outside
remem runs the same ones (``tests/test_testing_suite.py`` shows one). Also here: opening a
store by location."""

from __future__ import annotations

from pathlib import Path

import pytest

import remem
from remem.stores import Store, open_store
from remem.testing import StoreConformance

from . import pg


class TestSQLiteFile(StoreConformance):
    def open_store(self, place: Path) -> Store:
        return open_store(place)


class TestSQLiteMemory(StoreConformance):
    shared_handles = False  # each handle of ":memory:" is a store of its own

    def open_store(self, place: Path) -> Store:
        return open_store(":memory:")


class TestSQLiteEncrypted(StoreConformance):
    """The same checks on an encrypted store (SQLCipher: tests/test_encryption.py)."""

    def open_store(self, place: Path) -> Store:
        return open_store(place, key="conformance passphrase")


class TestPostgres(StoreConformance):
    def open_store(self, place: Path) -> Store:
        return open_store(pg.url_for(place))


# -- opening by location ---------------------------------------------------------------------------
@pytest.mark.parametrize("form", ["{dir}", "sqlite:{dir}", "sqlite://{dir}"])
def test_a_store_opens_by_path_or_url(tmp_path: Path, form: str) -> None:
    location = form.format(dir=tmp_path / "store")
    with remem.open(location, embedder="hash:16") as mem:
        mem.add("kept across forms")
    with remem.open(tmp_path / "store") as mem:  # every form names the same store
        assert [r.text for r in mem.list()] == ["kept across forms"]


def test_an_unknown_scheme_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(remem.InvalidInputError, match=r"no store opens redis: .*postgresql:"):
        open_store("redis://localhost/0")
    # A server that is not there: the store says where it looked (a socket path: no network).
    with pytest.raises(
        remem.StoreError,
        match=r"cannot connect to PostgreSQL at postgresql://u:\*\*\*@.*Is the server running",
    ):
        open_store(f"postgresql://u:secret@/db?host={tmp_path}&connect_timeout=2")
    in_memory = open_store("sqlite::memory:")
    try:
        assert in_memory.path == ":memory:"
    finally:
        in_memory.close()
