"""Listing and deleting price alerts: all of them here, one by its id, its coin or its name
("delete dip buyer", "抄底线删掉", "is dip buyer still on", "我的抄底线还在吗"). A name there is no
alert of is said so, with the names there are: never another alert taken for it."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from core.formatting import format_price
from core.language.refusals import refusal_in
from core.reply import Block, NoticeBlock, Reply, Status
from core.skills.price_alert.common import BUTTON_TTL, PER_CHANNEL, Problem, destination_of
from core.skills.price_alert.describe import block_of, condition_text
from core.skills.price_alert.intents import SKILL
from core.skills.price_alert.model import Alert
from core.skills.price_alert.named import NAME, given_name, label, named, not_named, taken
from core.skills.price_alert.ports import NameInUse
from core.skills.price_alert.reading import PAUSED
from core.state import Task, TaskStatus
from core.tasks.actions import Done
from core.tasks.transitions import move
from core.turn import Turn

if TYPE_CHECKING:
    from core.skills.price_alert.skill import PriceAlertSkill


async def query(skill: PriceAlertSkill, turn: Turn, task: Task) -> Done:
    move(task, TaskStatus.EXECUTING, turn.now)
    alerts = await skill.store.for_destination(destination_of(turn))
    name = task.slots.get(NAME)
    if isinstance(name, str) and name:  # "is dip buyer still on": that one, and whether it is
        found = named(alerts, name)
        if found is None:
            return _not_named(skill, turn, task, alerts, name)
        summary = condition_text(found.spec, turn.locale, skill.catalog)
        state = turn.t(f"alert.state.{found.status.value}")
        text = turn.t("alert.named_status", label=label(found, turn.locale), summary=summary, state=state)
        blocks: list[Block] = [NoticeBlock(text, code="alert_named"), block_of(found, skill.catalog)]
    elif not alerts:
        text = turn.t("alert.none", examples=turn.t("alert.examples"))
        blocks = [NoticeBlock(text, code="no_alerts")]
    else:
        blocks = [NoticeBlock(turn.t("alert.list", n=len(alerts)), code="alerts")]
        blocks += [block_of(a, skill.catalog) for a in alerts]
    if task.slots.get(PAUSED):  # "pause dip buyer": no alert is paused (nor deleted for it); said so
        blocks.insert(0, NoticeBlock(turn.t("alert.no_pause"), "warning", "alert_no_pause"))
    move(task, TaskStatus.COMPLETED, turn.now)
    return Done(skill._reply(turn, task, Status.COMPLETED, blocks))


async def delete(skill: PriceAlertSkill, turn: Turn, task: Task) -> Done:
    move(task, TaskStatus.EXECUTING, turn.now)
    refusal = skill._may_manage(turn)
    if refusal is not None:
        return skill._fail(turn, task, refusal)
    alerts = await skill.store.for_destination(destination_of(turn))
    wanted_id = task.slots.get("alert_id")
    symbol = task.slots.get("symbol")
    name = task.slots.get(NAME)
    level = task.slots.get("level")  # "delete my eth alert above 4000": the one at that level
    if symbol and not skill.catalog.is_supported(str(symbol)):
        symbol = skill.catalog.resolve(str(symbol)) or symbol
    if isinstance(name, str) and name:  # "delete dip buyer": that one, or none
        found = named(alerts, name)
        if found is None and alerts:  # none so named: said, and which one asked (nothing deleted)
            return await _ask_which(skill, turn, task, alerts, all_of_them=True, missing=name)
        if found is None:
            return _not_named(skill, turn, task, alerts, name)
        alerts = [found]
    elif (
        refusal_in(wanted_id) or refusal_in(symbol) or refusal_in(level)
    ):  # "delete alert 1a2b3c4d and 5e6f7a8b"
        reason, typed = refusal_in(wanted_id) or refusal_in(symbol) or refusal_in(level) or ("", "")
        return skill._fail(turn, task, Problem(f"value.refused.{reason}", {"typed": typed}, "refused"))
    elif wanted_id:
        place = _placed(alerts, str(wanted_id))
        if place is not None:  # "delete the first alert", 删除第二个提醒: the one listed there, offered
            return await _ask_which(skill, turn, task, [place], all_of_them=False)
        alerts = [a for a in alerts if a.id == wanted_id]
        if not alerts:
            return skill._fail(turn, task, Problem("alert.not_found", {"id": wanted_id}, "not_found"))
    elif symbol:
        alerts = [a for a in alerts if a.symbol == symbol]
        if not alerts:
            coin = skill.catalog.base_of(str(symbol))
            return skill._fail(turn, task, Problem("alert.none_for", {"coin": coin}, "not_found"))
    if not alerts:
        return skill._fail(turn, task, Problem("alert.none", {"examples": ""}, "no_alerts"))
    if isinstance(level, str) and level and not wanted_id:
        at = _at_level(alerts, level, task.slots.get("condition"))
        if not at:  # none at the level said: said so, with theirs; never another one offered
            return _none_at(skill, turn, task, alerts, str(symbol or ""), level)
        alerts = at
    # Said by its coin, id or name, or the only one there is: offered, never deleted unconfirmed.
    return await _ask_which(skill, turn, task, alerts, all_of_them=not (wanted_id or symbol))


def _at_level(alerts: list[Alert], level: str, condition: object) -> list[Alert]:
    """The alerts at ``level`` (a number as the value grammar writes it), of ``condition`` when said."""
    try:
        wanted = Decimal(level)
    except InvalidOperation:
        return []
    ways = (condition,) if condition in ("above", "below", "move") else ("above", "below", "move")
    return [a for a in alerts if a.spec.level == wanted and a.spec.condition in ways]


def _none_at(
    skill: PriceAlertSkill, turn: Turn, task: Task, alerts: list[Alert], symbol: str, level: str
) -> Done:
    """ "You have no alert for ETH above 4,000; you have: ETH goes above 3,500.00": nothing offered."""
    way = task.slots.get("condition")
    coin = skill.catalog.base_of(symbol) if symbol else ""
    shown = format_price(Decimal(level)) if level.replace(".", "", 1).isdigit() else level
    key = f"alert.at.{way}" if way in ("above", "below") else "alert.at.level"
    wanted = turn.t(key, base=coin, level=shown).strip()
    have = turn.t("alert.at.join").join(condition_text(a.spec, turn.locale, skill.catalog) for a in alerts)
    return skill._fail(turn, task, Problem("alert.none_at", {"wanted": wanted, "have": have}, "not_found"))


def _placed(alerts: list[Alert], wanted: str) -> Alert | None:
    """The alert at place ``wanted`` of the list as shown (oldest first, store.for_destination), when
    ``wanted`` is a place ("the first alert", 第2个提醒, "alert 2": no id is that short) the list has;
    None for an id or a place past the list (answered as no such alert)."""
    if not wanted.isdigit() or any(a.id == wanted for a in alerts) or not 1 <= int(wanted) <= len(alerts):
        return None
    return alerts[int(wanted) - 1]


async def _ask_which(
    skill: PriceAlertSkill,
    turn: Turn,
    task: Task,
    alerts: list[Alert],
    *,
    all_of_them: bool,
    missing: str | None = None,
) -> Done:
    options = [
        (
            f"{label(a, turn.locale)} {condition_text(a.spec, turn.locale, skill.catalog)}",
            {"kind": f"{SKILL}.delete", "alert_id": a.id},
        )
        for a in alerts[:PER_CHANNEL]
    ]
    if len(alerts) == 1:  # one alert: deleted on its button, or kept
        shown = label(alerts[0], turn.locale)
        summary = condition_text(alerts[0].spec, turn.locale, skill.catalog)
        options = [(turn.t("alert.button.delete_one", label=shown), options[0][1])]
        options.append((turn.t("alert.button.keep"), {"kind": f"{SKILL}.kept"}))
        buttons = await turn.buttons(options, ttl=BUTTON_TTL, styles=["danger", "secondary"])
        text = turn.t("alert.confirm_delete", label=shown, summary=summary)
    else:
        buttons = await turn.buttons(options, ttl=BUTTON_TTL, style="danger")
        text = turn.t("alert.which_all" if all_of_them else "alert.which")
    blocks: list[Block] = [NoticeBlock(text, code="ask_alert")]
    if missing is not None:  # "delete dip buyr": no alert so named; these are the ones there are
        blocks.insert(0, NoticeBlock(not_named(turn, alerts, missing), "warning", "not_found"))
    blocks += [block_of(a, skill.catalog) for a in alerts]
    move(task, TaskStatus.COMPLETED, turn.now)
    return Done(skill._reply(turn, task, Status.NEEDS_INPUT, blocks, buttons))


async def delete_one(skill: PriceAlertSkill, turn: Turn, alert: Alert) -> Reply:
    summary = condition_text(alert.spec, turn.locale, skill.catalog)
    if not await skill.store.delete(alert.id, skill._audit(turn, "delete", alert.id, summary)):
        return skill._notice(turn, "alert.gone", "not_found", Status.FAILED, "warning")
    shown = label(alert, turn.locale)
    done = Status.COMPLETED
    return skill._notice(turn, "alert.deleted", "alert_deleted", done, label=shown, summary=summary)


def _not_named(skill: PriceAlertSkill, turn: Turn, task: Task, alerts: list[Alert], name: str) -> Done:
    block = NoticeBlock(not_named(turn, alerts, name), "warning", "not_found")
    if task.is_open:
        move(task, TaskStatus.FAILED, turn.now)
    return Done(skill._reply(turn, task, Status.FAILED, [block]), ok=False)


async def rename(skill: PriceAlertSkill, turn: Turn, task: Task) -> Done:
    """ "rename dip buyer to floor": that alert, if there is one so named, gets the new name."""
    move(task, TaskStatus.EXECUTING, turn.now)
    refusal = skill._may_manage(turn)
    if refusal is not None:
        return skill._fail(turn, task, refusal)
    alerts = await skill.store.for_destination(destination_of(turn))
    found = named(alerts, str(task.slots.get(NAME) or ""))
    if found is None:
        return _not_named(skill, turn, task, alerts, str(task.slots.get(NAME) or ""))
    new = given_name({NAME: task.slots.get("new_name")})
    if new is None:  # "rename dip buyer": to what, said how
        return skill._fail(
            turn, task, Problem("alert.rename_how", {"name": found.name or ""}, "alert_no_name")
        )
    if isinstance(new, tuple):  # "rename floor to <x>": refused quoting it, nothing changed
        return skill._fail(turn, task, Problem("alert.bad_new_name", new[1], new[2]))
    if taken([a for a in alerts if a.id != found.id], new):
        return skill._fail(turn, task, Problem("alert.name_taken_rename", {"name": new}, "name_taken"))
    summary = condition_text(found.spec, turn.locale, skill.catalog)
    renamed = await skill.store.rename(found.id, new, skill._audit(turn, "rename", found.id, summary))
    if renamed is None:
        return skill._fail(turn, task, Problem("alert.gone", {}, "not_found"))
    if isinstance(renamed, NameInUse):
        return skill._fail(turn, task, Problem("alert.name_taken_rename", {"name": new}, "name_taken"))
    text = turn.t("alert.renamed", label=f"#{found.id}", old=found.name or "", new=new)
    move(task, TaskStatus.COMPLETED, turn.now)
    blocks: list[Block] = [NoticeBlock(text, code="alert_renamed"), block_of(renamed, skill.catalog)]
    return Done(skill._reply(turn, task, Status.COMPLETED, blocks))
