"""Retrieval stages after fusion: scoring, MMR, expansion, time phrases, packing, options."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import remem
from remem.retrieval.packing import HEADER
from remem.retrieval.speakers import addressed_role
from remem.retrieval.timeparse import find_time_range

NOW = datetime(2024, 6, 19, 15, 30, tzinfo=UTC)  # a Wednesday


# -- options ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dense_weight": 1.5}, "dense_weight"),
        ({"recency_weight": -1}, "recency_weight"),
        ({"relevance_weight": 0}, "at least one"),
        ({"mmr_lambda": 2}, "mmr_lambda"),
        ({"candidates": -5}, "candidates"),
        ({"expand": 1.5}, "expand"),
        ({"fusion": "max"}, "unknown fusion"),
        ({"speaker_weight": -1}, "speaker_weight"),
        ({"rerank_everything": True}, "unknown search option"),
    ],
)
def test_bad_options_are_typed_errors(mem: remem.Memory, options: dict, message: str) -> None:
    mem.add("something")
    with pytest.raises(remem.InvalidInputError, match=message):
        mem.search("something", **options)


def test_default_config_is_per_memory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with remem.open(tmp_path / "s", embedder="hash:64", retrieval=remem.AGENT_RETRIEVAL) as mem:
        mem.add("an observation")
        hit = mem.search("observation")[0]
        assert {"recency", "importance", "relevance", "final"} <= set(hit.scores)


# -- Generative Agents scoring ------------------------------------------------------------------
def test_recency_and_importance_reorder(mem: remem.Memory) -> None:
    old = mem.add("the garden needs water", kind="observation", importance=2,
                  created_at=NOW - timedelta(days=30))  # fmt: skip
    new = mem.add("the garden needs water today", kind="observation", importance=2,
                  created_at=NOW - timedelta(hours=1))  # fmt: skip
    vital = mem.add("the garden is on fire", kind="observation", importance=10,
                    created_at=NOW - timedelta(days=30))  # fmt: skip
    plain = [h.id for h in mem.search("garden water", k=3, now=NOW, touch=False)]
    assert plain[0] in (old.id, new.id)
    recent = mem.search("garden water", k=3, now=NOW, recency_weight=5, touch=False)
    assert recent[0].id == new.id
    assert recent[0].scores["recency"] == pytest.approx(0.995, abs=1e-3)
    assert recent[1].scores["recency"] == pytest.approx(0.995 ** (30 * 24), rel=1e-3)
    important = mem.search("garden water", k=3, now=NOW, importance_weight=5, touch=False)
    assert important[0].id == vital.id and important[0].scores["importance"] == 1.0
    for hit in important:
        s = hit.scores
        assert s["final"] == pytest.approx(s["rescaled"] + 5 * s["importance"])
    lines = important[0].explain().splitlines()
    assert lines[0] == f"relevance {important[0].score:.2f}  {vital.id}"
    assert lines[1] == "  provenance    stored by the application; via python"
    assert lines[2] == "  trust         trusted: the reader's own words or the application's"
    named = [line.split()[0] for line in lines[3:]]
    assert named == [
        "dense", "keyword", "fused", "rescaled", "recency", "importance", "final",
        "keyword_share", "relevance",
    ]  # fmt: skip


def test_missing_importance_counts_as_default(mem: remem.Memory) -> None:
    mem.add("unrated note about tea")
    hit = mem.search("tea", importance_weight=1, default_importance=0.3)[0]
    assert hit.scores["importance"] == 0.3


# -- MMR -----------------------------------------------------------------------------------------
def test_mmr_prefers_novel_results(mem: remem.Memory) -> None:
    mem.add_many(["apple pie recipe with apples", "apple pie recipe with apples and sugar",
                  "apple pie recipe with apples and butter", "pear tart recipe"])  # fmt: skip
    plain = [h.text for h in mem.search("apple pie recipe", k=2, mode="dense")]
    assert all(t.startswith("apple pie") for t in plain)
    diverse = mem.search("apple pie recipe", k=2, mode="dense", mmr_lambda=0.3)
    assert diverse[0].text.startswith("apple pie") and "mmr" in diverse[0].scores
    assert diverse[1].text == "pear tart recipe"
    assert len(mem.search("apple pie recipe", k=4, mmr_lambda=0.5)) == 4


# -- expansion ---------------------------------------------------------------------------------
def test_expansion_attaches_session_neighbours_once(mem: remem.Memory) -> None:
    turns = ["hi there", "I moved to Oslo last spring", "how is the weather", "cold but bright",
             "do you ski", "every weekend"]  # fmt: skip
    mem.add_many(
        [{"text": t, "session_id": "s1", "created_at": NOW + timedelta(minutes=i)}
         for i, t in enumerate(turns)]
    )  # fmt: skip
    mem.add("an unrelated session", session_id="s2", created_at=NOW)
    hits = mem.search("Oslo", k=1, mode="keyword", expand=1)
    assert hits[0].text == "I moved to Oslo last spring"
    assert [n.text for n in hits[0].neighbors] == ["hi there", "how is the weather"]
    wide = mem.search("Oslo", k=1, mode="keyword", expand=2)[0]
    assert [n.text for n in wide.neighbors] == ["hi there", "how is the weather", "cold but bright"]
    both = mem.search("Oslo weather", k=2, mode="keyword", expand=1)
    seen = [r.id for h in both for r in (h, *h.neighbors)]
    assert len(seen) == len(set(seen))  # no record twice
    assert "neighbors" in both[0].to_dict()


def test_expansion_attaches_adjacent_chunks(mem: remem.Memory) -> None:
    text = " ".join(f"Paragraph {i} is about topic{i}." for i in range(40))
    doc = mem.add_document(text, chunk_size=12, chunk_overlap=0)
    hit = mem.search("topic20", k=1, mode="keyword", expand=1)[0]
    positions = [n.position for n in hit.neighbors]
    assert positions == [hit.position - 1, hit.position + 1]
    assert all(n.parent_id == doc.id for n in hit.neighbors)


# -- time phrases --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("what did I do yesterday", "2024-06-18", "2024-06-19"),
        ("anything today?", "2024-06-19", "2024-06-20"),
        ("meetings last week", "2024-06-10", "2024-06-17"),
        ("this month so far", "2024-06-01", "2024-07-01"),
        ("last year", "2023-01-01", "2024-01-01"),
        ("3 days ago", "2024-06-16", "2024-06-17"),
        ("two weeks ago", "2024-06-03", "2024-06-10"),
        ("a month ago", "2024-05-01", "2024-06-01"),
        ("what happened in May 2023", "2023-05-01", "2023-06-01"),
        ("trip in december", "2023-12-01", "2024-01-01"),
        ("in 2022 we moved", "2022-01-01", "2023-01-01"),
        ("on 8 May, 2023", "2023-05-08", "2023-05-09"),
        ("May 8th, 2023 dinner", "2023-05-08", "2023-05-09"),
        ("the 2023-05-08 call", "2023-05-08", "2023-05-09"),
        ("since last week", "2024-06-10", "2024-06-19"),  # to now
    ],
)
def test_time_phrases(query: str, start: str, end: str) -> None:
    found = find_time_range(query, NOW)
    assert found is not None
    assert found.start.date().isoformat() == start and found.end.date().isoformat() == end


@pytest.mark.parametrize(
    ("query", "days"),
    [("in the past 2 weeks", 14), ("plants I got in the last month", 30), ("the past week", 7)],
)
def test_past_n_days_is_a_rolling_window(query: str, days: int) -> None:
    found = find_time_range(query, NOW)
    assert found is not None and found.end == NOW and found.start == NOW - timedelta(days=days)


@pytest.mark.parametrize(
    "query",
    ["what may I eat", "the 31 February 2023 party", "tell me more",
     "the airlines I flew with before today", "until last week"],
)  # fmt: skip
def test_no_time_phrase(query: str) -> None:
    assert find_time_range(query, NOW) is None


def test_a_named_time_lifts_the_memories_stored_then_and_drops_none(mem: remem.Memory) -> None:
    mem.add("went hiking in the hills", created_at="2024-06-18T10:00:00Z")
    mem.add("went hiking in the sea", created_at="2024-05-02T10:00:00Z")
    mem.add("went hiking in the snow", created_at="2024-01-02T10:00:00Z")
    hits = mem.search("hiking yesterday", now=NOW)
    assert hits[0].text == "went hiking in the hills" and hits[0].scores["time"] > 0
    assert len(hits) == 3  # a prior, not a filter: the others still come back
    # "In May" (on 19 June): lifted in May, by half in the month after it, not before.
    lifted = {h.text: h.scores.get("time", 0.0) for h in mem.search("hiking in May", now=NOW)}
    assert lifted["went hiking in the sea"] > 0
    assert lifted["went hiking in the hills"] == pytest.approx(lifted["went hiking in the sea"] / 2)
    assert lifted["went hiking in the snow"] == 0.0
    untimed = mem.search("hiking yesterday")  # no reference time: no time read
    assert all("time" not in h.scores for h in untimed)
    off = mem.search("hiking yesterday", now=NOW, time_weight=0)
    assert all("time" not in h.scores for h in off)
    with pytest.raises(remem.InvalidInputError, match="now"):
        mem.search("hiking", now="not a time")


def test_a_named_time_brings_candidates_from_beyond_the_best(mem: remem.Memory) -> None:
    """The memory of the named time is found though a hundred better matches bury it."""
    mem.add_many(
        [{"text": f"the team met about the budget, item {i}", "created_at": "2024-03-01T10:00:00Z"}
         for i in range(120)]
    )  # fmt: skip
    mem.add("budget talk with Ana", created_at="2024-06-18T09:00:00Z")
    query = "the team met about the budget yesterday"
    hits = mem.search(query, now=NOW, candidates=20, time_weight=10)
    assert hits[0].text == "budget talk with Ana"
    hits = mem.search(query, now=NOW, candidates=20, time_weight=0)
    assert "budget talk with Ana" not in [h.text for h in hits]


def _hikes(mem: remem.Memory, user: str) -> None:
    mem.add_many(
        [{"text": f"{user} went hiking {where}", "user_id": user, "created_at": when}
         for where, when in (("in the hills", "2024-06-18T10:00:00Z"),
                             ("by the sea", "2024-05-02T10:00:00Z"),
                             ("in the snow", "2024-01-02T10:00:00Z"))]
    )  # fmt: skip


def test_the_named_time_prior_stays_inside_a_tenant(mem: remem.Memory, tmp_path: Path) -> None:
    """Bob's memories of the named time are neither candidates nor lifted in Ann's search:
    her answers, scores and all, are those of a store that holds only her memories."""
    _hikes(mem, "ann")
    _hikes(mem, "bob")
    mem.add("bob hiked yesterday, hiking yesterday", user_id="bob", created_at=NOW)
    ann = mem.scoped(remem.Grant(users=("ann",)))
    with remem.open(tmp_path / "alone", embedder="hash:64") as alone:
        _hikes(alone, "ann")
        for query in ("hiking yesterday", "hiking in May", "hiking since last week"):
            hits = ann.search(query, now=NOW, k=10)
            assert {h.user_id for h in hits} == {"ann"}
            assert [(h.text, _rounded(h.scores)) for h in hits] == [
                (h.text, _rounded(h.scores)) for h in alone.search(query, now=NOW, k=10)
            ]  # rounded: the store beside PostgreSQL's is SQLite, whose floats differ at 1e-8


def _rounded(scores: dict[str, float]) -> dict[str, float]:
    return {name: round(value, 6) for name, value in scores.items()}


# -- packing -----------------------------------------------------------------------------------
def test_context_packs_within_budget(mem: remem.Memory) -> None:
    for i in range(8):
        mem.add(f"fact number {i} about the blue whale", created_at=NOW + timedelta(days=i))
    ctx = mem.context("blue whale", budget_tokens=40, count_tokens=lambda s: len(s.split()))
    assert 0 < len(ctx.hits) < 8 and ctx.tokens <= 40
    header, *lines = ctx.text.splitlines()
    assert header == HEADER  # the memories are data, not instructions
    assert len(lines) == len(ctx.hits) and len(set(lines)) == len(lines)
    assert lines == sorted(lines)  # time order: lines start with the timestamp
    assert lines[0].startswith("[2024-06-") and ' (app) "fact number ' in lines[0]
    by_score = mem.context("blue whale", budget_tokens=40, order="score",
                           count_tokens=lambda s: len(s.split()))  # fmt: skip
    assert [h.id for h in by_score.hits] == [h.id for h in ctx.hits]


def test_context_includes_neighbours_and_default_counter(mem: remem.Memory) -> None:
    turns = ["where do you live", "in Oslo", "nice city"]
    mem.add_many(
        [{"text": t, "session_id": "s", "created_at": NOW + timedelta(minutes=i)}
         for i, t in enumerate(turns)]
    )  # fmt: skip
    ctx = mem.context("Oslo", budget_tokens=200, expand=1, mode="keyword")
    assert ctx.text.splitlines()[2].endswith('"in Oslo"') and '"nice city"' in ctx.text


@pytest.mark.parametrize("budget", [0, -3, 2])
def test_context_budget_too_small(mem: remem.Memory, budget: int) -> None:
    mem.add("a memory that is longer than two tokens for sure")
    with pytest.raises(remem.InvalidInputError, match="budget_tokens"):
        mem.context("memory", budget_tokens=budget)


# -- neighbour smoothing ---------------------------------------------------------------------------
def test_store_knows_adjacent_turns_and_chunks(mem: remem.Memory) -> None:
    turns = mem.add_many(
        [{"text": f"turn {i}", "session_id": "s", "created_at": NOW + timedelta(minutes=i)}
         for i in range(3)]
    )  # fmt: skip
    other = mem.add("elsewhere", session_id="t", created_at=NOW)
    loose = mem.add("no session at all")
    doc = mem.add_document("One. " * 60, chunk_size=20, chunk_overlap=0)
    chunks = mem.list(filters={"parent_id": doc.id}, order="position")
    ids = [r.id for r in (*turns, other, loose, *chunks[:2])]
    adjacent = mem.store.adjacent(ids)
    assert adjacent[turns[0].id] == (None, turns[1].id)
    assert adjacent[turns[1].id] == (turns[0].id, turns[2].id)
    assert adjacent[other.id] == (None, None) and adjacent[loose.id] == (None, None)
    assert adjacent[chunks[1].id] == (chunks[0].id, chunks[2].id)


def test_neighbour_smoothing_lifts_the_turn_after_a_match(mem: remem.Memory) -> None:
    mem.add_many(
        [{"text": t, "session_id": "s", "created_at": NOW + timedelta(minutes=i)}
         for i, t in enumerate(["what did you study in Lisbon", "marine biology, mostly octopus",
                                "nice", "the octopus is clever"])]
    )  # fmt: skip
    mem.add("what did you eat in Lisbon", session_id="other", created_at=NOW)  # a distractor
    query = "what did you study in Lisbon"
    plain = mem.search(query, k=5, mode="dense", neighbor_weight=0.0)
    smoothed = mem.search(query, k=5, mode="dense", neighbor_weight=1.0)
    answer = "marine biology, mostly octopus"
    assert [h.text for h in plain].index(answer) > 1
    assert [h.text for h in smoothed].index(answer) < [h.text for h in plain].index(answer)
    assert smoothed[[h.text for h in smoothed].index(answer)].scores["neighbors"] > 0
    assert all("neighbors" not in h.scores for h in plain)


# -- speaker prior ---------------------------------------------------------------------------------
def _conversation(mem: remem.Memory, user: str) -> None:
    """Two people on the same topic: the question names one of them."""
    turns = [
        ("Melanie", "Did you research adoption agencies, Caroline?"),
        ("Caroline", "I researched adoption agencies last week, and found two I like."),
        ("Melanie", "I researched adoption agencies for a friend once too."),
        ("Caroline", "The pottery class was fun."),
    ]
    mem.add_many(
        [
            {"text": f"{who}: {text}", "user_id": user, "session_id": f"{user}/1",
             "metadata": {"speaker": who}, "created_at": f"2026-05-0{i + 1}"}
            for i, (who, text) in enumerate(turns)
        ],
        progress=False,
    )  # fmt: skip


def test_a_query_naming_a_speaker_prefers_what_they_said(mem: remem.Memory) -> None:
    _conversation(mem, "u")
    question = "What did Caroline research?"
    hits = mem.search(question, user_id="u", k=3)
    assert hits[0].metadata["speaker"] == "Caroline" and "speaker" in hits[0].scores
    assert "added because the query names who said it" in hits[0].explain()
    assert all("speaker" not in h.scores for h in hits if h.metadata["speaker"] != "Caroline")
    off = mem.search(question, user_id="u", k=3, speaker_weight=0)
    assert all("speaker" not in h.scores for h in off)
    # naming both speakers, or none, changes nothing
    for neutral in ("What did Caroline and Melanie research?", "Who researched agencies?"):
        assert [h.id for h in mem.search(neutral, user_id="u", k=3)] == [
            h.id for h in mem.search(neutral, user_id="u", k=3, speaker_weight=0)
        ]


def test_the_speaker_prior_stays_inside_a_tenant(mem: remem.Memory) -> None:
    _conversation(mem, "ann")
    _conversation(mem, "bob")
    ann = mem.scoped(remem.Grant(users=("ann",)))
    hits = ann.search("What did Caroline research?", k=10)
    assert hits and {h.user_id for h in hits} == {"ann"}
    with pytest.raises(remem.PermissionDeniedError):
        ann.search("What did Caroline research?", user_id="bob")


@pytest.mark.parametrize(
    ("question", "role"),
    [
        ("What was the third dish you suggested for my dinner party?", "assistant"),
        ("Remind me of the book you told me to read", "assistant"),
        ("Which stretch did you recommend for my back?", "assistant"),
        ("What was your advice about the faucet?", "assistant"),
        ("What did I tell you about my sister?", "user"),
        ("Can you recommend a hotel for my trip?", None),  # asks for something new
        ("What would you suggest?", None),
        ("What is the capital of France?", None),
        ("I said you suggested it", None),  # both: neither
    ],
)
def test_a_question_about_what_was_said_addresses_a_role(question: str, role: str | None) -> None:
    assert addressed_role(question) == role


def _chat(mem: remem.Memory, user: str) -> None:
    """A user asks for dishes; the assistant lists them; the user talks about dishes too."""
    chat = mem.chat("dinner", user_id=user)
    chat.add_many(
        [
            {"role": "user", "content": "I tried a new dish at the party, a lentil soup."},
            {"role": "assistant", "content": "Nice! Lentil soup is a good party dish."},
            {"role": "user", "content": "Which dishes could I cook for my dinner party?"},
            {"role": "assistant", "content": "Try risotto, roast chicken and braised short ribs."},
        ]
    )


def test_a_question_about_what_the_assistant_said_prefers_its_messages(
    mem: remem.Memory,
) -> None:
    _chat(mem, "u")
    question = "Which dishes did you suggest for my dinner party?"
    hits = mem.search(question, user_id="u", k=4)
    lifted = [h for h in hits if "speaker" in h.scores]
    assert lifted and all(h.role == "assistant" for h in lifted)
    assert {h.role for h in hits[:2]} == {"assistant"}
    off = mem.search(question, user_id="u", k=4, speaker_weight=0)
    assert all("speaker" not in h.scores for h in off)
    # what the user said, asked as such, lifts the user's messages
    mine = mem.search("What dish did I mention trying at the party?", user_id="u", k=4)
    assert all(h.role == "user" for h in mine if "speaker" in h.scores)
    assert mine[0].role == "user"


def test_the_role_prior_stays_inside_a_tenant(mem: remem.Memory) -> None:
    _chat(mem, "ann")
    _chat(mem, "bob")
    ann = mem.scoped(remem.Grant(users=("ann",)))
    hits = ann.search("Which dishes did you suggest for my dinner party?", k=10)
    assert hits and {h.user_id for h in hits} == {"ann"}
    assert len(hits) == 4  # bob's four messages are not candidates, lifted or not


def test_the_rest_of_the_question_is_what_is_searched_for(mem: remem.Memory) -> None:
    """Named, the speaker steers (the prior); the other words are what is matched: the hit's
    dense score is the one "What did research?" gives it."""
    _conversation(mem, "u")
    hit = mem.search("What did Caroline research?", user_id="u", k=1)[0]
    assert hit.metadata["speaker"] == "Caroline" and "speaker" in hit.scores
    rest = mem.search("What did research?", user_id="u", k=4, speaker_weight=0)
    same = next(h for h in rest if h.id == hit.id)
    assert hit.scores["dense"] == pytest.approx(same.scores["dense"])
    # a precomputed query vector is kept (only the keywords lose the name); a query that is
    # only the name is searched as it is
    vector = mem.embed(["What did Caroline research?"], progress=False)[0]
    given = mem.search("What did Caroline research?", vector=vector, user_id="u", k=1)[0]
    assert given.metadata["speaker"] == "Caroline"
    assert mem.search("Caroline", user_id="u", k=2)
    assert mem.search("What did Caroline research?", user_id="u", k=2, mode="keyword")
