"""Reading a trading request (zh + en): buy or sell what, how much, on which account; or a
question about an account (balance, positions, trades, the most one can buy).

    买 100 USDT 的 BTC      -> buy   BTCUSDT  quote:100
    buy 0.01 BTC            -> buy   BTCUSDT  base:0.01
    用模拟账户买0.01个比特币  -> buy   BTCUSDT  base:0.01   account "模拟账户"
    清仓 ETH / sell all ETH -> sell  ETHUSDT  all
    sell half my SOL        -> sell  SOLUSDT  fraction:0.5
    我的余额还有多少         -> balance;  show my positions -> positions;  最近的成交记录 -> trades
    最多能买多少个ETH        -> max_buy ETHUSDT

The amount slot is canonical text: "quote:100", "base:0.01", "all", "fraction:0.5".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.coin_index import CoinIndex, Mention
from core.language.values import Kind, Value, find_values, one_value, positive, refused_slot
from core.markets import NOT_A_COIN, MarketCatalog, normalize_alias
from core.routing.normalize import normalize
from core.routing.words import word_pattern
from core.strategies.words import STRATEGY_TALK
from core.workspace.exchanges import find_exchange
from core.workspace.extraction import find_name
from core.workspace.reading import CREATE, DELETE, EXCHANGE_PLACE


def _rx(*words: str) -> re.Pattern[str]:
    return word_pattern(*words)


SELL_ALL = _rx(
    "清仓", "全部卖出", "全部卖掉", "全卖了", "全卖", "卖光", "sell all", "sell everything", "dump all"
)
# 梭哈 / all in: a buy of everything (the amount "all" comes with the word)
BUY = _rx("买入", "购买", "买进", "买", "加仓", "梭哈", "buy", "purchase", "long", "all in", "all-in")
SELL = _rx("卖出", "卖掉", "卖", "减仓", "平仓", "sell", "dump")
MAX_BUY = re.compile(
    r"最多(?:能|可以|可)?买|能买多少|可以买多少|可买多少|买得起多少|"
    r"(?<![a-z])(?:how (?:much|many)\b.*\bcan i (?:buy|afford)|max(?:imum)? (?:i can )?buy|"
    r"most\b.*\bcan i buy|the most .* i can buy)"
)
BALANCE = _rx(
    "余额", "还有多少钱", "多少钱可用", "资金", "资产", "balance", "balances", "how much money", "funds"
)
POSITIONS = _rx(
    "持仓", "仓位", "头寸", "持有", "positions", "position", "holdings", "what do i hold", "portfolio"
)
TRADES = _rx(
    "成交记录", "成交", "交易记录", "成交历史", "交易历史", "历史订单", "订单记录", "交易明细", "成交明细",
    "账户记录", "账户历史", "账单",
    "trades", "trade history", "my fills", "fills", "order history", "recent orders",
    # an account's history is its trades ("export my account history"), never a coin's prices
    "account history", "trading history", "transaction history", "transactions",
)  # fmt: skip
_MANAGES_ACCOUNTS = re.compile(f"{CREATE.pattern}|{DELETE.pattern}", re.IGNORECASE)
PRICE_QUESTION = _rx("价格", "价", "多少钱", "行情", "走势", "price", "quote", "chart", "trend")
# A limit order names its price ("limit buy 0.01 BTC at 85000", "挂单 85000 买"): not a market order.
LIMIT = _rx("限价", "挂单", "挂个单", "limit", "limit order", "limit buy", "limit sell")
AMOUNT_KINDS: tuple[Kind, ...] = ("amount", "number", "fraction", "percent")

# "用模拟账户", "在主账户里", "从币安账户", "on my paper account", "with account main"
ACCOUNT_ZH = re.compile(r"(?:用|在|从|通过|拿|以)\s*(?P<n>[^\s，,。:：用在从]{1,20}?(?:账户|账号))")
ACCOUNT_EN = re.compile(
    r"(?<![a-z])(?:on|with|from|using|in|via)\s+(?:my\s+|the\s+)?(?:account\s+(?P<a>[\w\-]{1,32})|"
    r"(?!(?:my|the|your|our)\s)(?P<b>[\w\-]{1,32})\s+account)(?![a-z])"  # "in my account": no name
)
# "主账户的余额" (the account first), "buy 100 USDT of BTC on Main", "balance of Main" (a bare name
# closing the request): the name is said back when the person has no such account, never swapped.
ACCOUNT_ZH_OWNER = re.compile(r"^(?P<n>[^\s，,。:：的]{1,20}?(?:账户|账号))的")
ACCOUNT_EN_TAIL = re.compile(
    r"(?<![a-z])(?:(?:on|using|via)|(?:balance|positions|holdings|trades)\s+(?:of|on|in))\s+"
    r"(?:my\s+)?(?P<n>[\w\-]{1,32})\s*[?.!]?\s*$"
)
# Words that close an order without naming an account ("buy on the dip", "on the spot market").
_NOT_NAMES = frozenset(
    {"dip", "dips", "sale", "spot", "market", "margin", "it", "me", "now", "today", "mine"}
)

Action = Literal["buy", "sell", "limit", "balance", "positions", "trades", "max_buy"]


@dataclass(frozen=True, slots=True)
class TradeReading:
    kind: Literal["trade", "query"]
    action: Action
    slots: dict[str, Any] = field(default_factory=dict)


class CoinNames:
    """The coins a message names (core.coin_index: names, tickers, pairs, longest first). The quote
    asset itself ("USDT") names no coin; an everyday-word ticker ("me", "one", "hot") counts only
    when no other coin is named and it is written as a ticker ("ME", "$ME")."""

    def __init__(self, catalog: MarketCatalog) -> None:
        self.catalog = catalog
        self.index = CoinIndex(catalog)

    def _mentions(self, norm: str) -> list[Mention]:
        found = [m for m in self.index.find(norm) if m.symbol != NOT_A_COIN]
        strong = [m for m in found if not m.weak]
        return strong or [m for m in found if m.explicit]

    def find(self, norm: str) -> tuple[str | None, tuple[int, int] | None]:
        """The first supported coin named, and where."""
        for m in self._mentions(norm):
            if self.catalog.is_supported(m.symbol):
                return m.symbol, (m.start, m.end)
        return None, None

    def all(self, norm: str) -> list[str]:
        """Every coin named (listed or not), each once, in order."""
        return list(dict.fromkeys(m.symbol for m in self._mentions(norm)))

    def unsupported(self, norm: str) -> str | None:
        for m in self._mentions(norm):
            if not self.catalog.is_supported(m.symbol):
                return m.symbol
        return None


# A report that something went wrong ("为什么余额和持仓对不上", "my order was rejected", a pasted
# {"code":-2010,...}) asks for a diagnosis, never for an order or a balance.
PROBLEM_REPORT = re.compile(
    r"为什么|为啥|怎么回事|失败|报错|出错|错误|被拒|拒绝|对不上|不一致|不对劲|"
    r"(?<![a-z])(?:why|error|errors|failed|fails|failing|rejected|rejection|mismatch|"
    r"(?:doesn't|does not|don't|do not) match|wrong)(?![a-z])|"
    r"[\"']code[\"']\s*:|(?<![\w.])-[12]\d{3}(?!\d)"
)


def read_trade(text: str, coins: CoinNames) -> TradeReading | None:
    """The trading reading of a message, or None when it is about something else."""
    norm = normalize(text)
    if not norm or norm.startswith("/") or PROBLEM_REPORT.search(norm):
        return None
    if STRATEGY_TALK.search(norm):
        return None  # "创建一个BTC定投策略，每天买50U" sets up a strategy; it places no order
    if _MANAGES_ACCOUNTS.search(norm) and EXCHANGE_PLACE.search(norm) and _no_coin(text, coins):
        return None  # "add a binance account called long shot": adding an account, not an order
    symbol, _ = coins.find(norm)
    slots: dict[str, Any] = {}
    ref = account_ref(text, norm)
    if ref:
        slots["target_ref"] = ref
    if MAX_BUY.search(norm):
        if symbol:
            slots["symbol"] = symbol
        return TradeReading("query", "max_buy", slots)
    side = _side(norm)
    if side is not None:
        if symbol is None and coins.unsupported(norm):
            slots["symbol"] = coins.unsupported(norm)
        elif symbol is not None:
            slots["symbol"] = symbol
        values = _own(find_values(text, coins.index), symbol)
        price = next((v for v in values if v.kind == "price"), None)
        if LIMIT.search(norm) or price is not None:
            # "place a limit buy for 0.01 BTC at 85000": its price is what it is about. Until limit
            # orders exist it is answered as such; it never becomes a market order.
            slots["side"] = side
            rest = [v for v in values if v is not price]
            bare = [v for v in rest if v.kind == "number"]
            if price is None and len(bare) == 1 and len(rest) == 2:
                price = bare[0]  # "限价单 85000 买 0.01 个比特币": the amount has its unit, the price not
                rest.remove(price)
            if price is not None:
                slots["limit_price"] = price.slot
            amount = pick_amount(rest, text)
            if amount is not None:
                slots["amount"] = amount
            return TradeReading("trade", "limit", slots)
        amount = read_amount(text, coins.index, symbol)
        if amount is None and PRICE_QUESTION.search(norm):
            return None  # "BTC 买入价是多少": a price question, not an order
        if amount is None and "symbol" not in slots and not ref:
            return None  # "buy" alone, or "我买了个寂寞"
        if amount is not None:
            slots["amount"] = amount
        return TradeReading("trade", side, slots)
    if _MANAGES_ACCOUNTS.search(norm) and EXCHANGE_PLACE.search(norm):
        return None  # "加一个模拟账户，初始资金 5万U": adding an account, not asking its balance
    for action, pattern in (("positions", POSITIONS), ("trades", TRADES), ("balance", BALANCE)):
        if pattern.search(norm):
            return TradeReading("query", action, slots)  # type: ignore[arg-type]
    return None


def _no_coin(text: str, coins: CoinNames) -> bool:
    """No coin is named outside the name the message gives ("called BTC main" names none)."""
    named = find_name(text)
    rest = f"{text[: named.start]} {text[named.end :]}" if named is not None else text
    return coins.find(normalize(rest))[0] is None


def _side(norm: str) -> Literal["buy", "sell"] | None:
    if SELL_ALL.search(norm):
        return "sell"
    buy, sell = BUY.search(norm), SELL.search(norm)
    if buy and sell:
        return "buy" if buy.start() < sell.start() else "sell"
    return "buy" if buy else "sell" if sell else None


def read_amount(text: str, coins: CoinIndex | None = None, symbol: str | None = None) -> str | None:
    """The amount a message gives, canonical ("quote:100", "base:0.01", "all", "fraction:0.5"),
    a refusal's slot text ("refused:sign:-100", core.language.values), or None. An amount in
    another coin than the order's ``symbol`` is not its amount ("buy 0.01 BTC and buy 0.01 ETH")."""
    values = _own(find_values(text, coins), symbol)
    if SELL_ALL.search(normalize(text)):
        if not any(v.kind in ("amount", "number", "percent") or v.refused for v in values):
            return "all"
        # "sell all but 0.1 btc": everything and another amount; refused, never a sale of everything
        return refused_slot(Value("refused", 0, len(text), text.strip(), reason="two_numbers"))
    return pick_amount(values, text)


def _own(values: list[Value], symbol: str | None) -> list[Value]:
    return [v for v in values if not (symbol and v.unit == "base" and v.coin and v.coin != symbol)]


def pick_amount(values: list[Value], text: str) -> str | None:
    """The one amount among ``values``: a refused one wins (it was meant as the amount); two
    ("buy 100 200 USDT of BTC") are refused rather than one of them taken."""
    chosen = one_value(values, AMOUNT_KINDS, text)
    if chosen is None:
        return None
    if chosen.kind == "percent" and not Decimal(0) < chosen.number <= 100:
        return None  # "sell 150% of my BTC": no share of a holding
    return positive(chosen).amount_slot


def parse_amount_answer(text: str, coins: CoinIndex | None = None) -> str | None:
    """A typed answer to "how much?" made of the amount alone: "100 USDT", "100u", "0.01", "一半",
    "all", "就 100U 吧"; None for a sentence that says more ("余额100U够不够", "提醒我BTC到100000")."""
    if _said_besides(text):
        return None
    return read_amount(text, coins)


# The words around an amount typed as an answer ("就 100U 吧", "买 0.5 个", "half of it").
_ANSWER_WORDS = _rx(
    "就", "吧", "的", "个", "枚", "颗", "先", "用", "好", "行", "嗯", "那", "just", "of", "it", "ok", "okay",
    "please", "make it", "worth",
)  # fmt: skip
_PUNCT = re.compile(r"[\s,，.。!！?？:：;；、~～]+")


def _said_besides(text: str) -> bool:
    """Words left once the values and the words that join them are taken out."""
    rest = text
    for value in reversed(find_values(text)):
        rest = f"{rest[: value.start]} {rest[value.end :]}"
    rest = normalize(rest)
    for pattern in (SELL_ALL, BUY, SELL, _ANSWER_WORDS):
        rest = pattern.sub(" ", rest)
    return bool(_PUNCT.sub("", rest))


def account_ref(text: str, norm: str) -> dict[str, str] | None:
    """The account a request names: by its name ("用主账户"), or by its exchange ("币安")."""
    zh = ACCOUNT_ZH.search(text) or ACCOUNT_ZH_OWNER.search(text.strip())
    if zh:
        return {"name": zh.group("n")}
    en = ACCOUNT_EN.search(norm)
    if en:
        return {"name": en.group("a") or en.group("b")}
    exchange = find_exchange(norm)
    tail = ACCOUNT_EN_TAIL.search(norm)
    if tail and exchange is None and tail.group("n") not in _NOT_NAMES:
        name = tail.group("n")
        at = text.lower().rfind(name)  # as typed ("Main"), to be said back
        return {"name": text[at : at + len(name)] if at >= 0 else name}
    return {"alias": exchange} if exchange else None


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def amount_parts(amount: str) -> tuple[str, Decimal]:
    """("quote", 100) of "quote:100"; ("all", 1) of "all"."""
    unit, _, value = amount.partition(":")
    return unit, Decimal(value) if value else Decimal(1)


def normalized_alias(name: str) -> str:
    return normalize_alias(name)
