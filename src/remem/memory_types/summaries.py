"""Summary indices over a document, and what they cost before you build them.

A long document is chunked (``add_document``), then summarised in one of two shapes:

- **list** (``build_list_index``): each chunk gets a *causal* running summary — the summary of
  itself and of everything before it — stored as a ``summary`` record linked to the chunk. A
  query returns the best chunks, each with the summary of what led up to it. With
  ``causal=False`` each chunk is summarised alone and the summaries are the search keys.
- **tree** (``build_tree_index``): chunks are grouped ``branching`` at a time and summarised,
  then the summaries likewise, level by level up to one root. With ``causal=True`` each node's
  prompt also carries the summary of its left sibling. A query returns the best leaves, each with
  its path of summaries up to the root.

Summaries come from ``llm`` (prompts ``summary.causal`` / ``summary.node``) or, without one,
extractively: the leading sentences of the text being summarised, up to ``summary_tokens``.

:func:`estimate_costs` (``remem cost FILE``) gives the LLM tokens each index would cost to build
— long-context (nothing to build; the document is sent with every query), list with causal
summaries, list with summaries as keys, tree, causal tree — from the chunking and the prompt
templates, without calling a model: per call, prompt tokens = template + inputs, completion
tokens = ``summary_tokens``. Checked against a real build's counted tokens in the tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from remem import prompts
from remem.core.errors import InvalidInputError
from remem.llm.base import LLM, as_llm, call, derived_by
from remem.text.chunking import chunk_text
from remem.text.tokens import DEFAULT_MODEL, TokenCounter, token_counter

if TYPE_CHECKING:
    from remem.core.records import MemoryRecord
    from remem.embedders.base import Embedder
    from remem.engine.protocol import EngineAPI

__all__ = [
    "IndexHit",
    "build_list_index",
    "build_tree_index",
    "estimate_costs",
    "query_index",
]

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True, slots=True)
class IndexHit:
    """A leaf found by :func:`query_index`, with its context: the causal summary before it
    (list) or its ancestors' summaries, nearest first (tree)."""

    chunk: MemoryRecord
    context: list[str]
    score: float


class _Summarizer:
    def __init__(
        self, memory: EngineAPI, llm: LLM | Callable[[str], str] | None, tokens: int, count: Any
    ) -> None:
        self.memory = memory
        self.llm = as_llm(llm)
        self.tokens = tokens
        self.count = count

    def deriving(self, document: MemoryRecord, prompt: str) -> AbstractContextManager[None]:
        """Summaries written in the block are derived from ``document`` (by the LLM with
        ``prompt``, or by taking the lead when there is none)."""
        return derived_by(self.llm, prompt, sources=[document.id])

    def __call__(self, name: str, text: str, **values: Any) -> str:
        if self.llm is None:
            return _lead(text, self.tokens, self.count)
        prompt = prompts.render(name, words=int(self.tokens * 0.7), text=text, **values)
        return call(self.llm, prompt, memory=self.memory, feature=name).strip()


def build_list_index(
    memory: EngineAPI,
    text: str,
    *,
    llm: LLM | Callable[[str], str] | None = None,
    chunk_size: int = 200,
    summary_tokens: int = 96,
    causal: bool = True,
    **scope: Any,
) -> MemoryRecord:
    """Store ``text`` as chunks, each with a summary — causal (of it and all before it), or
    with ``causal=False`` of the chunk alone, used as its search key. Returns the document."""
    document, chunks = _chunks(memory, text, chunk_size, scope)
    summarize = _Summarizer(memory, llm, summary_tokens, token_counter())
    before = ""
    items = []
    for chunk in chunks:
        if causal:
            before = summarize("summary.causal", chunk.text, before=before or "(the start)")
            items.append(_summary_item(before, document, [chunk.id], 1, "list", scope))
        else:
            key = summarize("summary.node", chunk.text)
            items.append(_summary_item(key, document, [chunk.id], 1, "keys", scope))
    with summarize.deriving(document, "summary.causal" if causal else "summary.node"):
        memory.add_many(items, progress=False)
    return document


def build_tree_index(
    memory: EngineAPI,
    text: str,
    *,
    llm: LLM | Callable[[str], str] | None = None,
    chunk_size: int = 200,
    summary_tokens: int = 96,
    branching: int = 4,
    causal: bool = False,
    **scope: Any,
) -> MemoryRecord:
    """Store ``text`` as chunks under a tree of summaries; returns the document record."""
    if branching < 2:
        raise InvalidInputError(f"branching must be at least 2, got {branching}")
    document, chunks = _chunks(memory, text, chunk_size, scope)
    summarize = _Summarizer(memory, llm, summary_tokens, token_counter())
    level: list[tuple[str, str]] = [(c.id, c.text) for c in chunks]  # (id, text) of a level
    depth = 1
    while len(level) > 1 or depth == 1:
        nodes: list[dict[str, Any]] = []
        left = ""
        for start in range(0, len(level), branching):
            group = level[start : start + branching]
            joined = "\n\n".join(t for _, t in group)
            if causal and left:
                joined = f"(Before this: {left})\n\n{joined}"
            summary = summarize("summary.node", joined)
            left = summary
            nodes.append(
                _summary_item(
                    summary, document, [i for i, _ in group], depth, "tree", scope, causal=causal
                )
            )
        with summarize.deriving(document, "summary.node"):
            stored = memory.add_many(nodes, progress=False)
        level = [(r.id, r.text) for r in stored]
        depth += 1
        if len(level) == 1:
            break
    return document


def query_index(
    memory: EngineAPI, document: MemoryRecord | str, query: str, *, k: int = 3
) -> list[IndexHit]:
    """The ``k`` chunks of an indexed document that best match ``query``, with their context."""
    doc_id = document if isinstance(document, str) else document.id
    summaries = memory.list(filters={"document": doc_id, "kind": "summary"}, limit=100_000)
    if summaries and summaries[0].metadata.get("index") == "keys":
        # Summaries as keys: search them, answer with their chunks.
        keys = memory.search(
            query, k=k, filters={"document": doc_id, "kind": "summary"}, touch=False
        )
        chunks = {c.id: c for c in memory.get_many([h.metadata["children"][0] for h in keys])}
        return [
            IndexHit(chunks[h.metadata["children"][0]], [h.text], h.score)
            for h in keys
            if h.metadata["children"][0] in chunks
        ]
    hits = memory.search(query, k=k, filters={"parent_id": doc_id, "kind": "chunk"}, touch=False)
    parent_of: dict[str, MemoryRecord] = {}
    for summary in summaries:
        for child in summary.metadata.get("children", []):
            parent_of[child] = summary
    out: list[IndexHit] = []
    for hit in hits:
        context: list[str] = []
        above = parent_of.get(hit.id)
        while above is not None:
            context.append(above.text)
            above = parent_of.get(above.id) if above.metadata.get("index") == "tree" else None
        out.append(IndexHit(hit, context, hit.score))
    return out


def estimate_costs(
    text: str,
    embedder: Embedder,
    *,
    chunk_size: int = 200,
    summary_tokens: int = 96,
    branching: int = 4,
    queries: int = 1,
    model: str = DEFAULT_MODEL,
    count_tokens: TokenCounter | None = None,
) -> dict[str, dict[str, int]]:
    """LLM tokens (prompt, completion, calls) to build each index for ``text``, and the prompt
    tokens of answering ``queries`` questions with the whole document in context."""
    count = count_tokens or token_counter(model)
    chunks = [c.text for c in chunk_text(text, embedder, size=chunk_size)]
    if not chunks:
        raise InvalidInputError("the document is empty")
    s = summary_tokens
    # Template overheads, with every variable empty (and the "words" number filled).
    words = str(int(s * 0.7))
    causal_t = count(prompts.render("summary.causal", words=words, before="", text=""))
    node_t = count(prompts.render("summary.node", words=words, text=""))
    sizes = [count(c) for c in chunks]
    n = len(chunks)
    start = count("(the start)")
    out: dict[str, dict[str, int]] = {
        "long-context": {"calls": 0, "prompt": 0, "completion": 0, "per_query": count(text)},
        "list, causal summaries": {
            "calls": n,
            "prompt": n * causal_t + sum(sizes) + start + (n - 1) * s,
            "completion": n * s,
        },
        "list, summaries as keys": {
            "calls": n,
            "prompt": n * node_t + sum(sizes),
            "completion": n * s,
        },
    }
    for causal in (False, True):
        calls = prompt = 0
        level = sizes
        while True:
            groups = [level[i : i + branching] for i in range(0, len(level), branching)]
            calls += len(groups)
            joins = sum(2 * (len(g) - 1) for g in groups)  # the blank lines between parts
            prompt += len(groups) * node_t + sum(sum(g) for g in groups) + joins
            if causal:
                prompt += (len(groups) - 1) * (s + count("(Before this: )") + 2)
            level = [s] * len(groups)
            if len(groups) == 1:
                break
        out["causal tree" if causal else "tree"] = {
            "calls": calls,
            "prompt": prompt,
            "completion": calls * s,
        }
    for row in out.values():
        row.setdefault("per_query", 0)
    out["long-context"]["per_query"] = queries * out["long-context"]["per_query"]
    return out


# -- internals -------------------------------------------------------------------------------------
def _chunks(
    memory: EngineAPI, text: str, chunk_size: int, scope: dict[str, Any]
) -> tuple[MemoryRecord, list[MemoryRecord]]:
    document = memory.add_document(text, chunk_size=chunk_size, progress=False, **scope)
    chunks = memory.list(filters={"parent_id": document.id}, limit=100_000)
    chunks.sort(key=lambda c: c.position or 0)
    if not chunks:
        raise InvalidInputError("the document has no text to index")
    return document, chunks


def _summary_item(
    text: str,
    document: MemoryRecord,
    children: list[str],
    level: int,
    index: str,
    scope: dict[str, Any],
    *,
    causal: bool = False,
) -> dict[str, Any]:
    return {
        "text": text or "(empty)",
        "kind": "summary",
        "metadata": {
            "document": document.id,
            "index": index,
            "level": level,
            "children": children,
            "causal": causal,
        },
        "dedupe": False,
        **scope,
    }


def _lead(text: str, tokens: int, count: Callable[[str], int]) -> str:
    """The leading sentences of ``text`` up to ``tokens`` (the no-LLM summary)."""
    chosen: list[str] = []
    used = 0
    for sentence in _SENTENCE.split(text.strip()):
        cost = count(sentence) + 1
        if used + cost > tokens:
            break
        chosen.append(sentence)
        used += cost
    if chosen:
        return " ".join(chosen)
    words = text.split()
    return " ".join(words[: max(1, tokens // 2)])
