"""A catalog of thousands of symbols routes a 500-phrase set without one false coin match.

The catalog is the bundled snapshot plus 3,000 generated tickers, among them everyday English
words a real exchange could list one day (THE, ME, ALL, NOW, FOR…). The phrases are generated
from templates in both languages: known coins by ticker, name and slang, generated tickers,
unknown and look-alike coins, and chatter that names no coin. Each must give exactly the coins
expected: never an extra one, never another one.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bot.catalog import bundled_catalog
from core.markets import MarketCatalog, market_for
from core.routing.router import Route
from core.skills.price.rules import PriceRule

# Everyday words as tickers: a catalog this size may list them; they must never match plain text.
TRAPS = ("THE", "ME", "ALL", "NOW", "FOR", "IS", "IT", "AND", "OF", "TO", "DAY", "WEEK", "SHOW", "GIVE")

PRICE_EN = (
    "{c} price",
    "what's the price of {c}",
    "how much is {c} now",
    "{c} price now please",
    "show me the {c} price",
    "current {c} price",
    "{c} 7 day chart",
    "{c} price and its weekly trend",
)
PRICE_ZH = ("{c}价格", "{c} 现在多少钱", "查一下 {c} 的价格", "{c} 最近一周走势", "{c}现价多少")
KNOWN = {
    "BTC": "BTCUSDT", "btc": "BTCUSDT", "bitcoin": "BTCUSDT", "Bitcoin": "BTCUSDT", "ETH": "ETHUSDT",
    "ethereum": "ETHUSDT", "ether": "ETHUSDT", "SOL": "SOLUSDT", "solana": "SOLUSDT", "DOGE": "DOGEUSDT",
    "dogecoin": "DOGEUSDT", "XRP": "XRPUSDT", "BNB": "BNBUSDT", "PEPE": "PEPEUSDT", "bitcoin cash": "BCHUSDT",
    "ethereum classic": "ETCUSDT", "$ONE": "ONEUSDT", "BTC/USDT": "BTCUSDT", "eth-usdt": "ETHUSDT",
    "SOLUSDT": "SOLUSDT", "shiba inu": "SHIBUSDT", "litecoin": "LTCUSDT", "cardano": "ADAUSDT",
}  # fmt: skip
KNOWN_ZH = {
    "比特币": "BTCUSDT", "大饼": "BTCUSDT", "以太坊": "ETHUSDT", "姨太": "ETHUSDT", "狗狗币": "DOGEUSDT",
    "瑞波币": "XRPUSDT", "币安币": "BNBUSDT", "比特币现金": "BCHUSDT", "以太经典": "ETCUSDT",
    "莱特币": "LTCUSDT", "比特幣": "BTCUSDT", "狗狗幣": "DOGEUSDT", "柴犬币": "SHIBUSDT", "波场": "TRXUSDT",
}  # fmt: skip
CHATTER = (
    "hello there", "what can you do", "tell me a joke", "I have a ton of questions", "send me a link",
    "show me all of it now", "give it to me", "is it the day for it", "what is the meaning of life",
    "今天天气怎么样", "你好", "谢谢", "how are you doing", "that's hot", "one more thing", "cats vs dogs",
    "it is what it is", "me and all of them", "for the week", "the end",
)  # fmt: skip
UNKNOWN = ("blorpcoin price", "zzyzx price", "price of qwertcoin", "snorkelcoin 价格")


def catalog_with_thousands() -> MarketCatalog:
    rng = random.Random(11)
    base = bundled_catalog()
    taken = {m.base for m in base.markets}
    words = {w.upper() for t in (*PRICE_EN, *CHATTER, *UNKNOWN) for w in t.replace("{c}", " ").split()}
    generated: set[str] = set(TRAPS)
    while len(generated) < 3000 + len(TRAPS):
        ticker = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(rng.randint(3, 6)))
        if ticker not in taken and ticker not in words:
            generated.add(ticker)
    return MarketCatalog([*base.markets, *(market_for(b) for b in sorted(generated))])


def phrases(catalog: MarketCatalog) -> list[tuple[str, list[str] | None, dict[str, Any]]]:
    """(text, expected symbols or None for no route, other expected slots)."""
    out: list[tuple[str, list[str] | None, dict[str, Any]]] = []
    for coin, symbol in KNOWN.items():
        out += [(t.format(c=coin), [symbol], {}) for t in PRICE_EN]
    for coin, symbol in KNOWN_ZH.items():
        out += [(t.format(c=coin), [symbol], {}) for t in PRICE_ZH]
    rng = random.Random(5)
    generated = sorted(m.base for m in catalog.markets if m.base not in TRAPS and len(m.base) >= 4)
    for ticker in rng.sample(generated, 220):
        template = rng.choice(PRICE_EN + PRICE_ZH)
        out.append((template.format(c=ticker), [f"{ticker}USDT"], {}))
    for trap in TRAPS:  # as "$THE" it is that coin; in a sentence, never
        out.append((f"${trap} price", [f"{trap}USDT"], {}))
    out += [(text, None, {}) for text in CHATTER]
    out += [
        (text, [], {"unknown": text.split()[-1] if "of" in text else text.split()[0]}) for text in UNKNOWN
    ]
    out += [
        ("btc and eth price", ["BTCUSDT", "ETHUSDT"], {}),
        ("比特币和以太坊价格", ["BTCUSDT", "ETHUSDT"], {}),
        ("比特币ETF价格", [], {"not_coin": "比特币ETF"}),
        ("bitcoin etf price", [], {"not_coin": "bitcoin etf"}),
        ("what's the price?", [], {}),
        ("当前价格是多少", [], {}),
    ]
    return out


def test_five_hundred_phrases_on_a_catalog_of_thousands_never_name_a_wrong_coin() -> None:
    catalog = catalog_with_thousands()
    assert len(catalog) > 3000
    cases = phrases(catalog)
    assert len(cases) >= 500
    rule = PriceRule(catalog)
    started = time.thread_time()  # CPU time: what other processes on the machine do is not counted
    wrong: list[tuple[str, Any, Any]] = []
    for text, expected, extra in cases:
        route: Route | None = rule.route(text)
        if expected is None:
            if route is not None and route.slots.get("symbols"):
                wrong.append((text, None, route.slots))
            continue
        got = route.slots.get("symbols") if route else None
        if got != expected or any(route.slots.get(k) != v for k, v in extra.items()):  # type: ignore[union-attr]
            wrong.append((text, expected, route.slots if route else None))
    elapsed = time.thread_time() - started
    assert wrong == []
    assert elapsed < 2.0, f"{len(cases)} phrases took {elapsed:.2f} s"
