"""Keyword search in a mixed-language store: English BM25 kept, Chinese and Japanese found.

Builds two keyword-only stores (the embedder does not matter to keyword search: ``hash:64``
keeps the run short): SciFact's 5,183 abstracts alone, and the same with Chinese and Japanese
memories mixed in (each of the sentences below, under several users). It reports SciFact's
keyword-only nDCG@10 and recall@100 on both — the pairs of scripts without spaces must not
change English ranking — and how many Chinese / Japanese memories a two-character query finds.

    .venv/bin/python benchmarks/multilingual_keywords.py [--data ../shared/data/beir-scifact]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import remem
from remem.eval.beir import beir_items, load_beir
from remem.eval.metrics import ndcg_at_k, recall_at_k

#: (text, a two-character query inside it that no other sentence here holds)
CJK = [
    ("我喜欢吃饺子，特别是猪肉白菜馅的。", "饺子"),
    ("下个月我要去北京看长城。", "长城"),
    ("我的猫叫小白，它很喜欢睡觉。", "小白"),
    ("医生说我对青霉素过敏。", "青霉"),
    ("我每天早上喝一杯绿茶。", "绿茶"),
    ("周末我们在公园里放风筝。", "风筝"),
    ("她正在学习弹钢琴。", "钢琴"),
    ("这家餐厅的烤鸭非常有名。", "烤鸭"),
    ("来月、東京の友達に会いに行きます。", "東京"),
    ("私は毎朝コーヒーを飲みます。", "コー"),
    ("週末は京都で紅葉を見ました。", "紅葉"),
    ("妹はピアノを習っています。", "ピア"),
    ("この本はとても面白かったです。", "面白"),
    ("明日は雨が降るそうです。", "明日"),
    ("猫の名前はミケです。", "ミケ"),
    ("富士山に登ったことがありますか。", "富士"),
]
USERS = 60  # each sentence under this many users: 960 memories beside SciFact's 5,183


def keyword_run(memory: remem.Memory, data: Path) -> dict[str, float]:
    _, queries, qrels = load_beir(data)
    doc_of = {r.id: r.metadata["doc_id"] for r in memory.list_all() if "doc_id" in r.metadata}
    ndcg, recall, took = [], [], []
    for qid, gains in qrels.items():
        started = time.perf_counter()
        hits = memory.search(queries[qid], k=100, mode="keyword", touch=False)
        took.append(time.perf_counter() - started)
        ranked = [doc_of[h.id] for h in hits if h.id in doc_of]
        ndcg.append(ndcg_at_k(ranked, gains, 10))
        recall.append(recall_at_k(ranked, {d for d, g in gains.items() if g > 0}, 100))
    return {
        "ndcg@10": round(sum(ndcg) / len(ndcg), 4),
        "recall@100": round(sum(recall) / len(recall), 4),
        "mean_ms": round(1000 * sum(took) / len(took), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="../shared/data/beir-scifact", type=Path)
    parser.add_argument("--out", default="benchmarks/results/multilingual_keywords.json")
    args = parser.parse_args()
    corpus, _, _ = load_beir(args.data)
    report: dict[str, Any] = {"embedder": "hash:64 (keyword mode only)", "users": USERS}
    for name, extra in (("scifact", False), ("scifact + chinese/japanese", True)):
        with remem.open(":memory:", embedder="hash:64") as memory:
            memory.add_many(beir_items(corpus), progress=False)
            found = None
            if extra:
                memory.add_many(
                    [
                        {"text": text, "user_id": f"user{u}"}
                        for u in range(USERS)
                        for text, _ in CJK
                    ],
                    progress=False,
                )
                found = sum(
                    {h.text for h in memory.search(q, k=5, mode="keyword", user_id="user7")}
                    == {text}
                    for text, q in CJK
                )
            run = keyword_run(memory, args.data)
            if found is not None:
                run["cjk_found_by_two_characters"] = f"{found}/{len(CJK)}"
            report[name] = run
            print(f"{name:28} {json.dumps(run)}")
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
