"""The trader skill's intents: a trader of the person's own named with a verb and no kind
("启动机器人一号", "停一下机器人一号"), deleting a trader by a word of its name ("delete the eth
bot"), switching its daily summary or auto start ("turn on the daily summary for trader beta"),
any other request about a trader. The trader rule (rules.py) reads what each says."""

from __future__ import annotations

from core.language.intents import intent
from core.strategies.words import KIND_CONCEPTS

SKILL = "trader_management"
OWN = "own.trader"
TRADERS = ("noun.trader", OWN)
# A name of several kinds of record ("main" an account and a trader) is asked about, not taken.
PROBLEM = ("verb.fail", "verb.diagnose", "ask.why", "own.several")
# The records a trader runs on, named in an update of it.
PARTS = (
    "noun.account",
    "own.account",
    "exchange",
    "noun.model",
    "own.model",
    "provider",
    "noun.strategy",
    "own.strategy",
)
SWITCHES = ("verb.switch_on", "verb.switch_off", "answer.on", "answer.off")


INTENTS = (
    # "alpha 今天赚了多少", "how is alpha doing": how one of their traders is doing.
    intent(
        SKILL,
        "query",
        need=[OWN],
        one_of=["ask.status", "ask.pnl"],
        avoid=PROBLEM,
        may=["time.today"],
    ),
    intent(SKILL, "start", need=["verb.start", OWN], avoid=PROBLEM),
    intent(SKILL, "stop", need=["verb.stop", OWN], avoid=PROBLEM),
    # "停掉BTC定投", "stop my btc dca": a strategy runs only in its traders; they are stopped.
    intent(SKILL, "stop", need=["verb.stop", "own.strategy"], avoid=(*PROBLEM, OWN)),
    # "停掉ETH定投", "stop my eth dca": one of theirs by its coin and kind, or said back as none.
    intent(SKILL, "stop", need=["verb.stop"], one_of=KIND_CONCEPTS, avoid=(*PROBLEM, *TRADERS)),
    intent(SKILL, "delete", need=["verb.delete"], one_of=TRADERS, avoid=PROBLEM),
    # "switch alpha to the okx account", "把 alpha 的模型换成 deepseek": one of their traders moved
    # onto another of their records (not the account or model config renamed).
    intent(
        SKILL,
        "update",
        need=[OWN],
        one_of=["verb.update", "verb.set_to"],
        avoid=(*PROBLEM, "verb.create", "verb.delete"),
        may=PARTS,
        priority=5,
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
    ),
    intent(
        SKILL,
        "update",
        need=["noun.daily_summary"],
        one_of=(*TRADERS, *SWITCHES),
        avoid=(*PROBLEM, "verb.create"),
    ),
    # Any other request about a trader ("创建一个交易员", "我有哪些交易员"): the trader rule reads
    # which one and what to do; tied with another record's, a trader's comes first.
    intent(SKILL, "query", one_of=TRADERS, priority=4, after_rules=True),
)
