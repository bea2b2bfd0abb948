"""The ANN index over a :class:`~remem.index.vector_index.VectorIndex`'s first positions (faiss IVF
with 8-bit codes: :class:`AnnIndex`), the postings of the fields it filters on
(:class:`Postings`), and the top-k of a score array."""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import MissingDependencyError

__all__ = ["AnnIndex", "Postings", "faiss_module", "postings_of", "top_k"]


def top_k(scores: NDArray[np.float32], k: int) -> NDArray[np.intp]:
    """Indices of the ``k`` largest scores, best first."""
    if k <= 0 or scores.size == 0:
        return np.zeros(0, dtype=np.intp)
    part = np.argpartition(-scores, k - 1)[:k] if k < scores.size else np.arange(scores.size)
    return part[np.argsort(-scores[part], kind="stable")]


class AnnIndex:
    """An inverted-file index (faiss ``IVF<lists>,SQ8``) over the first positions of a
    :class:`VectorIndex`, with ids equal to positions.

    k-means splits the vectors into ``lists`` cells (about 2√n); a search compares the query with
    the 8-bit codes (a quarter of float32's memory) of the ``probes`` cells nearest to it, and the
    caller rescores what comes back with the exact vectors. ``probes`` is not a guess: it is
    calibrated on the store's own vectors when the index is built (see
    :meth:`VectorIndex.calibrate`). Chosen over an HNSW graph by measurement (benchmarks/
    RESULTS.md): a million vectors build in under a minute instead of ~11, and a filter is a bitmap
    checked while scanning cells, so a selective filter never strands a graph walk.
    """

    def __init__(self, dimensions: int, lists: int) -> None:
        faiss = faiss_module()
        self.index = faiss.index_factory(dimensions, f"IVF{lists},SQ8", faiss.METRIC_INNER_PRODUCT)
        self.lists = lists
        #: Cells scanned by an unfiltered search (calibrated).
        self.probes = min(lists, 8)
        #: Rows covered when the cells were trained, and when ``probes`` was calibrated.
        self.trained_on = 0
        self.calibrated_on = 0

    @classmethod
    def for_rows(cls, dimensions: int, rows: int) -> AnnIndex:
        """About 2√n cells, each trained on at least 40 rows (faiss asks for 39)."""
        return cls(dimensions, max(1, min(int(2 * math.sqrt(rows)), rows // 40)))

    @classmethod
    def from_index(cls, index: Any, state: Mapping[str, int]) -> AnnIndex:
        ann = cls.__new__(cls)
        ann.index = index
        ann.lists = int(faiss_module().extract_index_ivf(index).nlist)
        ann.probes = int(state["probes"])
        ann.trained_on = int(state["trained_on"])
        ann.calibrated_on = int(state["calibrated_on"])
        return ann

    def copy(self) -> AnnIndex:
        """A copy to extend while this one answers searches."""
        return AnnIndex.from_index(faiss_module().clone_index(self.index), self.state())

    def state(self) -> dict[str, int]:
        return {
            "probes": self.probes,
            "trained_on": self.trained_on,
            "calibrated_on": self.calibrated_on,
        }

    def __len__(self) -> int:
        return int(self.index.ntotal)

    def train(self, sample: NDArray[np.float32], rows: int) -> None:
        self.index.train(np.ascontiguousarray(sample, dtype=np.float32))
        self.trained_on = rows

    def add(self, vectors: NDArray[np.float32]) -> None:
        self.index.add(np.ascontiguousarray(vectors, dtype=np.float32))

    def reserve(self, vectors: NDArray[np.float32], rows: int, step: int) -> None:
        """Size each cell's storage for the rows about to be added: filled a batch at a time,
        a cell grows by doubling and ends up to twice its size (measured at a million rows:
        the cells took ~0.8 GB instead of ~0.4 GB)."""
        faiss = faiss_module()
        ivf = faiss.extract_index_ivf(self.index)
        counts = np.zeros(self.lists, dtype=np.int64)
        for start in range(0, rows, step):
            block = np.ascontiguousarray(vectors[start : min(start + step, rows)], np.float32)
            _, cells = ivf.quantizer.search(block, 1)
            counts += np.bincount(cells.ravel(), minlength=self.lists)
        lists = faiss.downcast_InvertedLists(ivf.invlists)
        for cell, count in enumerate(counts.tolist()):
            have = lists.list_size(cell)
            lists.resize(cell, have + count)  # capacity for all of them, once
            lists.resize(cell, have)

    def search(
        self,
        queries: NDArray[np.float32],
        k: int,
        allowed: NDArray[np.bool_] | None,
        probes: int,
    ) -> NDArray[np.int64]:
        """Ids of about the top ``k`` rows among ``allowed`` (one flag per id; None: all) for
        each query row, best first by the codes' scores; -1 pads a short list."""
        faiss = faiss_module()
        probes = max(1, min(probes, self.lists))
        if allowed is None:
            params = faiss.SearchParametersIVF(nprobe=probes)
        else:
            bitmap = np.packbits(allowed, bitorder="little")
            selector = faiss.IDSelectorBitmap(allowed.size, faiss.swig_ptr(bitmap))
            params = faiss.SearchParametersIVF(sel=selector, nprobe=probes)
        rows = np.ascontiguousarray(queries, dtype=np.float32)
        _, ids = self.index.search(rows, k, params=params)
        return np.asarray(ids, dtype=np.int64)


def faiss_module() -> Any:
    # faiss runs on OpenMP (its own libgomp), whose idle threads spin after every parallel
    # region by default, and faiss opens regions even for one query's search: the spinning
    # takes the cores from the rest of the search and from every other process searching (two
    # reader processes at 100k: 1.55x one reader's searches/s spinning, 2x not; a dense search
    # 0.5x). Passive threads sleep instead. libgomp reads this when it loads, with faiss; a
    # value the user set is kept.
    if "faiss" not in sys.modules:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import faiss
    except ImportError as exc:  # pragma: no cover - a core dependency
        raise MissingDependencyError("the ANN index needs faiss-cpu: pip install remem") from exc
    global _FORK_SAFE
    if not _FORK_SAFE:
        os.register_at_fork(after_in_child=_one_thread_in_child)
        _FORK_SAFE = True
    return faiss


#: Whether :func:`_one_thread_in_child` runs after each fork (set once faiss is imported).
_FORK_SAFE = False


def _one_thread_in_child() -> None:
    """libgomp's thread pool does not survive a fork: in the child, the first parallel region
    after the parent ran one waits forever for threads that were not copied (a
    ``multiprocessing`` worker, a server's pre-forked worker). With one thread faiss opens no
    team, so the child's searches and builds run, on one core each."""
    sys.modules["faiss"].omp_set_num_threads(1)


class Postings:
    """For one field, the positions of the rows holding each value code, ascending: a scope's
    rows found without reading every row's field (one user of 1,000 at 1M rows: its 1,000
    positions, not a scan of a million codes)."""

    def __init__(self) -> None:
        self._rows: dict[int, NDArray[np.int64]] = {}
        self._sizes: dict[int, int] = {}

    @classmethod
    def of(cls, codes: NDArray[np.int32]) -> Postings:
        postings = cls()
        postings.add(codes, 0)
        return postings

    def add(self, codes: NDArray[np.int32], start: int) -> None:
        """Note rows ``start``, ``start + 1``, ... holding ``codes``."""
        if codes.size == 0:
            return
        if codes.size == 1 or bool((codes == codes[0]).all()):  # one scope: the common write
            self._extend(int(codes[0]), np.arange(start, start + codes.size, dtype=np.int64))
            return
        order = np.argsort(codes, kind="stable")
        bounds = np.flatnonzero(np.diff(codes[order])) + 1
        for rows in np.split(order, bounds):
            self._extend(int(codes[rows[0]]), rows.astype(np.int64) + start)

    def get(self, code: int) -> NDArray[np.int64]:
        rows = self._rows.get(code)
        return rows[: self._sizes[code]] if rows is not None else np.zeros(0, dtype=np.int64)

    def count(self, code: int) -> int:
        """Rows noted for ``code`` (dead ones included)."""
        return self._sizes.get(code, 0)

    def _extend(self, code: int, positions: NDArray[np.int64]) -> None:
        rows = self._rows.get(code)
        size = self._sizes.get(code, 0)
        need = size + positions.size
        if rows is None or need > rows.size:
            bigger = np.zeros(max(need, 2 * size, 16), dtype=np.int64)
            if rows is not None:
                bigger[:size] = rows[:size]
            self._rows[code] = rows = bigger
        rows[size:need] = positions
        self._sizes[code] = need


def postings_of(fields: NDArray[np.int32]) -> list[Postings]:
    """Postings for every field, from a ``fields`` array (one row per vector)."""
    return [Postings.of(fields[:, i]) for i in range(fields.shape[1])]
