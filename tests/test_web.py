"""The web page in a real browser: search, browse, inspect, delete, stats, and keys on pages.

Debian's Chromium (``make chromium``) drives the pages served by uvicorn on loopback; every
check is on what a person would see, and what the page did is checked on the store itself.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Response, expect, sync_playwright

import remem
from remem.apikeys import KeyRing
from remem.server import create_app
from tests.serving import running

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
def store(tmp_path: Path) -> Iterator[remem.Memory]:
    with remem.open(tmp_path / "store", embedder="hash:64") as memory:
        memory.add_many(SEED, progress=False)
        yield memory


@contextmanager
def site(browser: Browser, store: remem.Memory, **options: Any) -> Iterator[Page]:
    """A fresh browser profile on the app over ``store``, served for the block."""
    with running(create_app(store, **options)) as url:
        context = browser.new_context(base_url=url)
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


def visit(page: Page, path: str) -> int:
    response: Response | None = page.goto(path)
    assert response is not None
    return response.status


def record_id(store: remem.Memory, text: str) -> str:
    return next(r.id for r in store.list_all() if r.text == text)


def rows(page: Page) -> Any:
    return page.locator("table.memories tbody tr")


# -- search ----------------------------------------------------------------------------------------
def test_search_shows_the_best_hit_first_with_its_scores(page: Page, store: remem.Memory) -> None:
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
def test_browse_by_user_pages_through_newest_first(page: Page) -> None:
    visit(page, "/memories")
    page.fill("input[name=user_id]", "bob")
    page.click("button:has-text('Show')")
    expect(page).to_have_url(re.compile(r"user_id=bob"))  # the old page has 50 rows too
    expect(rows(page)).to_have_count(50)
    assert set(rows(page).locator("td.user").all_inner_texts()) == {"bob"}
    expect(rows(page).first.locator("td.text")).to_have_text("Bob's note number 54")
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
def test_open_a_memory_and_delete_it(page: Page, store: remem.Memory) -> None:
    id = record_id(store, "Alice is allergic to cashews and peanuts")
    visit(page, "/memories?user_id=alice")
    page.click("text=Alice is allergic to cashews and peanuts")
    expect(page).to_have_url(re.compile(f"/memories/{id}$"))
    expect(page.locator("pre.json")).to_contain_text('"source": "intake form"')
    expect(page.locator("table.fields")).to_contain_text("fact")
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


# -- stats -----------------------------------------------------------------------------------------
def test_stats_show_the_store_caches_and_spending(page: Page, store: remem.Memory) -> None:
    store.store.add_llm_usage(
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


# -- keys ------------------------------------------------------------------------------------------
def test_pages_need_a_key_and_keep_a_tenant_to_its_own(
    browser: Browser, store: remem.Memory
) -> None:
    ring = KeyRing(store.store)
    admin = ring.create("ops", admin=True)[0]
    alice = ring.create("alice's app", users=["alice"])[0]
    bob_secret = record_id(store, "Bob's secret: the vault code is 4711")
    alice_cat = record_id(store, "Alice's cat is called Pixel")
    with site(browser, store) as page:
        visit(page, "/memories")
        expect(page).to_have_url(re.compile(r"/login\?next=%2Fmemories$"))
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
