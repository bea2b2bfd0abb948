"""Random add / update / delete / search steps against each store (SQLite on disk and in
memory, PostgreSQL) and a plain in-memory model."""

from __future__ import annotations

import atexit
import tempfile

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import Bundle, RuleBasedStateMachine, consumes, invariant, rule

import remem

from . import pg

WORDS = st.sampled_from(["apple", "banana", "cherry", "delta", "echo", "fox", "golf", "hotel"])
TEXTS = st.lists(WORDS, min_size=1, max_size=5).map(" ".join)
USERS = st.sampled_from(["u1", "u2", None])
KINDS = st.sampled_from(["message", "fact"])


class StoreModel(RuleBasedStateMachine):
    ids = Bundle("ids")

    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.TemporaryDirectory()
        self.mem = remem.open(self.location(), embedder="hash:32")
        self.model: dict[str, dict] = {}

    def location(self) -> str:
        """Where this run's store is: a new SQLite store on disk."""
        return self.dir.name + "/s"

    def teardown(self) -> None:
        self.mem.close()
        self.dir.cleanup()

    def _existing(self, text: str, user: str | None, kind: str) -> str | None:
        if kind == "message":
            return None
        for id, row in self.model.items():
            if (row["text"], row["user"], row["kind"]) == (text, user, kind):
                return id
        return None

    @rule(target=ids, text=TEXTS, user=USERS, kind=KINDS)
    def add(self, text: str, user: str | None, kind: str) -> str:
        duplicate = self._existing(text, user, kind)
        rec = self.mem.add(text, user_id=user, kind=kind)
        if duplicate is not None:
            assert rec.id == duplicate
        else:
            assert rec.id not in self.model
            self.model[rec.id] = {"text": text, "user": user, "kind": kind}
        return rec.id

    @rule(target=ids, texts=st.lists(TEXTS, min_size=1, max_size=4), user=USERS)
    def add_many(self, texts: list[str], user: str | None) -> str:
        recs = self.mem.add_many([{"text": t, "user_id": user} for t in texts])
        for rec, text in zip(recs, texts, strict=True):
            self.model[rec.id] = {"text": text, "user": user, "kind": "message"}
        return recs[0].id

    @rule(id=ids, text=TEXTS)
    def update(self, id: str, text: str) -> None:
        if id in self.model:
            assert self.mem.update(id, text=text).text == text
            self.model[id]["text"] = text
        else:
            try:
                self.mem.update(id, text=text)
            except remem.NotFoundError:
                pass
            else:
                raise AssertionError("update of a deleted id succeeded")

    @rule(id=consumes(ids))
    def delete(self, id: str) -> None:
        expected = 1 if id in self.model else 0
        assert self.mem.delete(id) == expected
        self.model.pop(id, None)

    @rule(query=WORDS, user=USERS, mode=st.sampled_from(["dense", "keyword", "hybrid"]))
    def search(self, query: str, user: str | None, mode: str) -> None:
        hits = self.mem.search(query, k=1000, user_id=user, mode=mode)  # type: ignore[arg-type]
        in_scope = {i for i, r in self.model.items() if user is None or r["user"] == user}
        found = {h.id for h in hits}
        assert found <= in_scope
        for hit in hits:
            assert hit.text == self.model[hit.id]["text"]
        if mode == "keyword":
            assert found == {i for i in in_scope if query in self.model[i]["text"].split()}
        if mode == "dense":
            assert found == in_scope  # exact search returns every candidate when k covers all

    @invariant()
    def listing_matches_model(self) -> None:
        listed = {r.id: r.text for r in self.mem.list(limit=10_000)}
        assert listed == {i: r["text"] for i, r in self.model.items()}


class InMemoryModel(StoreModel):
    def location(self) -> str:
        return ":memory:"


class PostgresModel(StoreModel):
    """One database, opened once, for every run (a new one costs more than a run): emptied at
    the start of each."""

    shared: remem.Memory | None = None

    def __init__(self) -> None:
        RuleBasedStateMachine.__init__(self)
        self.dir = tempfile.TemporaryDirectory()
        if PostgresModel.shared is None:
            PostgresModel.shared = remem.open(pg.url_for("state-machine"), embedder="hash:32")
            atexit.register(PostgresModel.shared.close)  # before the cluster stops
        self.mem = PostgresModel.shared
        self.mem.store.delete([r.id for r in self.mem.store.records()])
        self.model = {}

    def teardown(self) -> None:
        self.dir.cleanup()


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        stateful_step_count=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


StoreModel.TestCase.settings = _settings(40)
InMemoryModel.TestCase.settings = _settings(40)
PostgresModel.TestCase.settings = _settings(12)  # a few seconds, as the others
TestStoreModel = StoreModel.TestCase
TestInMemoryModel = InMemoryModel.TestCase
TestPostgresModel = PostgresModel.TestCase
