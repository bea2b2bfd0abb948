"""The CrewAI integration's tests run in their own environment (``.venv-crewai``: CrewAI pins
``mcp<2``, which remem's server extra cannot share), with the same network guard."""

from __future__ import annotations

import pytest
from tests.netguard import offline


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    offline(monkeypatch)
