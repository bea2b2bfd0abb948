"""Keyword search in scripts written without spaces (remem.keywords): the terms a text and a
query make, and two tenants' Chinese and Japanese memories kept apart."""

from __future__ import annotations

import remem
from remem.access import Grant
from remem.keywords import extra_terms, query_terms


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
