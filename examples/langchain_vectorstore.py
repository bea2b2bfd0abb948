"""remem as LangChain vector stores for two users, on remem's bundled model: no API key, no
download.

    pip install 'remem[langchain]'
    python examples/langchain_vectorstore.py

Each user's store is one scope of one remem store. Both use the same ids ("fact-1", "pref-1"):
an id is a name within its user's scope, so each store reads, replaces and deletes only its own
documents, and a guessable id reveals nothing of the other user's.

Expected output:

    Sam: what am I allergic to? -> Sam is allergic to cashews. (source: chat)
    Ana: what am I allergic to? -> Ana is allergic to shellfish. (source: chat)
    fact-1 of Sam: Sam is allergic to cashews. | of Ana: Ana is allergic to shellfish.
    Sam's retriever: Sam's sister lives in Lisbon.
    after Sam's upsert of pref-1: Sam now prefers green tea. | Ana's: Ana prefers oat milk.
    after Ana deletes fact-1: Ana has 0, Sam still has 1
    Ana's store sees Sam's documents: 0
"""

from __future__ import annotations

import tempfile

import remem
from remem.integrations.langchain import RememRetriever, RememVectorStore

with tempfile.TemporaryDirectory() as folder:
    memory = remem.open(folder)  # the bundled model
    sam = RememVectorStore(memory, user_id="sam")
    ana = RememVectorStore(memory, user_id="ana")
    ids = ["fact-1", "fact-2", "pref-1"]  # the same ids in both stores
    sources = [{"source": "chat"}, {"source": "chat"}, {"source": "profile"}]
    sam.add_texts(
        [
            "Sam is allergic to cashews.",
            "Sam's sister lives in Lisbon.",
            "Sam prefers black coffee in the morning.",
        ],
        metadatas=sources,
        ids=ids,
    )
    ana.add_texts(
        ["Ana is allergic to shellfish.", "Ana's brother lives in Oslo.", "Ana prefers oat milk."],
        metadatas=sources,
        ids=ids,
    )
    for name, store in (("Sam", sam), ("Ana", ana)):
        (best,) = store.similarity_search("what am I allergic to?", k=1)
        source = best.metadata["source"]
        print(f"{name}: what am I allergic to? -> {best.page_content} (source: {source})")

    (sams,), (anas,) = sam.get_by_ids(["fact-1"]), ana.get_by_ids(["fact-1"])
    print(f"fact-1 of Sam: {sams.page_content} | of Ana: {anas.page_content}")

    retriever = RememRetriever(store=sam, k=1)
    print("Sam's retriever:", retriever.invoke("where does the sister live?")[0].page_content)

    sam.add_texts(["Sam now prefers green tea."], ids=["pref-1"])  # replaces Sam's pref-1 only
    (sams,), (anas,) = sam.get_by_ids(["pref-1"]), ana.get_by_ids(["pref-1"])
    print(f"after Sam's upsert of pref-1: {sams.page_content} | Ana's: {anas.page_content}")

    ana.delete(["fact-1"])  # deletes Ana's fact-1 only
    left = len(ana.get_by_ids(["fact-1"])), len(sam.get_by_ids(["fact-1"]))
    print(f"after Ana deletes fact-1: Ana has {left[0]}, Sam still has {left[1]}")

    seen = ana.similarity_search("Sam allergic cashews sister Lisbon coffee tea", k=10)
    print("Ana's store sees Sam's documents:", sum("Sam" in d.page_content for d in seen))
    memory.close()
