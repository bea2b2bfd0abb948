"""Dense search over every vector of a store, held in memory by position.

A record has one *head* vector (its text, or the opening of a long text) and, when its text is
longer than a part, *part* vectors: overlapping windows across all of it. A long record's dense
score mixes its head with its best vector (``part_weight``), so a memory whose answer sits at its
end still ranks by meaning; a record is returned once.

Layout: positions are append-only. A record's rows sit together (head first); a delete or a
re-embed marks its rows dead (a tombstone) and a re-embed appends new rows. When a quarter of the
rows are dead the layout is compacted. An optional HNSW graph (:class:`AnnGraph`, faiss) covers
the first ``graph_size`` positions, with graph ids equal to positions; newer rows (the *tail*)
are searched exactly until they are merged into the graph. A search picks exact or graph by the
number of rows it may match:

- few rows (a small store, or a selective filter such as one user's scope): exact, over those
  rows only — recall 1.0 and no post-filter collapse;
- many rows: the graph, told which rows are allowed (a bitmap inside faiss, so filtering happens
  during the graph walk, not after), plus the tail exactly; the candidates' heads are rescored
  exactly.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.errors import MissingDependencyError

__all__ = ["SCOPE_FIELDS", "AnnGraph", "VectorIndex", "cosine", "top_k"]

#: Record fields kept beside the vectors, so filters on them run in memory.
SCOPE_FIELDS = ("user_id", "agent_id", "session_id", "kind")
_STATE_ROWS = ("owner", "head", "slot", "live", "fields")


def cosine(matrix: NDArray[np.float32], query: NDArray[np.float32]) -> NDArray[np.float32]:
    """Row-by-query dot products without BLAS.

    numpy's BLAS wakes its worker threads for a matrix-vector product, and they spin afterwards,
    stealing the cores the embedding model needs next: measured, this doubled search latency
    (LoCoMo store, 2 cores: dense 13.6 → 7.3 ms p50). ``einsum`` runs the loop itself, on one core.
    """
    scores: NDArray[np.float32] = np.einsum("ij,j->i", matrix, query)
    return scores


def top_k(scores: NDArray[np.float32], k: int) -> NDArray[np.intp]:
    """Indices of the ``k`` largest scores, best first."""
    if k <= 0 or scores.size == 0:
        return np.zeros(0, dtype=np.intp)
    part = np.argpartition(-scores, k - 1)[:k] if k < scores.size else np.arange(scores.size)
    return part[np.argsort(-scores[part], kind="stable")]


class AnnGraph:
    """An HNSW graph (faiss) over the first positions of a :class:`VectorIndex`.

    The graph keeps its own copy of the vectors as 8-bit codes (``SQ8``: a quarter of float32's
    memory); the index rescores what it returns with the exact float32 vectors.
    """

    def __init__(self, dimensions: int, *, spec: str = "HNSW32,SQ8", ef_construction: int = 80):
        faiss = _faiss()
        self.index = faiss.index_factory(dimensions, spec, faiss.METRIC_INNER_PRODUCT)
        faiss.downcast_index(self.index).hnsw.efConstruction = ef_construction

    @classmethod
    def from_index(cls, index: Any) -> AnnGraph:
        graph = cls.__new__(cls)
        graph.index = index
        return graph

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def add(self, vectors: NDArray[np.float32]) -> None:
        rows = np.ascontiguousarray(vectors, dtype=np.float32)
        if not self.index.is_trained:
            self.index.train(rows)
        self.index.add(rows)

    def search(
        self, query: NDArray[np.float32], k: int, allowed: NDArray[np.bool_] | None, ef: int
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Top ``k`` graph ids among ``allowed`` (one flag per graph id; None: all), best
        first. Without a filter the walk skips the per-node check, about 20% faster."""
        faiss = _faiss()
        if allowed is None:
            params = faiss.SearchParametersHNSW(efSearch=max(ef, k))
        else:
            bitmap = np.packbits(allowed, bitorder="little")
            selector = faiss.IDSelectorBitmap(allowed.size, faiss.swig_ptr(bitmap))
            params = faiss.SearchParametersHNSW(sel=selector, efSearch=max(ef, k))
        scores, ids = self.index.search(query[None, :].astype(np.float32), k, params=params)
        found = ids[0] >= 0
        return ids[0][found].astype(np.int64), scores[0][found]


def _faiss() -> Any:
    try:
        import faiss
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise MissingDependencyError("the ANN index needs faiss-cpu: pip install remem") from exc
    return faiss


class VectorIndex:
    """Every head and part vector of a store by position, with record fields for filtering."""

    def __init__(
        self,
        dimensions: int,
        *,
        exact_limit: int = 20_000,
        ef_search: int = 64,
        tail_limit: int = 20_000,
        rescore: float = 8.0,
    ) -> None:
        self.dimensions = dimensions
        #: A search that may match at most this many rows runs exactly.
        self.exact_limit = exact_limit
        #: HNSW beam width for an unfiltered search; filtered searches widen it.
        self.ef_search = ef_search
        #: Rows past the graph searched exactly before they are merged into it.
        self.tail_limit = tail_limit
        #: Graph candidates per wanted record, rescored exactly.
        self.rescore = rescore
        self.size = 0
        self.vectors = np.zeros((0, dimensions), dtype=np.float32)
        self.owner = np.zeros(0, dtype=np.int64)  # record rowid of each row
        self.head = np.zeros(0, dtype=bool)  # the record's first row
        self.slot = np.zeros(0, dtype=np.int64)  # position of the record's head
        self.live = np.zeros(0, dtype=bool)
        self.fields = np.zeros((0, len(SCOPE_FIELDS)), dtype=np.int32)
        self.codes: list[dict[str | None, int]] = [{} for _ in SCOPE_FIELDS]
        self.graph: AnnGraph | None = None
        self.dead = 0
        self._version = 0  # bumped by every change, to invalidate cached masks
        self._cached: tuple[tuple[int, bool], NDArray[np.bool_], int] | None = None
        self._heads: dict[int, int] = {}  # rowid -> position of its live head
        self._max_rowid = 0

    # -- size ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        """Records held (live heads)."""
        return len(self._heads)

    @property
    def rows(self) -> int:
        """Live rows (heads and parts)."""
        return self.size - self.dead

    @property
    def max_rowid(self) -> int:
        return self._max_rowid

    @property
    def graph_size(self) -> int:
        return len(self.graph) if self.graph is not None else 0

    def rowids(self) -> NDArray[np.int64]:
        """Row ids of the records held, ascending."""
        return np.asarray(sorted(self._heads), dtype=np.int64)

    # -- persistence ---------------------------------------------------------------------------
    def save(self, base: str) -> None:
        """Write ``<base>.npy`` (the vectors), ``<base>.npz`` (the layout) and, with a graph,
        ``<base>.faiss``; each streams to disk without a second copy in memory."""
        n = self.size
        np.save(f"{base}.npy", self.vectors[:n])
        np.savez(
            f"{base}.npz",
            owner=self.owner[:n],
            head=self.head[:n],
            slot=self.slot[:n],
            live=self.live[:n],
            fields=self.fields[:n],
            codes=np.asarray(json.dumps([list(table) for table in self.codes])),
        )
        if self.graph is not None:
            _faiss().write_index(self.graph.index, f"{base}.faiss")

    @classmethod
    def load(cls, base: str, dimensions: int, *, graph: bool) -> VectorIndex:
        """Read what :meth:`save` wrote; ``ValueError`` when the parts disagree."""
        index = cls(dimensions)
        vectors = np.load(f"{base}.npy")  # read from a file, the array owns its memory
        with np.load(f"{base}.npz") as layout:
            index.owner = np.asarray(layout["owner"], dtype=np.int64)
            index.head = np.asarray(layout["head"], dtype=bool)
            index.slot = np.asarray(layout["slot"], dtype=np.int64)
            index.live = np.asarray(layout["live"], dtype=bool)
            index.fields = np.asarray(layout["fields"], dtype=np.int32)
            tables = json.loads(str(layout["codes"]))
        n = len(index.owner)
        if vectors.dtype != np.float32 or vectors.shape != (n, dimensions):
            raise ValueError(f"its vectors have shape {vectors.shape}, not ({n}, {dimensions})")
        if any(len(getattr(index, name)) != n for name in _STATE_ROWS):
            raise ValueError("its layout arrays disagree in length")
        if len(tables) != len(SCOPE_FIELDS) or index.fields.shape != (n, len(SCOPE_FIELDS)):
            raise ValueError("its field tables disagree")
        index.vectors, index.size = vectors, n
        index.codes = [{value: code for code, value in enumerate(table)} for table in tables]
        if graph:
            index.graph = AnnGraph.from_index(_faiss().read_index(f"{base}.faiss"))
            if len(index.graph) > n:
                raise ValueError("its graph covers rows it does not hold")
        heads = np.flatnonzero(index.head & index.live)
        index._heads = dict(zip(index.owner[heads].tolist(), heads.tolist(), strict=True))
        index.dead = n - int(index.live.sum())
        index._max_rowid = max(index._heads, default=0)
        return index

    def reserve(self, rows: int) -> None:
        """Make room for ``rows`` rows in all, so loading a large store never regrows."""
        self._reserve(rows, exact=True)

    # -- changes -------------------------------------------------------------------------------
    def append(
        self,
        rowids: Sequence[int],
        vectors: Sequence[NDArray[np.float32]],
        fields: Sequence[Sequence[str | None]],
    ) -> None:
        """Add records: each a row id, its vectors as rows (head first) and its field values.
        A record already held is replaced."""
        if not len(rowids):
            return
        self.remove([r for r in rowids if r in self._heads])
        counts = [len(v) for v in vectors]
        total = sum(counts)
        self._reserve(self.size + total)
        start = self.size
        stop = start + total
        block = np.concatenate([np.asarray(v, dtype=np.float32) for v in vectors])
        self.vectors[start:stop] = block
        owners = np.repeat(np.asarray(rowids, dtype=np.int64), counts)
        heads_at = start + np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        self.owner[start:stop] = owners
        self.head[start:stop] = False
        self.head[heads_at] = True
        self.slot[start:stop] = np.repeat(heads_at, counts)
        self.live[start:stop] = True
        coded = np.asarray(
            [[self._code(i, v) for i, v in enumerate(values)] for values in fields],
            dtype=np.int32,
        )
        self.fields[start:stop] = np.repeat(coded, counts, axis=0)
        self.size = stop
        self._version += 1
        for rowid, position in zip(rowids, heads_at.tolist(), strict=True):
            self._heads[int(rowid)] = position
        self._max_rowid = max(self._max_rowid, int(max(rowids)))

    def remove(self, rowids: Iterable[int]) -> None:
        heads = [self._heads.pop(int(r)) for r in rowids if int(r) in self._heads]
        if not heads:
            return
        if len(heads) < 64:
            rows = [p for h in heads for p in self._record_rows(h)]
            self.live[rows] = False
        else:
            gone = np.zeros(self.size, dtype=bool)
            gone[heads] = True
            self.live[: self.size] &= ~gone[self.slot[: self.size]]
        self.dead = self.size - int(self.live[: self.size].sum())
        self._version += 1
        if self._max_rowid not in self._heads:
            self._max_rowid = max(self._heads, default=0)

    def needs_compaction(self) -> bool:
        return self.size > 1000 and self.dead > self.size // 4

    def compact(self) -> None:
        """Drop dead rows and the graph (rebuilt on demand)."""
        keep = np.flatnonzero(self.live[: self.size])
        new_pos = np.full(self.size, -1, dtype=np.int64)
        new_pos[keep] = np.arange(keep.size)
        self.vectors = np.ascontiguousarray(self.vectors[keep])
        self.owner, self.head = self.owner[keep], self.head[keep]
        self.slot = new_pos[self.slot[keep]]
        self.live = np.ones(keep.size, dtype=bool)
        self.fields = self.fields[keep]
        self.size, self.dead, self.graph = keep.size, 0, None
        self._version += 1
        heads = np.flatnonzero(self.head)
        self._heads = dict(zip(self.owner[heads].tolist(), heads.tolist(), strict=True))

    # -- search ---------------------------------------------------------------------------------
    def allowed_by_fields(self, values: Mapping[str, Sequence[str | None]]) -> NDArray[np.bool_]:
        """Rows whose fields take one of the given values (all fields must match)."""
        mask = self.live[: self.size].copy()
        for name, wanted in values.items():
            column = self.fields[: self.size, SCOPE_FIELDS.index(name)]
            codes = [self.codes[SCOPE_FIELDS.index(name)].get(v, -1) for v in wanted]
            mask &= np.isin(column, codes) if len(codes) > 1 else column == codes[0]
        return mask

    def allowed_by_rowids(self, rowids: Iterable[int]) -> NDArray[np.bool_]:
        """Rows of the given records (heads and parts)."""
        heads = np.zeros(self.size, dtype=bool)
        positions = [self._heads[r] for r in rowids if r in self._heads]
        heads[positions] = True
        return heads[self.slot[: self.size]]

    def search(
        self,
        query: NDArray[np.float32],
        k: int,
        allowed: NDArray[np.bool_] | None = None,
        *,
        part_weight: float = 0.0,
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Top ``k`` records (rowids, scores) among the ``allowed`` rows (default: all live).

        A record with parts scores ``part_weight · max(head, best part) + (1 − part_weight) ·
        head``; a record without parts scores its head's cosine.
        """
        if allowed is None:
            mask, count = self._unfiltered(heads_only=not part_weight)
        else:
            mask = allowed & self.live[: self.size]
            if not part_weight:
                mask &= self.head[: self.size]
            count = int(mask.sum())
        if count == 0 or k <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        if count <= self.exact_limit or self.size < self.exact_limit:
            if count > self.size // 4:  # scoring every row beats copying most of them out
                every = cosine(self.vectors[: self.size], query)
                positions = np.flatnonzero(mask)
                scores = every[positions]
            else:
                positions = np.flatnonzero(mask)
                scores = cosine(self.vectors[positions], query)
        else:
            positions, scores = self._approximate(query, k, mask, count)
        return self._by_record(positions, scores, query, k, part_weight)

    def ensure_graph(self) -> None:
        """Build or extend the graph to cover every row once the tail is long."""
        if self.size < self.exact_limit:
            return
        if self.graph is None:
            self.graph = AnnGraph(self.dimensions)
        covered = len(self.graph)
        if self.size - covered <= self.tail_limit and covered:
            return
        step = 10_000
        for start in range(covered, self.size, step):
            self.graph.add(self.vectors[start : min(start + step, self.size)])

    def _unfiltered(self, *, heads_only: bool) -> tuple[NDArray[np.bool_], int]:
        """The rows an unfiltered search may match, and how many: kept until the next change,
        since most searches have no filter beyond a scope."""
        key = (self._version, heads_only)
        if self._cached is None or self._cached[0] != key:
            mask = self.live[: self.size].copy()
            if heads_only:
                mask &= self.head[: self.size]
            self._cached = (key, mask, int(mask.sum()))
        return self._cached[1], self._cached[2]

    def _approximate(
        self, query: NDArray[np.float32], k: int, mask: NDArray[np.bool_], count: int
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        self.ensure_graph()
        assert self.graph is not None
        covered = len(self.graph)
        # Every graph row allowed (no filter, nothing dead, no parts to skip): no bitmap.
        whole = count == self.size and covered == self.size
        # Parts can fill the list with one record's windows: ask for more rows than records.
        # The graph ranks by 8-bit codes; in a dense cluster of a large store the true top k
        # differ by less than the codes' error, so take ``rescore`` × k rows and let the exact
        # float32 scores decide (measured at 1M: recall 0.64 with 2.5 × k).
        per_record = self.rows / max(len(self), 1)
        want = min(count, int(k * per_record * self.rescore) + 10)
        share = max(count / max(self.size, 1), 1e-6)
        ef = int(min(1024, max(self.ef_search, want) / math.sqrt(share)))
        ids, _ = self.graph.search(query, want, None if whole else mask[:covered], ef)
        ids = np.concatenate([ids, covered + np.flatnonzero(mask[covered:])])
        return ids, cosine(self.vectors[ids], query)  # exact scores, not the 8-bit codes'

    def _by_record(
        self,
        positions: NDArray[np.int64],
        scores: NDArray[np.float32],
        query: NDArray[np.float32],
        k: int,
        part_weight: float,
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """One score per record: best of its rows found, mixed with its head's score."""
        slots = self.slot[positions]
        if np.array_equal(slots, positions):  # heads only: the common case
            best = top_k(scores, k)
            return self.owner[positions[best]], scores[best]
        unique, inverse = np.unique(slots, return_inverse=True)
        found = np.full(unique.size, -np.inf, dtype=np.float32)
        np.maximum.at(found, inverse, scores)
        heads = cosine(self.vectors[unique], query)
        mixed = part_weight * np.maximum(found, heads) + (1.0 - part_weight) * heads
        best = top_k(mixed.astype(np.float32), k)
        return self.owner[unique[best]], mixed[best].astype(np.float32)

    # -- internals ------------------------------------------------------------------------------
    def _record_rows(self, head: int) -> list[int]:
        rows = [head]
        position = head + 1
        while position < self.size and self.slot[position] == head:
            rows.append(position)
            position += 1
        return rows

    def _code(self, field: int, value: str | None) -> int:
        table = self.codes[field]
        code = table.get(value)
        if code is None:
            code = table[value] = len(table)
        return code

    def _reserve(self, rows: int, *, exact: bool = False) -> None:
        capacity = self.vectors.shape[0]
        if rows <= capacity:
            return
        capacity = rows if exact else max(rows, int(capacity * 1.25), 1024)
        try:
            # realloc: for a large array the kernel remaps pages, so growing never needs the old
            # and the new copy at once (which would double peak memory at a million vectors).
            self.vectors.resize((capacity, self.dimensions), refcheck=False)
        except ValueError:  # not its own memory (a view): copy once
            bigger = np.zeros((capacity, self.dimensions), dtype=np.float32)
            bigger[: self.size] = self.vectors[: self.size]
            self.vectors = bigger

        def grow(array: NDArray[Any]) -> NDArray[Any]:
            bigger = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
            bigger[: self.size] = array[: self.size]
            return bigger

        self.owner, self.head, self.slot = grow(self.owner), grow(self.head), grow(self.slot)
        self.live, self.fields = grow(self.live), grow(self.fields)
