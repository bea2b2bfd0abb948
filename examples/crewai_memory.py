"""remem as CrewAI's memory storage: a crew's memory in a remem store, offline.

    pip install 'remem[crewai]'      # in an environment without remem[server]: CrewAI pins mcp<2
    python examples/crewai_memory.py

CrewAI's ``Memory`` keeps its records in remem (scope paths become remem namespaces) and embeds
with remem's bundled model, so no API key is needed. Giving ``remember`` every field (scope,
categories, importance) and recalling with ``depth="shallow"`` needs no LLM either; a crew with
a model lets CrewAI infer them.

Expected output:

    scopes: ['/office', '/project']
    recall 'how does the client want updates?' in /project:
      The client wants a short status email every Monday.
"""

from __future__ import annotations

import os
import tempfile

# CrewAI traces and counts runs over the network unless told not to (remem sends nothing); its
# tracing also stalls each save for 5 s when no collector answers.
for name in ("CREWAI_TRACING_ENABLED", "CREWAI_DISABLE_TELEMETRY", "OTEL_SDK_DISABLED"):
    os.environ.setdefault(name, "false" if name == "CREWAI_TRACING_ENABLED" else "true")

from crewai import Memory  # noqa: E402  (after the settings above)
from crewai.events.event_listener import event_listener  # noqa: E402

import remem  # noqa: E402
from remem.integrations.crewai import RememStorage, remem_embedder  # noqa: E402

event_listener.formatter.verbose = False  # no console panel for every save and recall


def main(folder: str) -> None:
    store = remem.open(folder)  # the bundled model
    memory = Memory(
        storage=RememStorage(store),
        embedder=remem_embedder(store),
        consolidation_threshold=1.0,  # no LLM: do not merge similar memories
    )
    for text, scope, category in (
        ("The client wants a short status email every Monday.", "/project/atlas", "preferences"),
        ("Releases go out blue-green on Kubernetes.", "/project/atlas/ops", "infrastructure"),
        ("The office coffee machine is on the third floor.", "/office", "misc"),
    ):
        memory.remember(text, scope=scope, categories=[category], importance=0.5)
    memory.drain_writes()
    print("scopes:", memory.list_scopes("/"))
    question = "how does the client want updates?"
    print(f"recall {question!r} in /project:")
    for match in memory.recall(question, scope="/project", depth="shallow", limit=1):
        print("  " + match.record.content)
    memory.close()
    store.close()


with tempfile.TemporaryDirectory() as folder:
    main(folder)
