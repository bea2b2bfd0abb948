"""Dense search over every vector of a store, held in memory by position.

A record has one *head* vector (its text, or the opening of a long text) and, when its text is
longer than a part, *part* vectors: overlapping windows across all of it. A long record's dense
score mixes its head with its best vector (``part_weight``), so a memory whose answer sits at its
end still ranks by meaning; a record is returned once.

Layout: positions are append-only. A record's rows sit together (head first); a delete or a
re-embed marks its rows dead (a tombstone) and a re-embed appends new rows. When a quarter of the
rows are dead the layout is compacted. Above ``exact_limit`` rows an ANN index
(:class:`AnnIndex`: faiss IVF with 8-bit codes, its scan width calibrated on the store's own
vectors) covers the first ``ann_size`` positions, with ids equal to positions; newer rows (the
*tail*) are searched exactly until they are added to it. A search never builds, extends or
retrains the ANN index: :meth:`VectorIndex.ann_job` hands that work to its owner (the SQLite
store runs it on a thread of its own while searches go on exactly, then :meth:`~VectorIndex.
install` s the result). A search picks exact or ANN by the number of rows it may match:

- few rows (a small store, or a selective filter such as one user's scope): exact, over those
  rows only — recall 1.0 and no post-filter collapse;
- many rows: the ANN index, told which rows are allowed (a bitmap inside faiss, so filtering
  happens while scanning, not after), plus the tail exactly; the candidates are rescored with
  their exact vectors.

Beside each row it keeps the values of the fields its owner filters on, as small integer codes
with postings per value: the owner names them (the SQLite store: a record's user, agent, session
and kind; the semantic cache: an entry's user, agent and session), so the index knows nothing
of either.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from remem.index import vector_file
from remem.index.ann import AnnIndex, Postings, faiss_module, postings_of, top_k

__all__ = ["AnnIndex", "VectorIndex", "top_k"]


class VectorIndex:
    """Every head and part vector of a store by position, with the values of the fields its
    owner filters on (``fields``: their names, in the order :meth:`append` gives values)."""

    def __init__(
        self,
        dimensions: int,
        *,
        fields: Sequence[str],
        exact_limit: int = 20_000,
        target_recall: float = 0.995,
        tail_limit: int = 20_000,
        rescore: float = 8.0,
    ) -> None:
        self.dimensions = dimensions
        #: The names of the fields kept beside the vectors, so filters on them run in memory.
        self.field_names = tuple(fields)
        #: A search that may match at most this many rows runs exactly.
        self.exact_limit = exact_limit
        #: Recall@10 the ANN index is calibrated to reach on the store's own vectors.
        self.target_recall = target_recall
        #: Rows past the ANN index searched exactly before they are added to it.
        self.tail_limit = tail_limit
        #: ANN candidates per wanted record, rescored exactly.
        self.rescore = rescore
        self.size = 0
        self.vectors = np.zeros((0, dimensions), dtype=np.float32)
        self.owner = np.zeros(0, dtype=np.int64)  # record rowid of each row
        self.head = np.zeros(0, dtype=bool)  # the record's first row
        self.slot = np.zeros(0, dtype=np.int64)  # position of the record's head
        self.live = np.zeros(0, dtype=bool)
        self.fields = np.zeros((0, len(self.field_names)), dtype=np.int32)
        self.codes: list[dict[str | None, int]] = [{} for _ in self.field_names]
        self.postings = [Postings() for _ in self.field_names]
        self.ann: AnnIndex | None = None
        self.dead = 0
        self._version = 0  # bumped by every change, to invalidate cached masks
        self._epoch = 0  # bumped when positions move (compaction): an ANN job's rows are gone
        self._lent = 0  # ANN jobs reading ``vectors`` without the lock: it is copied, not moved
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
    def ann_size(self) -> int:
        """Rows covered by the ANN index (0: none built)."""
        return len(self.ann) if self.ann is not None else 0

    def rowids(self) -> NDArray[np.int64]:
        """Row ids of the records held, ascending."""
        return np.asarray(sorted(self._heads), dtype=np.int64)

    # -- persistence ---------------------------------------------------------------------------
    def save(self, base: str) -> dict[str, dict[str, int]]:
        """Write the layout (and the ANN index) beside ``base``
        (:func:`remem.index.vector_file.save`); returns each part's size and checksum by suffix."""
        return vector_file.save(self, base)

    @classmethod
    def load(
        cls,
        base: str,
        dimensions: int,
        parts: Mapping[str, dict[str, int]] | None = None,
        *,
        fields: Sequence[str],
    ) -> VectorIndex:
        """Read what :meth:`save` wrote (:func:`remem.index.vector_file.load`); the vectors
        are unset until :meth:`restore` puts the store's back."""
        index: VectorIndex = vector_file.load(cls, base, dimensions, parts, fields=fields)
        return index

    def restore(
        self, batches: Iterable[tuple[Sequence[int], Sequence[int], NDArray[np.float32]]]
    ) -> list[int]:
        """Put the store's vectors back at the rows this (loaded) layout holds for them.

        ``batches`` hold row ids, each record's number of vectors, and those vectors as rows
        (each record's head first, records in the order of their ids): every record the store
        holds with a vector, once. The layout may be older than the store: a record it does
        not hold, or holds with another number of rows, is dropped from it and its row id
        returned (the caller appends it anew); a record it holds that the store no longer has
        is dropped. (The store's change log would reload both too.)"""
        n = self.size
        live = self.live[:n]
        span = np.bincount(self.slot[:n][live], minlength=n)  # rows per live head
        filled = np.zeros(n, dtype=bool)
        misfits: list[int] = []
        for rowids, counted, vectors in batches:
            if not len(rowids):
                continue
            heads = np.fromiter((self._heads.get(r, -1) for r in rowids), np.int64, len(rowids))
            counts = np.asarray(counted, dtype=np.int64)
            fits = heads >= 0
            fits[fits] = counts[fits] == span[heads[fits]]
            if not fits.all():
                misfits.extend(np.asarray(rowids)[~fits].tolist())
                vectors = vectors[np.repeat(fits, counts)]
                heads, counts = heads[fits], counts[fits]
            starts = np.cumsum(counts) - counts
            self.vectors[np.repeat(heads - starts, counts) + np.arange(len(vectors))] = vectors
            filled[heads] = True
        self.vectors[:n][~live] = 0  # dead rows are never scored; they hold no stale memory
        self.remove([rowid for rowid, head in self._heads.items() if not filled[head]])
        return misfits

    def reserve(self, rows: int) -> None:
        """Make room for ``rows`` rows in all, so loading a large store never regrows."""
        self._reserve(rows, exact=True)

    def trim(self) -> None:
        """Give back the spare room growth left: up to a quarter more rows, zero-filled and so
        resident (about 380 MB at a million 384-d vectors)."""
        if self.vectors.shape[0] > self.size:
            self._resize(self.size)

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
        for i, postings in enumerate(self.postings):
            postings.add(self.fields[start:stop, i], start)
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
        """Drop dead rows and the ANN index (built again by the next :meth:`ann_job`)."""
        keep = np.flatnonzero(self.live[: self.size])
        new_pos = np.full(self.size, -1, dtype=np.int64)
        new_pos[keep] = np.arange(keep.size)
        self.vectors = np.ascontiguousarray(self.vectors[keep])
        self.owner, self.head = self.owner[keep], self.head[keep]
        self.slot = new_pos[self.slot[keep]]
        self.live = np.ones(keep.size, dtype=bool)
        self.fields = self.fields[keep]
        self.postings = postings_of(self.fields)
        self.size, self.dead, self.ann = keep.size, 0, None
        self._version += 1
        self._epoch += 1
        heads = np.flatnonzero(self.head)
        self._heads = dict(zip(self.owner[heads].tolist(), heads.tolist(), strict=True))

    # -- search ---------------------------------------------------------------------------------
    def allowed_by_fields(self, values: Mapping[str, Sequence[str | None]]) -> NDArray[np.int64]:
        """Positions, ascending, of the live rows whose fields take one of the given values (all
        fields must match): the postings of the field with the fewest such rows, checked against
        the others' codes, so the cost follows the smallest scope named (one cache entry's user,
        not every entry without an agent)."""
        chosen: list[tuple[int, int, list[int]]] = []  # (rows, field, codes)
        for name, wanted in values.items():
            field = self.field_names.index(name)
            table = self.codes[field]
            codes = sorted({table[v] for v in wanted if v in table})
            chosen.append((sum(self.postings[field].count(c) for c in codes), field, codes))
        if not chosen:
            return np.flatnonzero(self.live[: self.size])
        chosen.sort(key=lambda named: named[0])
        _, field, codes = chosen[0]
        lists = [self.postings[field].get(code) for code in codes]
        found = (
            lists[0]
            if len(lists) == 1
            else np.sort(np.concatenate(lists))
            if lists
            else np.zeros(0, dtype=np.int64)
        )
        for _, field, codes in chosen[1:]:
            column = self.fields[found, field]
            found = found[column == codes[0]] if len(codes) == 1 else found[np.isin(column, codes)]
        return found if not self.dead else found[self.live[found]]

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
        allowed: NDArray[np.bool_] | NDArray[np.int64] | None = None,
        *,
        part_weight: float = 0.0,
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Top ``k`` records (rowids, scores) among the ``allowed`` rows: a flag per row, or
        positions ascending (as :meth:`allowed_by_fields` gives); default all live rows.

        A record with parts scores ``part_weight · max(head, best part) + (1 − part_weight) ·
        head``; a record without parts scores its head's cosine.
        """
        if k <= 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        mask: NDArray[np.bool_] | None = None  # a flag per row, or
        rows: NDArray[np.int64] | None = None  # the rows' positions
        if allowed is None:
            mask, count = self._unfiltered(heads_only=not part_weight)
        elif allowed.dtype == np.bool_:
            mask = np.asarray(allowed, dtype=bool) & self.live[: self.size]
            if not part_weight:
                mask &= self.head[: self.size]
            count = int(mask.sum())
        else:
            rows = np.asarray(allowed, dtype=np.int64)
            rows = rows[self.live[rows] if part_weight else self.live[rows] & self.head[rows]]
            count = rows.size
        if count == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        if count <= self.exact_limit or self.size < self.exact_limit or self.ann is None:
            # Also while no ANN index is built yet: a search never waits for one.
            positions: NDArray[np.int64] | None = rows
            if mask is not None and count > self.size // 4:
                # Scoring every row beats gathering most of them.
                positions = np.flatnonzero(mask)
                scores = self._scanned(query)[positions]
            else:
                if mask is not None:
                    positions = np.flatnonzero(mask)
                assert positions is not None
                scores = self._gathered(positions, query)
        else:
            if mask is None:
                mask = np.zeros(self.size, dtype=bool)
                mask[rows] = True
            positions, scores = self._approximate(query, k, mask, count)
        found, scored = self._by_record(positions, scores, query, k, part_weight)
        # float32 rounding puts a unit vector's cosine with itself at 1.0000001
        return found, np.clip(scored, -1.0, 1.0)

    def _scanned(self, query: NDArray[np.float32]) -> NDArray[np.float32]:
        """Cosines of every row, by faiss's SIMD kernel on one core (25% faster than
        ``einsum`` at 10,000 rows). Not numpy's BLAS: it wakes its worker threads for a
        matrix-vector product and they spin afterwards, stealing the cores the embedding model
        needs next (measured on 2 cores: dense search 13.6 → 7.3 ms p50 without it)."""
        faiss = faiss_module()
        scores = np.empty(self.size, dtype=np.float32)
        if self.size:
            query = np.ascontiguousarray(query, dtype=np.float32)
            faiss.fvec_inner_products_ny(
                faiss.swig_ptr(scores),
                faiss.swig_ptr(query),
                faiss.swig_ptr(self.vectors),
                self.dimensions,
                self.size,
            )
        return scores

    def _gathered(
        self, positions: NDArray[np.int64], query: NDArray[np.float32]
    ) -> NDArray[np.float32]:
        return _gathered(self.vectors, positions, query)

    def ann_due(self) -> bool:
        """Whether the ANN index wants work: built once the store outgrows exact search,
        extended once its tail is long, retrained once the store has grown fourfold since its
        cells were trained."""
        if self.size < self.exact_limit:
            return False
        ann = self.ann
        return (
            ann is None or self.size > 4 * ann.trained_on or self.size - len(ann) > self.tail_limit
        )

    def ann_job(
        self, check: Callable[[], None] = lambda: None
    ) -> Callable[[], tuple[int, AnnIndex]] | None:
        """The work :meth:`ann_due` asks for, taken under the owner's lock and returned as a
        function to run without it (seconds at 100,000 rows), once: it reads only the rows held
        now, whose positions no append or delete moves (a compaction does, and :meth:`install`
        then refuses the result), and until it is done growing the layout copies the rows to a
        new array instead of reallocating the one it reads. It returns what :meth:`install`
        takes. ``check`` is called between the job's steps and may raise to end it (a build in
        the background, when the process exits: :mod:`remem.index.background`)."""
        if not self.ann_due():
            return None
        if self.ann is None or self.size > 4 * self.ann.trained_on:
            self.trim()  # a store this large is worth its exact size before the cells' memory
        vectors, size, live = self.vectors, self.size, self.live[: self.size].copy()
        previous, epoch = self.ann, self._epoch
        recall, rescore = self.target_recall, self.rescore
        self._lent += 1  # until the job is done, growing copies the rows (realloc moves them)

        def build() -> tuple[int, AnnIndex]:
            try:
                return epoch, _built(vectors, size, live, previous, recall, rescore, check)
            finally:
                self._lent -= 1

        return build

    def install(self, epoch: int, ann: AnnIndex) -> bool:
        """Take the ANN index an :meth:`ann_job` built (under the owner's lock); False when the
        positions it covers moved meanwhile (a compaction), and the next job builds anew."""
        if epoch != self._epoch:
            return False
        self.ann = ann
        return True

    def ensure_ann(self) -> None:
        """Do what :meth:`ann_due` asks for, now, in this thread."""
        job = self.ann_job()
        if job is not None:
            self.install(*job())

    def calibrate(self, queries: int = 200, k: int = 10) -> float:
        """Set the ANN index's ``probes`` (:func:`_calibrated`); returns the recall reached."""
        assert self.ann is not None
        live = self.live[: len(self.ann)]
        return _calibrated(
            self.ann, self.vectors, live, self.target_recall, self.rescore, queries, k
        )

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
        ann = self.ann
        assert ann is not None
        covered = len(ann)
        tail = covered + np.flatnonzero(mask[covered:])
        # Every covered row allowed (no filter, nothing dead, no parts to skip): no bitmap.
        whole = count == self.size and covered == self.size
        # Parts can fill the list with one record's windows: ask for more rows than records.
        # The cells rank by 8-bit codes; in a dense cluster of a large store the true top k
        # differ by less than the codes' error, so take ``rescore`` × k rows and let the exact
        # float32 scores decide (measured at 1M: recall 0.64 with 2.5 × k).
        per_record = self.rows / max(len(self), 1)
        reachable = count - tail.size
        want = min(reachable, int(k * per_record * self.rescore) + 10)
        # ``probes`` is calibrated for the top ten of every row. A deeper list (fusion asks for
        # 100) and a filter (its best rows sit further out) both need more cells: scale by
        # √(k / 10) and by 1/√(share allowed), and double while the cells scanned hold fewer
        # allowed rows than wanted. (SciFact, 24k rows: nDCG@10 0.7342 without the depth term,
        # 0.7361 with it; exact search 0.7378.)
        share = max(count / max(self.size, 1), 1e-6)
        probes = math.ceil(ann.probes * math.sqrt(max(k, 10) / 10 / share))
        ids = np.zeros(0, dtype=np.int64)
        allowed = None if whole else mask[:covered]
        while want > 0:
            ids = ann.search(query[None, :], want, allowed, probes)[0]
            ids = ids[ids >= 0]
            if ids.size >= want or probes >= ann.lists:
                break
            probes *= 2
        ids = np.concatenate([ids, tail])
        return ids, self._gathered(ids, query)  # exact scores, not the 8-bit codes'

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
        heads = self._gathered(unique, query)
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
        self._resize(rows if exact else max(rows, int(capacity * 1.25), 1024))

    def _resize(self, capacity: int) -> None:
        """Room for ``capacity`` rows, more or fewer, keeping the first ``size``."""
        try:
            if self._lent:
                raise ValueError("an ANN job reads these rows: copy, never move them")
            # realloc: for a large array the kernel remaps pages, so growing never needs the old
            # and the new copy at once (which would double peak memory at a million vectors).
            self.vectors.resize((capacity, self.dimensions), refcheck=False)
        except ValueError:  # not its own memory (a view), or lent to a job: copy once
            moved = np.zeros((capacity, self.dimensions), dtype=np.float32)
            moved[: self.size] = self.vectors[: self.size]
            self.vectors = moved
        for name in vector_file.STATE_ROWS:
            array = getattr(self, name)
            moved = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
            moved[: self.size] = array[: self.size]
            setattr(self, name, moved)


def _gathered(
    vectors: NDArray[np.float32], positions: NDArray[np.int64], query: NDArray[np.float32]
) -> NDArray[np.float32]:
    """Cosines of the rows at ``positions``, read in place (faiss's kernel: no copy of the
    rows, 2.8× faster than numpy's gather at 10,000 rows)."""
    faiss = faiss_module()
    positions = np.ascontiguousarray(positions, dtype=np.int64)
    scores = np.empty(positions.size, dtype=np.float32)
    if positions.size:
        query = np.ascontiguousarray(query, dtype=np.float32)
        faiss.fvec_inner_products_by_idx(
            faiss.swig_ptr(scores),
            faiss.swig_ptr(query),
            faiss.swig_ptr(vectors),
            faiss.swig_ptr(positions),
            vectors.shape[1],
            1,
            positions.size,
        )
    return scores


def _built(
    vectors: NDArray[np.float32],
    size: int,
    live: NDArray[np.bool_],
    previous: AnnIndex | None,
    target_recall: float,
    rescore: float,
    check: Callable[[], None] = lambda: None,
) -> AnnIndex:
    """The ANN index over the first ``size`` rows: new cells when there are none or the rows
    grew fourfold since they were trained, else a copy of ``previous`` with the rows past it
    added; calibrated again when it has doubled since its last calibration. ``check`` runs
    before each step (a training, a batch of adds, a round of calibration)."""
    step = 10_000  # faiss holds a step × lists distance matrix while assigning cells
    check()
    if previous is None or size > 4 * previous.trained_on:
        ann = AnnIndex.for_rows(vectors.shape[1], size)
        rows = np.flatnonzero(live)
        picked = np.random.default_rng(size).choice(
            rows, size=min(rows.size, 40 * ann.lists), replace=False
        )
        ann.train(vectors[np.sort(picked)], size)
        ann.reserve(vectors, size, step)
    else:
        ann = previous.copy()
    for start in range(len(ann), size, step):
        check()
        ann.add(vectors[start : min(start + step, size)])
    if len(ann) >= 2 * ann.calibrated_on:
        _calibrated(ann, vectors, live[: len(ann)], target_recall, rescore, check=check)
    return ann


def _calibrated(
    ann: AnnIndex,
    vectors: NDArray[np.float32],
    live: NDArray[np.bool_],
    target_recall: float,
    rescore: float,
    queries: int = 200,
    k: int = 10,
    check: Callable[[], None] = lambda: None,
) -> float:
    """Set ``ann.probes`` to the fewest cells that reach ``target_recall``; the recall reached.

    The queries are stored vectors, each searched for with itself left out (leave one out),
    scored as a search scores them (``rescore`` × k candidates rescored exactly) against exact
    search over the covered rows (``live``: one flag per covered row). Measured on real
    embeddings (SciFact and LoCoMo, 30k vectors, benchmarks/RESULTS.md) probes chosen for 0.99
    gave real questions recall@10 within 0.02 of it; the default target is 0.995.
    """
    covered = len(ann)
    rows = np.flatnonzero(live)
    if rows.size <= k + 1:
        return 1.0
    picked = np.random.default_rng(covered).choice(
        rows, size=min(queries, rows.size), replace=False
    )
    asked = vectors[picked]
    truth = _exact_rows(vectors, live, asked, picked, k, covered)
    want = int(k * rescore) + 10
    allowed = None if bool(live.all()) else live
    probes, reached = 1, 0.0
    while True:
        check()
        ids = ann.search(asked, want + 1, allowed, probes)
        hits = 0
        for query, own, found, true in zip(asked, picked, ids, truth, strict=True):
            found = found[(found >= 0) & (found != own)]
            best = found[top_k(_gathered(vectors, found, query), k)]
            hits += np.intersect1d(best, true).size
        reached = hits / (k * len(picked))
        if reached >= target_recall or probes >= ann.lists:
            break
        probes = min(ann.lists, max(probes + 1, int(probes * 1.5)))
    ann.probes, ann.calibrated_on = probes, covered
    return reached


def _exact_rows(
    vectors: NDArray[np.float32],
    live: NDArray[np.bool_],
    queries: NDArray[np.float32],
    own: NDArray[np.int64],
    k: int,
    stop: int,
) -> NDArray[np.int64]:
    """The ``k`` best live rows below ``stop`` for each query, leaving out its own row."""
    best_scores = np.full((len(queries), 0), -np.inf, dtype=np.float32)
    best_rows = np.zeros((len(queries), 0), dtype=np.int64)
    for start in range(0, stop, 16_384):
        end = min(start + 16_384, stop)
        scores = queries @ vectors[start:end].T
        scores[:, ~live[start:end]] = -np.inf
        inside = (own >= start) & (own < end)
        scores[np.flatnonzero(inside), own[inside] - start] = -np.inf
        scores = np.concatenate([best_scores, scores], axis=1)
        rows = np.concatenate(
            [best_rows, np.broadcast_to(np.arange(start, end), (len(queries), end - start))],
            axis=1,
        )
        keep = np.argpartition(-scores, k - 1, axis=1)[:, :k]
        best_scores = np.take_along_axis(scores, keep, axis=1)
        best_rows = np.take_along_axis(rows, keep, axis=1)
    return best_rows
