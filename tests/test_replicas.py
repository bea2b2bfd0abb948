"""PostgreSQL read replicas and failover, on a real primary and streaming standby started from
the PyPI wheel (``tests/pg.py``'s :class:`~tests.pg.Cluster`): reads on the replica, writes on
the primary, a process reads its own writes, a replica that lags or goes away is skipped and
comes back, and a promoted standby takes over with no acknowledged write lost."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

import remem
from remem.server import create_app
from remem.stores.base import later_position
from remem.stores.postgres import PostgresStore
from remem.stores.postgres.replicas import given_lsn, lsn_number, lsn_text

from . import pg
from .serving import free_port, running
from .test_postgres import wait_for


def _database(cluster: pg.Cluster, name: str) -> tuple[str, str]:
    """A new database on the primary (created on the standby by replay): its URL on each."""
    cluster.primary.sql(f"CREATE DATABASE {name}")
    cluster.wait_replayed(cluster.standbys[0])
    return cluster.primary.url(name), cluster.standbys[0].url(name)


class Balancer(httpx.BaseTransport):
    """Each request to the next of ``bases`` in turn, as a round-robin load balancer."""

    def __init__(self, *bases: str) -> None:
        self.bases = [httpx.URL(base) for base in bases]
        self.turn = 0
        self.inner = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        base = self.bases[self.turn % len(self.bases)]
        self.turn += 1
        request.url = request.url.copy_with(host=base.host, port=base.port)
        return self.inner.handle_request(request)


def _store(mem: remem.Memory) -> PostgresStore:
    assert isinstance(mem.store, PostgresStore)
    return mem.store


def _by_replica(mem: remem.Memory) -> int:
    return sum(n for (who, _), n in _store(mem).reads_served().items() if who == "replica")


def _by_primary(mem: remem.Memory, why: str) -> int:
    return _store(mem).reads_served().get(("primary", why), 0)


def test_reads_go_to_the_replica_and_a_process_reads_its_own_writes(cluster: pg.Cluster) -> None:
    primary, replica = _database(cluster, "reads")
    standby = cluster.standbys[0]
    options = {"replicas": [replica], "replica_wait": 0.3}
    with remem.open(primary, embedder="hash:64", store_options=options) as writer:
        writer.add("Ann keeps bees on the roof.", user_id="ann")
        # Its own write, read at once: the replica waits for it to be replayed (or the
        # primary answers); never missing.
        assert [h.text for h in writer.search("bees", user_id="ann")] == [
            "Ann keeps bees on the roof."
        ]
        assert _by_replica(writer) > 0
        cluster.wait_replayed(standby)
        with remem.open(primary, embedder="hash:64", store_options=options) as reader:
            assert len(reader.list(user_id="ann")) == 1
            served = _by_replica(reader)
            assert served > 0
            standby.sql("SELECT pg_wal_replay_pause()")
            try:
                fresh = writer.add("Ann's hive swarmed in May.", user_id="ann")
                # The writer reads its write although the replica stopped replaying: the
                # primary answers after the bounded wait, and says why.
                assert writer.get(fresh.id).text == "Ann's hive swarmed in May."
                assert _by_primary(writer, "behind") >= 1
                # Another process (no write of its own) reads on the replica, which has not
                # replayed it yet: the proof that reads go there.
                assert [m.text for m in reader.list(user_id="ann")] == [
                    "Ann keeps bees on the roof."
                ]
                assert _by_replica(reader) > served
            finally:
                standby.sql("SELECT pg_wal_replay_resume()")
            cluster.wait_replayed(standby)
            assert len(reader.list(user_id="ann")) == 2
            # Searches (dense and keyword) and stats read there too, scoped as ever.
            assert reader.search("hive swarmed", user_id="ann")[0].id == fresh.id
            assert reader.search("hive swarmed", user_id="bob") == []
            assert reader.stats().records == 2
            # A tenant reading through the replica: Ann's records are unknown ids to Bob.
            bob = reader.scoped(remem.Grant(users=("bob",)))
            assert bob.search("hive swarmed") == [] and bob.list() == []
            assert bob.get_many([fresh.id]) == bob.get_many(["no-such-id"]) == []


def test_a_write_through_one_server_is_read_through_another(cluster: pg.Cluster) -> None:
    """Read-your-writes across processes: a write's position (``Memory.position()``, REST's
    ``X-Remem-Position``) holds another handle's reads to it — in Python with
    ``reading_after``, over REST by the client sending back what a write answered, through
    two servers as behind a load balancer. Tokens that cannot be positions are refused."""
    primary, replica = _database(cluster, "positions")
    standby = cluster.standbys[0]
    options = {"replicas": [replica], "replica_wait": 0.3}
    with (
        remem.open(primary, embedder="hash:64", store_options=options) as one,
        remem.open(primary, embedder="hash:64", store_options=options) as two,
    ):
        one.add("Ann keeps bees on the roof.", user_id="ann")
        cluster.wait_replayed(standby)
        standby.sql("SELECT pg_wal_replay_pause()")
        try:
            fresh = one.add("Ann's hive swarmed in May.", user_id="ann")
            position = one.position()
            assert position is not None and "/" in position
            # The other handle has no write of its own: the replica answers, without it ...
            assert len(two.list(user_id="ann")) == 1
            # ... unless it reads after the position: the primary, after the bounded wait.
            behind = _by_primary(two, "behind")
            with two.reading_after(position):
                assert len(two.list(user_id="ann")) == 2
                assert two.get(fresh.id).text == "Ann's hive swarmed in May."
                # A tenant reading after Ann's write still sees nothing of hers.
                bob = two.scoped(remem.Grant(users=("bob",)))
                assert bob.list() == [] and bob.get_many([fresh.id]) == []
            assert _by_primary(two, "behind") > behind
            assert len(two.list(user_id="ann")) == 1  # the block is over
            for bad in ("", "0/1 OR 1=1", "x" * 65, 7):
                with pytest.raises(remem.InvalidInputError):
                    two.reading_after(bad)  # type: ignore[arg-type]
            with pytest.raises(remem.InvalidInputError), two.reading_after("not-a-wal-position"):
                two.list(user_id="ann")

            # Over REST, two servers on the one database: the client sends back the position
            # its write answered, so the other server reads it.
            with running(create_app(one)) as first, running(create_app(two)) as second:
                writer = remem.Client(first)
                added = writer.add("Ann's queen is marked blue.", user_id="ann")
                assert writer.position() is not None
                reader = remem.Client(second)
                assert added.id not in {m.id for m in reader.list(user_id="ann")}
                with reader.reading_after(writer.position()):
                    assert added.id in {m.id for m in reader.list(user_id="ann")}
                # Behind a balancer (each request to the next server), a client reads what it
                # wrote through the other: the position travels with its requests.
                with remem.Client("http://balancer", transport=Balancer(first, second)) as both:
                    noted = both.add("Ann split the hive.", user_id="ann")  # the first
                    assert noted.id in {m.id for m in both.list(user_id="ann")}  # the second
                    assert both._http._transport.turn == 2  # type: ignore[attr-defined]
                answer = httpx.get(
                    f"{second}/v1/memories", params={"user_id": "ann"},
                    headers={"X-Remem-Position": "0/1 OR 1"},
                )  # fmt: skip
                assert answer.status_code == 400
                assert "X-Remem-Position" in answer.json()["error"]["message"]
                read = httpx.get(f"{second}/v1/memories", params={"user_id": "ann"})
                assert "x-remem-position" not in read.headers  # reads do not send one
        finally:
            standby.sql("SELECT pg_wal_replay_resume()")


def test_a_lagging_replica_is_skipped_until_it_catches_up(cluster: pg.Cluster) -> None:
    primary, replica = _database(cluster, "lagging")
    standby = cluster.standbys[0]
    options = {"replicas": [replica], "max_replica_lag": 0.5}
    with (
        remem.open(primary, embedder="hash:64") as writer,
        remem.open(primary, embedder="hash:64", store_options=options) as reader,
    ):
        writer.add("First note.", user_id="ann")
        cluster.wait_replayed(standby)
        assert len(reader.list(user_id="ann")) == 1
        standby.sql("SELECT pg_wal_replay_pause()")
        try:
            writer.add("Second note.", user_id="ann")  # received, not replayed
            time.sleep(1.6)  # past the lag bound and the state's next check
            assert len(reader.list(user_id="ann")) == 2  # the primary answered
            assert _by_primary(reader, "lagging") >= 1
            state = _store(reader).replica_states()[0]
            assert state["up"] and state["standby"] and state["lag_seconds"] > 0.5
        finally:
            standby.sql("SELECT pg_wal_replay_resume()")
        cluster.wait_replayed(standby)
        time.sleep(1.1)  # the next check sees it caught up
        before = _by_replica(reader)
        assert len(reader.list(user_id="ann")) == 2
        assert _by_replica(reader) == before + 1


def test_a_replica_that_goes_away_is_skipped_and_comes_back(cluster: pg.Cluster) -> None:
    primary, replica = _database(cluster, "away")
    standby = cluster.standbys[0]
    options = {"replicas": [replica], "replica_retry": 0.3}
    with remem.open(primary, embedder="hash:64", store_options=options) as mem:
        mem.add("Bob walks the dog at seven.", user_id="bob")
        assert len(mem.list(user_id="bob")) == 1
        standby.stop("fast")
        try:
            for _ in range(3):  # no error: the primary answers while it is away
                assert len(mem.list(user_id="bob")) == 1
                assert mem.search("dog", user_id="bob")[0].text.startswith("Bob")
            assert _by_primary(mem, "failed") + _by_primary(mem, "down") >= 3
            assert not _store(mem).replica_states()[0]["up"]
        finally:
            standby.start(hot_standby_feedback="on")
        cluster.wait_replayed(standby)
        time.sleep(0.4)  # past the retry delay
        before = _by_replica(mem)
        assert len(mem.list(user_id="bob")) == 1
        assert _by_replica(mem) == before + 1


def test_a_wrong_or_unreachable_replica_is_a_clear_error_at_open(cluster: pg.Cluster) -> None:
    primary, _ = _database(cluster, "wrong")
    unreachable = f"postgresql://remem:secret@127.0.0.1:{free_port()}/wrong"
    with pytest.raises(remem.StoreError, match=r"replica: cannot connect .*127\.0\.0\.1") as err:
        remem.open(primary, embedder="hash:64", store_options={"replicas": [unreachable]})
    assert "secret" not in str(err.value)  # the password masked
    cluster.primary.sql("CREATE DATABASE notremem")
    cluster.wait_replayed(cluster.standbys[0])
    other = cluster.standbys[0].url("notremem")
    with pytest.raises(remem.StoreError, match=r"replica .*notremem holds no remem store"):
        remem.open(primary, embedder="hash:64", store_options={"replicas": [other]})
    with pytest.raises(remem.InvalidInputError, match="replicas are PostgreSQL's"):
        remem.open(":memory:", embedder="hash:64", replicas=[primary])


def test_replicas_from_the_environment_and_remem_serve_replica(
    cluster: pg.Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    primary, replica = _database(cluster, "served")
    monkeypatch.setenv("REMEM_REPLICAS", f"{replica} {replica}")
    with remem.open(primary, embedder="hash:64") as mem:
        assert [s["url"] for s in _store(mem).replica_states()] == [replica, replica]
    monkeypatch.delenv("REMEM_REPLICAS")
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "remem"),
            "serve",
            "--store",
            primary,
            "--replica",
            replica,
            "--embedder",
            "hash:64",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = wait_for(f"http://127.0.0.1:{port}", server) + "/v1"
        added = httpx.post(f"{base}/memories", json={"text": "Cy sings bass.", "user_id": "cy"})
        assert added.status_code in (200, 201)
        found = httpx.post(f"{base}/search", json={"query": "sings", "user_id": "cy"}).json()
        assert [h["text"] for h in found["hits"]] == ["Cy sings bass."]
    finally:
        server.terminate()
        server.wait(10)


def test_failover_loses_no_acknowledged_write_and_the_pool_finds_the_new_primary() -> None:
    cluster = pg.Cluster(standbys=1, synchronous=True)
    try:
        old, new = cluster.primary, cluster.standbys[0]
        url = f"postgresql://postgres@127.0.0.1:{old.port},127.0.0.1:{new.port}/postgres"
        acknowledged: list[list[str]] = []
        failed: list[str] = []  # tags of batches that raised
        stop = threading.Event()
        errors: list[BaseException] = []

        def write() -> None:
            n = 0
            with remem.open(url, embedder="hash:64", store_options={"connect_timeout": 2}) as mem:
                while not stop.is_set():
                    tag = f"b{n}"
                    n += 1
                    items = [
                        {
                            "text": f"batch {tag} item {i}",
                            "user_id": "ann",
                            "metadata": {"batch": tag},
                        }
                        for i in range(20)
                    ]
                    try:
                        made = mem.add_many(items)
                        acknowledged.append([m.id for m in made])
                    except remem.StoreUnavailableError:
                        failed.append(tag)
                        time.sleep(0.05)
                    except BaseException as exc:  # anything else is a failure of the test
                        errors.append(exc)
                        return

        writer = threading.Thread(target=write)
        writer.start()
        while len(acknowledged) < 10:
            assert writer.is_alive(), errors
            time.sleep(0.02)
        old.stop("immediate")  # the primary dies under load
        killed_at, before = time.monotonic(), len(acknowledged)
        new.promote()
        while len(acknowledged) <= before + 5:
            assert writer.is_alive(), errors
            assert time.monotonic() - killed_at < 60, "writes did not resume"
            time.sleep(0.02)
        stop.set()
        writer.join(30)
        assert not errors
        # A batch in flight when the primary died failed with StoreUnavailableError (retried
        # by the loop); one that began after waited in the pool for the promoted node.
        with remem.open(new.url(), embedder="hash:64") as after:
            held = {m.id for m in after.list(user_id="ann", limit=100_000)}
            lost = [i for batch in acknowledged for i in batch if i not in held]
            assert lost == []
            for tag in failed:  # a batch is all or nothing
                kept = after.list(user_id="ann", filters={"metadata.batch": tag}, limit=100)
                assert len(kept) in (0, 20)
    finally:
        cluster.close()


def test_a_database_out_of_reach_is_a_503_to_retry_and_the_pool_recovers() -> None:
    from remem.server import create_app

    from .serving import running

    cluster = pg.Cluster(standbys=0)
    try:
        with (
            remem.open(
                cluster.primary.url(), embedder="hash:64", store_options={"connect_timeout": 1}
            ) as mem,
            running(create_app(mem)) as base,
        ):
            body = {"text": "Dee likes rain.", "user_id": "dee"}
            assert httpx.post(f"{base}/v1/memories", json=body).status_code == 201
            cluster.primary.stop("immediate")
            snow = {**body, "text": "Dee likes snow."}
            down = httpx.post(f"{base}/v1/memories", json=snow, timeout=30)
            assert down.status_code == 503
            assert down.headers["Retry-After"] == "1"
            assert down.json()["error"]["type"] == "StoreUnavailableError"
            cluster.primary.start()
            back = time.monotonic()
            fog = {**body, "text": "Dee likes fog."}
            while (again := httpx.post(f"{base}/v1/memories", json=fog)).status_code != 201:
                assert again.status_code == 503, again.text  # refused whole, to retry
                assert time.monotonic() - back < 2.0, "writes did not come back in 2 s"
                time.sleep(0.05)
            # the same process: the primary found again, a fresh pool to it
            texts = {m.text for m in mem.list(user_id="dee")}
            assert texts == {"Dee likes rain.", "Dee likes fog."}  # nothing of the failed call
    finally:
        cluster.close()


def test_positions_order_as_wal_positions() -> None:
    """The client keeps the later of two positions: WAL positions by number (not as text:
    '0/F' is before '0/10'), other tokens the newer."""
    assert later_position("0/10", "0/F") == "0/10"
    assert later_position("0/F", "1/0") == "1/0"
    assert later_position(None, "0/1") == "0/1" and later_position("0/1", None) == "0/1"
    assert later_position("opaque-a", "opaque-b") == "opaque-b"
    assert lsn_text(lsn_number("16/B374D848")) == "16/B374D848"
    with pytest.raises(remem.InvalidInputError):
        given_lsn("16/B374D848/1")
