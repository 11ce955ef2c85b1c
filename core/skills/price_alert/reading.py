"""Reading alert requests: "当 BTC 跌破 80000 提醒我", "alert me when ETH goes above 5000",
"SOL 24小时涨跌超过 5% 告诉我", "/alert btc < 80000", "我设置了哪些价格提醒", "cancel my SOL alert".

Only what the text says is read; what it leaves out (the level, the coin) is the skill's to ask
about. Numbers stay the text's digits (Decimal later, never float)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.language.tagger import words as read_words
from core.language.values import find_values, typed_text
from core.routing.normalize import normalize  # the one normalization (zh-Hant read as zh)
from core.workspace.trade_reading import CoinNames

Action = Literal["create", "query", "delete"]


def _rx(*words: str) -> re.Pattern[str]:
    latin = [w for w in words if w.isascii()]
    other = [w for w in words if not w.isascii()]
    parts = []
    if latin:
        parts.append(rf"(?<![a-z])(?:{'|'.join(latin)})(?![a-z])")
    if other:
        parts.append("|".join(other))
    return re.compile("|".join(parts))


QUERY = re.compile(
    r"(哪些|什么|几个|多少个|列出|列表|查看|看看|看一下|所有的?|全部的?|我的).{0,8}提醒|提醒.{0,4}(列表|有哪些|清单)"
    r"|(?<![a-z])(?:my|list|show|what|which|all|active)(?: my| the| all| price)* alerts?(?![a-z])"
    r"|(?<![a-z])alerts? (?:list|i (?:have|set))"
)
DELETE = _rx(
    "取消", "删除", "删掉", "删了", "关闭", "关掉", "去掉", "移除", "不要再?", "停止",
    "cancel", "delete", "remove", "stop", "clear", "drop", "turn off", "disable",
)  # fmt: skip
# The lexicon's concepts (core/language/lexicon): asking to be told, an alert named, a direction.
ASKS = frozenset({"verb.notify", "noun.alert"})
NOUN, ABOVE, BELOW = "noun.alert", "direction.above", "direction.below"
SYMBOL_OP = re.compile(r"(?P<op>>=|<=|>|<|≥|≤)\s*(?P<n>[-−–]?\s*(?:\d[\d,]*(?:\.\d+)?|\.\d+))")
PERCENT = re.compile(r"(?P<n>\d+(?:\.\d+)?|\.\d+)\s*(?:%|％|percent|个点)")
WINDOW_1H = re.compile(
    r"(?<![0-9])(?:1\s*h|1\s*hr|1\s*小时|一小时|一个小时|1个小时|(?:an|one|1) hour|hourly)(?![a-z])"
)
WINDOW_24H = re.compile(
    r"(?:24\s*h|24\s*hr|24\s*小时|24个小时|二十四小时|一天|1天|一日|24 hours|(?:a|one|1) day|daily)(?![a-z])"
)
REPEAT = _rx(
    "每次",
    "每当",
    "重复",
    "持续提醒",
    "一直提醒",
    "反复",
    "every time",
    "each time",
    "repeat(?:ing|edly)?",
    "whenever",
    "recurring",
)
COOLDOWN = re.compile(
    r"(?:冷却|间隔|冷却时间|cooldown|cool-down|at most once (?:an?|per|every))\s*"
    r"(?P<n>\d+(?:\.\d+)?)?\s*(?P<u>分钟|分|小时|天|min(?:ute)?s?|m|hours?|hrs?|h|days?|d)(?![a-z])"
)
NUMBER = re.compile(r"(?<![a-z0-9.])(?P<n>\d[\d,]*(?:\.\d+)?|\.\d+)\s*(?P<u>k|万|w|千)?(?![0-9a-z%％])")
ALERT_ID = re.compile(r"(?:#|(?<![a-z0-9]))(?P<id>[0-9a-f]{8})(?![0-9a-z])")
COMMAND = re.compile(r"^/alerts?(?:@\w+)?(?:\s+|$)")
# The words of an alert request itself: never a coin, even where a ticker spells one ("alert ME
# when ...", "ONE time", "ping me IF ..."). Blanked (same length) before coins are looked for.
FILLER = re.compile(
    r"(?<![a-z0-9])(?:alerts?|me|my|when|whenever|if|it|goes|go|the|a|an|is|at|to|of|for|please|"
    r"once|every|each|time|times|price|prices|moves?|in|and|or|hours?|days?|cooldown|min|minutes|"
    r"notify|remind|tell|ping|let|know|warn|message|above|below|over|under|drops?|falls?|rises?|"
    r"cancel|delete|remove|stop|list|show|all|what|which|active|set|up|down|by|more|than)(?![a-z0-9])"
)


@dataclass(frozen=True, slots=True)
class AlertReading:
    action: Action
    slots: dict[str, Any] = field(default_factory=dict)


def read_alert(text: str, coins: CoinNames) -> AlertReading | None:
    """The alert reading of a message, or None when it is not about price alerts."""
    norm = normalize(text)
    command = COMMAND.match(norm)
    if command is not None:
        return _command(norm[command.end() :].strip(), coins)
    if not norm or norm.startswith("/") or not read_words(norm).concepts & ASKS:
        return None
    if read_words(norm).has(NOUN) and not _has_level(norm):
        if DELETE.search(norm):  # "删除我的 BTC 提醒" names its alerts as a question would
            return AlertReading("delete", _target(norm, coins))
        if QUERY.search(norm):
            return AlertReading("query")
    slots = _create_slots(norm, coins, typed_text(text))
    if "symbol" not in slots and "condition" not in slots:
        return None  # "tell me a joke": a verb of telling, nothing to watch
    return AlertReading("create", slots)


def _command(args: str, coins: CoinNames) -> AlertReading:
    """/alert [list | delete <coin or id> | <coin> <op> <level> | <coin> <n>% <window>] [repeat ...]"""
    if not args or args in ("list", "ls", "列表", "查看", "my"):
        return AlertReading("query")
    head, _, rest = args.partition(" ")
    if head in ("delete", "del", "rm", "remove", "cancel", "删除", "取消"):
        return AlertReading("delete", _target(rest, coins))
    return AlertReading("create", _create_slots(args, coins))


def _has_level(norm: str) -> bool:
    return bool(
        SYMBOL_OP.search(norm) or PERCENT.search(norm) or read_words(norm).concepts & {ABOVE, BELOW}
    ) and bool(NUMBER.search(norm))


def _blank(norm: str) -> str:
    return FILLER.sub(lambda m: " " * len(m.group()), norm)


def _target(norm: str, coins: CoinNames) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    found = ALERT_ID.search(norm)
    if found is not None:
        slots["alert_id"] = found.group("id")
    words = _blank(norm)
    symbol, _ = coins.find(words)
    if symbol is not None:
        slots["symbol"] = symbol
    elif coins.unsupported(words):
        slots["symbol"] = coins.unsupported(words)
    return slots


def _create_slots(norm: str, coins: CoinNames, typed: str = "") -> dict[str, Any]:
    slots: dict[str, Any] = {}
    words = _blank(norm)
    symbol, where = coins.find(words)
    if symbol is not None:
        slots["symbol"] = symbol
    elif coins.unsupported(words):
        slots["symbol"] = coins.unsupported(words)
    # Take the coin's name out before reading numbers ("sol 5%" has no level in "sol"); blanked
    # to the same length, so that the text as typed (its case) lines up for quoting a refusal.
    source = typed if len(typed) == len(norm) else norm
    rest, source = _without(norm, where), _without(source, where)
    cooldown = COOLDOWN.search(rest)
    if cooldown is not None:
        slots["cooldown"] = _duration(cooldown.group("n") or "1", cooldown.group("u"))
        slots["repeat"] = True
        rest, source = _without(rest, cooldown.span()), _without(source, cooldown.span())
    if REPEAT.search(rest):
        slots["repeat"] = True
    values = find_values(source)
    percent = next((v for v in values if v.kind == "percent" or (v.refused and v.unit == "%")), None)
    if percent is not None:
        slots["condition"] = "move"
        slots["level"] = percent.slot
        if WINDOW_1H.search(rest):
            slots["window"] = "1h"
        elif WINDOW_24H.search(rest):
            slots["window"] = "24h"
        return slots
    levels = [
        v for v in values if v.kind in LEVEL_KINDS or v.refused or (v.kind == "amount" and v.unit == "quote")
    ]
    op = SYMBOL_OP.search(rest)
    if op is not None:
        slots["condition"] = "above" if op.group("op") in (">", ">=", "≥") else "below"
        level = next((v for v in levels if v.end > op.start("op") + 1), None)
        if level is not None:
            slots["level"] = level.slot
        return slots
    way = next(
        (t for t in read_words(norm).tags if t.concepts & {ABOVE, BELOW} and rest[t.start : t.end].strip()),
        None,
    )
    if way is not None:
        slots["condition"] = "above" if ABOVE in way.concepts else "below"
        after = next((v for v in levels if v.start >= way.end or v.end > way.end), None)
        level = after or (levels[0] if levels else None)
        if level is not None:
            slots["level"] = level.slot
    elif len(levels) == 1 and "symbol" in slots:
        # "BTC到10万提醒我", "set an alert for btc at 100k": a level with no direction; the skill
        # takes the side of it the price is not on now
        slots["level"] = levels[0].slot
    return slots


# A level: a number or a price ("80000", "8万", "at 80000"), or a quote ("80000 USDT"); never a
# base amount.
LEVEL_KINDS = frozenset({"number", "price"})


def _without(text: str, span: tuple[int, int] | None) -> str:
    if span is None:
        return text
    return text[: span[0]] + " " * (span[1] - span[0]) + text[span[1] :]


def _duration(n: str, unit: str) -> str:
    """A cooldown as whole minutes ("30m" -> "30")."""
    value = Decimal(n)
    if unit.startswith(("小时", "h")):
        value *= 60
    elif unit.startswith(("天", "d")):
        value *= 60 * 24
    return str(int(value))
