"""The exchange account skill's routing rule: the workspace readings about exchange accounts."""

from __future__ import annotations

from typing import Any

from core.language.tagger import Reading as Tagged
from core.language.tagger import Tagger
from core.language.word_scan import EXCHANGE
from core.routing.router import Route, RouteContext
from core.tasks.names import name_key
from core.workspace.bare_names import made_up
from core.workspace.reading import RecordRule, their_kinds_out

SKILL = "exchange_management"
# The slot of "delete main" and "rename main to core": a name with no kind of record said. It
# reads as an exchange account; the skill looks at what the person owns before it acts (kinds.py),
# and "删掉刚配的那个" (the last one) at the record the conversation last touched.
ANY_KIND = "any_kind"
BARE_ACTIONS = frozenset({"delete", "update"})  # an update only as a rename (field "name")
# An alert of theirs has the bare name too (the turn's gazetteer): the skill asks which, the alert
# among the kinds ("delete dip buyer" with a trader and an alert so called), never drops it.
ALSO_ALERT = "also_alert"
_TAGGER = Tagger()
_KIND = frozenset({"noun.account", EXCHANGE, "term.api_key", "term.passphrase", "workspace.credentials"})


class ExchangeAccountRule(RecordRule):
    def __init__(self) -> None:
        super().__init__("exchange", SKILL, "own.account")

    def route_reading(self, reading: Tagged, context: RouteContext) -> Route | None:
        route = super().route_reading(reading, context)
        if route is None or not route.slots.get(ANY_KIND):
            return route
        name = (route.slots.get("target_ref") or {}).get("name")
        if name and _an_alert_named(reading, str(name)):
            route = Route(SKILL, route.action, {**route.slots, ALSO_ALERT: "1"})
        if route.action != "delete":
            return route
        # A name of no kind deleted must be one of theirs (any kind) or clearly a name, never
        # words of the sentence ("walao btc drop again" deleted "btc again"): bare_names.py.
        name = (route.slots.get("target_ref") or {}).get("name")
        theirs = [tag.value for tag in reading.tags if any(c.startswith("own.") for c in tag.concepts)]
        if name and made_up(str(name), reading.norm.original, theirs):
            return None
        return route

    def route(self, text: str, own: tuple[str, ...] = ()) -> Route | None:
        route = super().route(text, own)
        if route is not None and _bare(route.action, route.slots) and _no_kind(their_kinds_out(text, own)):
            return Route(SKILL, route.action, {**route.slots, ANY_KIND: "1"})
        return route


def _an_alert_named(reading: Tagged, name: str) -> bool:
    """One of their alerts is called ``name`` beside a record of another kind (own.several)."""
    key = name_key(name)
    return any(
        "own.alert" in t.concepts and "own.several" in t.concepts and name_key(str(t.value)) == key
        for t in reading.tags
    )


def _bare(action: str | None, slots: dict[str, Any]) -> bool:
    """A delete or a rename of a record given by its name or its number ("删除编号3", "delete no. 3":
    any kind's record 3, never an account's by default), or a delete of the last one touched
    ("删掉刚配的那个", "delete the one i just made")."""
    renames = action == "update" and slots.get("field") == "name"
    ref = slots.get("target_ref") or {}
    by = "name" in ref or "id" in ref
    return (action == "delete" or renames) and (by or (action == "delete" and "recent" in ref))


def _no_kind(text: str) -> bool:
    """The message says neither "account" (or the like) nor an exchange: only a name."""
    return not _TAGGER.read(text).concepts & _KIND
