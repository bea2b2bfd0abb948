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
    haystack_items,
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
        report = evaluate_longmemeval(mem, path, details=True)
    assert report["memories"] == 8 and report["ingest"]["added"] == 8
    assert set(report["latency_ms"]) == {"cosine", "remem"}
    for half in ("tune", "report"):
        for method in ("cosine", "remem"):
            figures = report["splits"][half][method]
            assert figures["questions"] == 1
            assert figures["overall"]["recall_any@5"] == 1.0  # 4 sessions: all in the top 5
            assert 0 < figures["overall"]["ndcg@5"] <= 1.0
    assert report["ranked"]["q1"]["cosine"][0] == "ev1"  # the only session about violins
    with remem.open(":memory:", embedder="hash:64") as mem:
        mem.add("not empty", metadata={"item": "something else"}, user_id="q1")
        with pytest.raises(remem.InvalidInputError, match="holds other memories for q1"):
            evaluate_longmemeval(mem, path)
    (tmp_path / "bad.json").write_text(json.dumps([{"question_id": "x"}]))
    with pytest.raises(remem.InvalidInputError, match="question 0 has no"):
        read_questions(tmp_path / "bad.json")


def test_turns_granularity_ranks_sessions_by_their_best_turn_and_resumes(tmp_path: Path) -> None:
    row = question("q1", "single-session-assistant", "Which museum did you suggest in Oslo?",
                   "ev1", "museums in Oslo")  # fmt: skip
    # The evidence lies in the assistant's reply: only a round (turn + reply) holds it.
    row["haystack_sessions"][2] = [
        {"role": "user", "content": "Where should I go on a rainy day?"},
        {"role": "assistant", "content": "Try the Munch museum in Oslo, it is quiet."},
        {"role": "user", "content": "Where should I go on a rainy day?"},  # said twice
        {"role": "assistant", "content": "As I said, the Munch museum."},
    ]
    items = haystack_items(row, "turns")
    ev1 = [i for i in items if i["session_id"] == "ev1"]
    assert [(i["kind"], i["metadata"]["item"]) for i in ev1] == [
        ("turn", "ev1:0:user"), ("round", "ev1:0:round"),
        ("turn", "ev1:2:user"), ("round", "ev1:2:round")]  # fmt: skip
    assert ev1[1]["text"] == (
        "Where should I go on a rainy day?\n\nTry the Munch museum in Oslo, it is quiet."
    )
    assert ev1[2]["created_at"] > ev1[1]["created_at"]  # turns keep their order
    path = tmp_path / "lme.json"
    path.write_text(json.dumps([row]))
    store = tmp_path / "turns.db"
    with remem.open(store, embedder="hash:64") as mem:
        first = evaluate_longmemeval(mem, path, granularity="turns", details=True)
    # 4 sessions × (turn + round), plus ev1's second round; its repeated turn is one memory
    assert first["memories"] == 9 and first["ingest"]["added"] == 9
    assert first["ranked"]["q1"]["remem"][0] == "ev1"
    with remem.open(store, embedder="hash:64") as mem:  # reused: nothing embedded again
        again = evaluate_longmemeval(mem, path, granularity="turns", details=True)
    assert again["ingest"]["added"] == 0 and again["memories"] == 9
    assert again["ranked"] == first["ranked"]
    with pytest.raises(remem.InvalidInputError, match="granularity"):
        evaluate_longmemeval(remem.open(":memory:", embedder="hash:64"), path, granularity="x")


def test_the_command_runs_both_granularities_and_reuses_its_stores(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from remem.cli.main import cli

    rows = [question("q1", "single-session-user", "What did I say about my violin lessons?",
                     "ev1", "my violin lessons on Mondays")]  # fmt: skip
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(rows))
    args = ["eval", "longmemeval", "--data", str(path), "--embedder", "hash:64",
            "--store", str(tmp_path / "stores")]  # fmt: skip
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    report = json.loads(first.output)["granularities"]
    assert report["sessions"]["part_tokens"] == 128 and report["turns"]["part_tokens"] == 0
    assert report["sessions"]["memories"] == 4 and report["turns"]["memories"] == 8
    again = json.loads(CliRunner().invoke(cli, args).output)["granularities"]
    assert again["turns"]["ingest"]["added"] == 0
    assert again["turns"]["splits"] == report["turns"]["splits"]
    assert sorted(p.name for p in (tmp_path / "stores").iterdir()) == ["sessions.db", "turns.db"]


def test_folds_choose_on_the_other_folds_and_report_the_held_out_one() -> None:
    from remem.eval.folds import cross_validate, fold_ids

    types = {f"q{i:02d}": ("a" if i % 3 else "b") for i in range(30)}
    parts = fold_ids(types, 5, seed=1)
    assert sorted(q for part in parts for q in part) == sorted(types)  # each once
    assert all(sum(types[q] == "b" for q in part) == 2 for part in parts)  # stratified
    assert fold_ids(types, 5, seed=1) == parts and fold_ids(types, 5, seed=2) != parts
    # "good" finds every question but q00; "lucky" only the b questions; the folds must
    # choose "good" everywhere, and report it on questions it was not chosen on.
    good = {q: {"r@5": 0.0 if q == "q00" else 1.0} for q in types}
    lucky = {q: {"r@5": float(types[q] == "b")} for q in types}
    base = {q: {"r@5": 0.5} for q in types}
    report = cross_validate(
        {"good": good, "lucky": lucky}, types, choose_by="r@5", folds=5, seeds=(0, 1),
        fixed_scores={"cosine": base},
    )  # fmt: skip
    assert report["chosen"] == {"good": 10}
    held = report["held_out"]["chosen"]["overall"]["r@5"]
    assert held["mean"] == pytest.approx(29 / 30, abs=1e-4)
    assert held["min"] == pytest.approx(5 / 6, abs=1e-4)
    assert report["held_out"]["cosine"]["overall"]["r@5"]["sd"] == 0.0
    assert report["held_out"]["chosen"]["by_type"]["b"]["questions"] == 10
    with pytest.raises(remem.InvalidInputError, match="no scores for"):
        cross_validate({"good": {"q00": {"r@5": 1.0}}}, types, choose_by="r@5")
    with pytest.raises(remem.InvalidInputError, match="2 folds or more"):
        fold_ids(types, 1, seed=0)


def test_the_command_cross_validates_candidates(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from remem.cli.main import cli

    rows = [
        question(f"q{i}", kind, asked, f"ev{i}", words)
        for i, (kind, asked, words) in enumerate(
            [("single-session-user", "What did I say about my violin lessons?",
              "my violin lessons on Mondays"),
             ("single-session-user", "Which bakery sells sourdough?",
              "the bakery that sells sourdough"),
             ("temporal-reasoning", "When did I repaint the fence?", "repainting the fence"),
             ("temporal-reasoning", "When did I buy the kayak?", "buying a red kayak")] * 2
        )
    ]  # fmt: skip
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(rows))
    candidates = tmp_path / "candidates.json"
    candidates.write_text(json.dumps({"remem": {}, "dense only": {"dense_weight": 1.0}}))
    args = ["eval", "longmemeval", "--data", str(path), "--embedder", "hash:64",
            "--granularity", "sessions", "--folds", "2", "--seeds", "0,1",
            "--candidates", str(candidates)]  # fmt: skip
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    report = json.loads(done.output)["granularities"]["sessions"]
    folds = report["cross_validation"]
    assert (folds["folds"], folds["seeds"], folds["questions"]) == (2, [0, 1], 8)
    assert sum(folds["chosen"].values()) == 4
    assert set(folds["held_out"]) == {"chosen", "cosine", "remem"}
    assert set(report["latency_ms"]) == {"cosine", "remem", "dense only"}
    bad = CliRunner().invoke(cli, [*args[:-2], "--candidates", str(path)])
    assert bad.exit_code != 0 and "JSON object of name" in bad.output
