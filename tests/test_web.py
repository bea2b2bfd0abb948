"""The web page in a real browser: search, browse, inspect, add, edit, delete, the trash,
import, the timeline and fact chains, the cache view, stats as charts, and keys on pages.

Debian's Chromium (``make chromium``) drives the pages served by uvicorn on loopback; every
check is on what a person would see, and what the page did is checked on the store itself.
Each view is photographed as it is checked: into a temporary folder, or into
``$REMEM_SCREENSHOTS`` (``make screenshots`` writes docs/screenshots/, shown in docs/web.md).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser, Page, Response, expect, sync_playwright

import remem
from remem.apikeys import KeyRing
from remem.llm.base import ToolCall
from remem.memory_types.facts import FactMemory
from remem.server import create_app
from remem.server.web import PASTE_MAX
from remem.tools import ToolDispatcher
from remem.trust.access import Grant
from tests.serving import running

from .test_cache_bound import Pairs, teach

#: ``make chromium`` finds or installs it: $REMEM_CHROMIUM, else chromium on PATH.
CHROMIUM = (
    os.environ.get("REMEM_CHROMIUM")
    or shutil.which("chromium")
    or shutil.which("chromium-browser")
    or "/usr/bin/chromium"
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEED: list[dict[str, Any]] = [
    {
        "text": "Alice is allergic to cashews and peanuts",
        "user_id": "alice",
        "kind": "fact",
        "created_at": "2026-03-02T09:00:00Z",
        "metadata": {"source": "intake form", "tags": ["health"]},
    },
    {
        "text": "Alice's cat is called Pixel",
        "user_id": "alice",
        "session_id": "a1",
        "created_at": "2026-03-05T18:30:00Z",
    },
    {"text": "Alice flies to Lisbon in May", "user_id": "alice", "created_at": "2026-04-10"},
    {
        "text": "Bob's secret: the vault code is 4711",
        "user_id": "bob",
        "created_at": "2026-03-03",
    },
    {"text": "Bob plays the cello on Sundays", "user_id": "bob", "created_at": "2026-03-04"},
    # enough of Bob's notes for two pages of browsing (50 a page)
    *(
        {
            "text": f"Bob's note number {i}",
            "user_id": "bob",
            "agent_id": "notes",
            "created_at": f"2026-04-{1 + i // 24:02d}T{i % 24:02d}:00:00Z",
        }
        for i in range(55)
    ),
]
BOB_TOTAL = 57


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def store(tmp_path: Path, model_mem_factory: Any) -> Iterator[remem.Memory]:
    """The seed on the bundled model: relevance is calibrated for it, and the pictures show
    what a user would see."""
    with model_mem_factory(str(tmp_path / "store")) as memory:
        memory.add_many(SEED, progress=False)
        yield memory


@contextmanager
def site(browser: Browser, store: remem.Memory, **options: Any) -> Iterator[Page]:
    """A fresh browser profile on the app over ``store``, served for the block."""
    with running(create_app(store, **options)) as url:
        context = browser.new_context(base_url=url, viewport={"width": 1200, "height": 760})
        context.set_default_timeout(5000)
        try:
            yield context.new_page()
        finally:
            context.close()


@pytest.fixture
def page(browser: Browser, store: remem.Memory) -> Iterator[Page]:
    """The pages without keys: the caller is admin."""
    with site(browser, store, require_keys=False) as opened:
        yield opened


class Shoot(Protocol):
    def __call__(self, page: Page, name: str, *, whole: bool = True) -> None: ...


@pytest.fixture
def shoot(tmp_path: Path) -> Shoot:
    """Photograph the whole page as ``name``.png (see the module's docstring for where)."""
    folder = Path(os.environ.get("REMEM_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)

    def take(page: Page, name: str, *, whole: bool = True) -> None:
        path = folder / f"{name}.png"
        page.screenshot(path=path, full_page=whole)
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    return take


def visit(page: Page, path: str) -> int:
    response: Response | None = page.goto(path)
    assert response is not None
    return response.status


def sign_in(page: Page, path: str, key: str) -> None:
    """Open ``path`` and sign in on the login form it shows with ``key``."""
    visit(page, path)
    page.fill("input[name=key]", key)
    page.click("button:has-text('Sign in')")


def record_id(store: remem.Memory, text: str) -> str:
    return next(r.id for r in store.list_all() if r.text == text)


def rows(page: Page) -> Any:
    return page.locator("table.memories tbody tr")


# -- search ----------------------------------------------------------------------------------------
def test_search_shows_the_best_hit_first_with_its_scores(
    page: Page, store: remem.Memory, shoot: Shoot
) -> None:
    visit(page, "/")
    page.fill("input[name=q]", "vault code")
    page.click("button:has-text('Search')")
    expected = store.search("vault code", touch=False)[0]
    first = page.locator("article.hit").first
    expect(first.locator("p.text")).to_have_text("Bob's secret: the vault code is 4711")
    assert first.get_attribute("data-id") == expected.id
    # its relevance, 0 to 1, as a number and a bar; the breakdown can be folded away
    expect(first.locator(".score .value")).to_have_text(f"{expected.score:.2f}")
    bar = first.locator("meter.relevance")
    assert float(bar.get_attribute("value") or "nan") == pytest.approx(expected.score, abs=1e-4)
    assert 0 <= expected.score <= 1
    expect(first.locator("details.why table.signals")).to_be_visible()
    first.locator("details.why summary").click()
    expect(first.locator("details.why table.signals")).to_be_hidden()
    first.locator("details.why summary").click()
    # the breakdown: each signal's score, and the rank dense and keyword gave it
    for signal in ("dense", "keyword", "fused"):
        cell = first.locator(f"tr.signal-{signal} td.num")
        expect(cell).to_have_text(f"{expected.scores[signal]:.4f}")
    expect(first.locator("tr.signal-keyword")).to_contain_text("rank 1")
    expect(first.locator(".meta")).to_contain_text("user bob")
    expect(first.locator(".meta")).to_contain_text("2026-03-03 00:00:00 UTC")
    shoot(page, "search", whole=False)
    # the hit links to its memory page
    first.locator("p.text a").click()
    expect(page).to_have_url(re.compile(f"/memories/{expected.id}$"))
    expect(page.locator("h1")).to_contain_text(expected.id)


def test_search_by_scope_and_mode_and_bad_input(page: Page) -> None:
    visit(page, "/?q=allergic+cashews&user_id=alice&mode=keyword&k=3")
    expect(page.locator("select[name=mode]")).to_have_value("keyword")
    hits = page.locator("article.hit")
    expect(hits.first.locator("p.text")).to_contain_text("allergic to cashews")
    assert set(hits.locator(".scope b.user").all_inner_texts()) == {"alice"}
    # keyword mode has no dense signal to show
    expect(hits.first.locator("tr.signal-dense")).to_have_count(0)
    assert visit(page, "/?q=x&filters={oops") == 400
    expect(page.locator(".error")).to_contain_text("filters is not valid JSON")
    expect(page.locator("input[name=filters]")).to_have_value("{oops")  # kept to fix
    assert visit(page, "/?q=x&k=many") == 400
    expect(page.locator(".error")).to_contain_text("k must be a whole number")


# -- browse ----------------------------------------------------------------------------------------
def test_browse_by_user_pages_through_newest_first(page: Page, shoot: Shoot) -> None:
    visit(page, "/memories")
    page.fill("input[name=user_id]", "bob")
    page.click("button:has-text('Show')")
    expect(page).to_have_url(re.compile(r"user_id=bob"))  # the old page has 50 rows too
    expect(rows(page)).to_have_count(50)
    assert set(rows(page).locator("td.user").all_inner_texts()) == {"bob"}
    expect(rows(page).first.locator("td.text")).to_have_text("Bob's note number 54")
    shoot(page, "browse", whole=False)
    page.click("a[rel=next]")
    expect(rows(page)).to_have_count(BOB_TOTAL - 50)
    assert set(rows(page).locator("td.user").all_inner_texts()) == {"bob"}
    expect(rows(page).last.locator("td.text")).to_have_text("Bob's secret: the vault code is 4711")
    expect(page.locator("a[rel=next]")).to_have_count(0)
    page.click("a[rel=prev]")
    expect(rows(page)).to_have_count(50)
    expect(page.locator("input[name=user_id]")).to_have_value("bob")


def test_browse_by_date_range_oldest_first(page: Page) -> None:
    visit(page, "/memories")
    page.fill("input[name=user_id]", "alice")
    page.fill("input[name=from]", "2026-03-01")
    page.fill("input[name=to]", "2026-03-05")  # inclusive: the whole day
    page.select_option("select[name=order]", "oldest")
    page.click("button:has-text('Show')")
    # expect() waits for the page the click loads; reading the rows at once can see none
    expect(page).to_have_url(re.compile(r"order=oldest"))
    expect(rows(page).locator("td.text")).to_have_text(
        ["Alice is allergic to cashews and peanuts", "Alice's cat is called Pixel"]
    )
    assert visit(page, "/memories?from=2026-13-01") == 400
    expect(page.locator(".error")).to_contain_text("'from' is not a date")
    assert visit(page, "/memories?from=2026-04-02&to=2026-04-01") == 400
    expect(page.locator(".error")).to_contain_text("before")


# -- inspect and delete ----------------------------------------------------------------------------
def test_open_a_memory_and_delete_it(page: Page, store: remem.Memory, shoot: Shoot) -> None:
    id = record_id(store, "Alice is allergic to cashews and peanuts")
    visit(page, "/memories?user_id=alice")
    page.click("text=Alice is allergic to cashews and peanuts")
    expect(page).to_have_url(re.compile(f"/memories/{id}$"))
    expect(page.locator("pre.json")).to_contain_text('"source": "intake form"')
    expect(page.locator("table.fields")).to_contain_text("fact")
    shoot(page, "memory")
    page.click("text=Delete this memory…")
    page.click("button:has-text('Delete permanently')")
    expect(page).to_have_url(re.compile(r"/memories\?deleted="))
    expect(page.locator(".notice")).to_have_text(f"Deleted memory {id}.")
    with pytest.raises(remem.NotFoundError):
        store.get(id)
    assert visit(page, f"/memories/{id}") == 404
    expect(page.locator(".error")).to_contain_text("no memory with id")


def test_text_is_shown_as_text_never_as_markup(page: Page, store: remem.Memory) -> None:
    text = "Bob's bio: <script>document.title='owned'</script><b>bold</b>"
    made = store.add(text, user_id="bob", metadata={"note": "<img src=x>"})
    visit(page, f"/memories/{made.id}")
    expect(page.locator(".body")).to_have_text(text)
    expect(page.locator(".body *, pre.json *")).to_have_count(0)  # no element made
    expect(page.locator("pre.json")).to_contain_text('"note": "<img src=x>"')
    assert "owned" not in page.title()


def test_a_chunk_links_to_its_document_which_goes_with_its_chunks(
    page: Page, store: remem.Memory
) -> None:
    text = " ".join(f"Sentence {i} of Alice's travel diary." for i in range(150))
    doc = store.add_document(text, user_id="alice", chunk_size=64, progress=False)
    chunks = store.list(filters={"parent_id": doc.id}, order="position")
    assert len(chunks) > 1
    visit(page, f"/memories/{chunks[1].id}")
    page.click(f"td.parent a[href='/memories/{doc.id}']")
    expect(page.locator("table.chunks tbody tr")).to_have_count(len(chunks))
    page.click("text=Delete this memory…")
    page.click("button:has-text('Delete permanently')")
    expect(page.locator(".notice")).to_contain_text(f"with its {len(chunks)} chunks")
    assert store.list(filters={"parent_id": doc.id}) == []


# -- the trash -------------------------------------------------------------------------------------
def test_the_trash_lists_restores_and_empties(
    browser: Browser, store: remem.Memory, shoot: Shoot
) -> None:
    cat = record_id(store, "Alice's cat is called Pixel")
    cello = record_id(store, "Bob plays the cello on Sundays")
    # a model's delete, through its tools: to the trash
    tools = ToolDispatcher(store, user_id="bob")
    assert tools.execute(ToolCall("1", "delete_memory", {"id": cello}))["recoverable"] is True
    with site(browser, store, require_keys=False) as page:
        visit(page, f"/memories/{cat}")  # a person's, from the memory's page
        page.click("text=Delete this memory…")
        page.click("button:has-text('Move to the trash')")
        expect(page.locator(".notice")).to_have_text(f"Moved memory {cat} to the trash.")
        with pytest.raises(remem.NotFoundError):
            store.get(cat)

        page.click("header nav a:has-text('Trash')")
        expect(page).to_have_url(re.compile(r"/trash$"))
        entries = page.locator("table.trash tbody tr")
        expect(entries).to_have_count(2)
        assert [e.get_attribute("data-id") for e in entries.all()] == [cat, cello]  # newest first
        expect(entries.first.locator("td.text")).to_have_text("Alice's cat is called Pixel")
        expect(entries.first).to_contain_text("user alice")
        kept = store.trash()[0].kept_until.strftime("%Y-%m-%d %H:%M:%S UTC")
        expect(entries.first.locator("td.kept")).to_have_text(kept)
        expect(entries.locator("button:has-text('Restore')")).to_have_count(2)
        shoot(page, "trash")

        entries.first.locator("button:has-text('Restore')").click()
        expect(page).to_have_url(re.compile(r"/trash\?restored="))
        expect(page.locator(".notice")).to_have_text(f"Restored memory {cat}.")
        expect(entries).to_have_count(1)
        assert store.get(cat).text == "Alice's cat is called Pixel"  # under its id, again
        assert store.search("cat Pixel", user_id="alice", k=1, touch=False)[0].id == cat
        page.click(f".notice a[href='/memories/{cat}']")
        expect(page.locator("h1")).to_contain_text(cat)

        visit(page, "/trash")
        expect(page.locator("button:has-text('Empty the trash for good')")).to_be_hidden()
        page.click("text=Empty the trash…")  # the confirm step
        page.click("button:has-text('Empty the trash for good')")
        expect(page.locator(".notice")).to_have_text("Removed 1 memory from the trash for good.")
        expect(page.locator("p.nothing")).to_have_text("The trash is empty.")
        assert store.trash() == [] and store.undelete(cello) == []
        unconfirmed = page.request.post("/trash/empty")  # no confirmation: refused
        assert unconfirmed.status == 400
        assert visit(page, "/trash?offset=many") == 400
        expect(page.locator(".error")).to_contain_text("offset must be a whole number")

    store.delete([cat, record_id(store, "Bob's secret: the vault code is 4711")], recoverable=True)
    alice = KeyRing(store.store).create("alice's app", users=["alice"])[0]
    bobs = next(e.id for e in store.trash() if e.user_id == "bob")
    with site(browser, store) as page:
        sign_in(page, "/trash", alice)
        expect(page).to_have_url(re.compile(r"/trash$"))
        expect(page.locator("table.trash tbody tr")).to_have_count(1)  # her own only
        assert bobs not in page.content()
        # Bob's entry answers as one that was never there, and a cross-site form is refused
        assert page.request.post(f"/trash/{bobs}/restore").status == 404
        assert page.request.post("/trash/no-such-id/restore").status == 404
        forged = page.request.post(
            "/trash/empty", form={"confirm": "yes"}, headers={"Origin": "http://evil.example"}
        )
        assert forged.status == 403
        page.click("text=Empty the trash…")
        expect(page.locator("details.empty")).to_contain_text("that this key can see")
        page.click("button:has-text('Empty the trash for good')")
        expect(page.locator(".notice")).to_have_text("Removed 1 memory from the trash for good.")
    assert [e.id for e in store.trash()] == [bobs]


# -- add, edit, import ----------------------------------------------------------------------------
def test_add_a_memory_then_edit_it_with_errors_shown_in_place(
    page: Page, store: remem.Memory, shoot: Shoot
) -> None:
    visit(page, "/memories?user_id=alice")
    page.click("a.add")
    expect(page.locator("input[name=user_id]")).to_have_value("alice")  # the scope carried over
    page.fill("textarea[name=text]", "Alice prefers window seats")
    page.fill("input[name=kind]", "preference")
    page.fill("input[name=importance]", "7")
    page.fill("textarea[name=metadata]", '{"source": "chat"')
    page.click("button:has-text('Add memory')")
    expect(page.locator(".error")).to_contain_text("metadata is not valid JSON")
    # what was typed is kept, to fix; nothing was stored
    expect(page.locator("textarea[name=text]")).to_have_value("Alice prefers window seats")
    expect(page.locator("textarea[name=metadata]")).to_have_value('{"source": "chat"')
    assert "Alice prefers window seats" not in {r.text for r in store.list_all()}
    shoot(page, "add-error")
    page.fill("textarea[name=metadata]", '{"source": "chat"}')
    page.click("button:has-text('Add memory')")
    expect(page.locator(".notice")).to_have_text("Saved as a new memory.")
    id = page.url.split("/memories/")[1].split("?")[0]
    made = store.get(id)
    assert (made.text, made.kind, made.user_id, made.importance, made.metadata) == (
        "Alice prefers window seats",
        "preference",
        "alice",
        7,
        {"source": "chat"},
    )

    page.click("a.edit")
    expect(page.locator("textarea[name=text]")).to_have_value("Alice prefers window seats")
    expect(page.locator("textarea[name=metadata]")).to_contain_text('"source": "chat"')
    page.fill("textarea[name=text]", "Alice prefers aisle seats now")
    page.fill("input[name=importance]", "eleven")
    page.click("button:has-text('Save changes')")
    expect(page.locator(".error")).to_have_text("importance must be a number, got 'eleven'")
    expect(page.locator("textarea[name=text]")).to_have_value("Alice prefers aisle seats now")
    assert store.get(id).text == "Alice prefers window seats"  # unchanged until it is right
    page.fill("input[name=importance]", "nan")  # a number to Python, not to the engine
    page.click("button:has-text('Save changes')")
    expect(page.locator(".error")).to_have_text("importance must be a finite number, got nan")
    page.fill("input[name=importance]", "9")
    page.fill("textarea[name=metadata]", '{"source": "chat", "seat": "aisle"}')
    shoot(page, "edit")
    page.click("button:has-text('Save changes')")
    expect(page.locator(".notice")).to_have_text("Saved your changes.")
    changed = store.get(id)
    assert (changed.text, changed.importance, changed.metadata) == (
        "Alice prefers aisle seats now",
        9,
        {"source": "chat", "seat": "aisle"},
    )
    assert (changed.kind, changed.user_id, changed.created_at) == (
        "preference",
        "alice",
        made.created_at,
    )
    # the new text was embedded again: search finds it by what it says now
    assert store.search("aisle seats", user_id="alice", k=1, touch=False)[0].id == id
    assert visit(page, "/memories/no-such-id/edit") == 404


def test_import_a_file_all_or_none(
    page: Page, store: remem.Memory, shoot: Shoot, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.jsonl"
    notes.write_text(
        "".join(
            json.dumps({"text": f"Carol's note {i}", "user_id": "carol"}) + "\n" for i in range(3)
        )
    )
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"text": "Carol's lost note", "user_id": "carol"}) + "\n{oops\n")
    before = store.stats().records
    visit(page, "/import")
    page.set_input_files("input[name=file]", str(broken))
    page.click("button:has-text('Import')")
    expect(page.locator(".error")).to_contain_text("line 2")
    assert store.stats().records == before  # one transaction: the good first line is not kept
    shoot(page, "import-error")
    page.set_input_files("input[name=file]", str(notes))
    page.click("button:has-text('Import')")
    expect(page.locator(".notice")).to_contain_text("Imported 3 memories from notes.jsonl.")
    assert sorted(r.text for r in store.list(user_id="carol")) == [
        f"Carol's note {i}" for i in range(3)
    ]
    shoot(page, "import")
    page.click("text=…or paste JSON lines")
    page.fill("textarea[name=text]", json.dumps({"text": "Carol pasted this", "user_id": "carol"}))
    page.click("button:has-text('Import')")
    expect(page.locator(".notice")).to_contain_text("Imported 1 memory from the pasted text.")
    assert "Carol pasted this" in {r.text for r in store.list(user_id="carol")}
    page.click("button:has-text('Import')")  # nothing chosen, nothing pasted
    expect(page.locator(".error")).to_have_text("choose a file to import, or paste its lines")
    # pasted text over the form's limit: a page that says so, not a 500 nor the API's JSON
    over = page.request.post("/import", multipart={"text": "x" * (PASTE_MAX + 1)})
    assert over.status == 400 and "text/html" in over.headers["content-type"]
    assert "the form could not be read" in over.text()


# -- timeline, facts, cache ------------------------------------------------------------------------
#: What the scripted model makes of each thing said: a fact, and (for a fact about the same
#: thing as a stored one) the action on it.
SAID = {
    "I live in Paris.": "Alice lives in Paris.",
    "I moved to Lisbon.": "Alice lives in Lisbon.",
    "I moved again, to Porto.": "Alice lives in Porto.",
    "I adopted a dog.": "Alice has a dog.",
    "The dog went to live with my sister.": "Alice no longer has a dog.",
    "I live in Oslo.": "Bob lives in Oslo.",
    "I moved to Bergen.": "Bob lives in Bergen.",
}


def scripted_model(prompt: str) -> str:
    """A stand-in for an LLM, answering FactMemory's two real prompts: extraction names the
    fact for what was said; reconciling, a move UPDATEs the stored "lives in" fact and giving
    the dog away DELETEs the dog fact."""
    if prompt.startswith("Extract"):
        return json.dumps([fact for said, fact in SAID.items() if said in prompt])
    new = re.search(r"New fact: (.*)", prompt)
    assert new is not None, prompt
    for id, text in re.findall(r"- id (\S+): (.*)", prompt):
        if "lives in" in new.group(1) and "lives in" in text:
            return json.dumps({"action": "UPDATE", "id": id})
        if "no longer has a dog" in new.group(1) and "has a dog" in text:
            return json.dumps({"action": "DELETE", "id": id})
    return json.dumps({"action": "ADD", "id": None})


def learn_facts(store: remem.Memory) -> None:
    alice = FactMemory(store, llm=scripted_model, user_id="alice")
    for said in list(SAID)[:5]:
        alice.add([{"role": "user", "content": said}])
    bob = FactMemory(store, llm=scripted_model, user_id="bob")
    for said in list(SAID)[5:]:
        bob.add([{"role": "user", "content": said}])


def test_timeline_by_kind_and_the_chains_of_facts(
    page: Page, store: remem.Memory, shoot: Shoot
) -> None:
    learn_facts(store)
    mine = store.list(user_id="alice", limit=1000)
    visit(page, "/timeline")
    page.fill("input[name=user_id]", "alice")
    page.click("button:has-text('Show')")
    expect(page).to_have_url(re.compile(r"user_id=alice"))
    lanes = page.locator("svg.timeline g.lane")
    kinds = Counter(r.kind for r in mine)
    expect(lanes).to_have_count(len(kinds))
    assert {
        lane.get_attribute("data-kind"): int(lane.get_attribute("data-count") or -1)
        for lane in lanes.all()
    } == dict(kinds)
    dots = page.locator("svg.timeline circle.memory")
    assert sorted(d.get_attribute("data-id") or "" for d in dots.all()) == sorted(
        r.id for r in mine
    )
    # the fact chains: Paris → Lisbon → Porto (in force), the dog withdrawn, the allergy unchanged
    chains = page.locator("svg.facts g.chain")
    expect(chains).to_have_count(2)
    moves = chains.filter(has_text="Paris")
    expect(moves.locator("g.version text.first")).to_have_text(
        ["Alice lives in Paris.", "Alice lives in Lisbon.", "Alice lives in Porto."]
    )
    expect(moves.locator("g.version.current")).to_have_count(1)
    expect(moves.locator("g.version.current")).to_contain_text("Alice lives in Porto.")
    expect(moves.locator("line.replaced")).to_have_count(2)
    expect(chains.filter(has_text="dog").locator("text.retracted")).to_contain_text("withdrawn")
    expect(page.locator(".unchanged")).to_have_text("1 fact never replaced.")
    assert "Bob" not in (page.locator("svg.facts").text_content() or "")
    shoot(page, "timeline")
    # each version opens its memory, which links back to the timeline of its scope
    moves.locator("g.version.current").click()
    porto = next(r for r in mine if r.text == "Alice lives in Porto.")
    expect(page).to_have_url(re.compile(f"/memories/{porto.id}$"))
    page.click("text=its versions on the timeline")
    expect(page.locator("svg.facts g.chain")).to_have_count(2)


def test_the_cache_view_shows_hit_rate_and_latest_lookups(
    browser: Browser, store: remem.Memory, shoot: Shoot
) -> None:
    faq = store.cache("faq")
    faq.set("What is Alice allergic to?", "cashews and peanuts", user_id="alice")
    faq.set("What is Bob's vault code?", "4711", user_id="bob")
    assert faq.get("What is Alice allergic to?", user_id="alice") == "cashews and peanuts"
    assert faq.get("Which city does Alice fly to in May?", user_id="alice") is None
    assert faq.get("What is Bob's vault code?", user_id="bob") == "4711"
    with site(browser, store, require_keys=False) as page:
        visit(page, "/cache")
        cache = page.locator("section.cache[data-name=faq]")
        expect(cache.locator(".rate")).to_have_text("66.7%")
        expect(cache.locator("meter.hit-rate")).to_have_attribute("value", "0.6667")
        expect(cache.locator(".counters")).to_contain_text("2 entries")
        lookups = cache.locator("table.lookups tbody tr")
        expect(lookups.locator("td.q")).to_have_text(  # newest first
            [
                "What is Bob's vault code?",
                "Which city does Alice fly to in May?",
                "What is Alice allergic to?",
            ]
        )
        expect(lookups.nth(1)).to_have_class("miss")
        expect(cache.locator("svg.outcomes g.bar[data-label=hit]")).to_have_attribute(
            "data-value", "2"
        )
        shoot(page, "cache")
    # a tenant key sees the lookups asked in its own scope, and no counters of the whole cache
    alice = KeyRing(store.store).create("alice's app", users=["alice"])[0]
    with site(browser, store) as page:
        sign_in(page, "/cache", alice)
        cache = page.locator("section.cache[data-name=faq]")
        expect(cache.locator("table.lookups td.q")).to_have_text(
            ["Which city does Alice fly to in May?", "What is Alice allergic to?"]
        )
        expect(cache.locator(".rate")).to_have_text("50.0%")
        expect(cache.locator(".counters")).to_have_count(0)
        assert "vault" not in page.content() and "bob" not in page.content().lower()


def test_a_learned_cache_shows_each_owner_s_bound_over_time(
    browser: Browser, store: remem.Memory, shoot: Shoot
) -> None:
    cache = store.cache("learned", max_error=0.05, invalidate=False)
    teach(cache, Pairs(0, store.embedder.dimensions), 120, user_id="ann")
    state = cache.bound(user_id="ann")
    assert state["threshold"] is not None and state["lookups"] == 120
    cache.set("What is Bob's vault code?", "4711", user_id="bob")
    assert cache.lookup("What is Bob's vault code?", user_id="bob").hit
    with site(browser, store, require_keys=False) as page:
        visit(page, "/cache")
        ann = page.locator("section.cache[data-name=learned] .bound[data-user=ann]")
        expect(ann.locator(".state")).to_contain_text("120 lookups")
        expect(ann.locator(".state")).to_contain_text("a hit needs a likeness of")
        expect(ann.locator("svg.bound-history g.series")).to_have_count(3)
        expect(ann.locator("svg.bound-history g.series[data-label=bound]")).to_have_attribute(
            "data-last", "5.0%"
        )
        bob = page.locator("section.cache[data-name=learned] .bound[data-user=bob]")
        expect(bob.locator(".cold")).to_contain_text("still learning")
        shoot(page, "cache-bound")
    bobs_key = KeyRing(store.store).create("bob's app", users=["bob"])[0]
    with site(browser, store) as page:
        sign_in(page, "/cache", bobs_key)
        learned = page.locator("section.cache[data-name=learned]")
        expect(learned.locator(".bound[data-user=bob]")).to_have_count(1)
        expect(learned.locator(".bound[data-user=ann]")).to_have_count(0)
        assert "about the topic" not in page.content()


# -- stats -----------------------------------------------------------------------------------------
def test_stats_show_the_store_caches_and_spending(
    page: Page, store: remem.Memory, shoot: Shoot
) -> None:
    store.store.usage.add(
        "stream.importance",
        {"calls": 3, "prompt_tokens": 1200, "completion_tokens": 45, "cost": 0.0042},
    )
    faq = store.cache("faq")
    faq.set("What is Alice allergic to?", "cashews", user_id="alice")
    assert faq.lookup("What is Alice allergic to?", user_id="alice").hit
    visit(page, "/stats")
    expect(page.locator(".card.records .n")).to_have_text(str(store.stats().records))
    cache = page.locator("table.caches tbody tr", has_text="faq")
    expect(cache).to_contain_text("100.0%")
    spent = page.locator("table.spending tr", has_text="stream.importance")
    expect(spent).to_contain_text("1,200")
    expect(spent).to_contain_text("$0.0042")
    # the charts: a bar per kind, longest for the most common, each a link to its memories
    stats = store.stats()
    drawn = page.locator("svg.by-kind g.bar")
    expect(drawn).to_have_count(len(stats.by_kind))
    assert {
        bar.get_attribute("data-label"): float(bar.get_attribute("data-value") or "nan")
        for bar in drawn.all()
    } == {kind: float(count) for kind, count in stats.by_kind.items()}
    widths = [float(r.get_attribute("width") or 0) for r in drawn.locator("rect").all()]
    assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1] > 0
    expect(page.locator("svg.hit-rates g.bar[data-label=faq]")).to_have_attribute(
        "data-value", "100.0"
    )
    expect(page.locator("svg.spend g.bar[data-label='stream.importance']")).to_be_visible()
    assert float(page.locator("meter.vectors").get_attribute("value") or 0) == stats.vectors
    shoot(page, "stats")
    page.locator("svg.by-kind a").first.click()
    expect(page).to_have_url(re.compile(r"/memories\?kind=message$"))
    expect(rows(page)).to_have_count(50)


def test_the_audit_page_lists_changes_and_says_whether_the_log_verifies(
    browser: Browser, store: remem.Memory, shoot: Shoot
) -> None:
    with site(browser, store, require_keys=False) as page:
        visit(page, "/memories/new")
        page.fill("textarea[name=text]", "Alice's train leaves at nine")
        page.fill("input[name=user_id]", "alice")
        page.click("button[type=submit]")
        visit(page, "/audit")
        expect(page.locator("p.verdict.ok")).to_contain_text("Verified")
        first = page.locator("table.audit tbody tr").first
        expect(first.locator("td.action")).to_have_text("add")
        expect(first.locator("td.actor")).to_have_text("web")  # the face that made it
        expect(page.locator("table.audit")).not_to_contain_text("train leaves")
        shoot(page, "audit")
        (added,) = store.search("train leaves at nine", user_id="alice", k=1)
        assert (added.provenance.face, added.provenance.origin) == ("web", "app")
        visit(page, f"/memories/{added.id}")  # the memory's page says where it came from
        expect(page.locator("td.provenance")).to_contain_text("stored by the application")
        expect(page.locator("td.provenance")).to_contain_text("via web")
        expect(page.locator("td.trust")).to_contain_text("trusted: the reader's own words")
        page_text = store.add("Alice's train page: platform 9", role="tool", user_id="alice")
        visit(page, f"/memories/{page_text.id}")  # a tool's output: untrusted evidence
        expect(page.locator("td.trust.untrusted")).to_contain_text("untrusted: text from a")
        visit(page, "/?q=train+platform&user_id=alice")
        expect(page.locator("span.tag.untrusted")).to_contain_text("untrusted: external")
    alice = KeyRing(store.store).create("alice's app", users=["alice"])[0]
    with site(browser, store) as page:
        sign_in(page, "/audit", alice)
        expect(page.locator("p.verdict")).to_have_count(0)  # verifying is for admin keys
        mine = len(store.scoped(Grant(users=("alice",))).audit(limit=200))
        expect(page.locator("table.audit tbody tr")).to_have_count(mine)
        assert mine < len(store.audit(limit=200))


# -- keys ------------------------------------------------------------------------------------------
def test_pages_need_a_key_and_keep_a_tenant_to_its_own(
    browser: Browser, store: remem.Memory, shoot: Shoot
) -> None:
    ring = KeyRing(store.store)
    admin = ring.create("ops", admin=True)[0]
    alice = ring.create("alice's app", users=["alice"])[0]
    bob_secret = record_id(store, "Bob's secret: the vault code is 4711")
    alice_cat = record_id(store, "Alice's cat is called Pixel")
    with site(browser, store) as page:
        visit(page, "/memories")
        expect(page).to_have_url(re.compile(r"/login\?next=%2Fmemories$"))
        shoot(page, "login")
        page.fill("input[name=key]", alice[:-4] + "0000")
        with page.expect_response("**/login") as refused:
            page.click("button:has-text('Sign in')")
        assert refused.value.status == 401
        expect(page.locator(".error")).to_contain_text("unknown API key")

        page.fill("input[name=key]", alice)
        page.click("button:has-text('Sign in')")
        expect(page).to_have_url(re.compile(r"/memories$"))  # back where it was going
        expect(page.locator(".identity")).to_have_text("key for users: alice")
        cookie = page.context.cookies()[0]
        assert (cookie["name"], cookie["httpOnly"], cookie["sameSite"], cookie["path"]) == (
            "remem_key",
            True,
            "Strict",
            "/",
        )
        assert set(rows(page).locator("td.user").all_inner_texts()) == {"alice"}

        visit(page, "/?q=vault+code+secret&k=50")
        hits = page.locator("article.hit")
        expect(hits.first).to_be_visible()
        assert set(hits.locator(".scope b.user").all_inner_texts()) == {"alice"}
        assert bob_secret not in page.content()
        assert visit(page, f"/memories/{bob_secret}") == 404  # the same as an unknown id
        assert visit(page, "/memories?user_id=bob") == 403
        assert visit(page, "/stats") == 403
        expect(page.locator(".denied")).to_contain_text("need an admin key")

        # a form POST from another site is refused, even with the cookie
        forged = page.request.post(
            f"/memories/{alice_cat}/delete", headers={"Origin": "http://evil.example"}
        )
        assert forged.status == 403
        assert store.get(alice_cat).text == "Alice's cat is called Pixel"

        # what the key may see, said on a page
        page.click("a.identity")
        expect(page.locator("td.access")).to_have_text("its own scopes only")
        expect(page.locator("td.users")).to_have_text("alice")
        shoot(page, "key")
        # writing for another tenant is refused on the form; its memory is "not found"
        visit(page, "/memories/new")
        page.fill("textarea[name=text]", "Bob owes Alice ten euros")
        page.fill("input[name=user_id]", "bob")
        page.click("button:has-text('Add memory')")
        expect(page.locator(".error")).to_have_text("this key may not use user_id 'bob'")
        assert visit(page, f"/memories/{bob_secret}/edit") == 404
        forged_edit = page.request.post(
            f"/memories/{bob_secret}/edit", form={"text": "the vault code is 0000"}
        )
        assert forged_edit.status == 404
        assert store.get(bob_secret).text == "Bob's secret: the vault code is 4711"
        page.click("text=Import")
        page.click("text=…or paste JSON lines")
        page.fill("textarea[name=text]", json.dumps({"text": "planted", "user_id": "bob"}))
        page.click("button:has-text('Import')")
        expect(page.locator(".error")).to_contain_text("may not use user_id 'bob'")
        assert "planted" not in {r.text for r in store.list_all()}
        # the timeline shows its own scopes only
        visit(page, "/timeline")
        ids = {d.get_attribute("data-id") for d in page.locator("circle.memory").all()}
        assert ids == {r.id for r in store.list(user_id="alice", limit=1000)}
        assert visit(page, "/timeline?user_id=bob") == 403

        page.click("button:has-text('Sign out')")
        expect(page).to_have_url(re.compile(r"/login$"))
        visit(page, "/stats")
        expect(page).to_have_url(re.compile(r"/login\?next=%2Fstats$"))
        page.fill("input[name=key]", admin)
        page.click("button:has-text('Sign in')")
        expect(page.locator(".identity")).to_have_text("admin key")
        expect(page.locator(".card.records .n")).to_have_text(str(store.stats().records))


def test_a_missing_page_or_memory_says_so_with_its_status(page: Page) -> None:
    assert visit(page, "/memories/no-such-id") == 404
    expect(page.locator("h1")).to_have_text("Not found (404)")
    expect(page.locator(".error")).to_have_text("no memory with id 'no-such-id'")
    assert visit(page, "/no-such-page") == 404  # a page, not the API's JSON
    expect(page.locator("h1")).to_have_text("Not found (404)")
    expect(page.locator(".error")).to_have_text("there is no page at /no-such-page")
