"""What only the PostgreSQL store has to show: its schema's guard and its error messages. (Every
store's common behaviour is in test_store_conformance.py, which runs on it too.)"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import httpx
import numpy as np
import psycopg
import pytest

import remem
from remem.apikeys import REFRESH_EVERY, KeyRing
from remem.core.filters import parse_filter
from remem.embedders.base import EmbedderSignature
from remem.stores import NewRecord, open_store
from remem.stores.postgres.filters import compile_postgres
from remem.stores.postgres.schema import (
    ID_TABLE,
    MIGRATIONS,
    SHARED_TABLES,
    TENANT_TABLES,
    apply_migrations,
)
from remem.stores.postgres.vectors import EF_BY_SIZE, EF_SEARCH, EF_SEARCH_AT

from . import pg
from .serving import free_port


def _rows(vectors: np.ndarray) -> list[NewRecord]:
    """One record a vector: ``r{i}``, "row {i}"."""
    return [
        NewRecord(id=f"r{i}", text=f"row {i}", kind="message", content_hash=f"h{i}",
                  created_at=0.0, vector=vector)
        for i, vector in enumerate(vectors)
    ]  # fmt: skip


def test_a_schema_from_a_newer_remem_is_refused(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "newer")
    open_store(url).close()  # creates the schema
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO remem_migrations VALUES ('9999_from_the_future', 0)")
    with pytest.raises(remem.NotAStoreError, match=r"newer remem .*9999_from_the_future"):
        open_store(url)


def test_opening_one_database_at_once_migrates_it_once(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "twice")
    first, second = open_store(url), open_store(url)
    try:
        names = [name for name, _ in MIGRATIONS]
        assert first.stats().schema == second.stats().schema == names
    finally:
        first.close()
        second.close()


def test_a_store_of_the_first_schema_is_upgraded_with_everything_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = pg.url_for(tmp_path / "upgrade")
    from remem.stores.postgres import schema

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        monkeypatch.setattr(schema, "MIGRATIONS", MIGRATIONS[:1])
        assert apply_migrations(conn) == ["0001_initial"]
        monkeypatch.undo()
        conn.execute(
            "INSERT INTO memories (id, text, kind, user_id, created_at, updated_at, "
            "content_hash, parent_id, position, embedding) VALUES "
            "('doc', 'a document', 'document', 'ann', 1, 1, 'h1', NULL, NULL, '[1,0,0]'), "
            "('c0', 'its chunk', 'chunk', 'ann', 1, 1, 'h2', 'doc', 0, '[0,1,0]'), "
            "('loose', 'no user', 'fact', NULL, 2, 2, 'h3', NULL, NULL, '[0,0,1]'), "
            "('zh', '我喜欢吃饺子', 'fact', 'ann', 3, 3, 'h4', NULL, NULL, '[0,1,1]')"
        )
        conn.execute("INSERT INTO memory_parts VALUES ('doc', 1, 'ann', '[0,1,0]')")
        conn.execute(
            "INSERT INTO cache_entries (name, user_id, query, value, vector, created_at) "
            "VALUES ('c', 'ann', 'q', 'v', '[1,0,0]', 1)"
        )
    with open_store(url) as store:
        assert store.stats().schema == [name for name, _ in MIGRATIONS]
        assert [r.id for r in store.get(["doc", "c0", "loose"])] == ["doc", "c0", "loose"]
        assert [r.id for r in store.records(parse_filter({"parent_id": "doc"}))] == ["c0"]
        assert store.vectors(["doc"], parts=True)["doc"].tolist() == [[1, 0, 0], [0, 1, 0]]
        assert [e["query"] for e in store.cache.entries([1]).values()] == ["q"]
        # 0005 indexed the character pairs of a Chinese text stored before it
        assert [id for id, _ in store.keyword("饺子", 5, None)] == ["zh"]
        with pytest.raises(remem.ConflictError):  # ids stay unique across tenants
            store.insert(
                [
                    NewRecord(
                        id="doc",
                        text="x",
                        kind="fact",
                        content_hash="x",
                        created_at=3.0,
                        user_id="bob",
                    )
                ]
            )
        assert store.delete(["doc"]) == 2  # with its chunk and their vectors
        store.insert(
            [
                NewRecord(
                    id="doc", text="y", kind="fact", content_hash="y", created_at=3.0, user_id="bob"
                )
            ]
        )
        assert store.get(["doc"])[0].user_id == "bob"


def _tables(conn: psycopg.Connection) -> set[str]:
    rows = conn.execute(
        "SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace"
    )
    return {row[0] for row in rows}


def test_every_key_carries_the_tenant_so_the_schema_can_be_sharded_by_it(tmp_path: Path) -> None:
    """Citus's rules for ``create_distributed_table(table, column)`` (docs/scaling.md), checked on
    the catalog: the column is a plain NOT NULL column; every primary key and unique index
    holds it; every foreign key between distributed tables joins on it; nothing else points
    into a distributed table. Every table remem creates is named in one of the three groups."""
    url = pg.url_for(tmp_path / "citus")
    open_store(url).close()
    distributed = {**TENANT_TABLES, ID_TABLE[0]: ID_TABLE[1]}
    with psycopg.connect(url) as conn:
        assert _tables(conn) == set(distributed) | set(SHARED_TABLES)
        for table, column in distributed.items():
            nullable, generated = conn.execute(
                "SELECT is_nullable, is_generated FROM information_schema.columns "
                "WHERE table_name = %s AND column_name = %s",
                (table, column),
            ).fetchone()  # type: ignore[misc]
            assert (nullable, generated) == ("NO", "NEVER"), table
            keys = conn.execute(
                "SELECT i.indexrelid::regclass::text, array_agg(a.attname::text) "
                "FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
                "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = %s::regclass AND i.indisunique "
                "GROUP BY 1",
                (table,),
            ).fetchall()
            assert keys, table
            for name, columns in keys:
                assert column in columns, (table, name, columns)
        links = conn.execute(
            "SELECT conrelid::regclass::text, confrelid::regclass::text, "
            "(SELECT array_agg(attname::text ORDER BY k.n) FROM unnest(conkey) WITH ORDINALITY "
            " k(num, n) JOIN pg_attribute ON attrelid = conrelid AND attnum = k.num), "
            "(SELECT array_agg(attname::text ORDER BY k.n) FROM unnest(confkey) WITH ORDINALITY "
            " k(num, n) JOIN pg_attribute ON attrelid = confrelid AND attnum = k.num) "
            "FROM pg_constraint WHERE contype = 'f'"
        ).fetchall()
        assert links  # parent links and window vectors
        for source, target, columns, referenced in links:
            if target in SHARED_TABLES:
                continue
            assert source in TENANT_TABLES and target in TENANT_TABLES, (source, target)
            at = columns.index(TENANT_TABLES[source])
            assert referenced[at] == TENANT_TABLES[target], (source, target)


def test_a_users_reads_name_the_tenant_key() -> None:
    """A user's scope filters on the tenant column too, which a sharded database routes by."""
    clause, params = compile_postgres(parse_filter({"user_id": "ann", "kind": "fact"}))
    assert "m.tenant = %s AND m.user_id = %s" in clause
    assert params == ["ann", "ann", "fact"]


def test_two_memories_on_one_database_see_each_others_writes(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "shared")
    with remem.open(url, embedder="hash:64") as one, remem.open(url, embedder="hash:64") as two:
        made = one.add("the meeting moved to Thursday", user_id="sam")
        assert [h.id for h in two.search("meeting Thursday", user_id="sam")] == [made.id]
        two.update(made.id, text="the meeting moved to Friday")
        assert one.get(made.id).text == "the meeting moved to Friday"
        assert one.delete([made.id]) == 1
        with pytest.raises(remem.NotFoundError):
            two.get(made.id)


def test_above_the_exact_limit_the_hnsw_index_is_built_off_the_request_and_used(
    tmp_path: Path,
) -> None:
    """A search that needs the HNSW index never builds it inline (26–30 s after a bulk load
    of 100,000 records): it starts the build on a thread of its own and answers exactly;
    ``build_index()`` waits for it; then searches use it."""
    url = pg.url_for(tmp_path / "hnsw")
    rng = np.random.default_rng(5)
    rows = rng.normal(size=(400, 16)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    signature = EmbedderSignature("test:16", 16)
    with open_store(url, exact_search_limit=50) as store:
        store.insert(
            [replace(row, user_id=f"u{i % 4}") for i, row in enumerate(_rows(rows))],
            signature=signature,
        )
        with psycopg.connect(url) as conn:
            assert not index_names(conn)  # a bulk load builds no graph row by row
        for i in (3, 77, 301):
            assert store.dense(rows[i], 5, None)[0][0] == f"r{i}"
            scoped = store.dense(rows[i], 5, parse_filter({"user_id": f"u{i % 4}"}))
            assert scoped[0][0] == f"r{i}"
            assert {hit for hit, _ in scoped} <= {f"r{j}" for j in range(i % 4, 400, 4)}
            other = store.dense(rows[i], 5, parse_filter({"user_id": f"u{(i + 1) % 4}"}))
            assert f"r{i}" not in {hit for hit, _ in other}
        store.build_index()  # the first search started it: this waits for it
        assert store._builder is not None and not store._builder.is_alive()
        with psycopg.connect(url) as conn:
            assert index_names(conn) == ["memories_hnswh_16"]
            conn.execute("SET enable_seqscan = off")  # 400 rows: a scan would be cheaper
            plan = conn.execute(
                "EXPLAIN SELECT id FROM memories m "
                "ORDER BY m.embedding::halfvec(16) <=> %s::halfvec(16) LIMIT 5",
                (str(rows[0].tolist()),),
            ).fetchall()
            assert "memories_hnswh_16" in " ".join(row[0] for row in plan)


def test_an_older_full_precision_index_gives_way_to_the_half_precision_one(
    tmp_path: Path,
) -> None:
    """A store an older remem indexed (``vector``) gets the ``halfvec`` index built off the
    request, and the old one is dropped once the new one is valid; results stay exact-equal
    on the rows the index answers."""
    url = pg.url_for(tmp_path / "old-index")
    rows = np.random.default_rng(3).normal(size=(300, 16)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    with open_store(url, exact_search_limit=50) as store:
        store.insert(_rows(rows), signature=EmbedderSignature("test:16", 16))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "CREATE INDEX memories_hnsw_16 ON memories "
                "USING hnsw ((embedding::vector(16)) vector_cosine_ops)"
            )
        store.build_index()
        with psycopg.connect(url) as conn:
            assert index_names(conn) == ["memories_hnswh_16"]
        for i in (5, 150):
            assert store.dense(rows[i], 3, None)[0][0] == f"r{i}"


def test_an_unknown_option_is_refused(tmp_path: Path) -> None:
    with pytest.raises(remem.InvalidInputError, match="no option \\['max_conections'\\]"):
        open_store(pg.url_for(tmp_path / "opt"), max_conections=3)


def index_names(conn: psycopg.Connection) -> list[str]:
    rows = conn.execute(
        "SELECT indexname FROM pg_indexes WHERE indexname LIKE 'memories_hnsw_%' ORDER BY 1"
    ).fetchall()
    return [row[0] for row in rows]


def test_two_servers_on_one_database_share_writes_keys_and_caches(tmp_path: Path) -> None:
    """Two `remem serve` processes (as on two machines) on one PostgreSQL: each sees the
    other's writes on its next request, one key ring, one cache."""
    url = pg.url_for(tmp_path / "servers")
    with remem.open(url, embedder="hash:64") as mem:
        ring = KeyRing(mem.store)
        ada, ada_key = ring.create("ada's app", users=["ada"])
        bob = ring.create("bob's app", users=["bob"])[0]
    ports = [free_port(), free_port()]
    servers = [
        subprocess.Popen(
            [
                str(Path(sys.executable).parent / "remem"),
                "serve",
                "--store",
                url,
                "--port",
                str(port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for port in ports
    ]
    try:
        one, two = (
            wait_for(f"http://127.0.0.1:{port}", server)
            for port, server in zip(ports, servers, strict=True)
        )
        as_ada = {"Authorization": f"Bearer {ada}"}
        made = httpx.post(
            f"{one}/v1/memories",
            headers=as_ada,
            json={"text": "Ada's flight lands at 9:40", "user_id": "ada"},
        )
        assert made.status_code == 201, made.text
        found = httpx.post(
            f"{two}/v1/search", headers=as_ada, json={"query": "flight lands", "user_id": "ada"}
        ).json()
        assert [h["id"] for h in found["hits"]] == [made.json()["id"]]
        as_bob = {"Authorization": f"Bearer {bob}"}
        theirs = httpx.post(
            f"{two}/v1/search", headers=as_bob, json={"query": "flight lands", "k": 50}
        ).json()
        assert theirs["hits"] == []
        put = httpx.post(
            f"{two}/v1/caches/faq/entries",
            headers=as_ada,
            json={"question": "when do I land?", "value": "9:40", "user_id": "ada"},
        )
        assert put.status_code == 201, put.text
        hit = httpx.post(
            f"{one}/v1/caches/faq/lookup",
            headers=as_ada,
            json={"question": "when do I land?", "user_id": "ada"},
        ).json()
        assert (hit["hit"], hit["value"]) == (True, "9:40")
        with remem.open(url, embedder="hash:64") as mem:
            KeyRing(mem.store).revoke(ada_key.key_id)
        revoked = time.monotonic()
        # Servers check keys in memory, read again every REFRESH_EVERY seconds: a revocation
        # made elsewhere holds within that bound (and a read of the key table).
        for base in (one, two):
            while httpx.get(f"{base}/v1/whoami", headers=as_ada).status_code != 401:
                assert time.monotonic() - revoked < REFRESH_EVERY + 1.0, "still accepted"
                time.sleep(0.05)
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=20)


def wait_for(base: str, server: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(server.stderr.read().decode() if server.stderr else "exited")
        try:
            if httpx.get(f"{base}/v1/health").status_code == 200:
                return base
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError(f"{base} did not start")


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda url: re.sub(r"://[^:@/]*", "://nobody", url, count=1), "Check the user name"),
        (lambda url: re.sub(r"/(t[0-9a-f]+)\?", r"/\1_missing?", url), "Create the database"),
    ],
)
def test_a_wrong_login_or_database_names_the_fix(
    tmp_path: Path, change: Callable[[str], str], says: str
) -> None:
    url = change(pg.url_for(tmp_path / "login"))
    with pytest.raises(remem.StoreError, match=f"cannot connect to PostgreSQL .*{says}"):
        open_store(url)


def test_a_connection_dropped_mid_batch_writes_nothing_and_the_pool_recovers(
    tmp_path: Path,
) -> None:
    url = pg.url_for(tmp_path / "dropped")
    store = open_store(url, max_connections=2)
    signature = EmbedderSignature("test:16", 16)
    vector = np.ones(16, dtype=np.float32) / 4
    batch = [
        NewRecord(id=f"r{i}", text=f"row {i} " + "words " * 50, kind="message",
                  content_hash=f"h{i}", created_at=0.0, vector=vector, dedupe=False)
        for i in range(60_000)
    ]  # fmt: skip
    failed: list[BaseException] = []

    def write() -> None:
        try:
            store.insert(batch, signature=signature)
        except BaseException as exc:  # the test looks at it
            failed.append(exc)

    try:
        writer = threading.Thread(target=write)
        writer.start()
        with psycopg.connect(url, autocommit=True) as admin:
            deadline = time.monotonic() + 30
            killed = 0
            while not killed and time.monotonic() < deadline:
                killed = len(
                    admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                        "AND query LIKE 'COPY memories%%' AND state = 'active'"
                    ).fetchall()
                )
        writer.join(timeout=60)
        assert killed, "the batch finished before it could be interrupted"
        assert failed and isinstance(failed[0], remem.StoreError), failed
        assert "PostgreSQL at" in str(failed[0])
        assert store.stats().records == 0  # no half-written batch
        # Every pooled connection dropped too (as in a server restart): the next call works.
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        store.insert(batch[:10], signature=signature)
        assert store.stats().records == 10
    finally:
        store.close()


def test_reads_after_every_connection_dropped_run_again(tmp_path: Path) -> None:
    """Every pooled connection dropped (a server restart) right after use: the next read, search
    and write each get a working connection (the pool checks each as it is taken); the caller
    sees nothing."""
    url = pg.url_for(tmp_path / "dropped-reads")
    signature = EmbedderSignature("test:16", 16)
    vector = np.ones(16, dtype=np.float32) / 4
    with open_store(url, max_connections=2) as store:
        row = NewRecord(id="a", text="a note", kind="message", content_hash="a", created_at=0.0,
                        vector=vector, dedupe=False)  # fmt: skip
        store.insert([row], signature=signature)
        for step in ("read", "search", "write"):
            assert store.get(["a"])[0].text == "a note"  # every pooled connection fresh
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            if step == "read":
                assert [r.id for r in store.get(["a"])] == ["a"]
            elif step == "search":
                assert [i for i, _ in store.dense(vector, 1, None)] == ["a"]
            else:
                store.insert([replace(row, id=f"b{step}")], signature=signature)
        assert store.stats().records == 2


def test_vectors_stay_in_their_rows(tmp_path: Path) -> None:
    """A 384-d vector (1.5 kB) with 800 characters that do not compress passes PostgreSQL's
    2 kB row threshold; the vector is kept in the row (storage MAIN; pgvector's default,
    EXTERNAL, moved the largest value out: the vector), so exact scans and rescoring read no
    TOAST table."""
    url = pg.url_for(tmp_path / "inline")
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    with open_store(url) as store:
        store.insert(
            [
                NewRecord(id=f"r{i}", text=base64.b64encode(os.urandom(600)).decode(),
                          kind="message",
                          content_hash=f"h{i}", created_at=0.0, vector=vector, dedupe=False)
                for i in range(50)
            ],
            signature=EmbedderSignature("test:384", 384),
        )  # fmt: skip
    with psycopg.connect(url, autocommit=True) as conn:
        storage = dict(
            conn.execute(
                "SELECT attrelid::regclass::text, attstorage FROM pg_attribute "
                "WHERE attname = 'embedding' AND attrelid IN ('memories'::regclass, "
                "'memory_parts'::regclass)"
            ).fetchall()
        )
        assert storage == {"memories": "m", "memory_parts": "m"}
        vectors, texts = conn.execute(
            "SELECT count(pg_column_toast_chunk_id(embedding)), "
            "count(pg_column_toast_chunk_id(text)) FROM memories"
        ).fetchone() or (None, None)
        assert (vectors, texts) == (0, 50)  # the texts went to the TOAST table instead


def test_ef_search_grows_with_the_index(tmp_path: Path) -> None:
    """The default HNSW search breadth: EF_SEARCH up to EF_SEARCH_AT rows, then with the square
    root of the size (405 at a million), never under what k asks nor over 1,000."""
    url = pg.url_for(tmp_path / "ef")
    with open_store(url):
        pass
    with psycopg.connect(url, autocommit=True) as conn:
        for rows, least, want in [
            (-1, 40, 128), (5_000, 40, 128), (100_000, 40, 128), (1_000_000, 40, 405),
            (1_000_000, 600, 600), (100_000_000, 40, 1000),
        ]:  # fmt: skip
            with conn.transaction():
                conn.execute(
                    "UPDATE pg_class SET reltuples = %s WHERE oid = 'memories'::regclass", [rows]
                )
                (ef,) = conn.execute(
                    f"SELECT {EF_BY_SIZE}", [least, EF_SEARCH, EF_SEARCH_AT]
                ).fetchone() or (None,)
                assert int(ef) == want, (rows, least)


def test_keywords_are_ranked_by_bm25(tmp_path: Path) -> None:
    vector = np.ones(4, dtype=np.float32) / 2
    texts = {
        "rare": "the quokka smiled",
        **{f"common{i}": f"the cat sat in garden {i}" for i in range(8)},
        "nothing": "entirely unrelated words",
    }
    with open_store(pg.url_for(tmp_path / "bm25")) as store:
        store.insert(
            [
                NewRecord(
                    id=i,
                    text=t,
                    kind="message",
                    content_hash=i,
                    created_at=0.0,
                    user_id="u" if i != "common0" else "v",
                    vector=vector,
                )
                for i, t in texts.items()
            ],
            signature=EmbedderSignature("test:4", 4),
        )
        found = store.keyword("cat quokka", 20, None)
        assert found[0][0] == "rare"  # the rarer word weighs more (IDF)
        assert {i for i, _ in found} == {"rare", *(f"common{i}" for i in range(8))}
        assert all(score > 0 for _, score in found)
        scoped = store.keyword("cat quokka", 20, parse_filter({"user_id": "v"}))
        assert [i for i, _ in scoped] == ["common0"]
        store.delete(["rare"])
        assert "rare" not in {i for i, _ in store.keyword("quokka", 20, None)}


def test_two_characters_inside_a_chinese_or_japanese_run_are_found(tmp_path: Path) -> None:
    """The keyword index holds the character pairs of spaceless runs (remem.text.keywords)."""
    vector = np.ones(4, dtype=np.float32) / 2
    texts = {"zh": "我喜欢吃饺子", "ja": "東京に行きました", "en": "I went to Tokyo for dumplings"}
    with open_store(pg.url_for(tmp_path / "cjk")) as store:
        store.insert(
            [
                NewRecord(id=i, text=t, kind="fact", content_hash=i, created_at=0.0, vector=vector)
                for i, t in texts.items()
            ]
        )
        assert [id for id, _ in store.keyword("饺子", 5, None)] == ["zh"]
        assert [id for id, _ in store.keyword("東京", 5, None)] == ["ja"]
        assert [id for id, _ in store.keyword("dumplings", 5, None)] == ["en"]
