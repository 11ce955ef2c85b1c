"""The trader skill's intents: a table of which action the words say, each with the fill that
reads its slots from the tags (core.skills.trader_management.rules). A trader is named and an
action's words are said; an action higher in ACTIONS wins ("create a trader and start it" is a
create; "关闭 alpha 的每日汇总" an update, though it says "关闭"); none said is a query. Before the
other skills' rules: one of their traders by its name with a verb ("启动机器人一号"), a stop of a
strategy ("停掉BTC定投": the traders running it), a switch of the daily summary or auto start."""

from __future__ import annotations

from typing import Any

from core.language.intents import Intent, intent
from core.skills.trader_management.rules import (
    NOT_OURS,
    STATUS,
    TRADERS,
    running_strategy,
    slots_for,
    stopped_strategy,
)
from core.strategies.words import KIND_CONCEPTS

SKILL = "trader_management"
OWN = "own.trader"
# The records a trader runs on, named in an update of it.
PARTS = (
    "noun.account", "own.account", "exchange", "noun.model", "own.model", "provider",
    "noun.strategy", "own.strategy",
)  # fmt: skip
STRATEGY = ("own.strategy", "noun.strategy")
SWITCHES = ("verb.switch_on", "verb.switch_off", "answer.on", "answer.off")
# Which action the words say, first found wins.
ACTIONS = (
    ("delete", ("verb.delete",)),
    ("create", ("verb.create",)),
    ("update", ("noun.auto_start", "noun.daily_summary")),
    ("stop", ("verb.stop", "verb.switch_off")),
    ("start", ("verb.start", "verb.switch_on")),
    ("update", ("verb.update", "verb.rename", "verb.set_to")),
)
LATE = ACTIONS[1:2] + ACTIONS[3:]  # a delete, a field switched: their intents are above
SAID = tuple(c for _, said in ACTIONS for c in said)


def _above(word: str | None) -> tuple[str, ...]:
    """The words of the actions that win over the one ``word`` says (none for a query)."""
    at = next((i for i, (_, said) in enumerate(ACTIONS) if word in said), 0)
    return tuple(c for _, said in ACTIONS[:at] for c in said)


def _acting(action: str, need: tuple[str, ...], avoid: tuple[str, ...] = (), **kw: Any) -> Intent:
    """An action's intent: its words and none of a higher action's; a start asked how it does is
    a query ("我的agent运行得怎么样")."""
    word = next((c for c in (*need, *kw.get("one_of", ())) if c in SAID), None)
    avoid = (*avoid, *NOT_OURS, *_above(word), *(STATUS if action == "start" else ()))
    return intent(SKILL, action, need=need, avoid=avoid, **{"fill": slots_for(action), **kw})


STOPPED: dict[str, Any] = {"avoid": TRADERS, "fill": stopped_strategy}  # "停掉BTC定投"
INTENTS = (
    # "alpha 今天赚了多少", "how is alpha doing": how one of their traders is doing.
    _acting("query", (OWN,), one_of=STATUS, avoid=_above("verb.start"), may=["time.today", "verb.start"]),
    _acting("start", ("verb.start", OWN)),
    _acting("stop", ("verb.stop", OWN)),
    _acting("delete", ("verb.delete",), one_of=TRADERS),
    # "停掉BTC定投", "stop my eth dca": a strategy runs only in its traders; they are stopped.
    _acting("stop", ("verb.stop", "own.strategy"), **STOPPED),
    _acting("stop", ("verb.stop",), one_of=KIND_CONCEPTS, **STOPPED),
    # "我的網格策略還在跑嗎", "is my grid still running": the traders running it, with their state.
    _acting("query", ("ask.running", "own.strategy"), avoid=TRADERS, fill=running_strategy),
    _acting("query", ("ask.running",), one_of=KIND_CONCEPTS, avoid=TRADERS, fill=running_strategy),
    # "switch alpha to the okx account", "把 alpha 的模型换成 deepseek": one of their traders moved
    # onto another of their records (not the account or model config renamed).
    _acting("update", (OWN,), one_of=("verb.update", "verb.set_to"), may=PARTS, priority=5),
    # "let alpha run the eth grid", "让小明跑ETH网格", "把网格策略给小明跑": one of their traders
    # given a strategy to run is moved onto it (started, it runs it).
    _acting("update", (OWN, "verb.start"), one_of=(*STRATEGY, *KIND_CONCEPTS), priority=5),
    # "turn on the daily summary for trader beta", "enable auto start for trader alpha" (a create
    # that switches them on at once is still a create). The field's word alone ("每日汇总"
    # answering "which field?") asks nothing.
    _acting("update", ("noun.auto_start",), one_of=TRADERS),
    _acting("update", ("noun.daily_summary",), one_of=(*TRADERS, *SWITCHES)),
    # Any other request about a trader ("创建一个交易员", "我有哪些交易员"),
    # after the other skills' readings ("交易员 alpha 的胜率" is a P&L question); tied with
    # another record's, a trader's comes first.
    *(_acting(a, (w,), one_of=TRADERS, priority=4, after_rules=True) for a, said in LATE for w in said),
    _acting("query", (), one_of=TRADERS, avoid=SAID, priority=4, after_rules=True),
    _acting("query", ("verb.start",), one_of=STATUS, may=TRADERS, priority=4, after_rules=True),
)
