"""Export / import round trips, and the LoCoMo reader."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import numpy as np
import pytest

import remem
from remem.transfer import locomo_items, parse_locomo_time

LOCOMO_SAMPLE = [
    {
        "sample_id": "conv-x",
        "conversation": {
            "speaker_a": "Ann",
            "speaker_b": "Bo",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a puppy!"},
                {
                    "speaker": "Bo",
                    "dia_id": "D1:2",
                    "text": "Great, what breed?",
                    "img_url": ["x"],
                    "blip_caption": "a photo of a beagle",
                },
            ],
            "session_2_date_time": "10:37 am on 27 June, 2023",
            "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "I ran a marathon."}],
        },
        "qa": [
            {
                "question": "Who adopted a puppy?",
                "answer": "Ann",
                "evidence": ["D1:1"],
                "category": 4,
            }
        ],
    }
]


def test_export_import_round_trip_keeps_everything(tmp_path: Path) -> None:
    src = tmp_path / "src"
    with remem.open(src, embedder="hash:64") as mem:
        mem.add("a fact", user_id="u", kind="fact", metadata={"k": [1, 2]}, importance=4)
        mem.add_document("A document. It has two sentences.", agent_id="a")
        mem.add(" ".join(f"word{i}" for i in range(400)))  # long: head and part vectors
        mem.search("fact")  # access stats exist but are not part of the identity
        originals = {r.id: r for r in mem.list(limit=1000)}
        vectors = {r.id: v for r, v in mem.records(with_vectors=True)}
        assert max(len(v) for v in vectors.values() if v is not None) > 3
        assert mem.export(tmp_path / "dump.jsonl") == len(originals)
    header = json.loads((tmp_path / "dump.jsonl").read_text().splitlines()[0])
    assert header == {
        "remem": "export",
        "version": 1,
        "embedder": "hash:64",
        "dimensions": 64,
        "encrypted": False,  # an export is plain JSON, whatever the store
    }
    with remem.open(tmp_path / "dst", embedder="hash:64") as mem:
        assert mem.import_(tmp_path / "dump.jsonl") == len(originals)
        assert mem.import_(tmp_path / "dump.jsonl") == 0  # idempotent: known ids skipped
        for record, vector in mem.records(with_vectors=True):
            old = originals[record.id]
            for field in (
                "text",
                "kind",
                "user_id",
                "agent_id",
                "metadata",
                "created_at",
                "importance",
                "parent_id",
                "position",
                "content_hash",
            ):
                assert getattr(record, field) == getattr(old, field), field
            if vectors[record.id] is None:
                assert vector is None  # the document container has no vector
            else:
                assert np.array_equal(vector, vectors[record.id])


def test_import_rejects_wrong_dimension_and_keeps_store(tmp_path: Path) -> None:
    dump = tmp_path / "bad.jsonl"
    vec = base64.b64encode(np.ones(10, dtype="<f4").tobytes()).decode()
    dump.write_text(
        json.dumps({"remem": "export", "version": 1, "embedder": "hash:64", "dimensions": 64})
        + "\n"
        + json.dumps({"id": "a", "text": "ok", "vector_b64": vec})
        + "\n"
    )
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        mem.add("precious")
        with pytest.raises(remem.VectorError, match="dimension 64"):
            mem.import_(dump)
        assert [r.text for r in mem.list()] == ["precious"]


def test_import_refuses_other_embedders_vectors_unless_reembedding(tmp_path: Path) -> None:
    with remem.open(tmp_path / "a", embedder="hash:32") as mem:
        mem.add("from another model")
        mem.export(tmp_path / "dump.jsonl")
    with remem.open(tmp_path / "b", embedder="hash:64") as mem:
        with pytest.raises(remem.EmbedderMismatchError, match="reembed"):
            mem.import_(tmp_path / "dump.jsonl")
        assert mem.import_(tmp_path / "dump.jsonl", reembed=True) == 1
        assert mem.search("another model", mode="dense", k=1)[0].text == "from another model"


def test_import_plain_items_and_bad_lines(tmp_path: Path) -> None:
    good = tmp_path / "items.jsonl"
    good.write_text('{"text": "one", "user_id": "u"}\n\n{"text": "two", "kind": "fact"}\n')
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "fine"}\n{not json}\n')
    notutf8 = tmp_path / "latin1.jsonl"
    notutf8.write_bytes('{"text": "café"}\n'.encode("latin-1"))
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        assert mem.import_(good) == 2
        with pytest.raises(remem.InvalidInputError, match="line 2"):
            mem.import_(bad)
        with pytest.raises(remem.InvalidInputError, match="UTF-8"):
            mem.import_(notutf8)
        with pytest.raises(remem.InvalidInputError, match="cannot read"):
            mem.import_(tmp_path / "missing.jsonl")
        assert mem.stats().records == 2


def test_locomo_reader(tmp_path: Path) -> None:
    items = locomo_items(LOCOMO_SAMPLE)
    assert [i["metadata"]["dia_id"] for i in items] == ["D1:1", "D1:2", "D2:1"]
    assert items[0]["text"] == "Ann: I adopted a puppy!"
    assert "beagle" in items[1]["text"]
    assert items[0]["user_id"] == "conv-x" and items[2]["session_id"] == "conv-x/session_2"
    assert items[1]["created_at"] > items[0]["created_at"]
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps(LOCOMO_SAMPLE))
    with remem.open(":memory:", embedder="hash:64") as mem:
        assert mem.import_(path) == 3
        assert mem.search("marathon", k=1, user_id="conv-x")[0].metadata["dia_id"] == "D2:1"


def test_locomo_times() -> None:
    assert parse_locomo_time("1:56 pm on 8 May, 2023").isoformat() == "2023-05-08T13:56:00+00:00"
    assert parse_locomo_time("10:37 am on 27 June, 2023").hour == 10
    with pytest.raises(remem.InvalidInputError):
        parse_locomo_time("sometime in spring")
    with pytest.raises(remem.InvalidInputError):
        locomo_items({"not": "a list"})


def test_a_line_nested_past_the_json_parser_is_refused_as_too_deep(tmp_path: Path) -> None:
    """JSON nested deeper than Python's parser recurses (about 1,000 levels; 60 KB of brackets
    here) is refused as too-deep metadata is, naming the line, in JSON lines and LoCoMo."""
    deep = "[" * 30_000 + "]" * 30_000
    lines = tmp_path / "deep.jsonl"
    lines.write_text('{"text": "fine"}\n' + f'{{"text": "x", "metadata": {{"a": {deep}}}}}\n')
    locomo = tmp_path / "deep.json"
    locomo.write_text(f'[{{"conversation": {{"session_1": {deep}}}}}]')
    with remem.open(tmp_path / "s", embedder="hash:64") as mem:
        too_deep = "nested more than 32 levels deep: flatten it"
        with pytest.raises(remem.InvalidInputError, match=f"deep.jsonl line 2 is {too_deep}"):
            mem.import_(lines)
        with pytest.raises(remem.InvalidInputError, match=f"deep.json is {too_deep}"):
            mem.import_(locomo)
        with pytest.raises(remem.InvalidInputError, match=too_deep):  # as add refuses metadata
            mem.add("x", metadata={"a": json.loads("[" * 900 + "]" * 900)})
        assert mem.stats().records == 0  # all or none
