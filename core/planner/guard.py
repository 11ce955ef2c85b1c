"""The guard between a model's prose and the user: it may not state facts no tool of the turn gave.

Pure and deterministic. Two checks, sentence by sentence:

- a claim that something was done ("I placed your order", "已为你下单", "your trader has been
  started") stays only when a tool of this turn did that kind of thing; otherwise the whole
  sentence is dropped;
- a price, percentage or quantity attached to a coin stays only when a validated tool result of
  this turn shows that figure (at the precision the text writes it: "$84,477" and "84.5k" are
  84,476.65; "$84,000" is not). Otherwise the figure alone is replaced by a short marker.

Coins are found as the price rules find them (core.coin_index over the market catalog): every
listed coin by ticker in any case, name or slang ("dogecoin", "狗狗币", "doge", "BTC/USDT"), and
well-known coins deskmate does not list, so "狗狗币现在 0.5 美元" is checked like "BTC is $1". A
ticker that is an everyday word ("link", "one") counts only in capitals; any other word in
capitals ("FOO") is taken for a coin too, so a figure given to a coin nobody listed is not kept.

A figure is attached to the coin it quantifies ("0.5 BTC"), else the nearest coin named in its
sentence (before it first), else the coin the prose last named, else the turn's only coin. Counts,
durations, dates and times ("3 coins", "7 days", "2026-05-01", "12:00") are not figures. What was
removed is returned, for the trace.

Cost: linear in the text (each look-around is bounded, mentions are searched by bisection): the
note's 4,800-character head is checked in milliseconds whatever it holds.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from core.coin_index import CoinIndex
from core.markets import NOT_A_COIN, MarketCatalog
from core.planner.facts import Facts, base_of
from core.planner.plain import sentence_spans

# Kinds of actions a tool can report as done (Findings.performed); a claim needs its kind.
ActionKind = Literal["order", "cancel", "delete", "create", "update", "start", "stop", "transfer"]

# -- claims of actions ---------------------------------------------------------------------------

_EN_VERBS: dict[str, ActionKind] = {
    "placed": "order", "bought": "order", "sold": "order", "executed": "order", "filled": "order",
    "submitted": "order", "purchased": "order", "opened": "order", "closed": "order",
    "cancelled": "cancel", "canceled": "cancel",
    "deleted": "delete", "removed": "delete",
    "created": "create", "added": "create", "configured": "create", "saved": "create",
    "set up": "create", "registered": "create", "connected": "create",
    "updated": "update", "changed": "update", "renamed": "update", "modified": "update",
    "replaced": "update", "rotated": "update",
    "started": "start", "launched": "start", "activated": "start", "enabled": "start",
    "restarted": "start", "relaunched": "start", "resumed": "start", "rebooted": "start",
    "stopped": "stop", "paused": "stop", "disabled": "stop", "deactivated": "stop",
    "transferred": "transfer", "withdrawn": "transfer", "withdrew": "transfer", "deposited": "transfer",
    "sent": "transfer",
}  # fmt: skip
_EN_VERB = "|".join(sorted((re.escape(v) for v in _EN_VERBS), key=len, reverse=True))
_ADVERBS = r"(?:(?:just|already|now|successfully|also|then|finally)\s+)*"
_EN_CLAIMS = (
    # "I placed…", "I've just bought…", "we have deleted…"
    re.compile(rf"\b(?:I|we)(?:\s+have|\s+had|'ve|’ve)?\s+{_ADVERBS}(?P<verb>{_EN_VERB})\b", re.IGNORECASE),
    # "your order has been placed", "the trader was started", "it is now deleted"
    re.compile(
        r"\b(?:order|orders|trade|trades|trader|traders|bot|strategy|strategies|account|accounts|"
        r"position|positions|alert|alerts|purchase|sale|transfer|withdrawal|deposit|config|"
        r"configuration|key|keys|model|it|they|that|this)\b[^.!?\n]{0,40}?\b"
        rf"(?:has|have|had|was|were|is|are)\s+{_ADVERBS}(?:been\s+)?{_ADVERBS}(?P<verb>{_EN_VERB})\b",
        re.IGNORECASE,
    ),
    # "Done! Bought 0.01 BTC.", "Order placed.", "Successfully sold…"
    re.compile(rf"^\W*(?:done\W+)?(?:successfully\s+)?(?P<verb>{_EN_VERB})\b", re.IGNORECASE),
    re.compile(rf"\border\s+(?P<verb>{_EN_VERB})\b", re.IGNORECASE),
)

_ZH_VERBS: dict[str, ActionKind] = {
    "下单": "order", "下了单": "order", "买入": "order", "买了": "order", "卖出": "order",
    "卖了": "order", "购买": "order", "成交": "order", "开仓": "order", "平仓": "order",
    "执行": "order", "提交": "order",
    "取消": "cancel", "撤单": "cancel", "撤销": "cancel",
    "删除": "delete", "删掉": "delete", "删了": "delete", "移除": "delete",
    "创建": "create", "新建": "create", "添加": "create", "配置": "create", "保存": "create",
    "绑定": "create",
    "修改": "update", "更新": "update", "改名": "update", "重命名": "update", "更换": "update",
    "启动": "start", "开启": "start", "运行": "start", "激活": "start",
    "重启": "start", "重新启动": "start", "恢复运行": "start",
    "停止": "stop", "关闭": "stop", "暂停": "stop", "停用": "stop",
    "转账": "transfer", "提现": "transfer", "充值": "transfer", "划转": "transfer",
}  # fmt: skip
_ZH_VERB = "|".join(sorted((re.escape(v) for v in _ZH_VERBS), key=len, reverse=True))
_ZH_CLAIMS = (
    # "已为你下单", "我已经帮你买入了", "订单已提交", "已成功删除"
    re.compile(rf"已(?:经)?[^，,。！？!?\n]{{0,12}}?(?P<verb>{_ZH_VERB})"),
    # "我帮你下单了", "给你买了 0.1 个 BTC"
    re.compile(rf"(?:帮|为|给|替)(?:你|您)[^，,。！？!?\n]{{0,6}}?(?P<verb>{_ZH_VERB})了"),
    # "下单成功", "删除完成"
    re.compile(rf"(?P<verb>{_ZH_VERB})(?:已)?(?:成功|完成|完毕)"),
)
_ZH_NEGATION = re.compile(r"(?:没有|没|未|尚未|无法|不能|不会|不可以|还没)[^，,。！？!?\n]{0,6}$")


# Verbs that are also everyday words for a reply's own work ("I added the chart", "I've updated
# the card", "BTC opened at…", "价格已更新"): a claim only with one of deskmate's things named.
_WEAK_VERBS = frozenset(
    {"added", "created", "updated", "changed", "modified", "saved", "sent", "opened", "closed", "started",
     "stopped", "executed", "submitted", "set up", "connected", "enabled", "disabled",
     "添加", "创建", "新建", "更新", "修改", "更换", "保存", "运行", "执行", "提交", "开启", "关闭"}
)  # fmt: skip
_THINGS = re.compile(
    r"\b(?:orders?|trades?|positions?|accounts?|api|keys?|secrets?|passphrase|models?|config(?:uration)?s?|"
    r"strateg(?:y|ies)|traders?|bots?|alerts?|watchlist|purchase|sale|withdrawal|deposit|transfer)\b|"
    r"订单|单子|仓位|持仓|账户|账号|密钥|模型|配置|策略|机器人|交易员|提醒|预警|自选|转账|提现|充值|买入|卖出",
    re.IGNORECASE,
)


def claimed_action(sentence: str) -> ActionKind | None:
    """The kind of action ``sentence`` says was done, or None."""
    for pattern in _EN_CLAIMS:
        m = pattern.search(sentence)
        if m:
            verb = re.sub(r"\s+", " ", m.group("verb").lower())
            if verb in _WEAK_VERBS and not _THINGS.search(sentence):
                continue
            return _EN_VERBS[verb]
    for pattern in _ZH_CLAIMS:
        for m in pattern.finditer(sentence):
            if _ZH_NEGATION.search(sentence[: m.start("verb")]):
                continue  # "已确认无法下单" / "我没有帮你下单" claim nothing
            verb = m.group("verb")
            if verb in _WEAK_VERBS and not _THINGS.search(sentence):
                continue
            return _ZH_VERBS[verb]
    return None


# -- figures -------------------------------------------------------------------------------------

_FIGURE = re.compile(
    r"(?<![A-Za-z0-9_.,])"
    r"(?:[-+−](?=[\d$¥￥€£]|US\$))?"  # a sign belongs to the figure it signs
    r"(?:(?P<cur>US\$|\$|¥|￥|€|£)\s?)?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(?P<mult>thousand|million|billion|trillion|万亿|万|亿|千|[kKmMbB](?![A-Za-z])))?"
    r"(?:\s?(?P<pct>%|％|percent(?![A-Za-z])|个百分点|个点))?"
    r"(?P<curword>\s?(?:USDT|USDC|USD|dollars?|bucks|美元|美金|刀|元|块)(?![A-Za-z]))?"
)
_MULTIPLIERS = {
    "thousand": Decimal(10) ** 3, "k": Decimal(10) ** 3, "千": Decimal(10) ** 3,
    "million": Decimal(10) ** 6, "m": Decimal(10) ** 6, "万": Decimal(10) ** 4,
    "billion": Decimal(10) ** 9, "b": Decimal(10) ** 9, "亿": Decimal(10) ** 8,
    "trillion": Decimal(10) ** 12, "万亿": Decimal(10) ** 12,
}  # fmt: skip
# Dates and clock times: their digits are not figures.
_DATE_TIME = re.compile(
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?|\d{4}\s?年|\d{1,2}\s?月\s?\d{1,2}\s?[日号]?"
    r"|\d{1,2}\s?[日号]"
)
# What may follow a number that makes it a duration, a count or an ordinal rather than a figure.
_NOT_A_FIGURE_AFTER = re.compile(
    r"\s?-?\s?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?|months?|years?|yrs?|"
    r"times|st|nd|rd|th|x|[hd](?![A-Za-z])|天|日|小时|分钟|秒|周|星期|个月|月|年|倍|次|号)(?![A-Za-z])",
    re.IGNORECASE,
)
_COUNT_AFTER = re.compile(r"\s?(?:个|种|条|项|位|家|只)?\s?(?P<word>[A-Za-z\u4e00-\u9fff]+)")
# Words that may follow a price written bare ("BTC is 84476 now", "BTC 现在 84476").
_BARE_FOLLOWERS = frozenset(
    {"now", "today", "currently", "right", "at", "on", "and", "or", "per", "with", "as", "so", "this",
     "which", "while", "but", "after", "before", "since", "from", "to", "in", "up", "down", "yesterday"}
)  # fmt: skip

_BARE_FOLLOWERS_ZH = (
    "了", "左右", "附近", "上下", "的", "水平", "点", "一线", "关口", "位置", "震荡", "徘徊",
)  # fmt: skip

# "about $84,000", "约 8.4 万", "84,000 左右": a rounded figure.
_APPROX_BEFORE = re.compile(
    r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|~|≈|约|大约|大概|接近|将近|差不多)"
    r"\s*(?:US\$|\$|¥|￥|€|£)?\s*$",
    re.IGNORECASE,
)
_APPROX_REACH = 24  # characters before a figure _APPROX_BEFORE may need ("approximately US$ ")
_APPROX_AFTER = re.compile(r"\s?(?:[^\s\w]?\s?)(?:左右|上下|出头)")
# Words of a sentence about a market, where a figure with no coin named still describes one.
_MARKET_WORDS = re.compile(
    r"\b(?:it|it's|its|price[sd]?|costs?|worth|trades|trading|quoted?|up|down|rose|fell|gained|"
    r"dropped|lost|high|low|closed?|opened?|buy|sell|at)\b|它|价|涨|跌|收盘|开盘|最高|最低|买|卖",
    re.IGNORECASE,
)

_TICKER = re.compile(r"(?<![A-Za-z0-9])([A-Z][A-Z0-9]{1,9})(?![A-Za-z0-9])")
_NOT_TICKERS = frozenset(
    {"USDT", "USDC", "USD", "UTC", "API", "OK", "AI", "ID", "PNG", "CNY", "RMB", "EUR", "GMT", "I",
     "URL", "FAQ", "PM", "AM", "NOT", "KYC", "ETF", "CEO", "CEX", "DEX", "TP", "SL", "PNL", "ROI",
     "APY", "APR", "OTC", "UI", "US", "UK", "EU", "NFT", "DM", "BUY", "SELL", "NOW", "HTTP", "HTTPS"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Removal:
    """One thing the guard took out of the model's prose."""

    kind: Literal["figure", "claim"]
    text: str
    coin: str | None = None
    action: ActionKind | None = None


@dataclass(frozen=True, slots=True)
class GuardedProse:
    text: str
    removals: tuple[Removal, ...] = ()


@dataclass(frozen=True, slots=True)
class _Mention:
    coin: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Figure:
    start: int
    end: int
    value: Decimal
    tolerance: Decimal
    percent: bool
    money: bool  # written with a currency ("$1", "2 USDT", "3 美元")
    coin: str | None  # the coin it is a quantity of ("0.5 BTC"), if any


class ProseGuard:
    """Checks prose against a turn's facts, finding coins with the names ``catalog`` knows."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self._index = CoinIndex(catalog)  # follows the catalog when the daily refresh replaces it

    def coins_in(self, text: str) -> list[_Mention]:
        """Coin mentions in ``text``, in order, without overlaps. A look-alike that names no coin
        ("比特币ETF") is a mention of no coin (""): a figure about it is nobody's price."""
        found: list[_Mention] = []
        for c in self._index.find(_lower(text)):
            if c.weak and not _in_capitals(text[c.start : c.end]):
                continue  # "link", "one": everyday words unless written as a ticker
            coin = "" if c.symbol == NOT_A_COIN else base_of(c.symbol)
            found.append(_Mention(coin, c.start, c.end))
        starts = [f.start for f in found]
        ends = [f.end for f in found]
        extra: list[_Mention] = []
        for m in _TICKER.finditer(text):
            word = m.group(1)
            if word in _NOT_TICKERS or word.isdigit():
                continue
            # Mentions are sorted and disjoint: only the one starting last before this word's end
            # can overlap it.
            i = bisect_left(starts, m.end()) - 1
            if i >= 0 and ends[i] > m.start():
                continue
            extra.append(_Mention(word, m.start(), m.end()))  # a coin no catalog lists ("FOO")
        return sorted([*found, *extra], key=lambda f: f.start) if extra else found

    def check(self, text: str, facts: Facts, performed: Collection[str], *, marker: str) -> GuardedProse:
        """``text`` without claims of actions not in ``performed`` and without figures ``facts``
        do not support (each replaced by ``marker``)."""
        removals: list[Removal] = []
        out: list[str] = []
        only = facts.coins[0] if len(facts.coins) == 1 else None
        context = only  # the coin the prose is talking about so far
        mentions = self.coins_in(text)
        starts = [c.start for c in mentions]
        for start, end in sentence_spans(text):
            sentence = text[start:end]
            action = claimed_action(sentence)
            inside = mentions[bisect_left(starts, start) : bisect_left(starts, end)]
            local = [_Mention(c.coin, c.start - start, c.end - start) for c in inside]
            if action is not None and action not in performed:
                removals.append(Removal("claim", sentence.strip(), action=action))
                if local:
                    context = local[-1].coin
                if sentence.endswith("\n"):
                    out.append("\n")
                continue
            kept, removed = self._figures(sentence, local, context, facts, marker)
            out.append(kept)
            removals.extend(removed)
            if local:
                context = local[-1].coin
        cleaned = re.sub(r"[ \t]{2,}", " ", "".join(out))
        cleaned = re.sub(r"\n{3,}", "\n\n", cleaned).strip()
        return GuardedProse(cleaned, tuple(removals))

    def _figures(
        self,
        sentence: str,
        mentions: list[_Mention],
        context: str | None,
        facts: Facts,
        marker: str,
    ) -> tuple[str, list[Removal]]:
        removals: list[Removal] = []
        pieces: list[str] = []
        at = 0
        about_a_market: bool | None = None  # whether the sentence has words of a market (once)
        ends = [c.end for c in mentions]
        for figure in self._find_figures(sentence, mentions):
            coin = figure.coin or _nearest(mentions, ends, figure)
            if coin is not None:
                supported = facts.supports(coin, figure.value, figure.tolerance, percent=figure.percent)
            else:
                if context is not None and not figure.money and about_a_market is None:
                    about_a_market = bool(_MARKET_WORDS.search(sentence))
                if context is None or not (figure.money or about_a_market):
                    continue  # not attached to any coin: a figure of something else
                # Its sentence names no coin ("It is $1.", "It rose 30%."): the prose is about a
                # coin, but which one is a guess, so any fact of the turn may support it. A percent
                # or bare number there counts only in words about a market ("Fees are 0.1%" stays).
                coin = context
                supported = any(
                    facts.supports(c, figure.value, figure.tolerance, percent=figure.percent)
                    for c in facts.coins
                )
            if supported:
                continue
            before = sentence[at : figure.start]
            # A full-width marker ("（未经核实…）") brings its own spacing.
            pieces.append(before.rstrip(" ") if marker.startswith("（") else before)
            pieces.append(marker)
            at = figure.end
            removals.append(Removal("figure", sentence[figure.start : figure.end].strip(), coin=coin))
        pieces.append(sentence[at:])
        return "".join(pieces), removals

    def _find_figures(self, sentence: str, mentions: list[_Mention]) -> list[_Figure]:
        masked = [(m.start(), m.end()) for m in _DATE_TIME.finditer(sentence)]
        starts = [c.start for c in mentions]
        figures: list[_Figure] = []
        for m in _FIGURE.finditer(sentence):
            num = m.start("num")
            if masked and any(s <= num < e for s, e in masked):
                continue
            i = bisect_right(starts, num) - 1
            if i >= 0 and num < mentions[i].end:
                continue  # digits inside a coin's name ("1INCH")
            cur, mult, pct, curword = m.group("cur"), m.group("mult"), m.group("pct"), m.group("curword")
            raw = m.group("num")
            end = m.end()
            rest = sentence[end : end + 40]  # what follows, as far as any check below reads
            marked = bool(cur or mult or pct or curword)
            if not marked and _NOT_A_FIGURE_AFTER.match(rest):
                continue
            near_before = sentence[max(0, m.start() - _APPROX_REACH) : m.start()]
            approximate = bool(_APPROX_BEFORE.search(near_before) or _APPROX_AFTER.match(rest))
            value, tolerance = _value(raw, mult, approximate=approximate)
            if value is None:
                continue
            quantity_of: str | None = None
            after = _COUNT_AFTER.match(rest)
            if not pct and not cur and not curword:
                # Only the first coin after the number can follow it with nothing in between.
                j = bisect_left(starts, end)
                follower = mentions[j] if j < len(mentions) and _gap_ok(sentence, end, starts[j]) else None
                if follower is not None:
                    quantity_of = follower.coin
                elif not mult:
                    if _starts_line(sentence, m.start()) and rest[:1] in (".", ")", "、"):
                        continue  # "1. BTC …": a list number
                    if "." not in raw and "," not in raw and value <= 10:
                        continue  # small counts ("top 3", "2 options")
                    if after is not None and not _bare_follower(after.group("word")):
                        continue  # "21 coins", "3个币种": a count of something else
                    if "." not in raw and "," not in raw and 1900 <= value <= 2100:
                        continue  # a year
            figures.append(
                _Figure(
                    start=m.start(),
                    end=end,
                    value=value,
                    tolerance=tolerance,
                    percent=bool(pct),
                    money=bool(cur or curword),
                    coin=quantity_of,
                )
            )
        return figures


def _lower(text: str) -> str:
    """``text`` in lower case, one character for one (so positions stay those of ``text``):
    the few characters whose lower case is longer ("İ") are kept as they are."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(low if len(low := ch.lower()) == 1 else ch for ch in text)


def _in_capitals(word: str) -> bool:
    """ "LINK", "$ONE": written as a ticker. "Link", "link" are words."""
    letters = [ch for ch in word if ch.isalpha()]
    return bool(letters) and all(ch.isupper() for ch in letters)


def _starts_line(sentence: str, at: int) -> bool:
    """Whether only spaces stand between the start of the line and ``at``."""
    line_start = sentence.rfind("\n", 0, at) + 1
    return sentence[line_start:at].strip() == ""


def _bare_follower(word: str) -> bool:
    """Whether ``word`` after a bare number leaves it a price ("84476 now", "84476附近") rather
    than a count ("21 coins", "3个币种")."""
    return word.lower() in _BARE_FOLLOWERS or word.startswith(_BARE_FOLLOWERS_ZH)


def _gap_ok(sentence: str, end: int, start: int) -> bool:
    """A coin right after a number ("0.5 BTC", "0.5个比特币") is what it counts."""
    return re.fullmatch(r"\s?(?:个|枚|颗)?\s?", sentence[end:start]) is not None


def _nearest(mentions: list[_Mention], ends: list[int], figure: _Figure) -> str | None:
    """The coin named last before the figure, else the first after it (mentions are sorted and
    disjoint, and a figure never sits inside one; ``ends``: their ends, in order)."""
    i = bisect_right(ends, figure.start)
    if i > 0:
        return mentions[i - 1].coin
    return mentions[0].coin if mentions and mentions[0].start >= figure.end else None


def _value(raw: str, mult: str | None, *, approximate: bool) -> tuple[Decimal | None, Decimal]:
    """The number written and half a unit of its last written digit (its precision). Trailing
    zeros of a whole number are digits too ("$84,000" claims 84,000), unless the text says it is
    approximate ("about $84,000"): then they are rounding, though two digits are taken as meant."""
    digits = raw.replace(",", "")
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return None, Decimal(0)
    if "." in digits:
        unit = Decimal(1).scaleb(-len(digits.split(".")[1]))
    elif not approximate:
        unit = Decimal(1)
    else:
        stripped = digits.lstrip("0") or "0"
        zeros = len(stripped) - len(stripped.rstrip("0"))
        zeros = min(zeros, max(len(stripped) - 2, 0))
        unit = Decimal(10) ** zeros
    scale = _MULTIPLIERS.get((mult or "").lower(), _MULTIPLIERS.get(mult or "", Decimal(1)))
    return value * scale, unit * scale / 2
