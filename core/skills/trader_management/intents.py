"""The trader skill's intents the layer reads itself: a trader of the person's own named with a
verb and no kind ("启动机器人一号", "停一下机器人一号"), deleting a trader by a word of its name
("delete the eth bot"), and switching its daily summary or auto start ("turn on the daily summary
for trader beta"). The trader rule still reads the rest of its requests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.language import fills
from core.language.intents import intent
from core.language.tagger import Reading

SKILL = "trader_management"
KIND = "trader"
OWN = "own.trader"
TRADERS = ("noun.trader", OWN)
# A name of several kinds of record ("main" an account and a trader) is asked about, not taken.
PROBLEM = ("verb.fail", "verb.diagnose", "ask.why", "own.several")
SWITCHES = ("verb.switch_on", "verb.switch_off", "answer.on", "answer.off")  # what fills.switch reads


def _target(reading: Reading) -> Mapping[str, Any] | None:
    ref = fills.target(reading, KIND)
    return {"target_ref": ref} if ref else None


def _switch(field: str) -> Any:
    def fill(reading: Reading) -> Mapping[str, Any] | None:
        slots: dict[str, Any] = {"field": field}
        value = fills.switch(reading)
        if value is not None:
            slots[field] = value
        ref = fills.target(reading, KIND)
        if ref:
            slots["target_ref"] = ref
        return slots

    return fill


def _status(reading: Reading) -> Mapping[str, Any] | None:
    ref = fills.target(reading, KIND)
    return {"status": "1", "target_ref": ref} if ref else None


INTENTS = (
    # "alpha 今天赚了多少", "how is alpha doing": how one of their traders is doing.
    intent(
        SKILL,
        "query",
        need=[OWN],
        one_of=["ask.status", "ask.pnl"],
        avoid=PROBLEM,
        may=["time.today"],
        fill=_status,
    ),
    intent(SKILL, "start", need=["verb.start", OWN], avoid=PROBLEM, fill=_target, reader_first=True),
    intent(SKILL, "stop", need=["verb.stop", OWN], avoid=PROBLEM, fill=_target, reader_first=True),
    intent(
        SKILL, "delete", need=["verb.delete"], one_of=TRADERS, avoid=PROBLEM, fill=_target, reader_first=True
    ),
    # "turn on the daily summary for trader beta", "enable auto start for trader alpha" (a create
    # that switches them on at once is still a create); only traders have a daily summary ("打开
    # alpha 的每日汇总"). The field's word alone ("每日汇总" answering "which field?") asks nothing.
    intent(
        SKILL,
        "update",
        need=["noun.auto_start"],
        one_of=TRADERS,
        avoid=(*PROBLEM, "verb.create"),
        fill=_switch("auto_start"),
    ),
    intent(
        SKILL,
        "update",
        need=["noun.daily_summary"],
        one_of=(*TRADERS, *SWITCHES),
        avoid=(*PROBLEM, "verb.create"),
        fill=_switch("daily_summary"),
    ),
    # Any other request about a trader ("创建一个交易员", "我有哪些交易员"): the trader rule reads
    # which one and what to do; tied with another record's, a trader's comes first.
    intent(SKILL, "query", one_of=TRADERS, priority=4, after_rules=True),
)
