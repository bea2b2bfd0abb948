"""Write-time cues and the stated-preference prior: a request for a recommendation finds the
preference a user stated in passing, in their own scope only."""

from __future__ import annotations

from typing import Any

import pytest

import remem
from remem.retrieval.preferences import merged, wants_preferences
from remem.text.cues import PREFERENCE, asks_for_recommendation, message_cues, states_preference


@pytest.mark.parametrize(
    "text",
    [
        "Ugh, the hotel was huge and noisy. I only ever sleep well in small, quiet places.",
        "I always have to ask about shrimp paste since I'm allergic to shellfish.",
        "Way better than the 5K last year, I seriously can't stand running.",
        "Haven't eaten meat in eight years, so lentils it is.",
        "I'd rather pay once and own it.",
        "Anything with chili gives me awful heartburn.",
        "Jazz is my favourite, honestly.",
        "I'm terrified of heights.",
    ],
)
def test_a_stated_preference_is_read_as_one(text: str) -> None:
    assert states_preference(text)
    assert message_cues({"role": "user", "content": text}) == [PREFERENCE]
    # only the user's own messages: the assistant's word is not the user's preference
    assert message_cues({"role": "assistant", "content": text}) == []


@pytest.mark.parametrize(
    "text",
    [
        "My sister Priya is visiting next week.",
        "The meeting moved to Thursday at 3.",
        "Do I need a Dutch oven to bake it?",
        "We got back from Denver on Sunday night.",
    ],
)
def test_a_plain_statement_is_not(text: str) -> None:
    assert not states_preference(text)
    assert message_cues({"role": "user", "content": text}) == []


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Can you recommend a hotel for my trip to Lisbon?", True),
        ("What should I order at the seafood place tonight?", True),
        ("Any suggestions for a honeymoon itinerary in Greece?", True),
        ("Help me pick seats for my flight.", True),
        ("Plan a weekend getaway from Boston for me?", True),
        ("What's my sister's name again?", False),
        ("When did we move to Austin?", False),
        ("What book did Caroline recommend to Melanie?", False),  # about others, not a request
    ],
)
def test_a_request_for_a_recommendation_is_read_as_one(text: str, asks: bool) -> None:
    assert asks_for_recommendation(text) is asks


def test_a_question_about_what_was_suggested_is_recall_not_a_request() -> None:
    question = "Which board games did you recommend for our family night?"
    assert asks_for_recommendation(question)  # it names a recommendation…
    assert not wants_preferences(question)  # …but asks what the assistant said


def test_merged_keeps_the_order_of_one_query() -> None:
    assert merged([("a", 3.0), ("b", 1.0)], [("c", 2.0), ("a", 3.0)]) == [
        ("a", 3.0),
        ("c", 2.0),
        ("b", 1.0),
    ]
    same = [("a", 1.0)]
    assert merged(same, [("a", 1.0)]) is same


def test_chat_memory_stores_the_cue_with_the_message(mem: remem.Memory) -> None:
    chat = mem.chat("s", user_id="u")
    stated, plain, reply = chat.add_many(
        [
            {"role": "user", "content": "I'm vegetarian, so no meat please."},
            {"role": "user", "content": "We are six people on Saturday."},
            {"role": "assistant", "content": "I love that idea!"},
        ]
    )
    assert stated.metadata["cues"] == [PREFERENCE]
    assert "cues" not in plain.metadata and "cues" not in reply.metadata
    found = mem.list(user_id="u", filters={"cues": {"$contains": PREFERENCE}})
    assert [r.id for r in found] == [stated.id]


def _history(mem: remem.Memory, user: str, preference: str) -> None:
    """A user's chats: hotels and trips talked about often, a preference said once, in
    passing, in a chat about something else."""
    trips = [
        "We booked the flights to Lisbon for the long weekend.",
        "The hotel in Porto last year had a great breakfast buffet.",
        "My colleague stayed at a hotel near the conference center.",
        "The trip planning spreadsheet is finally done.",
        "Lisbon trams are fun, I saw them in a travel video.",
        "The hotel booking site keeps sending me emails.",
    ]
    for number, text in enumerate(trips):
        mem.chat(f"trip-{number}", user_id=user).add_many(
            [
                {"role": "user", "content": text},
                {"role": "assistant", "content": "Sounds good, tell me more about the trip."},
            ]
        )
    mem.chat("work", user_id=user).add_many(
        [
            {"role": "user", "content": f"Work was crazy this week. {preference}"},
            {"role": "assistant", "content": "That sounds exhausting."},
        ]
    )


def test_a_request_brings_the_stated_preference(model_mem_factory: Any) -> None:
    with model_mem_factory() as mem:
        quiet = "The venue was loud all night, I only sleep well in small quiet places."
        _history(mem, "ann", quiet)
        _history(mem, "bob", "Honestly I love big party hotels with a rooftop bar.")
        question = "Can you recommend a hotel for my trip to Lisbon?"
        hits = mem.search(question, user_id="ann", k=5)
        top = [h.text for h in hits]
        assert any(quiet in text for text in top)
        lifted = [h for h in hits if "preference" in h.scores]
        assert lifted and all(h.metadata.get("cues") == [PREFERENCE] for h in lifted)
        assert "states a preference" in lifted[0].explain()
        off = mem.search(question, user_id="ann", k=5, preference_k=0)
        assert all("preference" not in h.scores for h in off)
        # another tenant's preference is never a candidate, whatever the face
        assert {h.user_id for h in hits} == {"ann"}
        ann = mem.scoped(remem.Grant(users=("ann",)))
        assert {h.user_id for h in ann.search(question, k=20)} == {"ann"}
        assert not any("rooftop" in h.text for h in ann.search(question, k=20))
        for mode in ("dense", "keyword"):
            assert {h.user_id for h in mem.search(question, user_id="bob", k=20, mode=mode)} == {
                "bob"
            }


def test_the_stated_preference_prior_on_every_store(mem: remem.Memory) -> None:
    """The cue filter joins the search's scope on each backend: the request lifts the asker's
    stated preference, and never reaches another user's."""
    for user, said in (("ann", "I'm vegetarian, no meat ever."), ("bob", "I love steak.")):
        chat = mem.chat("food", user_id=user)
        chat.add_many(
            [
                {"role": "user", "content": "The restaurant downtown reopened."},
                {"role": "assistant", "content": "Good to hear about the restaurant."},
                {"role": "user", "content": said},
            ]
        )
    question = "What should I order at the restaurant?"
    hits = mem.search(question, user_id="ann", k=3)
    lifted = [h for h in hits if "preference" in h.scores]
    assert [h.text for h in lifted] == ["I'm vegetarian, no meat ever."]
    assert {h.user_id for h in hits} == {"ann"}
    assert {h.user_id for h in mem.search(question, k=10, user_id="bob")} == {"bob"}
