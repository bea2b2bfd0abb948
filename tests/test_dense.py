"""The in-memory vector index: head and part vectors, filters, tombstones, compaction, the HNSW
graph and its round trip through a file, each against brute force."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from remem.index.vector_index import VectorIndex

DIMS = 16
FIELDS = ("user_id", "agent_id", "session_id", "kind")  # what a store keeps of each record


def unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def make_records(count: int, seed: int = 7) -> dict[int, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {
        rowid: unit(rng.normal(size=(int(rng.integers(1, 4)), DIMS)))
        for rowid in range(1, count + 1)
    }


def fill(index: VectorIndex, records: dict[int, np.ndarray]) -> None:
    ids = list(records)
    for start in range(0, len(ids), 97):  # several appends, as a store does
        chunk = ids[start : start + 97]
        index.append(chunk, [records[r] for r in chunk], [user_of(r) for r in chunk])


def user_of(rowid: int) -> tuple[str | None, ...]:
    return (f"user{rowid % 10}", None, None, "message")


def brute(
    records: dict[int, np.ndarray], query: np.ndarray, weight: float, k: int, keep=lambda r: True
) -> list[int]:
    scores = {}
    for rowid, rows in records.items():
        if keep(rowid):
            s = rows @ query
            scores[rowid] = weight * s.max() + (1 - weight) * s[0]
    return sorted(scores, key=lambda r: -scores[r])[:k]


def batches(
    records: dict[int, np.ndarray], size: int
) -> Iterator[tuple[list[int], list[int], np.ndarray]]:
    """Records as a store reads them back for :meth:`VectorIndex.restore`."""
    ids = sorted(records)
    for start in range(0, len(ids), size):
        chunk = ids[start : start + size]
        yield chunk, [len(records[r]) for r in chunk], np.concatenate([records[r] for r in chunk])


def query(seed: int) -> np.ndarray:
    return unit(np.random.default_rng(seed).normal(size=(1, DIMS)))[0]


@pytest.mark.parametrize("weight", [0.0, 0.6, 1.0])
def test_exact_search_matches_brute_force(weight: float) -> None:
    records = make_records(300)
    index = VectorIndex(DIMS, fields=FIELDS)
    fill(index, records)
    q = query(1)
    rowids, _ = index.search(q, 10, part_weight=weight)
    assert rowids.tolist() == brute(records, q, weight, 10)
    assert len(index) == 300 and index.ann_size == 0


def test_filters_by_fields_and_by_rowids() -> None:
    records = make_records(300)
    index = VectorIndex(DIMS, fields=FIELDS)
    fill(index, records)
    q = query(2)
    mask = index.allowed_by_fields({"user_id": ["user3"]})
    rowids, _ = index.search(q, 5, mask, part_weight=1.0)
    assert rowids.tolist() == brute(records, q, 1.0, 5, lambda r: r % 10 == 3)
    mask = index.allowed_by_fields({"user_id": ["user3", "user4"], "kind": ["message"]})
    rowids, _ = index.search(q, 5, mask, part_weight=1.0)
    assert rowids.tolist() == brute(records, q, 1.0, 5, lambda r: r % 10 in (3, 4))
    assert index.allowed_by_fields({"user_id": ["nobody"]}).size == 0
    chosen = {5, 17, 250}
    rowids, _ = index.search(q, 10, index.allowed_by_rowids(chosen), part_weight=1.0)
    assert set(rowids.tolist()) == chosen


def test_remove_replace_and_compact() -> None:
    records = make_records(2000)
    index = VectorIndex(DIMS, fields=FIELDS)
    fill(index, records)
    q = records[30][-1]
    assert index.search(q, 1, part_weight=1.0)[0].tolist() == [30]
    index.remove([30])
    assert 30 not in index.search(q, 2000, part_weight=1.0)[0].tolist()
    replaced = unit(np.random.default_rng(3).normal(size=(2, DIMS)))
    index.append([40], [replaced], [user_of(40)])  # a re-embed: old rows die, new rows live
    records[40] = replaced
    del records[30]
    gone = list(range(100, 700))
    index.remove(gone)
    for r in gone:
        del records[r]
    assert index.needs_compaction()
    index.compact()
    assert index.dead == 0 and index.size == sum(len(v) for v in records.values())
    for weight in (0.0, 1.0):
        assert index.search(q, 10, part_weight=weight)[0].tolist() == brute(records, q, weight, 10)
        # The scope postings follow removals, replacements and the compaction.
        user0 = index.allowed_by_fields({"user_id": ["user0"]})
        scoped = index.search(q, 10, user0, part_weight=weight)
        assert scoped[0].tolist() == brute(records, q, weight, 10, lambda r: r % 10 == 0)
    assert index.max_rowid == 2000


def test_ann_search_and_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Above ``exact_limit`` the ANN index answers; its state survives a round trip."""
    records = make_records(3000, seed=11)
    index = VectorIndex(DIMS, fields=FIELDS, exact_limit=500, tail_limit=200)
    fill(index, records)
    q = query(4)
    exact, _ = index.search(q, 10, part_weight=1.0)
    assert index.ann is None and index.ann_due()  # a search never builds it: exact meanwhile
    expected = brute(records, q, 1.0, 10)
    assert exact.tolist() == expected
    index.ensure_ann()  # what a store's builder thread does
    assert index.ann_size == index.size and not index.ann_due()
    found, _ = index.search(q, 10, part_weight=1.0)
    assert len(set(found.tolist()) & set(expected)) >= 9
    # A selective filter runs exactly: recall 1.0 whatever the ANN index does.
    mask = index.allowed_by_fields({"user_id": ["user7"]})
    found, _ = index.search(q, 10, mask, part_weight=1.0)
    assert found.tolist() == brute(records, q, 1.0, 10, lambda r: r % 10 == 7)
    # New rows wait in the tail, searched exactly, until the tail is long.
    extra = {3001: unit(np.ones((1, DIMS)))}
    index.append([3001], [extra[3001]], [user_of(3001)])
    assert index.search(extra[3001][0], 1, part_weight=1.0)[0].tolist() == [3001]
    assert index.ann_size < index.size
    index.save(str(tmp_path / "ix"))
    assert not (tmp_path / "ix.npy").exists()  # the vectors' durable copy is the store's rows
    restored = VectorIndex.load(str(tmp_path / "ix"), DIMS, fields=FIELDS)
    assert restored.ann is not None
    restored.exact_limit, restored.tail_limit = 500, 200
    records |= extra
    assert restored.restore(batches(records, 700)) == []
    assert restored.ann_size == index.ann_size and len(restored) == len(index)
    assert restored.ann is not None and index.ann is not None
    assert restored.ann.state() == index.ann.state()
    for seed in range(5):
        q = query(seed)
        assert np.array_equal(
            restored.search(q, 10, part_weight=1.0)[0], index.search(q, 10, part_weight=1.0)[0]
        )


def test_the_owner_names_the_fields_it_filters_on(tmp_path: Path) -> None:
    """The index keeps the fields its owner names (the semantic cache: an entry's user, agent
    and session, None a value of its own), and a filter on several is their intersection,
    whichever field holds the fewest rows."""
    names = ("user_id", "agent_id", "session_id")
    pick = random.Random(5)
    records = make_records(600)
    scopes = {
        r: (
            pick.choice(["ann", "bob", "cy", None]),
            pick.choice(["a1", None]),
            pick.choice(["s1", None]),
        )
        for r in records
    }
    index = VectorIndex(DIMS, fields=names)
    ids = list(records)
    index.append(ids, [records[r] for r in ids], [scopes[r] for r in ids])
    index.remove(ids[::7])
    live = {r: scopes[r] for r in ids if r % 7 != 1}

    def matching(wanted: dict[str, list[str | None]]) -> list[int]:
        fields = [names.index(name) for name in wanted]
        return [
            p
            for p in range(index.size)
            if index.live[p]
            and all(
                live[int(index.owner[p])][f] in values
                for f, values in zip(fields, wanted.values(), strict=True)
            )
        ]

    asked: list[dict[str, list[str | None]]] = [
        {"user_id": ["ann"]},
        {"user_id": ["ann"], "agent_id": [None], "session_id": [None]},
        {"session_id": [None], "agent_id": ["a1"], "user_id": ["bob", "cy"]},
        {"agent_id": [None], "user_id": [None]},
        {"user_id": ["nobody"], "agent_id": [None]},
        {"agent_id": [None], "user_id": ["ann", "nobody"]},
        {"user_id": ["ann"], "session_id": ["s1", None]},
    ]
    for wanted in asked:
        assert index.allowed_by_fields(wanted).tolist() == matching(wanted)
    q = query(3)
    scope = {"user_id": ["ann"], "agent_id": [None], "session_id": ["s1"]}
    found = index.search(q, 5, index.allowed_by_fields(scope))[0].tolist()
    assert found == brute(
        records, q, 0.0, 5, lambda r: r in live and live[r] == ("ann", None, "s1")
    )
    with pytest.raises(ValueError):
        index.allowed_by_fields({"kind": ["message"]})  # not a field of this index
    index.save(str(tmp_path / "ix"))
    with pytest.raises(ValueError, match="field tables"):
        VectorIndex.load(str(tmp_path / "ix"), DIMS, fields=FIELDS)  # saved with three fields


def test_calibration_reaches_the_target_and_growth_retrains() -> None:
    """The scan width is calibrated on the store's own vectors; a store that outgrows its
    cells fourfold gets new ones."""
    records = make_records(2000, seed=12)
    index = VectorIndex(DIMS, fields=FIELDS, exact_limit=400, tail_limit=100)
    fill(index, dict(list(records.items())[:400]))
    index.ensure_ann()
    assert index.ann is not None and index.ann.trained_on == index.size
    first = index.ann
    assert index.calibrate() >= index.target_recall
    probes = first.probes
    index.target_recall = 0.5
    index.calibrate()
    assert 1 <= first.probes <= probes  # a lower target never needs more cells
    index.target_recall = 0.99
    fill(index, dict(list(records.items())[400:]))
    index.ensure_ann()
    assert index.ann is not first and index.ann_size == index.size  # retrained for 4x the rows
    hits = 0
    for seed in range(20):
        q = query(100 + seed)
        found = index.search(q, 10, part_weight=1.0)[0].tolist()
        hits += len(set(found) & set(brute(records, q, 1.0, 10)))
    assert hits / 200 >= 0.9


def test_restore_drops_what_the_layout_cannot_place() -> None:
    """A layout older than the store: a record gone from the store leaves it, one with another
    number of rows or one it never held is returned to be appended anew; the rest are placed."""
    records = make_records(300, seed=14)
    index = VectorIndex(DIMS, fields=FIELDS)
    fill(index, records)
    gone, grown = 5, 6
    now = {r: v for r, v in records.items() if r != gone}
    now[grown] = unit(np.ones((len(records[grown]) + 1, DIMS)))
    now[301] = unit(np.ones((1, DIMS)))
    index.vectors[: index.size] = 0  # as loaded: the layout without its vectors
    assert index.restore(batches(now, 100)) == [grown, 301]
    index.append([grown, 301], [now[grown], now[301]], [user_of(grown), user_of(301)])
    assert len(index) == len(now)
    for seed in range(5):
        q = query(20 + seed)
        assert index.search(q, 10, part_weight=0.6)[0].tolist() == brute(now, q, 0.6, 10)


def test_growth_keeps_rows() -> None:
    index = VectorIndex(DIMS, fields=FIELDS)
    records = make_records(5000, seed=5)
    fill(index, records)  # regrows many times
    q = query(9)
    assert index.search(q, 10, part_weight=1.0)[0].tolist() == brute(records, q, 1.0, 10)
    index.trim()
    assert index.vectors.shape[0] == index.size == len(index.owner)
    assert index.search(q, 10, part_weight=1.0)[0].tolist() == brute(records, q, 1.0, 10)
    fill(index, {9001: records[1]})  # grows again after a trim
    assert index.search(records[1][0], 1, part_weight=1.0)[0].tolist() in ([1], [9001])


def test_empty_index() -> None:
    index = VectorIndex(4, fields=FIELDS)
    q = np.ones(4, dtype=np.float32) / 2
    assert index.search(q, 5, part_weight=0.6)[0].size == 0
    index.append([3], [unit(np.eye(4, dtype=np.float32)[:2])], [(None, None, None, "note")])
    assert index.search(q, 5, index.allowed_by_rowids([7]))[0].size == 0
    assert index.search(q, 5)[0].tolist() == [3]


def test_growing_while_an_ann_job_reads_the_rows_copies_them() -> None:
    """An ANN job reads the rows without the owner's lock; growing the layout meanwhile
    reallocated the array it read (a crash, SIGSEGV, in the benchmark). Now it is copied."""
    records = make_records(3000, seed=21)
    index = VectorIndex(DIMS, fields=FIELDS, exact_limit=500, tail_limit=200)
    items = list(records.items())
    fill(index, dict(items[:1000]))
    index.trim()
    rows = index.size
    job = index.ann_job()
    assert job is not None
    lent = index.vectors
    done: list[tuple[int, Any]] = []
    reader = threading.Thread(target=lambda: done.append(job()))
    reader.start()
    fill(index, dict(items[1000:]))  # grows past the capacity while the job reads
    reader.join()
    assert index.vectors is not lent and lent.shape[0] == rows
    assert index.install(*done[0]) and index.ann_size == rows < index.size
    assert index.vectors.shape[0] >= index.size and not index._lent
