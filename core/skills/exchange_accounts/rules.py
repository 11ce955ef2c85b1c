"""The exchange account skill's routing rule: the workspace readings about exchange accounts."""

from __future__ import annotations

from typing import Any

from core.language.tagger import EXCHANGE, Reading, Tagger
from core.routing.router import Route, RouteContext
from core.workspace.reading import read

SKILL = "exchange_management"
# The slot of "delete main" and "rename main to core": a name with no kind of record said. It
# reads as an exchange account; the skill looks at what the person owns before it acts (kinds.py).
ANY_KIND = "any_kind"
BARE_ACTIONS = frozenset({"delete", "update"})  # an update only as a rename (field "name")
_TAGGER = Tagger()
_KIND = frozenset({"noun.account", EXCHANGE, "term.api_key", "term.passphrase", "workspace.credentials"})


class ExchangeAccountRule:
    def route_reading(self, reading: Reading, context: RouteContext) -> Route | None:
        """The layer's reading: their accounts' names in it are read whole ("删除账户 我的主号")."""
        return self.route(reading.norm.original, tuple(reading.values("own.account")))

    def route(self, text: str, own: tuple[str, ...] = ()) -> Route | None:
        reading = read(text, own)
        if reading is None or reading.problem or reading.domain != "exchange":
            return None
        slots = reading.slots
        if _bare(reading.action, slots) and _no_kind(text):
            slots = {**slots, ANY_KIND: "1"}
        return Route(SKILL, reading.action, slots)


def _bare(action: str, slots: dict[str, Any]) -> bool:
    """A delete or a rename of a record given by its name."""
    renames = action == "update" and slots.get("field") == "name"
    return (action == "delete" or renames) and "name" in (slots.get("target_ref") or {})


def _no_kind(text: str) -> bool:
    """The message says neither "account" (or the like) nor an exchange: only a name."""
    return not _TAGGER.read(text).concepts & _KIND
