"""The terms of remem's keyword index (remem.text.keywords, remem.text.porter): what a text and a
query make — FTS5's terms, and the character pairs of scripts written without spaces — and two
tenants' Chinese and Japanese memories kept apart."""

from __future__ import annotations

import json
import sqlite3

import remem
from remem.text.keywords import STOPWORDS, extra_terms, index_terms, query_terms, search_terms
from remem.text.porter import stem
from remem.trust.access import Grant
from tests.conftest import SHARED_DATA


def test_runs_become_character_pairs_and_glued_words_come_apart() -> None:
    assert extra_terms("I like dumplings") is None  # nothing extra for a spaced script
    assert extra_terms("我喜欢吃饺子") == "我喜 喜欢 欢吃 吃饺 饺子"
    assert extra_terms("iPhone的价格, 東京に") == "iphone 的价 价格 東京 京に"
    assert extra_terms("猫") == "猫"  # a lone character stands for itself
    assert extra_terms("서울에 갔어요") == "서울 울에 갔어 어요"  # Hangul: particles are glued on
    assert query_terms("Where is 东京的饺子?") == ["where", "is", "东京", "京的", "的饺", "饺子"]
    assert query_terms("饺子 饺子") == ["饺子"]


def test_a_tenant_finds_its_own_chinese_and_japanese_memories_only(mem: remem.Memory) -> None:
    mem.add("我喜欢吃饺子", user_id="ann")
    mem.add("来月、東京の友達に会いに行きます", user_id="ann")
    mem.add("我也喜欢吃饺子，还有包子", user_id="bob")
    mem.add("東京タワーに登りました", user_id="bob")
    ann = mem.scoped(Grant(users=("ann",)))
    for query, text in (("饺子", "我喜欢吃饺子"), ("東京", "来月、東京の友達に会いに行きます")):
        for mode in ("keyword", "hybrid"):
            found = ann.search(query, mode=mode)
            assert found[0].text == text and {h.user_id for h in found} == {"ann"}
    assert {h.user_id for h in mem.search("饺子", mode="keyword")} == {"ann", "bob"}
    assert [h.text for h in mem.search("包子", mode="keyword", user_id="ann")] == []


def _corpus() -> list[str]:
    texts = [
        json.loads(line)["title"] + " " + json.loads(line)["text"]
        for line in (SHARED_DATA / "beir-scifact" / "corpus.jsonl").open(encoding="utf-8")
    ]
    conversations = json.loads((SHARED_DATA / "locomo" / "locomo10.json").read_text("utf-8"))
    for conversation in conversations:
        for name, turns in conversation["conversation"].items():
            if name.startswith("session_") and isinstance(turns, list):
                texts += [turn["text"] for turn in turns]
    return texts


def test_terms_are_the_ones_fts5_made() -> None:
    """remem's tokeniser and Porter stemmer index what SQLite's FTS5 ``porter unicode61
    remove_diacritics 2`` indexed before remem kept its own index: on SciFact and LoCoMo (all
    38,085 distinct words) the stems differ only for a few words holding non-ASCII letters,
    which FTS5 stems byte by byte and remem leaves whole."""
    texts = _corpus()
    conn = sqlite3.connect(":memory:")
    for table, tokenizer in (("plain", ""), ("stemmed", "porter ")):
        conn.execute(
            f"CREATE VIRTUAL TABLE {table} USING fts5(t, tokenize="
            f"'{tokenizer}unicode61 remove_diacritics 2')"
        )
        conn.executemany(f"INSERT INTO {table} VALUES (?)", [(t,) for t in texts])
        conn.execute(f"CREATE VIRTUAL TABLE {table}_terms USING fts5vocab({table}, 'row')")
    words = [row[0] for row in conn.execute("SELECT term FROM plain_terms")]
    theirs = {row[0] for row in conn.execute("SELECT term FROM stemmed_terms")}
    ours = {stem(word) for word in words}
    assert len(words) > 30_000
    differ = (theirs - ours) | (ours - theirs)
    assert len(differ) <= 25 and all(not word.isascii() for word in differ)
    # The tokeniser's words are FTS5's (stopwords aside: a query never asks for them), and
    # its lengths count every word as FTS5's did, for the ASCII text that is nearly all of it.
    sample = [t for t in texts[:2000] if t.isascii()]
    made = [index_terms(text) for text in sample]
    conn.execute("CREATE VIRTUAL TABLE sample USING fts5(t, tokenize='porter unicode61')")
    conn.executemany("INSERT INTO sample VALUES (?)", [(t,) for t in sample])
    conn.execute("CREATE VIRTUAL TABLE sample_terms USING fts5vocab(sample, 'row')")
    fts = {row[0] for row in conn.execute("SELECT term FROM sample_terms")}
    stopped = {stem(word) for word in STOPWORDS}
    assert fts - stopped == {term for terms, _ in made for term in terms} - stopped
    assert not {term for terms, _ in made for term in terms} & (stopped - fts)
    conn.execute("CREATE VIRTUAL TABLE sample_at USING fts5vocab(sample, 'instance')")
    lengths = dict(conn.execute("SELECT doc, count(*) FROM sample_at GROUP BY doc").fetchall())
    assert [lengths.get(rowid, 0) for rowid in range(1, len(sample) + 1)] == [
        length for _, length in made
    ]


def test_a_query_and_a_text_make_the_same_terms() -> None:
    assert search_terms("What did the connected café say about 饺子?") == [
        "connect",
        "cafe",
        "sai",
        "about",
        "饺子",
    ]
    terms, length = index_terms("the café's connections")
    assert set(search_terms("Connections at the Café")) <= set(terms) and length == 4
    assert "the" not in terms  # stopwords are counted in the length, never posted
    chinese, _ = index_terms("我喜欢吃饺子")
    assert chinese["饺子"] == 1 and "我喜欢吃饺子" not in chinese
    assert search_terms("the of and") == ["the", "of", "and"]  # stopwords alone are kept
