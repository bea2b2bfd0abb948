"""Test kits for code outside remem: the conformance suite a store backend runs.

A backend's own test module subclasses the suite and says how to open its store::

    from remem.testing import StoreConformance

    class TestMyStore(StoreConformance):
        def open_store(self, place):
            return MyStore(place)

or hands a factory over: ``TestMyStore = conformance_suite(MyStore)``. pytest collects the
checks as that module's tests. :mod:`remem.testing.filters` is what a filter means, for a
backend's compiler to be held to.

Nothing in remem imports this package (the import contracts keep it at the top), and pytest
loads only with :mod:`remem.testing.store_conformance` (its checks of the optional parts in
:mod:`remem.testing.part_checks`, the helpers they share in :mod:`remem.testing.kit`), so
pytest stays a test dependency.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

__all__ = ["StoreConformance", "conformance_suite"]

if TYPE_CHECKING:
    from remem.testing.store_conformance import StoreConformance, conformance_suite

if "pytest" in sys.modules:  # a test run: its asserts say what they compared
    sys.modules["pytest"].register_assert_rewrite(
        "remem.testing.store_conformance", "remem.testing.part_checks"
    )


def __getattr__(name: str) -> Any:
    if name in __all__:
        from remem.testing import store_conformance

        return getattr(store_conformance, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
