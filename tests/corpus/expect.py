"""What a corpus row expects of a route, and why a route falls short of it.

A row names only what it cares about. Its slots are compared as a subset of the route's: a slot
the row does not list may be anything; a slot it lists as null must be absent (or None); a slot
it lists as an object names the keys it cares about (``"error": {"code": "-1022"}``). Values
compare as written in JSON: a coin as its symbol ("BTCUSDT"), an amount as the skill's canonical
text ("quote:100", "base:0.01", "all", "fraction:0.5"), a number as the text or number the skill
keeps; a value that is no JSON type (a Decimal) compares as its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from core.conversation.reading import read_asks
from core.i18n import Locale
from core.language.gazetteer import Gazetteer
from core.language.own_names import plain_words
from core.routing.router import Route, RouteContext, Router

# The keys of ``expect`` that are not slots (the first rows write their slots beside these).
NOT_SLOTS = frozenset({"skill", "action", "slots", "not", "status"})
_ABSENT = object()


def expected_slots(expect: Mapping[str, Any]) -> dict[str, Any]:
    """The slots a row checks: its ``slots``, plus those written beside skill and action."""
    slots = {k: v for k, v in expect.items() if k not in NOT_SLOTS}
    slots.update(expect.get("slots") or {})
    return slots


def forbidden(expect: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The routes a near-miss row must not take: ``"not": {…}`` or ``"not": [{…}, …]``."""
    found = expect.get("not")
    if found is None:
        return []
    return list(found) if isinstance(found, list) else [found]


def is_negative(expect: Mapping[str, Any]) -> bool:
    return "not" in expect or ("skill" in expect and expect["skill"] is None)


def problem(router: Router, row: Mapping[str, Any]) -> str | None:
    """Why ``router`` gets ``row`` wrong; None when it gets it right. The message is read as the
    engine reads it (core.conversation.reading): its pronouns, and each of its asks, the first
    against ``expect`` and the others against ``then``."""
    locale: Locale = "zh" if str(row.get("lang", "")).startswith("zh") else "en"
    asks = read_asks(row["text"], router, context(row), locale=locale)
    wrong = mismatch(asks[0] if asks else None, row["expect"])
    if wrong is not None:
        return wrong
    then: list[Mapping[str, Any]] = list(row.get("then") or [])
    if asks and len(asks) != 1 + len(then):
        return f"expected {1 + len(then)} ask(s), read {len(asks)}: {'; '.join(_show(r) for r in asks)}"
    for route, expect in zip(asks[1:], then, strict=False):
        wrong = mismatch(route, expect)
        if wrong is not None:
            return f"a later ask: {wrong}"
    return None


def context(row: Mapping[str, Any]) -> RouteContext:
    """What the row says of the conversation: ``awaiting``, the skill whose open question waits
    for its answer ("4h" may be that answer, not a chart window); ``names``, the person's own
    record names by kind ({"trader": ["机器人一号"]}), as the engine loads them for the turn."""
    names = row.get("names")
    gazetteer = Gazetteer.of(names, plain=plain_words()) if names else None
    return RouteContext(awaiting=row.get("awaiting"), names=gazetteer)


def mismatch(route: Route | None, expect: Mapping[str, Any]) -> str | None:
    """Why ``route`` does not meet ``expect``; None when it does."""
    for other in forbidden(expect):
        if route is not None and _takes(route, other):
            return f"routed where it must not go: {_show(route)}"
    if "skill" not in expect:
        return None
    if expect["skill"] is None:
        return None if route is None else f"expected no route, got {_show(route)}"
    if route is None:
        return f"expected {expect['skill']}.{expect.get('action')}, got no route"
    if route.skill != expect["skill"]:
        return f"expected skill {expect['skill']}, got {_show(route)}"
    if "action" in expect and route.action != expect["action"]:
        return f"expected action {expect['action']}, got {_show(route)}"
    wrong = [
        f"{name}: expected {want!r}, got {'(absent)' if got is _ABSENT else got!r}"
        for name, want in expected_slots(expect).items()
        if not _same(got := _slot(route, name), want)
    ]
    return f"slots differ ({'; '.join(wrong)}) in {_show(route)}" if wrong else None


def _takes(route: Route, target: Mapping[str, Any]) -> bool:
    """``route`` goes to ``target``'s skill (and action, and slots, when it names them): a near
    miss names what must not happen ("sell all but 0.1 btc" is no sell of everything)."""
    same_action = "action" not in target or route.action == target["action"]
    same_slots = all(_same(_slot(route, k), v) for k, v in (target.get("slots") or {}).items())
    return route.skill == target.get("skill") and same_action and same_slots


def _slot(route: Route, name: str) -> Any:
    if name in route.slots:
        return route.slots[name]
    # The price skill keeps every coin named ("symbols"); "symbol" is the first, or none.
    if name == "symbol" and "symbols" in route.slots:
        coins = route.slots["symbols"]
        return coins[0] if coins else None
    return _ABSENT


def _same(got: Any, want: Any) -> bool:
    if want is None:
        return got is _ABSENT or got is None
    if got is _ABSENT:
        return False
    got = _plain(got)
    if isinstance(want, dict) and isinstance(got, dict):  # a part of a structured slot (an error)
        return all(_same(got.get(k, _ABSENT), v) for k, v in want.items())
    return bool(got == want)


def _plain(value: Any) -> Any:
    """``value`` as JSON would hold it: lists for tuples, text for what JSON has no type for."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")  # 100, not 1E+2
    return str(value)


def _show(route: Route) -> str:
    slots = {k: v for k, v in route.slots.items() if k != "request"}  # the raw text, said already
    return f"{route.skill}.{route.action} {slots}"
