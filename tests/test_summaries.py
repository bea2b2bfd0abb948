"""Summary indices: built (LLM or extractive), queryable with their context, and `remem cost`'s
estimates checked against the tokens a real build sent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import remem
from remem.cli.main import cli
from remem.memory_types.summaries import (
    build_list_index,
    build_tree_index,
    estimate_costs,
    query_index,
)
from remem.text.tokens import token_counter

SUMMARY = 24
TEXT = " ".join(
    f"Chapter {i}. The keeper of lighthouse {i} logged {i * 3} ships and a storm in month {i}. "
    f"Her cat, named Pepper{i}, slept by the lamp while the ferry brought bread and letters."
    for i in range(1, 25)
)


def fixed_summary(prompt: str) -> str:
    """A model whose every answer is exactly SUMMARY tokens (so estimates can be exact)."""
    return "alpha" + " alpha" * (SUMMARY - 1)


@pytest.mark.parametrize(
    ("builder", "options", "row", "feature"),
    [
        (build_list_index, {}, "list, causal summaries", "summary.causal"),
        (build_list_index, {"causal": False}, "list, summaries as keys", "summary.node"),
        (build_tree_index, {"branching": 3}, "tree", "summary.node"),
        (build_tree_index, {"branching": 3, "causal": True}, "causal tree", "summary.node"),
    ],
)
def test_estimates_match_a_real_build(
    mem: remem.Memory, builder: Any, options: dict[str, Any], row: str, feature: str
) -> None:
    assert token_counter()(fixed_summary("")) == SUMMARY
    builder(mem, TEXT, llm=fixed_summary, chunk_size=60, summary_tokens=SUMMARY, **options)
    spent = mem.stats().llm_usage[feature]
    estimate = estimate_costs(
        TEXT, mem.embedder, chunk_size=60, summary_tokens=SUMMARY, **{"branching": 3}
    )[row]
    assert spent["calls"] == estimate["calls"]
    assert spent["completion_tokens"] == estimate["completion"]
    assert abs(spent["prompt_tokens"] - estimate["prompt"]) <= 0.02 * estimate["prompt"]


def test_queries_return_leaves_with_their_context(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        tree = build_tree_index(mem, TEXT, chunk_size=60, summary_tokens=40, branching=3)
        hits = query_index(mem, tree, "What was the cat of lighthouse 7 called?", k=2)
        assert any("Pepper7" in h.chunk.text for h in hits)
        depth = len(hits[0].context)
        assert depth >= 2 and all(h.context for h in hits)  # the path up to the root
        listed = build_list_index(mem, TEXT + " The end.", chunk_size=60, summary_tokens=40)
        hits = query_index(mem, listed, "What was the cat of lighthouse 7 called?", k=1)
        assert len(hits[0].context) == 1  # its causal summary
        keyed = build_list_index(
            mem, TEXT + " Fin.", chunk_size=60, summary_tokens=40, causal=False
        )
        assert query_index(mem, keyed, "storm in month 12", k=1)[0].chunk.kind == "chunk"


def test_cost_command(tmp_path: Path) -> None:
    doc = tmp_path / "doc.txt"
    doc.write_text(TEXT, encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["cost", str(doc), "--embedder", "hash:32", "--chunk-size", "60"])
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    assert set(table) == {
        "long-context",
        "list, causal summaries",
        "list, summaries as keys",
        "tree",
        "causal tree",
    }
    assert table["long-context"]["per_query"] == token_counter()(TEXT)
    plain = runner.invoke(cli, ["cost", str(doc), "--plain", "--embedder", "hash:32"])
    assert "causal tree" in plain.output
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\xff\xfe\x00")
    result = runner.invoke(cli, ["cost", str(bad), "--embedder", "hash:32"])
    assert result.exit_code == 1 and "UTF-8" in result.output
