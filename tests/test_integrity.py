"""Data integrity: what one handle writes, every other open handle finds; one store, one
embedder; index files that are damaged are never used; disk full loses nothing acknowledged;
backups are consistent snapshots. Real SQLite in temporary directories, several handles and
processes, no mocks."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

import remem
from remem.core.errors import EmbedderMismatchError, StorageFullError
from remem.embedders.base import EmbedderSignature
from remem.embedders.hashing import HashEmbedder
from remem.stores.base import Update
from remem.stores.sqlite.store import SQLiteStore


def dense_ids(mem: remem.Memory, query: str, k: int = 1000) -> set[str]:
    return {h.id for h in mem.search(query, mode="dense", k=k, touch=False)}


# -- 1. a live handle sees every other handle's writes on its next search ------------------------
def test_live_handle_finds_rows_appended_before_a_changed_row(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as a, remem.open(path, embedder="hash:64") as b:
        first = a.add("the first memory").id
        assert dense_ids(a, "memory") == {first}  # A's index is loaded
        added = [b.add(f"record number {i} about gardening").id for i in range(5)]
        b.update(added[-1], text="record number 4 is about sailing now")  # re-embeds a late row
        assert dense_ids(a, "record") == {first, *added}
        assert {h.id for h in a.search("gardening", mode="dense", k=3)} <= {first, *added}


def test_live_handle_after_deletes_and_appends_by_another(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as a, remem.open(path, embedder="hash:64") as b:
        kept = [a.add(f"old memory {i}").id for i in range(4)]
        assert dense_ids(a, "memory") == set(kept)
        b.delete(kept[-1])  # the largest row id goes: its row id is reused below
        fresh = [b.add(f"new memory {i}").id for i in range(3)]
        b.update(fresh[0], text="new memory zero, rewritten")
        b.update(kept[0], text="old memory zero, rewritten")
        assert dense_ids(a, "memory") == {*kept[:-1], *fresh}
        # and a third handle opened now agrees
        with remem.open(path, embedder="hash:64") as c:
            assert dense_ids(c, "memory") == {*kept[:-1], *fresh}


# -- 2. one store, one embedder ------------------------------------------------------------------
def _other_named(dimensions: int, name: str) -> HashEmbedder:
    embedder = HashEmbedder(dimensions)
    embedder.name = name
    return embedder


def _widths(path: Path) -> set[int]:
    """Byte lengths of the stored vectors (one head each: the texts here are short)."""
    with sqlite3.connect(path / "remem.db") as conn:
        rows = conn.execute("SELECT length(embedding) FROM memories WHERE embedding IS NOT NULL")
        return {r[0] for r in rows}


@pytest.mark.parametrize("other", ["hash:32", "same-width"])
def test_a_handle_checked_early_cannot_write_another_embedders_vectors(
    tmp_path: Path, other: str
) -> None:
    path = tmp_path / "s"
    foreign = HashEmbedder(32) if other == "hash:32" else _other_named(64, "other:64")
    with remem.open(path, embedder="hash:64") as a, remem.open(path, embedder=foreign) as b:
        b.search("nothing stored yet")  # B checks the signature while the store has no vectors
        kept = a.add("written by the store's own embedder").id
        with pytest.raises(EmbedderMismatchError, match="remem reembed"):
            b.add("written by a foreign embedder")
        if other == "hash:32":  # a same-width foreign update needs Memory to pass its signature
            with pytest.raises(EmbedderMismatchError, match="remem reembed"):
                b.update(kept, text="rewritten by a foreign embedder")
        assert a.store.signature() == EmbedderSignature("hash:64", 64)
        assert [r.text for r in a.list()] == ["written by the store's own embedder"]
        assert _widths(path) == {4 * 64}
        assert dense_ids(a, "written") == {kept}


def test_store_update_checks_the_callers_signature(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as mem:
        kept = mem.add("a memory").id
        store = mem.store
        vector = HashEmbedder(64).embed(["another text"])[0]
        change = Update(text="another text", content_hash="x", vector=vector)
        with pytest.raises(EmbedderMismatchError, match="remem reembed"):
            store.update(kept, change, signature=EmbedderSignature("other:64", 64))
        assert mem.get(kept).text == "a memory"
        store.update(kept, change, signature=EmbedderSignature("hash:64", 64))
        assert mem.get(kept).text == "another text"
        # without a signature, a vector of another width is still refused
        narrow = Update(text="narrow", content_hash="y", vector=HashEmbedder(32).embed(["n"])[0])
        with pytest.raises(EmbedderMismatchError):
            store.update(kept, narrow)
        assert _widths(path) == {4 * 64}


class _WritesWhileEmbedding(HashEmbedder):
    """The new embedder of a re-embed, which lets another handle write (with the old
    embedder) while it embeds: the race of a writer running during ``remem reembed``."""

    def __init__(self, dimensions: int, during: Callable[[], None]) -> None:
        super().__init__(dimensions)
        self.during: Callable[[], None] | None = during

    def _embed_batch(self, texts: list[str]) -> NDArray[np.float32]:
        if self.during is not None:
            during, self.during = self.during, None
            during()
        return super()._embed_batch(texts)


def test_reembed_takes_in_rows_written_while_it_embeds(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as a, remem.open(path, embedder="hash:64") as b:
        ids = [a.add(f"memory {i} of the old embedder").id for i in range(5)]
        late: list[str] = []

        def write() -> None:
            late.append(b.add("memory written during the re-embed").id)
            b.update(ids[0], text="memory 0, rewritten during the re-embed")

        assert dense_ids(b, "memory") == set(ids)  # B's index is loaded at the old width
        count = a.reembed(_WritesWhileEmbedding(32, write))
        assert count == 6
        assert a.store.signature() == EmbedderSignature("hash:32", 32)
        assert _widths(path) == {4 * 32}
        with pytest.raises(EmbedderMismatchError, match="remem reembed"):
            b.add("a writer still on the old embedder")
        with pytest.raises(EmbedderMismatchError, match="remem reembed"):
            b.search("memory")  # never a 64-d query read as a 32-d one
        assert dense_ids(a, "memory") == {*ids, *late}
        with remem.open(path) as c:
            assert dense_ids(c, "memory") == {*ids, *late}
            hit = c.search("rewritten during", mode="dense", k=1)[0]
            assert hit.id == ids[0]


def test_reembed_against_a_writing_thread(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as a, remem.open(path, embedder="hash:64") as b:
        a.add_many([f"seed memory {i}" for i in range(200)])
        stop = threading.Event()
        written: list[str] = []
        refused: list[BaseException] = []

        def writer() -> None:
            for i in range(700):  # bounded: dense search returns at most 1,000
                if stop.is_set():
                    return
                try:
                    written.append(b.add(f"threaded memory {i}").id)
                except EmbedderMismatchError as exc:
                    refused.append(exc)
                    return

        thread = threading.Thread(target=writer)
        thread.start()
        while len(written) < 20:
            time.sleep(0.005)
        a.reembed("hash:32")
        thread.join(30)
        stop.set()
        assert not thread.is_alive()
        assert refused or len(written) == 700
        with pytest.raises(EmbedderMismatchError, match="remem reembed"):
            b.add("a writer still on the old embedder")
        assert _widths(path) == {4 * 32}
        with remem.open(path) as c:
            assert c.store.signature() == EmbedderSignature("hash:32", 32)
            found = dense_ids(c, "memory")
            assert set(written) <= found and len(found) == 200 + len(written)


# -- 3. derived files and power loss ------------------------------------------------------------
DIMS = 32
COUNT = 1500
LIMIT = 300  # exact_search_limit: small, so an ANN index is built and saved


def _unit(count: int, seed: int) -> NDArray[np.float32]:
    rows = np.random.default_rng(seed).normal(size=(count, DIMS))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def _open(path: Path) -> remem.Memory:
    return remem.open(path, embedder=f"hash:{DIMS}", exact_search_limit=LIMIT)


def _answers(mem: remem.Memory) -> list[list[str]]:
    """Unscoped (ANN) and scoped (exact) dense results for a few fixed queries."""
    out = []
    for query in _unit(8, 77):
        out.append([h.id for h in mem.search(vector=query, mode="dense", k=10, touch=False)])
        scoped = mem.search(vector=query, mode="dense", k=10, touch=False, user_id="u3")
        out.append([h.id for h in scoped])
    return out


def _from_scratch(path: Path, tmp: Path) -> list[list[str]]:
    """What an index built from the store alone answers: the database copied on its own."""
    (tmp / "scratch").mkdir()
    shutil.copy(path / "remem.db", tmp / "scratch" / "remem.db")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", remem.IndexWarning)  # its header is not copied
        with _open(tmp / "scratch") as mem:
            return _answers(mem)


@pytest.fixture
def indexed(tmp_path: Path) -> Path:
    path = tmp_path / "s"
    with _open(path) as mem:
        items = [{"text": f"memory {i}", "user_id": f"u{i % 7}"} for i in range(COUNT)]
        mem.add_many(items, embeddings=_unit(COUNT, 1))
        _answers(mem)  # builds the ANN index, which is saved
    assert (path / "remem.index.json").exists()
    return path


def _part(path: Path, suffix: str) -> Path:
    token = json.loads((path / "remem.index.json").read_text())["token"]
    return path / f"remem.index.{token}.{suffix}"


def _flip(file: Path) -> None:
    data = bytearray(file.read_bytes())
    data[len(data) // 2] ^= 0x10
    file.write_bytes(bytes(data))


def _truncate(file: Path) -> None:
    with open(file, "r+b") as handle:
        handle.truncate(file.stat().st_size - 7)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "flip": _flip,
    "truncate": _truncate,
    "delete": lambda file: file.unlink(),
}


@pytest.mark.parametrize("suffix", ["npz", "faiss"])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_index_part_is_never_used(
    indexed: Path, tmp_path: Path, suffix: str, damage: str
) -> None:
    header = json.loads((indexed / "remem.index.json").read_text())
    assert set(header["parts"]) == {"npz", "faiss"}
    assert all(set(part) == {"size", "crc32"} for part in header["parts"].values())
    truth = _from_scratch(indexed, tmp_path)
    DAMAGE[damage](_part(indexed, suffix))
    with _open(indexed) as mem, pytest.warns(remem.IndexWarning, match="rebuilding"):
        assert _answers(mem) == truth
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the rebuilt index was saved whole, and loads silently
        with _open(indexed) as mem:
            assert _answers(mem) == truth


def test_an_older_header_is_never_used(indexed: Path, tmp_path: Path) -> None:
    oldest = (indexed / "remem.index.json").read_bytes()
    for round_ in range(2):  # two more saves: the oldest header's parts are gone
        with _open(indexed) as mem:
            mem.add_many(
                [{"text": f"later {round_} {i}", "user_id": "u3"} for i in range(50)],
                embeddings=_unit(50, 10 + round_),
            )
            _answers(mem)
    previous = (indexed / "remem.index.json").read_bytes()
    with _open(indexed) as mem:
        mem.delete([r.id for r in mem.list(limit=5)])
        _answers(mem)
    truth = _from_scratch(indexed, tmp_path)
    (indexed / "remem.index.json").write_bytes(oldest)
    with _open(indexed) as mem, pytest.warns(remem.IndexWarning, match="rebuilding"):
        assert _answers(mem) == truth
    # The header saved just before the last one, with its parts intact, is a valid older state:
    # caught up from the store, it answers exactly as well.
    (indexed / "remem.index.json").write_bytes(previous)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", remem.IndexWarning)
        with _open(indexed) as mem:
            assert _answers(mem) == truth


def test_database_full_loses_nothing_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "s"
    with remem.open(path, embedder="hash:64") as mem:
        acknowledged = [mem.add(f"memory {i}").id for i in range(50)]
        store = mem.store
        assert isinstance(store, SQLiteStore)
        store.limit_size(0)  # the database is full from its current size on
        with pytest.raises(StorageFullError, match="free some space") as raised:
            for i in range(10_000):
                acknowledged.append(mem.add(f"more memory {i} " + "padding " * 40).id)
        assert raised.value.status == 507
        with pytest.raises(StorageFullError):
            mem.add_many([f"a batch memory {i} " + "padding " * 40 for i in range(200)])
        assert [r.id for r in mem.list(limit=1000)] == acknowledged  # the batch: none of it
        store.limit_size(None)  # space returns
        after = mem.add("written after space returned").id
        assert dense_ids(mem, "memory") == {*acknowledged, after}
    with remem.open(path) as mem:
        assert {r.id for r in mem.list(limit=1000)} == {*acknowledged, after}
    with sqlite3.connect(path / "remem.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


_FULL_DISK = """
import json, resource, signal, sys, warnings
import numpy as np
import remem
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))
caught = []
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    mem = remem.open(sys.argv[1], embedder="hash:32", exact_search_limit=300)
    rows = np.random.default_rng(77).normal(size=(8, 32)).astype(np.float32)
    found = [[h.id for h in mem.search(vector=q, mode="dense", k=10, touch=False)] for q in rows]
    mem.close()
print(json.dumps({"found": found, "warnings": [str(w.message) for w in seen]}))
"""


def test_index_files_on_a_full_disk(indexed: Path, tmp_path: Path) -> None:
    for file in indexed.glob("remem.index*"):
        file.unlink()  # as if never saved: the process below must write them
    with sqlite3.connect(indexed / "remem.db") as conn:
        conn.execute("DELETE FROM meta WHERE key LIKE 'index_%'")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", remem.IndexWarning)
        with remem.open(indexed, embedder="hash:32", exact_search_limit=10**9) as mem:
            truth = [
                [h.id for h in mem.search(vector=q, mode="dense", k=10, touch=False)]
                for q in np.random.default_rng(77).normal(size=(8, 32)).astype(np.float32)
            ]
    limit = 32 * 1024  # below the layout and the cells (1,500 rows: ~50 KB each)
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(indexed), str(limit)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert any("could not save the vector index" in w for w in report["warnings"])
    assert all("Free disk space" in w for w in report["warnings"])
    recall = np.mean(
        [len(set(f) & set(t)) / 10 for f, t in zip(report["found"], truth, strict=True)]
    )
    assert recall >= 0.9  # searches stayed correct (ANN) while the disk was full
    assert not list(indexed.glob("remem.index.*.*"))  # no half-written parts left behind
    assert not (indexed / "remem.index.json").exists()
    with sqlite3.connect(indexed / "remem.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    with _open(indexed) as mem:  # space returned: the index is built and saved again
        _answers(mem)
    assert (indexed / "remem.index.json").exists()


# -- 4. backup under load, and restore ----------------------------------------------------------
def _acknowledging_writer(path: str, log: str, count: int) -> None:
    """Add records one by one; each id is logged (flushed to the disk) after add() returns."""
    with remem.open(path, embedder="hash:64") as mem, open(log, "a", encoding="utf-8") as out:
        for i in range(count):
            out.write(mem.add(f"memory {i} written under load").id + "\n")
            out.flush()
            os.fsync(out.fileno())


def _logged(log: Path) -> list[str]:
    if not log.exists():
        return []
    return [line for line in log.read_text().splitlines() if len(line) == 36]


def test_backup_under_load_holds_everything_acknowledged_before_it(tmp_path: Path) -> None:
    path, log = tmp_path / "s", tmp_path / "acked.log"
    with remem.open(path, embedder="hash:64") as mem:
        mem.add("seed")
    writer = mp.get_context("spawn").Process(
        target=_acknowledging_writer, args=(str(path), str(log), 400)
    )
    writer.start()
    try:
        deadline = time.monotonic() + 60
        while len(_logged(log)) < 50 and time.monotonic() < deadline and writer.is_alive():
            time.sleep(0.01)
        before = _logged(log)  # acknowledged before the backup began
        assert len(before) >= 50
        with remem.open(path) as mem:
            made = mem.store.snapshots.backup(tmp_path / "backup")
        assert writer.is_alive(), "the backup must be taken while the writer runs"
    finally:
        writer.join(120)
    assert writer.exitcode == 0
    assert made["records"] >= len(before) + 1
    restored = SQLiteStore.restore(tmp_path / "backup", tmp_path / "restored")
    assert restored["records"] == made["records"]
    with sqlite3.connect(tmp_path / "restored" / "remem.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no index was copied, and none is said to exist
        with remem.open(tmp_path / "restored") as mem:
            ids = {r.id for r in mem.list(limit=1000)}
            assert set(before) <= ids
            assert set(before) <= dense_ids(mem, "memory written under load")
    with remem.open(path) as mem:  # the source kept every write, before and after
        assert set(_logged(log)) <= {r.id for r in mem.list(limit=1000)}


def test_backup_and_restore_commands(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from remem.cli.main import cli

    runner = CliRunner()
    store, backup, other = tmp_path / "s", tmp_path / "b", tmp_path / "o"

    def run(*args: str, ok: bool = True) -> str:
        result = runner.invoke(cli, list(args))
        assert (result.exit_code == 0) == ok, result.output
        return result.output

    with remem.open(store, embedder="hash:64") as mem:
        mem.add_many([f"memory {i}" for i in range(20)])
        mem.search("memory")
    made = json.loads(run("backup", str(backup), "--store", str(store)))
    assert made["records"] == 20 and made["path"] == str(backup)
    assert sorted(p.name for p in backup.iterdir()) == ["remem.db"]
    assert "not an empty directory" in run("backup", str(backup), "--store", str(store), ok=False)
    with remem.open(other, embedder="hash:64") as mem:
        mem.add("a memory the restore would replace")
    refused = run("restore", str(backup), "--store", str(other), ok=False)
    assert refused.startswith("Error: ") and "--force" in refused and refused.count("\n") == 1
    with remem.open(other) as mem:  # a store open in another process is never replaced
        assert "open in another process" in run(
            "restore", str(backup), "--store", str(other), "--force", ok=False
        )
        assert len(mem.list()) == 1
    assert json.loads(run("restore", str(backup), "--store", str(other), "--force")) == {
        "path": str(other),
        "records": 20,
        "encrypted": False,
    }
    with remem.open(other) as mem:
        assert sorted(r.text for r in mem.list(limit=100)) == sorted(
            f"memory {i}" for i in range(20)
        )
        assert len(mem.search("memory", mode="dense", k=100)) == 20
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "remem.db").write_bytes(b"not a database at all" * 100)
    assert "Error: " in run(
        "restore", str(tmp_path / "junk"), "--store", str(tmp_path / "n"), ok=False
    )


def test_threads_searching_while_others_write_one_handle(tmp_path: Path) -> None:
    """A search in one thread never sees another thread's insert half-appended to the index
    (it once read the index's arrays at two sizes: IndexError)."""
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        first = [r.id for r in mem.add_many([f"memory {i}" for i in range(300)])]
        stop = time.monotonic() + 1.5
        failures: list[BaseException] = []

        def write() -> None:
            n = 0
            while time.monotonic() < stop:
                n += 1
                mem.add_many([f"threaded memory {n} {j}" for j in range(3)])

        def search() -> None:
            while time.monotonic() < stop:
                try:
                    hits = mem.search("memory", mode="dense", k=300, filters={"id": {"$in": first}})
                    assert {h.id for h in hits} == set(first)
                except BaseException as exc:  # reported below, with every other failure
                    failures.append(exc)
                    return

        threads = [threading.Thread(target=write) for _ in range(3)]
        threads += [threading.Thread(target=search) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert not failures, failures[0]


# -- 5. the reliability harness, quick ----------------------------------------------------------
HARNESS = Path(__file__).resolve().parents[1] / "benchmarks" / "reliability"


@pytest.mark.parametrize(
    ("script", "options"),
    [
        ("crash_library.py", ["--kills", "3"]),
        ("visibility.py", ["--quick", "--seconds", "1.5"]),
        ("backup_load.py", ["--quick"]),
    ],
)
def test_reliability_harness_quick(tmp_path: Path, script: str, options: list[str]) -> None:
    out = tmp_path / "result.json"
    done = subprocess.run(
        [sys.executable, str(HARNESS / script), *options, "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(out.read_text())
    figures = result["figures"]
    assert result["ok"] and figures.get("lost", 0) == 0
    assert figures.get("integrity_failures", 0) == 0
    assert figures.get("misses", 0) == 0 and figures.get("never_found", 0) == 0
    assert figures.get("errors", 0) == 0


def test_a_backup_that_fails_its_check_leaves_nothing_behind(tmp_path: Path) -> None:
    """The copy of a damaged store fails its integrity check: the error names the damage, and
    the backup directory is left empty, so a backup of a repaired store can go there."""
    from click.testing import CliRunner

    from remem.cli.main import cli

    store, backup = tmp_path / "s", tmp_path / "b"
    with remem.open(store, embedder="hash:64") as mem:
        mem.add_many([f"memory number {i}" for i in range(300)])
    conn = sqlite3.connect(store / "remem.db", isolation_level=None)
    try:  # an index whose declared column is not the one its entries hold
        conn.execute("PRAGMA writable_schema=ON")
        conn.execute(
            "UPDATE sqlite_schema SET sql = 'CREATE INDEX memories_created ON memories (text)' "
            "WHERE name = 'memories_created'"
        )
    finally:
        conn.close()
    result = CliRunner().invoke(cli, ["backup", str(backup), "--store", str(store)])
    assert result.exit_code == 1
    assert "is damaged (row 1 missing from index memories_created" in result.output
    assert list(backup.iterdir()) == []
