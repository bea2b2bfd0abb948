"""What only the PostgreSQL store has to show: its schema's guard and its error messages. (Every
store's common behaviour is in test_store_conformance.py, which runs on it too.)"""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

import remem
from remem.stores import open_store

from . import pg


def test_a_schema_from_a_newer_remem_is_refused(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "newer")
    open_store(url).close()  # creates the schema
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO remem_migrations VALUES ('9999_from_the_future', 0)")
    with pytest.raises(remem.NotAStoreError, match=r"newer remem .*9999_from_the_future"):
        open_store(url)


def test_opening_one_database_at_once_migrates_it_once(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "twice")
    first, second = open_store(url), open_store(url)
    try:
        assert first.stats().schema == second.stats().schema == ["0001_initial"]
    finally:
        first.close()
        second.close()


def test_two_memories_on_one_database_see_each_others_writes(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "shared")
    with remem.open(url, embedder="hash:64") as one, remem.open(url, embedder="hash:64") as two:
        made = one.add("the meeting moved to Thursday", user_id="sam")
        assert [h.id for h in two.search("meeting Thursday", user_id="sam")] == [made.id]
        two.update(made.id, text="the meeting moved to Friday")
        assert one.get(made.id).text == "the meeting moved to Friday"
        assert one.delete([made.id]) == 1
        with pytest.raises(remem.NotFoundError):
            two.get(made.id)
