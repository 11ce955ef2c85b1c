"""Reading a strategy request (zh + en): the action, and what the sentence already says.

    创建一个BTC定投策略，每天买50U          -> create  kind dca, symbol BTC, quote_amount 50, interval 1d
    make a grid strategy for ETH between 3000 and 4000 -> create kind grid, symbol ETH, lower 3000, upper 4000
    把BTC定投设为默认策略                   -> activate  target "BTC定投"
    复制 BTC定投 为 BTC定投2 / duplicate “eth grid” as “eth grid 2”
    把BTC定投的金额改成100 / change the grids of eth grid to 20
    删除策略 ETH网格 / 我的策略 / show my strategies

A sentence about a trader ("用网格策略创建一个交易员") is the trader skill's: it is not read here.
Values are left as typed; the skill checks each like a typed answer.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.coin_index import CoinIndex
from core.language.values import Value, find_values, typed_text
from core.markets import NOT_A_COIN, MarketCatalog
from core.routing.normalize import normalize
from core.routing.words import word_alternation
from core.strategies.intervals import find_interval, without_interval
from core.strategies.words import KIND_RX, STRATEGY_NOUN, find_kind
from core.tasks.refs import RECENT
from core.workspace.extraction import name_given
from core.workspace.reading import CREATE, DELETE, PROBLEM, QUERY, TRADER, UPDATE, changed_record


def _alt(*words: str) -> str:
    return word_alternation(words)


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile(_alt(*words), re.IGNORECASE)


DEFINITION = re.compile(
    r"什么是|是什么|是啥|什么意思|啥意思|的意思|"
    r"(?<![a-z])(?:what is|what's|what are|explain|define|meaning of)(?![a-z])"
)
MINE = _rx("我的", "我有", "my", "mine", "i have")
DUPLICATE = _rx("复制", "拷贝", "克隆", "复制一份", "duplicate", "copy", "clone")
DEACTIVATE = _rx(
    "停用", "下线", "取消默认", "不再默认", "不要默认", "deactivate", "disable", "unset default",
    "no default", "remove the default", "clear the default",
)  # fmt: skip
ACTIVATE = _rx(
    "启用", "激活", "上线", "设为默认", "设成默认", "设置为默认", "设置成默认", "改为默认", "作为默认",
    "默认用", "用作默认", "activate", "enable", "make it default", "make it the default", "set as default",
    "set it as default", "as my default", "as the default", "as default", "use by default", "make default",
)  # fmt: skip
# "make ETH grid the default", "set BTC DCA as my default"
ACTIVATE_EN = re.compile(r"(?<![a-z])(?:make|set|use)\b.*\b(?:the|my|as)\s+default(?![a-z])", re.IGNORECASE)
MAKE = _rx(
    "做一个", "做个", "建个", "建立", "来一个", "来个", "搞一个", "搞个", "开一个", "开个", "设置一个",
    "弄一个", "make", "build", "start a", "start an", "i want a", "i'd like a", "set me up",
)  # fmt: skip
ACTIONS = (
    ("delete", DELETE),
    ("duplicate", DUPLICATE),
    ("deactivate", DEACTIVATE),
    ("activate", ACTIVATE),
    ("activate", ACTIVATE_EN),
    ("update", UPDATE),
    ("create", CREATE),
    ("create", MAKE),
    ("query", QUERY),
)

# Where a value sits (its digits, Chinese numerals, a k / w multiplier); what it is comes from the
# value grammar (core.language.values) at that place, so "-50U", "1e9U" or "3,000" are read whole.
_NUM = r"((?:\d|[一二两三四五六七八九十百千万亿])(?:[\d.]|[一二两三四五六七八九十百千万亿零])*(?:k|w)?|\.\d+)"
_UNIT = r"\s*(?:usdt|usd|u|刀|美元|美金|块钱|块)(?![a-z])"
QUOTE = re.compile(_NUM + _UNIT)
TOTAL = re.compile(
    r"(?:最多投入?|总共投?入?|总投入|总额|总计|上限|封顶|最多花|in total|total(?:\s+of)?|max(?:imum)? total|"
    r"cap(?:ped)?\s*(?:at|of)?|up to|at most)\s*" + _NUM + rf"(?:{_UNIT})?"
    r"|" + _NUM + _UNIT + r"\s*(?:in total|total|封顶|为上限)"
)
PER_GRID = re.compile(
    r"(?:每格|每个格子?|每一格|each grid|per grid)\s*(?:投入?|买入?|放)?\s*" + _NUM + rf"(?:{_UNIT})?"
    r"|" + _NUM + _UNIT + r"\s*(?:每格|一格|per grid|a grid|each grid|each|per level)"
)
GRIDS = re.compile(_NUM + r"\s*(?:个网格|个格子|个格|格|grids|grid levels|levels|grid)(?![a-z])")
RANGE = re.compile(
    r"(?:between|from|区间|范围|价格在|在)?\s*" + _NUM + r"\s*(?:and|to|-|–|—|~|～|到|至|和)\s*" + _NUM
)
BUY_NUMBER = re.compile(r"(?:买入?|投入?|buy|invest)\s*" + _NUM + r"(?![0-9.])(?!\s*(?:个|枚|颗))")
PERCENT = re.compile(_NUM + r"\s*(?:%|％|percent)")
ORDER_CAP = re.compile(
    r"(?:单笔|每笔|单次|每单|per order|max order|order size|orders? (?:of )?(?:at most|up to|max))\s*"
    r"(?:最多|不超过|上限|at most|up to|of)?\s*" + _NUM + rf"(?:{_UNIT})?"
)
NOTES = re.compile(r"(?:提示|说明|备注|notes?|prompt)\s*[:：]\s*(?P<n>.+)$", re.IGNORECASE)
_AS_NAME = re.compile(
    r"(?:为|成|叫|as|to|named|called)\s*[\"“「『]?(?P<n>[^\"”」』]{1,40}?)[\"”」』]?\s*$", re.IGNORECASE
)
_ID = re.compile(r"(?:#|(?<![a-z])id\s*[:：#]?\s*|编号\s*)(?P<id>\d{1,9})(?![0-9])", re.IGNORECASE)
_VALUE = re.compile(
    r"(?:改名为|改名成|改名叫|重命名为|改成|改为|换成|设为|设置为|更新为|调到|调成|调整为|(?<=\s)为(?=\s)|"
    r"(?<![a-z])(?:to|as)(?![a-z]))"
    r"\s*[\"“「『]?(?P<v>[^\"”」』]+?)[\"”」』]?\s*$",
    re.IGNORECASE,
)
FIELD_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("name", _rx("改名", "重命名", "名字", "名称", "rename", "name")),
    ("quote_per_grid", _rx("每格金额", "每格", "per grid", "amount per grid", "grid amount")),
    ("max_order_notional", _rx("单笔", "每笔", "max order", "order size", "order cap")),
    ("max_position_pct", _rx("仓位", "持仓比例", "position", "max position")),
    ("max_total", _rx("总投入", "总额", "总金额", "max total", "total", "total cap", "cap")),
    ("quote_amount", _rx("金额", "每次", "定投金额", "amount", "buy amount", "per buy")),
    ("interval", _rx("间隔", "频率", "周期", "多久", "interval", "frequency", "how often", "schedule")),
    ("grids", _rx("格数", "网格数", "格子数", "几格", "number of grids", "grids", "grid count", "levels")),
    ("lower", _rx("下限", "下沿", "最低价", "下边界", "lower", "bottom", "low")),
    ("upper", _rx("上限", "上沿", "最高价", "上边界", "upper", "top", "high")),
    ("symbols", _rx("币种", "币", "symbols", "coins")),
    ("symbol", _rx("交易对", "symbol", "coin", "pair")),
    ("notes", _rx("提示", "说明", "备注", "notes", "prompt")),
)

# The words around the values of an answer that is a sentence ("每次买 50U 的 BTC", "buy 50U of
# ETH every day", "between 3000 and 4000", "就 20 格吧").
_ANSWER_WORDS = _rx(
    "买入", "买进", "买", "投入", "投", "定投", "每次", "每笔", "每单", "一次", "的", "了", "吧", "就", "用",
    "帮我", "我要", "我想", "要", "想", "好", "行", "从", "最低", "最高", "buy", "invest", "put",
    "spend", "of", "in", "a", "an", "the", "per", "each", "time", "at", "and", "with", "i", "want", "to",
    "please", "ok", "okay", "usdt", "usd", "u", "from", "between", "let's", "lets", "go", "make", "it",
)  # fmt: skip
# Everything that is not a name, removed to find the name in "删除策略 ETH网格".
_FILLER = _rx(
    "把", "将", "帮我", "帮忙", "请", "麻烦", "给我", "我的", "我", "一下", "一个", "这个", "那个", "的",
    "吧", "呢", "了", "吗", "啊", "都", "所有", "全部", "现在", "目前", "默认", "再", "份", "有", "几个",
    "多少个", "怎么样", "如何", "咋样", "是什么", "是啥", "how is", "how's", "how are",
    "please", "the", "a", "an", "my", "of", "for", "me", "i", "want", "to", "with", "can", "you", "it",
    "default", "as", "use", "do", "does", "have", "has", "is", "are", "there", "any", "how many", "all",
    "one",
)  # fmt: skip
_PUNCT = re.compile(r"[\s,，.。!！?？:：;；、~～\"“”「」『』()（）\[\]]+")


class StrategyReader:
    """Reads the strategy requests of one catalog's coins."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self._coins = CoinIndex(catalog)

    def read(self, text: str) -> tuple[str, dict[str, Any]] | None:
        """(action, slots) of a strategy request, or None when it is about something else."""
        norm = normalize(text)
        if not norm or norm.startswith("/") or TRADER.search(norm):
            return None
        if PROBLEM.search(norm) or (DEFINITION.search(norm) and not MINE.search(norm)):
            return None  # "what is a grid strategy" is the glossary's; a problem report no action
        raw = " ".join(unicodedata.normalize("NFKC", text).split())
        noun = STRATEGY_NOUN.search(norm) is not None
        kind = find_kind(norm)
        action = next((name for name, rx in ACTIONS if rx.search(norm)), None)
        if not noun:
            # "帮我定投BTC，每天50U", "set up a DCA for BTC 50 USDT daily": a kind and something to
            # set up. A kind word alone ("网格是什么") is not a request to manage anything.
            if kind is None or kind == "ai" or action == "query":
                return None
            if action is None and not self._has_params(norm):
                return None
            action = action or "create"
        if action is None:
            if kind is not None and self._has_params(norm):
                action = "create"
            elif not self._residue(raw):
                action = "query"
            else:
                return None
        if action == "query" and kind is not None and self._has_params(norm):
            action = "create"  # "我想要一个BTC定投，每天50U"
        if action == "create":
            if kind is None and RANGE.search(norm) and not find_interval(norm):
                kind = "grid"  # "make a strategy for ETH between 3000 and 4000": only a grid has a range
            return action, self._create_slots(raw, norm, kind, typed_text(text))
        return action, self._target_slots(raw, norm, action)

    def values(self, text: str, kind: str) -> dict[str, str]:
        """The parameters of a ``kind`` strategy a sentence gives, as typed ("每天买50U" ->
        quote_amount 50, interval 1d): an answer that says more than the one value asked. Only a
        sentence made of parameters and the words around them counts: "ETH price" or "余额50U够
        不够" says something else, and gives nothing."""
        raw = " ".join(unicodedata.normalize("NFKC", text).split())
        norm = normalize(raw)
        if self._said_besides(norm):
            return {}
        slots = self._create_slots(raw, norm, kind, typed_text(text))
        return {k: str(v) for k, v in slots.items() if k not in ("kind", "name")}

    def _said_besides(self, norm: str) -> bool:
        """Words left once the coins, the interval, the amounts, prices and counts and the words
        that join them ("买", "每次", "buy", "of") are taken out."""
        rest = without_interval(norm)
        for mention in sorted(self._coins.find(rest), key=lambda m: m.start, reverse=True):
            rest = f"{rest[: mention.start]} {rest[mention.end :]}"
        for pattern in (TOTAL, PER_GRID, ORDER_CAP, GRIDS, RANGE, QUOTE, BUY_NUMBER, PERCENT, _ANSWER_WORDS):
            rest = pattern.sub(" ", rest)
        return bool(_PUNCT.sub("", rest))

    # -- create ------------------------------------------------------------------------------------

    def _has_params(self, norm: str) -> bool:
        return bool(
            QUOTE.search(norm) or RANGE.search(norm) or GRIDS.search(norm) or find_interval(norm) is not None
        )

    def _coins_in(self, norm: str) -> list[str]:
        """The coins named, in order: an everyday word that is also a ticker ("the", "one") is no
        coin here unless written as one ("$ONE", "ONE/USDT")."""
        found: list[str] = []
        for mention in self._coins.find(norm):
            if mention.weak or mention.symbol == NOT_A_COIN or mention.symbol in found:
                continue
            found.append(mention.symbol)
        return found

    def _create_slots(self, raw: str, norm: str, kind: str | None, typed: str) -> dict[str, Any]:
        """The parameters a create request gives; ``typed`` is ``raw`` with the Chinese commas
        kept ("3000到3001，200格" lists two values, never 3,001,200), for the value grammar."""
        slots: dict[str, Any] = {}
        if kind is not None:
            slots["kind"] = kind
        named = name_given(raw)  # read whole: "called Alt Two", "叫 小号 二", "“eth grid 2”"
        if named is not None:
            if named.value:
                slots["name"] = named.value
            # The name is no parameter: "叫 BTC 每日" names no coin and no interval.
            raw = raw[: named.start] + " " + raw[named.end :]
            typed = typed[: named.start] + " " + typed[named.end :]
            norm = normalize(raw)
        coins = self._coins_in(norm)
        if coins:
            slots["symbols" if kind == "ai" else "symbol"] = ",".join(coins) if kind == "ai" else coins[0]
        interval = find_interval(norm)
        if interval is not None and kind != "grid":
            slots["interval"] = interval.text
        values = _values(norm, typed)
        work = norm

        def take(field: str, found: re.Match[str], *groups: int) -> None:
            """The value at the place ``found`` marks: its slot text, or a refusal's ("-50U")."""
            group = next((g for g in groups if found.group(g) is not None), groups[0])
            start, end = found.span(group)
            value = next((v for v in values if v.start < end and start < v.end), None)
            if value is not None:
                slots[field] = value.slot

        def blank(found: re.Match[str]) -> str:
            return work[: found.start()] + " " * (found.end() - found.start()) + work[found.end() :]

        if kind == "grid":
            per = PER_GRID.search(work)
            if per:
                take("quote_per_grid", per, 1, 2)
                work = blank(per)
            grids = GRIDS.search(work)
            if grids:
                take("grids", grids, 1)
                work = blank(grids)
            span = RANGE.search(work)
            if span:
                take("lower", span, 1)
                take("upper", span, 2)
            elif "quote_per_grid" not in slots:
                quote = QUOTE.search(work)
                if quote:
                    take("quote_per_grid", quote, 1)
            return slots
        if kind == "ai":
            cap = ORDER_CAP.search(work) or QUOTE.search(work)
            if cap:
                take("max_order_notional", cap, 1)
            pct = PERCENT.search(work)
            if pct:
                take("max_position_pct", pct, 1)
            notes = NOTES.search(raw)
            if notes:
                slots["notes"] = notes.group("n").strip()
            return slots
        total = TOTAL.search(work)
        if total:
            take("max_total", total, 1, 2)
            work = blank(total)
        amount = QUOTE.search(work) or BUY_NUMBER.search(work)
        if amount:
            take("quote_amount", amount, 1)
        else:
            # "$100 a day", "weekly btc dca 100": the one amount in USDT (or the one bare number)
            left = [v for v in values if work[v.start : v.end].strip()]
            quotes = [v for v in left if v.unit == "quote"]
            bare = [v for v in left if v.kind == "number" or (v.refused and not v.unit)]
            if len(quotes) == 1 or (not quotes and len(bare) == 1):
                slots["quote_amount"] = (quotes or bare)[0].slot
        return slots

    # -- the others: a target, and for an update the field and its new value --------------------

    def _target_slots(self, raw: str, norm: str, action: str) -> dict[str, Any]:
        slots: dict[str, Any] = {}
        text = raw
        if action == "duplicate":
            as_name = _AS_NAME.search(text)
            # "复制 BTC定投 为 BTC定投2": the copy's name, when something is left to name the original.
            if as_name and self._residue(text[: as_name.start()]):
                slots["name"] = as_name.group("n").strip()
                text = text[: as_name.start()]
        if action == "update":
            value = _VALUE.search(text)
            field = _field(normalize(text[: value.start()] if value else text))
            if value is not None:
                text = text[: value.start()]
                if field is None:
                    field = "name"
            if field:
                slots["field"] = field
                if value is not None:
                    slots["new_name" if field == "name" else field] = value.group("v").strip()
        ref = self._target(text, action)
        if ref:
            slots["target_ref"] = ref
        return slots

    def _target(self, text: str, action: str) -> dict[str, str] | None:
        by_id = _ID.search(text)
        if by_id:
            return {"id": by_id.group("id")}
        named = name_given(text)
        if named is not None and named.value:
            return {"name": named.value}
        if RECENT.search(normalize(text)):
            return {"recent": "1"}
        rest = self._residue(text, fields=action == "update")
        if action == "update":
            rest = changed_record(rest, text)
        if not rest:
            return None
        kind_only = next((k for k, rx in KIND_RX.items() if rx.fullmatch(rest.casefold())), None)
        if kind_only is not None:
            return {"alias": kind_only}  # "删除定投策略": the DCA one, if there is only one
        return {"name": rest}

    def _residue(self, raw: str, *, fields: bool = False) -> str:
        """What is left of a message once every known word is removed: the name it mentions."""
        text = raw
        # ACTIVATE_EN spans the name itself ("make ETH grid the default"): its verbs are in the others.
        patterns = [STRATEGY_NOUN, *(rx for _, rx in ACTIONS if rx is not ACTIVATE_EN), _FILLER]
        if fields:
            patterns[1:1] = [rx for _, rx in FIELD_WORDS]
        for pattern in patterns:
            text = pattern.sub(" ", text)
        return _PUNCT.sub(" ", text).strip()


def _values(norm: str, typed: str) -> list[Value]:
    """The values of ``norm`` (offsets into it), read in ``typed`` where it has the same offsets
    (it nearly always does): quoted with the case typed, and a Chinese comma kept a separator."""
    return find_values(typed if len(typed) == len(norm) and normalize(typed) == norm else norm)


def _field(norm: str) -> str | None:
    for name, pattern in FIELD_WORDS:
        if pattern.search(norm):
            return name
    return None
