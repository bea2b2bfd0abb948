"""Where the ground floor's modules went (issue 46), so that code written against the old
names keeps working: ``import remem.errors`` (or ``from remem.marks import scan``) gives the
very module now at ``remem.core.errors`` (``remem.trust.marks``), with a
:class:`DeprecationWarning` naming the new place. The names inside each module are unchanged,
and everything :mod:`remem` itself exports stays where it was."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

_FAMILIES = {
    "core": "errors numbers registry timeutil files limits records settings validate filters "
    "observe redact",
    "text": "tokens keywords porter cues literals chunking",
    "trust": "provenance consent audit access marks marks_phrases",
    "index": "vector_index vector_file ann follower",
    "engine": "deferred",
}
#: Each old module name under ``remem.``, and the family that holds it now.
MOVED: dict[str, str] = {old: family for family, olds in _FAMILIES.items() for old in olds.split()}


def new_name(old: str) -> str | None:
    """``remem.marks`` → ``remem.trust.marks``; None for a name that did not move."""
    prefix, _, rest = old.partition(".")
    if prefix != "remem" or rest not in MOVED:
        return None
    return f"remem.{MOVED[rest]}.{rest}"


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers an old name with the module at its new one (the same object, not a copy)."""

    def __init__(self) -> None:
        #: The module's own spec, by the old name, until the import machinery (which sets the
        #: old name's spec on it) is done and it is put back.
        self._own: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if new_name(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        new = new_name(spec.name)
        assert new is not None
        warnings.warn(
            f"{spec.name} is now {new}; the old name will be removed in a later release",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(new)
        self._own[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The module is already run, at its new name: it gets its own spec back."""
        given = module.__spec__
        if given is not None:
            module.__spec__ = self._own.pop(given.name, given)


def install() -> None:
    """Put the finder after the standard ones (once), so it answers only names nothing else
    holds."""
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
