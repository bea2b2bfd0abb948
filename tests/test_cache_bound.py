"""The semantic cache's learned error bound (``max_error``): the decision rule, what teaches it
(answers stored after misses, wrong hits reported, a judge), its state across restarts, and each
owner's bound its own — deterministic, on given vectors."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import remem
from remem.core.errors import InvalidInputError
from remem.eval.cache_replay import SimulatedJudge, half_of, replay, replay_stream
from remem.memory_types.cache import SemanticCache
from remem.memory_types.cache_bound import (
    JUDGE_CONFIDENCE,
    LEVELS,
    OBSERVATIONS,
    ErrorBound,
    wilson_upper,
)
from remem.memory_types.cache_judge import BackgroundJudge, Judgement
from remem.stores.migrate import migrate_store
from remem.trust.access import Grant

DIMS = 64


class Pairs:
    """Cached questions and questions asked at a chosen cosine from them, each pair in a
    random direction of its own (far from every other pair's)."""

    def __init__(self, seed: int = 0, dims: int = DIMS) -> None:
        self.rng, self.dims = np.random.default_rng(seed), dims

    def pair(self, cosine: float) -> tuple[np.ndarray, np.ndarray]:
        v = self.rng.normal(size=self.dims)
        v /= np.linalg.norm(v)
        w = self.rng.normal(size=self.dims)
        w -= (w @ v) * v
        w /= np.linalg.norm(w)
        return v.astype(np.float32), (cosine * v + np.sqrt(1 - cosine**2) * w).astype(np.float32)


def teach(
    cache: SemanticCache, pairs: Pairs, n: int, *, wrong_every: int = 0, **scope: Any
) -> None:
    """``n`` misses the application answers: the same answer as the nearest entry's (a right
    label), or every ``wrong_every``-th another answer."""
    for i in range(n):
        cached, asked = pairs.pair(0.97)
        cache.set(f"question {i} about the topic", "A", vector=cached, **scope)
        found = cache.lookup(f"asked {i} about the topic", vector=asked, **scope)
        assert not found.hit or found.likeness is not None
        if not found.hit:
            answer = "B" if wrong_every and i % wrong_every == 0 else "A"
            cache.set(f"asked {i} about the topic", answer, vector=asked, **scope)


# -- the decision rule ---------------------------------------------------------------------------
def test_a_cold_bound_serves_nothing_and_learns_the_lowest_level_that_holds() -> None:
    bound = ErrorBound(0.05, 0.5)
    assert bound.threshold() is None and not bound.allows(0.99)
    for _ in range(60):
        bound.observe(0.95, False)
    assert bound.threshold() is None  # 60 right answers do not yet hold at every level's 98.6%
    for _ in range(200):
        bound.observe(0.95, False)
    # The level just below 0.95: lower ones hold too, but nothing was learned of them.
    assert bound.threshold() == 0.94
    for _ in range(300):
        bound.observe(0.6, True)  # wrong: levels at or under 0.6 do not hold
    for _ in range(400):
        bound.observe(0.7, False)
    assert bound.threshold() == 0.70
    assert bound.allows(0.95) and bound.allows(0.7) and not bound.allows(0.6)
    assert bound.error_seen() == (0, 660)


def test_each_level_is_tested_so_that_all_hold_at_once() -> None:
    """A level chosen from 35 is held to the confidence that covers them all (Bonferroni):
    with the confidence of one test, 2 wrong of 100 would pass at 5%; here it does not."""
    each = 1.0 - (1.0 - 0.5) / len(LEVELS)
    assert wilson_upper(2, 100, 0.5) <= 0.05 < wilson_upper(2, 100, each)
    bound = ErrorBound(0.05, 0.5)
    for i in range(100):
        bound.observe(0.97, i < 2)
    assert bound.threshold() is None


def test_a_reported_wrong_hit_is_relabelled_and_raises_its_entry_s_own_threshold() -> None:
    bound = ErrorBound(0.10, 0.5)
    numbers = [bound.observe(0.9, False, entry=i) for i in range(100)]
    assert bound.threshold() == 0.9 and bound.allows(0.9, entry=7)
    assert bound.relabel(numbers[7], True, entry=7)
    assert bound.error_seen() == (1, 100)
    assert not bound.allows(0.9, entry=7) and bound.allows(0.91, entry=7)
    assert bound.allows(0.9, entry=8)  # another entry: the level's own


def test_the_window_keeps_the_newest_and_counts_match_a_recount() -> None:
    rng = random.Random(3)
    bound = ErrorBound(0.05, 0.5)
    numbers = []
    for _ in range(OBSERVATIONS + 500):
        numbers.append(bound.observe(rng.random(), rng.random() < 0.2))
    for number in rng.sample(numbers, 300):
        bound.relabel(number, rng.random() < 0.5)
    assert len(bound) == OBSERVATIONS and bound.base == 500
    assert not bound.relabel(numbers[0], True)  # no longer kept
    scores, wrong = np.array(bound.scores), np.array(bound.wrong)
    fresh = ErrorBound(0.05, 0.5, bound.scores, bound.wrong)
    for i, level in enumerate(LEVELS):
        above = scores >= level
        assert bound._total[i] == above.sum() == fresh._total[i]
        assert bound._wrong[i] == wrong[above].sum() == fresh._wrong[i]
    assert bound.threshold() == fresh.threshold()


def test_the_state_packs_to_bytes_and_back_and_bad_bytes_start_cold() -> None:
    bound = ErrorBound(0.05, 0.5)
    for i in range(300):
        bound.observe(0.5 + i / 1000, i % 9 == 0, entry=i, judged=i % 4 == 0)
        bound.counted(float(i), hit=i % 2 == 0)
    bound.counted(400.0, wrong_hit=True)
    back = ErrorBound.unpack(bound.pack(), 0.05, 0.5)
    assert back.scores == pytest.approx(bound.scores)
    assert (back.wrong, back.judged, back.base) == (bound.wrong, bound.judged, bound.base)
    assert back.entry_floor == pytest.approx(bound.entry_floor)
    assert back.history == bound.history and back.history[-1] == [400.0, 300, 150, 1]
    assert back.threshold() == bound.threshold()
    for bad in (b"", b"junk", bound.pack()[:-3]):
        assert len(ErrorBound.unpack(bad, 0.05, 0.5)) == 0


def test_a_judge_is_trusted_once_what_it_confirmed_was_right_often_enough() -> None:
    bound = ErrorBound(0.05, 0.5)
    assert not bound.trusts_judge()
    needed = 0
    while not bound.trusts_judge():
        bound.observe(0.4, False, judged=True)
        needed += 1
    assert wilson_upper(0, needed, JUDGE_CONFIDENCE) <= 0.05 < wilson_upper(0, needed - 1, 0.95)
    for _ in range(10):
        bound.observe(0.4, True, judged=True)
    assert not bound.trusts_judge()


@pytest.mark.parametrize(
    ("max_error", "confidence"),
    [(0, 0.5), (0.5, 0.5), (-0.1, 0.5), (True, 0.5), ("0.05", 0.5), (0.05, 1.0), (0.05, 0)],
)
def test_a_bound_out_of_range_is_refused(
    mem: remem.Memory, max_error: Any, confidence: Any
) -> None:
    with pytest.raises(InvalidInputError):
        SemanticCache(mem, max_error=max_error, confidence=confidence)


# -- the cache -----------------------------------------------------------------------------------
def test_misses_answered_alike_teach_the_cache_to_hit(mem: remem.Memory) -> None:
    cache = mem.cache("learned", max_error=0.05, invalidate=False)
    pairs = Pairs()
    cached, asked = pairs.pair(0.97)
    cache.set("question x about the topic", "A", vector=cached)
    first = cache.lookup("asked x about the topic", vector=asked)
    assert not first.hit and first.reason == "below threshold" and first.likeness is not None
    assert cache.lookup("question x about the topic", vector=cached).hit  # the same question
    teach(cache, pairs, 120)
    state = cache.bound()
    assert state["threshold"] is not None and state["observations"] >= 100
    cached, asked = pairs.pair(0.97)
    cache.set("question y about the topic", "A", vector=cached)
    found = cache.lookup("asked y about the topic", vector=asked)
    assert found.hit and found.value == "A" and found.likeness >= state["threshold"]
    far_cached, far_asked = pairs.pair(0.6)
    cache.set("question z about the topic", "C", vector=far_cached)
    assert not cache.lookup("asked z about the topic", vector=far_asked).hit
    assert cache.bound()["lookups"] >= 123 and cache.bound()["hits"] >= 2


def test_answers_that_differ_keep_the_bound_from_serving(mem: remem.Memory) -> None:
    cache = mem.cache("strict", max_error=0.05, invalidate=False)
    teach(cache, Pairs(1), 150, wrong_every=8)  # one in eight would have been wrong
    assert cache.bound()["threshold"] is None


def test_same_answer_decides_when_answers_are_not_equal(mem: remem.Memory) -> None:
    cache = mem.cache(
        "judged", max_error=0.05, invalidate=False, same_answer=lambda new, old: new[0] == old[0]
    )
    pairs = Pairs(2)
    for i in range(120):
        cached, asked = pairs.pair(0.97)
        cache.set(f"question {i} about the topic", f"A{i}", vector=cached)
        if not cache.lookup(f"asked {i} about the topic", vector=asked).hit:
            cache.set(f"asked {i} about the topic", f"A-reworded {i}", vector=asked)
    assert cache.bound()["threshold"] is not None


def test_a_wrong_hit_reported_is_learned_and_that_entry_stops_answering(mem: remem.Memory) -> None:
    cache = mem.cache("reported", max_error=0.10, invalidate=False)
    pairs = Pairs(3)
    teach(cache, pairs, 120)
    cached, asked = pairs.pair(0.97)
    cache.set("question w about the topic", "A", vector=cached)
    found = cache.lookup("asked w about the topic", vector=asked)
    assert found.hit
    before = cache.bound()
    cache.false_hit(found)
    after = cache.bound()
    assert after["wrong"] == before["wrong"] + 1 and cache.stats.false_hits == 1
    again = cache.lookup("asked w about the topic", vector=asked)
    assert not again.hit and again.reason == "below threshold"
    other_cached, other_asked = pairs.pair(0.97)
    cache.set("question v about the topic", "A", vector=other_cached)
    assert cache.lookup("asked v about the topic", vector=other_asked).hit


def test_the_bound_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "store"
    pairs = Pairs(4)
    with remem.open(path, embedder="hash:64") as mem:
        cache = mem.cache("kept", max_error=0.05, invalidate=False)
        teach(cache, pairs, 120, user_id="ann")
        state = cache.bound(user_id="ann")
    with remem.open(path, embedder="hash:64") as mem:
        cache = mem.cache("kept", max_error=0.05, invalidate=False)
        again = cache.bound(user_id="ann")
        assert {k: again[k] for k in ("threshold", "observations", "lookups")} == {
            k: state[k] for k in ("threshold", "observations", "lookups")
        }
        cached, asked = pairs.pair(0.97)
        cache.set("question r about the topic", "A", vector=cached, user_id="ann")
        assert cache.lookup("asked r about the topic", vector=asked, user_id="ann").hit


def test_one_owner_s_feedback_never_moves_another_s_bound_or_hits(mem: remem.Memory) -> None:
    cache = mem.cache("tenants", max_error=0.05, invalidate=False)
    pairs = Pairs(5)
    teach(cache, pairs, 120, user_id="ann")
    assert cache.bound(user_id="ann")["threshold"] is not None
    bob = cache.bound(user_id="bob")
    assert bob["threshold"] is None and bob["observations"] == 0
    cached, asked = pairs.pair(0.97)
    cache.set("question b about the topic", "A", vector=cached, user_id="bob")
    assert not cache.lookup("asked b about the topic", vector=asked, user_id="bob").hit
    cache.set("question a about the topic", "A", vector=cached, user_id="ann")
    ann_hit = cache.lookup("asked a about the topic", vector=asked, user_id="ann")
    assert ann_hit.hit
    # Bob's key cannot report Ann's hit wrong: her bound does not move.
    bobs = mem.scoped(Grant(users=("bob",))).cache("tenants")
    before = cache.bound(user_id="ann")
    bobs.false_hit(ann_hit)
    assert cache.bound(user_id="ann")["wrong"] == before["wrong"]
    # Forgetting Ann takes her learned bound; Bob's stays.
    cache.flush()
    receipt = mem.forget(user_id="ann", verify=False)
    assert receipt.erased["cache_bounds"] == 1
    cache.flush()  # nothing of Ann's held in memory comes back
    assert [owner for _, owner, _ in mem.store.cache.every_bound()] == [("bob", "")]
    assert cache.bound(user_id="ann")["observations"] == 0


def test_what_the_judge_confirms_is_served_once_it_has_been_right_often_enough(
    mem: remem.Memory,
) -> None:
    asked_of: list[tuple[str, str]] = []

    def judge(asked: str, cached: str) -> bool:
        asked_of.append((asked, cached))
        return True

    cache = mem.cache("verified", max_error=0.05, invalidate=False, verify=judge)
    pairs = Pairs(6)
    served = []
    for i in range(80):  # a cosine of 0.85 likes 0.6: no level holds without labels there
        cached, asked = pairs.pair(0.85)
        cache.set(f"question {i} on it", "A", vector=cached)
        found = cache.lookup(f"different {i} words", vector=asked)
        served.append(found.hit)
        if not found.hit:
            assert found.reason == "below threshold"  # confirmed, not yet trusted: noted only
            cache.set(f"different {i} words", "A", vector=asked)
    assert len(asked_of) == 80 and not served[0] and served[-1]
    assert cache.bound()["judge_trusted"]


def test_a_static_cache_reports_its_threshold_only(mem: remem.Memory) -> None:
    assert mem.cache("plain").bound() == {"max_error": None, "threshold": 0.86}


def test_copies_keep_the_learned_bounds(tmp_path: Path) -> None:
    with remem.open(tmp_path / "a", embedder="hash:64") as source:
        cache = source.cache("kept", max_error=0.05, invalidate=False)
        teach(cache, Pairs(7), 20, user_id="ann")
        cache.flush()
        with remem.open(tmp_path / "b", embedder="hash:64") as target:
            migrate_store(source.store, target.store)
            assert target.store.cache.every_bound() == source.store.cache.every_bound() != []


# -- the replay ----------------------------------------------------------------------------------
def test_the_replay_stream_keeps_halves_apart_and_answers_by_pair() -> None:
    pairs = [(f"q1-{i}", f"q2-{i}-{label}", label) for i in range(40) for label in (0, 1)]
    known, asked = replay_stream(pairs, 1, seed=0)
    assert {q for q, _ in known} == {a for a, _, _ in pairs if half_of(a) == 1}
    answer = dict(known)
    for question, got in asked:
        first = "q1-" + question.split("-")[1]
        assert half_of(first) == 1
        assert (got == answer[first]) == question.endswith("-1")
    assert replay_stream(pairs, 1, seed=0) == (known, asked) != replay_stream(pairs, 1, seed=1)


def test_a_replay_counts_what_an_application_would_see(mem: remem.Memory) -> None:
    pairs = Pairs(8)
    known, stream, vectors = [], [], {}
    for i in range(30):
        cached, asked = pairs.pair(0.97)
        vectors[f"cached {i}"], vectors[f"asked {i}"] = cached, asked
        known.append((f"cached {i}", i))
        stream.append((f"asked {i}", i if i % 3 else 1000 + i))  # a third have other answers
    judge = SimulatedJudge(dict(known + stream), 1.0, seed=0)
    run = replay(
        lambda: SemanticCache(mem, name="replayed", threshold=0.9, invalidate=False),
        known, stream, vectors,
    )  # fmt: skip
    assert (run["lookups"], run["hits"], run["wrong"]) == (30, 30, 10)
    assert run["recall"] == 1.0 and run["error"] == pytest.approx(1 / 3, abs=1e-4)
    assert judge("asked 1", "cached 1") and not judge("asked 3", "cached 3")


def test_a_reported_hit_is_marked_on_its_own_lookup_never_another_tenant_s(
    mem: remem.Memory,
) -> None:
    cache = mem.cache("marked")
    for user in ("ann", "bob"):
        cache.set("What is my PIN?", f"{user}'s PIN", user_id=user)
    anns = cache.lookup("What is my PIN?", user_id="ann")
    bobs = cache.lookup("What is my PIN?", user_id="bob")
    assert anns.hit and bobs.hit and anns.entry != bobs.entry
    mem.scoped(Grant(users=("bob",))).cache("marked").false_hit(anns)  # not Bob's to mark
    ann_view = mem.scoped(Grant(users=("ann",))).cache("marked")
    assert [event.wrong for event in ann_view.recent()] == [False]
    ann_view.false_hit(anns)
    assert [event.wrong for event in ann_view.recent()] == [True]
    bob_view = mem.scoped(Grant(users=("bob",))).cache("marked")
    assert [(event.wrong, event.entry) for event in bob_view.recent()] == [(False, bobs.entry)]


# -- the judge in the background and what it promotes ---------------------------------------------
class GatedJudge:
    """A judge that confirms every candidate, and answers only once the test opens its gate
    (as an LLM answers seconds after it is asked)."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.asked: list[tuple[str, str]] = []

    def __call__(self, asked: str, cached: str) -> bool:
        self.asked.append((asked, cached))
        assert self.gate.wait(10), "the test never opened the gate"
        return True


def earn_trust(cache: SemanticCache, pairs: Pairs, n: int, *, settle_first: bool, **scope: Any):
    """``n`` near-threshold misses the judge confirms and the application answers alike: with
    ``settle_first`` each verdict lands before the answer, else after it."""
    for i in range(n):
        cached, asked = pairs.pair(0.85)
        cache.set(f"question {i} on it", "A", vector=cached, **scope)
        found = cache.lookup(f"different {i} words", vector=asked, **scope)
        if found.hit:
            continue
        if settle_first:
            assert cache.settle(10)
        cache.set(f"different {i} words", "A", vector=asked, **scope)
    assert cache.settle(10)


def test_a_lookup_never_waits_on_the_background_judge(mem: remem.Memory) -> None:
    judge = GatedJudge()
    judge.gate.clear()
    cache = mem.cache("later", max_error=0.05, invalidate=False, verify=judge, promote=True)
    cached, asked = Pairs(9).pair(0.85)
    cache.set("question on it", "A", vector=cached)
    found = cache.lookup("different words", vector=asked)  # returns with the gate closed
    assert not found.hit and found.reason == "below threshold"
    assert not cache.settle(0.05)  # the verdict is still to come
    judge.gate.set()
    assert cache.settle(10) and judge.asked == [("different words", "question on it")]
    assert cache.stats.promoted == 0  # an untrusted judge's confirmation is only noted


@pytest.mark.parametrize("settle_first", [True, False], ids=["verdict-first", "answer-first"])
def test_a_trusted_background_judge_promotes_what_it_confirms(
    mem: remem.Memory, settle_first: bool
) -> None:
    cache = mem.cache(
        "promoting", max_error=0.05, invalidate=False, verify=GatedJudge(), promote=True
    )
    pairs = Pairs(10)
    earn_trust(cache, pairs, 80, settle_first=settle_first)
    assert cache.bound()["judge_trusted"]  # the verdicts were labelled either way
    cached, asked = pairs.pair(0.85)
    cache.set("the cached question", {"answer": "B"}, vector=cached)
    promoted = cache.stats.promoted  # (once trusted, verdicts landing first promote)
    first = cache.lookup("a new question", vector=asked)
    assert not first.hit and cache.settle(10)  # missed at once; promoted in the background
    assert cache.stats.promoted == promoted + 1
    again = cache.lookup("a new question", vector=asked)
    assert again.hit and again.value == {"answer": "B"} and again.question == "a new question"
    # The application's own answer, stored after the miss, replaces the promoted one.
    cache.set("a new question", {"answer": "C"}, vector=asked)
    assert cache.lookup("a new question", vector=asked).value == {"answer": "C"}


def test_an_answer_stored_before_the_verdict_is_never_overwritten(mem: remem.Memory) -> None:
    judge = GatedJudge()
    cache = mem.cache("first", max_error=0.05, invalidate=False, verify=judge, promote=True)
    pairs = Pairs(11)
    earn_trust(cache, pairs, 80, settle_first=True)
    judge.gate.clear()
    cached, asked = pairs.pair(0.85)
    cache.set("the cached question", "B", vector=cached)
    promoted = cache.stats.promoted
    assert not cache.lookup("a new question", vector=asked).hit
    cache.set("a new question", "mine", vector=asked)  # the application answered first
    judge.gate.set()
    assert cache.settle(10) and cache.stats.promoted == promoted
    assert cache.lookup("a new question", vector=asked).value == "mine"


def test_promotion_stays_in_the_asker_s_scope_and_forget_cancels_it(mem: remem.Memory) -> None:
    judge = GatedJudge()
    cache = mem.cache("scoped", max_error=0.05, invalidate=False, verify=judge, promote=True)
    pairs = Pairs(12)
    for user in ("ann", "bob"):
        earn_trust(cache, pairs, 80, settle_first=True, user_id=user)
    cached, asked = pairs.pair(0.85)
    cache.set("the cached question", "ann's", vector=cached, user_id="ann")
    promoted = cache.stats.promoted
    assert not cache.lookup("a new question", vector=asked, user_id="ann").hit
    assert cache.settle(10) and cache.stats.promoted == promoted + 1
    assert cache.lookup("a new question", vector=asked, user_id="ann").value == "ann's"
    # Bob asks the same question: Ann's promoted entry is not his (his own entries are far).
    assert not cache.lookup("a new question", vector=asked, user_id="bob").hit
    assert cache.settle(10) and cache.stats.promoted == promoted + 1
    # A judgement queued for Ann is dropped when she is forgotten: nothing comes back.
    judge.gate.clear()
    cached, asked = pairs.pair(0.85)
    cache.set("another cached question", "ann's", vector=cached, user_id="ann")
    assert not cache.lookup("another new question", vector=asked, user_id="ann").hit
    mem.forget(user_id="ann", verify=False)
    judge.gate.set()
    assert cache.settle(10) and cache.stats.promoted == promoted + 1
    assert not cache.lookup("another new question", vector=asked, user_id="ann").hit


def test_promote_needs_a_judge_and_a_bound(mem: remem.Memory) -> None:
    with pytest.raises(InvalidInputError, match="verify= and max_error="):
        mem.cache("no-judge", max_error=0.05, promote=True)
    with pytest.raises(InvalidInputError, match="verify= and max_error="):
        mem.cache("no-bound", verify=lambda a, b: True, promote=True)


def test_a_full_queue_drops_its_oldest_judgement_as_unconfirmed() -> None:
    gate, started, applied = threading.Event(), threading.Event(), []

    def verify(asked: str, cached: str) -> bool:
        started.set()
        return gate.wait(10)

    judge = BackgroundJudge(verify, lambda j, ok: applied.append((j.asked, ok)), limit=2)
    vector = np.zeros(4, dtype=np.float32)
    for i in range(4):
        judge.submit(
            Judgement(("", "", "", f"q{i}"), (None, None, None), f"q{i}", vector, "c", "1")
        )
        if i == 0:  # q0 is with the judge; q1 and q2 wait; q3 pushes q1 out
            assert started.wait(10)
    gate.set()
    assert judge.settle(10) and judge.dropped == 1
    assert sorted(applied) == [("q0", True), ("q1", False), ("q2", True), ("q3", True)]
