"""Shared fixtures. Tests never touch the network: connections off loopback are refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remem

from . import pg
from .netguard import offline

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    offline(monkeypatch)


@pytest.fixture(autouse=True)
def isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No user config or store leaks into a test."""
    for name in ("REMEM_STORE", "REMEM_EMBEDDER", "REMEM_CONFIG", "REMEM_PROGRESS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


@pytest.fixture(params=["file", "memory", "postgres"])
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[remem.Memory]:
    """A store on the small deterministic embedder: SQLite on disk and in memory, and
    PostgreSQL (a database of the session's throwaway cluster, :mod:`tests.pg`)."""
    path = {
        "file": str(tmp_path / "store"),
        "memory": ":memory:",
        "postgres": pg.url_for(tmp_path / "store") if request.param == "postgres" else "",
    }[request.param]
    with remem.open(path, embedder="hash:64") as memory:
        yield memory


@pytest.fixture
def disk_mem(tmp_path: Path) -> Iterator[remem.Memory]:
    with remem.open(tmp_path / "store", embedder="hash:64") as memory:
        yield memory


@pytest.fixture(scope="session")
def model_mem_factory() -> Any:
    """Stores on the real bundled model, sharing one loaded model across the session."""
    embedder = remem.get_embedder("local:minilm")

    def make(path: str = ":memory:", **options: Any) -> remem.Memory:
        return remem.open(path, embedder=embedder, **options)

    return make


@pytest.fixture(scope="module")
def cluster() -> Iterator[pg.Cluster]:
    """A primary and one streaming standby (tests/pg.py), for a module's tests of replicas."""
    made = pg.Cluster(standbys=1)
    try:
        yield made
    finally:
        made.close()
