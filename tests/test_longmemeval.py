"""The LongMemEval harness (issue 34, first step): session documents, plain cosine beside
remem's search, the upstream metrics, the tune / report halves — on a small hand-made file
in LongMemEval's own format."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

import remem
from remem.eval.longmemeval import (
    evaluate_longmemeval,
    read_questions,
    session_document,
    split_of,
)


def question(qid: str, kind: str, asked: str, evidence: str, words: str) -> dict:
    sessions, ids, dates = [], [], []
    for n, topic in enumerate(["the garden and tomatoes", "a trip to Oslo", words, "taxes"]):
        sid = evidence if topic == words else f"{qid}-s{n}"
        ids.append(sid)
        dates.append(f"2023/05/{10 + n:02d} (Wed) 10:0{n}")
        sessions.append(
            [
                {"role": "user", "content": f"I want to talk about {topic}."},
                {"role": "assistant", "content": "Sure, tell me more about it."},
            ]
        )
    return {
        "question_id": qid,
        "question_type": kind,
        "question": asked,
        "question_date": "2023/06/01 (Thu) 09:00",
        "answer": "x",
        "answer_session_ids": [evidence],
        "haystack_session_ids": ids,
        "haystack_dates": dates,
        "haystack_sessions": sessions,
    }


def test_sessions_are_ranked_both_ways_on_both_halves(tmp_path: Path) -> None:
    rows = [
        question("q1", "single-session-user", "What did I say about my violin lessons?",
                 "ev1", "my violin lessons on Mondays"),
        question("q2", "single-session-user", "Which bakery sells sourdough?",
                 "ev2", "the bakery that sells sourdough"),
    ]  # fmt: skip
    path = tmp_path / "lme.json.xz"
    path.write_bytes(lzma.compress(json.dumps(rows).encode()))
    assert [r["question_id"] for r in read_questions(path)] == ["q1", "q2"]
    assert split_of(rows) == {"q1": "tune", "q2": "report"}
    assert session_document(rows[0]["haystack_sessions"][0]) == (
        "I want to talk about the garden and tomatoes."  # the user's turns only
    )
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_longmemeval(mem, path)
    assert report["session_documents"] == 8
    for half in ("tune", "report"):
        for method in ("cosine", "remem"):
            figures = report["splits"][half][method]
            assert figures["questions"] == 1
            assert figures["overall"]["recall_any@5"] == 1.0  # 4 sessions: all in the top 5
            assert 0 < figures["overall"]["ndcg@5"] <= 1.0
    with remem.open(":memory:", embedder="hash:64") as mem:
        mem.add("not empty")
        with pytest.raises(remem.InvalidInputError, match="needs an empty store"):
            evaluate_longmemeval(mem, path)
    (tmp_path / "bad.json").write_text(json.dumps([{"question_id": "x"}]))
    with pytest.raises(remem.InvalidInputError, match="question 0 has no"):
        read_questions(tmp_path / "bad.json")
