"""The web page (placeholder until the pages land)."""

from __future__ import annotations

from fastapi import APIRouter

pages = APIRouter(include_in_schema=False)
