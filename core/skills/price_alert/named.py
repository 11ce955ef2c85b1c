"""Alert names: the name a create gives ("call it dip buyer", "叫它抄底线") checked, an alert found
by its name, and an alert said back with it ("#1a2b3c4d「抄底线」").

A name is unique among one destination's alerts (a person's private chat, a group as a whole),
compared as every record name is (core.tasks.names.name_key: case, width and spacing folded); the
store refuses a second one itself. A name the person has no alert of is said so, with the names
they have: never another alert taken for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.i18n import Locale, t
from core.language.values import refusal_in
from core.skills.price_alert.common import destination_of
from core.skills.price_alert.model import Alert
from core.skills.price_alert.ports import AlertStore
from core.tasks.names import MAX_NAME, clean_name, name_key
from core.turn import Turn

NAME = "name"  # the slot (core.skills.price_alert.reading.NAME)
_SHOWN = 5  # names listed when the one asked for is not there

ProblemArgs = tuple[str, dict[str, object], str]  # a Problem's key, params and code


def given_name(slots: dict[str, Any]) -> str | ProblemArgs | None:
    """The name a create gives, cleaned (slots updated with it); a problem when it cannot be one;
    None when none is given."""
    raw = slots.get(NAME)
    if raw is None or raw == "":
        slots.pop(NAME, None)
        return None
    refused = refusal_in(raw)
    typed = refused[1] if refused is not None else str(raw)
    name = None if refused is not None else clean_name(str(raw))
    if name is None:
        return ("alert.bad_name", {"typed": typed[:40], "max": MAX_NAME}, "alert_bad_name")
    slots[NAME] = name
    return name


def taken(alerts: Sequence[Alert], name: str) -> bool:
    key = name_key(name)
    return any(a.name is not None and name_key(a.name) == key for a in alerts)


def named(alerts: Sequence[Alert], name: str) -> Alert | None:
    """The alert of ``alerts`` called ``name`` (one at most: names are unique where alerts are)."""
    key = name_key(name)
    return next((a for a in alerts if a.name is not None and name_key(a.name) == key), None)


def not_named(turn: Turn, alerts: Sequence[Alert], name: str) -> str:
    """ "There's no alert called “x” here", with the names there are (a few), if any."""
    names = [a.name for a in alerts if a.name]
    text = turn.t("alert.no_such_name", name=name)
    if names:
        shown = turn.t("alert.name_sep").join(turn.t("alert.quoted", name=n) for n in names[:_SHOWN])
        text = f"{text}{turn.t('alert.names_here', names=shown)}"
    return text


class AlertNames:
    """The names of the alerts where the turn is (its destination's: a private chat's, a group's),
    for the turn's gazetteer (core.skills.base.OwnNames): "delete dip buyer" names that alert."""

    def __init__(self, store: AlertStore) -> None:
        self.store = store

    async def names(self, turn: Turn) -> Mapping[str, Sequence[str]]:
        alerts = await self.store.for_destination(destination_of(turn))
        return {"alert": [a.name for a in alerts if a.name]}


def label(alert: Alert, locale: Locale) -> str:
    """ "#1a2b3c4d", or with its name "#1a2b3c4d「抄底线」" / "#1a2b3c4d “dip buyer”"."""
    if alert.name is None:
        return f"#{alert.id}"
    return t(locale, "alert.label_named", id=alert.id, name=alert.name)
