"""Evaluation: metrics, LoCoMo evidence cleaning, and a small end-to-end run."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import remem
from remem.eval.beir import evaluate_beir
from remem.eval.chat import evaluate_chat, read_probes
from remem.eval.common import ABLATION
from remem.eval.locomo import INGESTIONS, evaluate_locomo, ingested, normalise_evidence
from remem.eval.metrics import ndcg_at_k, percentile, recall_at_k

from .test_transfer import LOCOMO_SAMPLE


def test_recall() -> None:
    assert recall_at_k(["a", "b", "c"], {"a", "c"}, 2) == 0.5
    assert recall_at_k(["a"], set(), 1) == 0.0


def test_ndcg_matches_hand_computation() -> None:
    # Relevant docs at ranks 1 and 3; two relevant in total.
    dcg = 1 + 1 / 2  # 1/log2(2) + 1/log2(4)
    idcg = 1 + 1 / 1.5849625007211563
    assert ndcg_at_k(["a", "x", "b"], {"a": 1, "b": 1}, 10) == pytest.approx(dcg / idcg)
    assert ndcg_at_k(["x"], {"a": 1}, 10) == 0.0


def test_percentile() -> None:
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([5], 95) == 5


def test_malformed_locomo_evidence_is_normalised() -> None:
    turns = {"D8:6", "D9:17", "D11:26", "D30:5"}
    assert normalise_evidence(["D8:6; D9:17"], turns) == {"D8:6", "D9:17"}
    assert normalise_evidence(["D:11:26"], turns) == {"D11:26"}
    assert normalise_evidence(["D30:05"], turns) == {"D30:5"}
    assert normalise_evidence(["D", "D99:1"], turns) == set()


def test_locomo_eval_end_to_end(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(LOCOMO_SAMPLE))
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_locomo(mem, path, ks=(1, 2), modes=("keyword", "hybrid"))
    assert report["memories"] == 3 and report["questions"] == 1
    assert report["runs"]["keyword"]["overall"]["recall@2"] == 1.0
    assert report["runs"]["hybrid"]["by_category"]["4 single-hop"]["questions"] == 1


def test_locomo_counts_a_question_found_only_with_all_its_evidence(tmp_path: Path) -> None:
    """recall_any / recall_all: a question whose evidence spans two sessions and two speakers
    is "any" with one turn in the top k, "all" only with both."""
    sample = copy.deepcopy(LOCOMO_SAMPLE)
    sample[0]["qa"] = [
        {
            "question": "What did Ann adopt, and what did Bo run?",
            "answer": "a puppy; a marathon",
            "evidence": ["D1:1", "D2:1"],
            "category": 1,
        }
    ]
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(sample))
    with remem.open(":memory:", embedder="hash:64") as mem:
        run = evaluate_locomo(mem, path, ks=(1, 3), modes=("keyword",))["runs"]["keyword"]
    assert run["overall"]["recall@1"] == 0.5  # one of its two turns
    assert (run["overall"]["recall_any@1"], run["overall"]["recall_all@1"]) == (1.0, 0.0)
    assert (run["overall"]["recall_any@3"], run["overall"]["recall_all@3"]) == (1.0, 1.0)
    groups = run["by_evidence"]
    assert groups["several sessions"]["questions"] == 1 and groups["one session"]["questions"] == 0
    assert groups["said by the second speaker"]["recall_all@3"] == 1.0


def test_chat_eval_finds_what_the_assistant_said_among_a_history(tmp_path: Path) -> None:
    history = tmp_path / "locomo.json"
    history.write_text(json.dumps(LOCOMO_SAMPLE))
    probes = tmp_path / "probes.jsonl"
    lines = [
        {"id": "assistant-1", "type": "assistant", "evidence": [1],
         "messages": [{"role": "user", "content": "Dinner ideas for Saturday?"},
                      {"role": "assistant", "content": "Risotto, roast chicken, short ribs."}],
         "question": "Which dinner ideas did you suggest?"},
        {"id": "fact-1", "type": "fact", "evidence": [0],
         "messages": [{"role": "user", "content": "My sister Priya lives in Leeds."}],
         "question": "Where does my sister Priya live?"},
    ]  # fmt: skip
    probes.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_chat(mem, history, probes, ks=(1, 5))
        # the probes' sessions sit among the conversation's, as the user's own chats
        stored = mem.list(user_id="chat-user-0", limit=100)
    assert report["messages"] == len(stored) == 6
    run = report["runs"]["hybrid (default)"]
    assert run["by_type"]["assistant"] == {"found@1": 1.0, "found@5": 1.0, "mrr": 1.0,
                                           "questions": 1}  # fmt: skip
    assert run["overall"]["questions"] == 2 and "neither prior" in report["runs"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**lines[0], "evidence": [5]}) + "\n")
    with pytest.raises(remem.InvalidInputError, match="evidence must index its messages"):
        read_probes(bad)


def test_chat_eval_cross_validates_its_candidates_over_the_probes(tmp_path: Path) -> None:
    """``remem eval chat --folds``: in each fold the candidate best on the other folds, scored
    on the probes held out, beside the first candidate held to itself."""
    from click.testing import CliRunner

    from remem.cli.main import cli

    history = tmp_path / "locomo.json"
    history.write_text(json.dumps(LOCOMO_SAMPLE))
    probes = tmp_path / "probes.jsonl"
    lines = [
        {"id": f"fact-{i}", "type": "fact", "evidence": [0],
         "messages": [{"role": "user", "content": f"My sister number {i} lives in {town}."}],
         "question": f"Where does my sister number {i} live?"}
        for i, town in enumerate(["Leeds", "Bath", "York", "Hull"])
    ]  # fmt: skip
    probes.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    candidates = tmp_path / "candidates.json"
    candidates.write_text(json.dumps({"default": {}, "keyword only": {"mode": "keyword"}}))
    args = ["eval", "chat", "--data", str(history), "--probes", str(probes), "--folds", "2",
            "--seeds", "0,1", "--candidates", str(candidates), "--embedder", "hash:64"]  # fmt: skip
    done = CliRunner().invoke(cli, args)
    assert done.exit_code == 0, done.output
    cv = json.loads(done.output)["cross_validation"]
    assert cv["choose_by"] == "found@5" and cv["questions"] == 4
    assert sum(cv["chosen"].values()) == 4  # 2 folds x 2 seeds
    assert set(cv["held_out"]) == {"chosen", "default"}
    assert set(json.loads(done.output)["runs"]) == {"default", "keyword only"}


def test_the_chat_probe_set_is_well_formed() -> None:
    probes = read_probes(Path(__file__).parent / "data" / "chat_recall.jsonl")
    assert [sum(p["type"] == t for p in probes) for t in ("assistant", "preference", "fact")] == [
        20,
        20,
        20,
    ]
    assert len({p["id"] for p in probes}) == 60
    for probe in probes:
        roles = [m["role"] for m in probe["messages"]]
        assert roles[::2] == ["user"] * len(roles[::2]) and set(roles[1::2]) <= {"assistant"}
        said_by = {probe["messages"][i]["role"] for i in probe["evidence"]}
        assert said_by == {"assistant" if probe["type"] == "assistant" else "user"}


def test_beir_eval_end_to_end(tmp_path: Path) -> None:
    (tmp_path / "qrels").mkdir()
    docs = [
        {"_id": "d1", "title": "Cats", "text": "Cats purr when content."},
        {"_id": "d2", "title": "Rockets", "text": "Rockets burn fuel to climb."},
    ]
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in docs))
    (tmp_path / "queries.jsonl").write_text(json.dumps({"_id": "q1", "text": "why do cats purr"}))
    (tmp_path / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n")
    (tmp_path / "qrels" / "train.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td2\t1\n")
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_beir(mem, tmp_path, modes=("hybrid",))
        assert report["documents"] == 2 and report["queries"] == 1
        assert report["split"] == "test" and report["runs"]["hybrid"]["ndcg@10"] == 1.0
        train = evaluate_beir(mem, tmp_path, split="train", runs={"dense": {"mode": "dense"}})
    assert train["split"] == "train" and train["runs"]["dense"]["ndcg@10"] < 1.0


def test_eval_reuses_its_store_and_refuses_others(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(LOCOMO_SAMPLE))
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        first = evaluate_locomo(mem, path, ks=(2,), modes=("hybrid",))
    with remem.open(store) as mem:
        second = evaluate_locomo(mem, path, ks=(2,), modes=("hybrid",))
        assert second["ingest"] == {"reused_store": True} and "per_second" in first["ingest"]
        assert second["runs"]["hybrid"]["overall"] == first["runs"]["hybrid"]["overall"]
        mem.add("an unrelated memory")
        with pytest.raises(remem.InvalidInputError, match="holds other memories"):
            evaluate_locomo(mem, path, ks=(2,))


def test_locomo_stored_four_ways_each_reused_only_as_itself(tmp_path: Path) -> None:
    """The ingestions differ as applications' chats do: "Speaker: text", the text with the
    speaker in metadata, the text with roles and no names, the bare text (no captions, one
    time a session); a store of one is never taken for another's, and each question is
    counted in its half (the sample's one conversation: tune)."""
    data = copy.deepcopy(LOCOMO_SAMPLE)
    first_speaker = data[0]["conversation"]["speaker_a"]
    turns = [t for key, v in data[0]["conversation"].items() if key.startswith("session_")
             and isinstance(v, list) for t in v]  # fmt: skip
    turns[0]["blip_caption"] = "a bee on a flower"
    labelled, plain, roles, bare = (ingested(data, how) for how in INGESTIONS)
    assert "a bee on a flower" in labelled[0]["text"]
    assert [i["text"] for i in bare] == [t["text"] for t in turns]
    assert [i["metadata"]["speaker"] for i in bare] == [t["speaker"] for t in turns]
    for b in bare:  # one time for each session, named as a user would (D1, D2, …)
        assert b["session_id"] == f"D{b['metadata']['session']}"
        assert b["created_at"] == min(
            x["created_at"]
            for x in labelled
            if x["metadata"]["session"] == b["metadata"]["session"]
        )
    assert [i["text"] for i in plain] == [
        i["text"].removeprefix(f"{i['metadata']['speaker']}: ") for i in labelled
    ]
    assert "a bee on a flower" in plain[0]["text"]
    assert all("speaker" not in i["metadata"] for i in roles)
    assert [i["role"] for i in roles] == [
        "user" if i["metadata"]["speaker"] == first_speaker else "assistant" for i in labelled
    ]
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(data))
    store = tmp_path / "store"
    with remem.open(store, embedder="hash:64") as mem:
        report = evaluate_locomo(mem, path, ks=(2,), modes=("hybrid",), ingestion="roles")
        assert report["ingestion"] == "roles"
        halves = report["runs"]["hybrid"]["halves"]
        assert halves["tune"]["questions"] == 1 and halves["report"]["questions"] == 0
        with pytest.raises(remem.InvalidInputError, match="holds other memories"):
            evaluate_locomo(mem, path, ks=(2,), ingestion="plain")
    with pytest.raises(remem.InvalidInputError, match="ingestion is one of"):
        ingested(data, "names")


def test_ablation_runs_each_stage(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(LOCOMO_SAMPLE))
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_locomo(mem, path, ks=(2,), ablation=True)
    assert set(report["runs"]) == set(ABLATION)
    for run in report["runs"].values():
        assert 0.0 <= run["overall"]["recall@2"] <= 1.0 and run["latency_ms"]["p50"] > 0


def test_the_cache_threshold_is_chosen_on_other_folds_than_it_is_scored_on() -> None:
    """20 pairs (10 of each label) with made-up outcomes at two thresholds: 0.8 hits every
    pair (precision .5), 0.9 hits the positives only (precision 1). The calibrated threshold
    is the lowest reaching the target on the training folds (0.9 in every fold), scored on
    the held-out fold; the default beside it on the same folds."""
    from remem.eval.cache import threshold_folds

    labels = [1] * 10 + [0] * 10
    outcomes = {
        0.8: [(True, label == 1) for label in labels],
        0.9: [(label == 1, label == 1) for label in labels],
    }
    report = threshold_folds(
        outcomes, labels, target_precision=0.95, default=0.8, folds=5, seeds=(0, 1)
    )
    assert report["chosen"] == {"0.900": 10}
    held = report["held_out"]
    assert held["calibrated"]["precision"] == {"mean": 1.0, "sd": 0.0}
    assert held["calibrated"]["false_hit_rate"]["mean"] == 0.0
    assert held["default"]["precision"] == {"mean": 0.5, "sd": 0.0}
    assert held["default"]["recall"]["mean"] == 1.0


def test_cache_eval_counts_right_and_false_hits(tmp_path: Path) -> None:
    """A tiny MQP-shaped file: one exact repeat (right hit), one hard negative that is worded
    the same (a false hit at any threshold), one unrelated question (a miss)."""
    from click.testing import CliRunner

    from remem.cli.main import cli
    from remem.eval.cache import evaluate_cache

    data = tmp_path / "pairs.csv"
    data.write_text(
        "1,how do I reset my password,how do I reset my password,1\n"
        "1,how do I reset my password,how do I reset my password,0\n"
        "2,what is the capital of france,purple elephants dance at noon,0\n"
        "2,what is the capital of france,what is the capital of france,1\n",
        encoding="utf-8",
    )
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_cache(mem, data, threshold=0.99)
        assert len(mem.cache("eval-mqp")) == 0  # the eval cleans up after itself
    assert report["calibrated"]["threshold"] is None  # 2 of 3 hits right: never 0.95
    row = report["at_default"]
    assert (row["hits"], row["precision"], row["recall"], row["false_hit_rate"]) == (
        3,
        0.6667,
        1.0,
        0.5,
    )
    near_misses = Path(__file__).parent / "data" / "cache_near_misses.csv"
    result = CliRunner().invoke(
        cli,
        ["eval", "cache", "--data", str(data), "--embedder", "hash:64", "--threshold", "0.99",
         "--near-misses", str(near_misses), "--agree-margin", "0"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert printed["at_default"]["hits"] == 3 and printed["agree_margin"] == 0
    assert printed["near_misses"]["pairs"] == 140
    (at_default,) = [r for r in printed["near_misses"]["thresholds"] if r["threshold"] == 0.99]
    assert set(at_default["hits_by_kind"]) == {
        "name", "number", "date", "unit", "negation", "paraphrase"
    }  # fmt: skip
    result = CliRunner().invoke(
        cli, ["eval", "cache", "--data", str(data), "--embedder", "hash:64", "--folds", "2"]
    )
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.output)["folds"]["held_out"]) == {"calibrated", "default"}
    bad = tmp_path / "bad.csv"
    bad.write_text("1,only two columns\n", encoding="utf-8")
    with remem.open(":memory:", embedder="hash:64") as mem, pytest.raises(remem.InvalidInputError):
        evaluate_cache(mem, bad)
