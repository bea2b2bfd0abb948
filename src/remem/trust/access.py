"""Who may touch which records: the :class:`Grant` every read and write of a :class:`Memory`
passes through.

A grant is *admin* (everything: the Python API's default) or a tenant: the ``user_id`` values
and/or ``agent_id`` values it may read and write. A record is visible to a tenant when each
restricted field of the record holds one of the allowed values; a record without that field is
not visible. ``Memory.scoped(grant)`` gives a view of a memory inside a grant, and the engine
applies it in one place (``Memory``): every filter it sends the store is and-ed with
:meth:`Grant.where`, every record read by id or followed through a link (neighbours, parents,
chunks) is read through it, and every write is checked by :meth:`Grant.check`. The faces (REST,
web page, MCP, tools) only choose the grant.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from remem.core.errors import InvalidInputError, PermissionDeniedError
from remem.core.filters import Cond, Filter, Logic

__all__ = ["ADMIN", "SCOPE_FIELDS", "Grant"]

#: The record fields a grant restricts, and the grant's attribute listing each one's values.
SCOPE_FIELDS = {"user_id": "users", "agent_id": "agents"}


@dataclass(frozen=True, slots=True)
class Grant:
    """What a caller may read and write: everything (``admin``), or the listed users / agents."""

    admin: bool = False
    users: tuple[str, ...] = ()
    agents: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.admin and not (self.users or self.agents):
            raise InvalidInputError("a grant is admin, or names the users and/or agents it may use")
        for value in (*self.users, *self.agents):
            if not isinstance(value, str) or not value.strip():
                raise InvalidInputError(f"user and agent ids are non-empty strings: {value!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"admin": self.admin, "users": list(self.users), "agents": list(self.agents)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Grant:
        return cls(
            admin=bool(data.get("admin")),
            users=tuple(data.get("users") or ()),
            agents=tuple(data.get("agents") or ()),
        )

    def allowed(self, field: str) -> tuple[str, ...]:
        """The values this grant allows for ``user_id`` or ``agent_id`` (empty: any)."""
        return () if self.admin else getattr(self, SCOPE_FIELDS[field])

    def allows(self, record: Any) -> bool:
        """Whether a record (or an item dict) with its ``user_id`` and ``agent_id`` is visible."""
        for field in SCOPE_FIELDS:
            allowed = self.allowed(field)
            value = record.get(field) if isinstance(record, Mapping) else getattr(record, field)
            if allowed and value not in allowed:
                return False
        return True

    def where(self, named: Mapping[str, Any] | None = None) -> Filter | None:
        """The condition a record must meet to be visible (None for admin: every record).
        Fields ``named`` with a value (a read's scope, already checked by :meth:`check`) are left
        out: that value is one the grant allows, and the read's own condition holds it."""
        named = named or {}
        parts = tuple(
            Cond(field, "$in", allowed)
            for field in SCOPE_FIELDS
            if (allowed := self.allowed(field)) and named.get(field) is None
        )
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else Logic("$and", parts)

    def check(self, scope: Mapping[str, Any], *, write: bool) -> dict[str, Any]:
        """The scope of a request, checked: a named user or agent outside the grant is refused;
        an unnamed one is filled in for a write when the grant allows exactly one."""
        checked = dict(scope)
        for field, plural in SCOPE_FIELDS.items():
            allowed = self.allowed(field)
            value = checked.get(field)
            if not allowed:
                continue
            if value is None:
                if write and len(allowed) == 1:
                    checked[field] = allowed[0]
                elif write:
                    raise InvalidInputError(
                        f"this key may write for several {plural}: give {field}"
                    )
            elif value not in allowed:
                raise PermissionDeniedError(f"this key may not use {field} {value!r}")
        return checked


#: Everything: the grant of the Python API, the CLI, and a server without API keys.
ADMIN = Grant(admin=True)
