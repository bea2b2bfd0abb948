"""remem as a LangChain vector store, on remem's bundled model: no API key, no download.

    pip install 'remem[langchain]'
    python examples/langchain_vectorstore.py

Expected output:

    what is Sam allergic to? -> Sam is allergic to cashews. (source: chat)
    as a retriever: Sam's sister lives in Lisbon.
    after an upsert of pref-1: Sam now prefers green tea.
    Ana's store sees Sam's documents: 0
"""

from __future__ import annotations

import tempfile

import remem
from remem.integrations.langchain import RememRetriever, RememVectorStore

with tempfile.TemporaryDirectory() as folder:
    memory = remem.open(folder)  # the bundled model
    sam = RememVectorStore(memory, user_id="sam")
    sam.add_texts(
        [
            "Sam is allergic to cashews.",
            "Sam's sister lives in Lisbon.",
            "Sam prefers black coffee in the morning.",
        ],
        metadatas=[{"source": "chat"}, {"source": "chat"}, {"source": "profile"}],
        ids=["fact-1", "fact-2", "pref-1"],
    )
    (best,) = sam.similarity_search("what is Sam allergic to?", k=1)
    print(f"what is Sam allergic to? -> {best.page_content} (source: {best.metadata['source']})")

    retriever = RememRetriever(store=sam, k=1)
    print("as a retriever:", retriever.invoke("where does his sister live?")[0].page_content)

    sam.add_texts(["Sam now prefers green tea."], ids=["pref-1"])  # same id: replaced
    print("after an upsert of pref-1:", sam.get_by_ids(["pref-1"])[0].page_content)

    ana = RememVectorStore(memory, user_id="ana")
    seen = ana.similarity_search("Sam allergic cashews sister coffee", k=10)
    print("Ana's store sees Sam's documents:", len(seen) + len(ana.get_by_ids(["fact-1"])))
    memory.close()
