"""The markets deskmate quotes (the exchange's USDT spot list), with names in Chinese and English."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from core.coin_names import COIN_NAMES, MISSPELLED, NOT_COINS, POPULAR_BASES
from core.i18n import Locale, localized


@dataclass(frozen=True, slots=True)
class SymbolRules:
    """A spot symbol's trading filters, as the exchange enforces them (Binance exchangeInfo:
    PRICE_FILTER tickSize, LOT_SIZE stepSize / minQty / maxQty, NOTIONAL or MIN_NOTIONAL
    minNotional). Orders, grids and alert levels are checked against these, never guessed."""

    tick_size: Decimal
    step_size: Decimal
    min_qty: Decimal
    max_qty: Decimal
    min_notional: Decimal
    max_notional: Decimal | None = None
    # Invented by the offline demo market for a coin whose real filters are unknown
    # (adapters.demo_market.rules): labelled demo wherever shown, never stored, never live.
    demo: bool = False


@dataclass(frozen=True, slots=True)
class MarketSpec:
    symbol: str  # exchange symbol, e.g. "BTCUSDT"
    base: str  # "BTC"
    quote_asset: str  # "USDT"
    name_en: str
    name_zh: str
    aliases: tuple[str, ...] = ()  # extra names, any case; the base, symbol and names are implied
    rules: SymbolRules | None = None  # trading filters, when the catalog knows them

    def display_name(self, locale: Locale) -> str:
        return localized({"zh": self.name_zh, "en": self.name_en}, locale)

    def all_aliases(self) -> tuple[str, ...]:
        names = {self.symbol, self.base, self.name_en, self.name_zh, *self.aliases}
        return tuple(sorted((normalize_alias(n) for n in names if n), key=len, reverse=True))


def normalize_alias(value: str) -> str:
    return unicodedata.normalize("NFKC", value).strip().casefold()


def _rules(tick: str, step: str, max_qty: str) -> SymbolRules:
    # Binance spot filters of these symbols (exchangeInfo); minimum notional 5 USDT.
    return SymbolRules(Decimal(tick), Decimal(step), Decimal(step), Decimal(max_qty), Decimal(5))


DEFAULT_MARKETS: tuple[MarketSpec, ...] = (
    MarketSpec(
        "BTCUSDT",
        "BTC",
        "USDT",
        "Bitcoin",
        "比特币",
        ("bitcoin", "xbt", "大饼", "比特幣", "btc/usdt"),
        _rules("0.01", "0.00001", "9000"),
    ),
    MarketSpec(
        "ETHUSDT",
        "ETH",
        "USDT",
        "Ethereum",
        "以太坊",
        ("ether", "ethereum", "以太", "以太币", "以太幣", "eth/usdt"),
        _rules("0.01", "0.0001", "9000"),
    ),
    MarketSpec(
        "SOLUSDT",
        "SOL",
        "USDT",
        "Solana",
        "Solana",
        ("solana", "索拉纳", "sol/usdt"),
        _rules("0.01", "0.001", "90000"),
    ),
)

# Coins deskmate knew it did not quote before the catalog came from the exchange: with the small
# built-in catalog (tests, compositions without a snapshot) they still fail clearly ("狗狗币价格"
# -> "not supported") instead of falling through as small talk.
KNOWN_UNSUPPORTED: dict[str, tuple[str, ...]] = {
    "DOGEUSDT": ("doge", "dogecoin", "狗狗币", "狗狗幣", "狗狗", "狗子"),
    "XRPUSDT": ("xrp", "ripple", "瑞波币", "瑞波"),
    "BNBUSDT": ("bnb", "币安币"),
    "ADAUSDT": ("ada", "cardano", "艾达币"),
    "LTCUSDT": ("ltc", "litecoin", "莱特币"),
    "TRXUSDT": ("trx", "tron", "波场"),
    "TONUSDT": ("toncoin",),
    "DOTUSDT": ("polkadot", "波卡"),
    "AVAXUSDT": ("avax", "avalanche", "雪崩"),
    "LINKUSDT": ("chainlink",),
    "SHIBUSDT": ("shib", "shiba", "柴犬币"),
    "PEPEUSDT": ("pepe", "佩佩"),
    "SUIUSDT": ("sui",),
}

QUOTE_ASSET = "USDT"  # the one quote currency deskmate serves
NOT_A_COIN = ""  # an alias that names no coin ("比特币ETF"): resolve() gives this, never a symbol


def market_for(base: str, rules: SymbolRules | None = None, quote_asset: str = QUOTE_ASSET) -> MarketSpec:
    """A listed market with deskmate's own names for its coin (the exchange knows tickers only)."""
    base = base.upper()
    names = COIN_NAMES.get(base)
    symbol = f"{base}{quote_asset}"
    if names is None:
        return MarketSpec(symbol, base, quote_asset, base, base, (), rules)
    name_en, name_zh, aliases = names
    return MarketSpec(symbol, base, quote_asset, name_en, name_zh, aliases, rules)


# What a refusal citing demo filters adds, so nobody takes them for the exchange's.
DEMO_RULES_NOTE: dict[str, str] = {  # core.i18n.localized(DEMO_RULES_NOTE, locale)
    "zh": "（演示行情的演示规则：交易所的规则未知）",
    "en": " (the demo market's demo rules: the exchange's are not known)",
}


def rules_key(key: str, rules: SymbolRules) -> str:
    """The message ``key`` of a refusal citing ``rules``, or its demo variant for demo filters
    (``<key>.demo`` in the texts: the same words and DEMO_RULES_NOTE)."""
    return f"{key}.demo" if rules.demo else key


def rules_to_row(rules: SymbolRules | None) -> dict[str, str] | None:
    """A symbol's filters as strings (a snapshot file, a table row): Decimal digits exactly.
    Demo filters are not the exchange's: they are never written down (None)."""
    if rules is None or rules.demo:
        return None
    row = {
        "tick_size": str(rules.tick_size),
        "step_size": str(rules.step_size),
        "min_qty": str(rules.min_qty),
        "max_qty": str(rules.max_qty),
        "min_notional": str(rules.min_notional),
    }
    if rules.max_notional is not None:
        row["max_notional"] = str(rules.max_notional)
    return row


def rules_from_row(row: Mapping[str, Any] | None) -> SymbolRules | None:
    """The inverse of rules_to_row; None when the row is missing or not all numbers."""
    if not row:
        return None
    try:
        max_notional = row.get("max_notional")
        return SymbolRules(
            Decimal(str(row["tick_size"])),
            Decimal(str(row["step_size"])),
            Decimal(str(row["min_qty"])),
            Decimal(str(row["max_qty"])),
            Decimal(str(row["min_notional"])),
            Decimal(str(max_notional)) if max_notional is not None else None,
        )
    except (KeyError, ArithmeticError, ValueError):
        return None


class _Listing:
    """What a catalog reads off one list of markets: the list in order, by symbol, and the name
    index (built on first use). Shared by every catalog of the same list: the index of a list is
    the same whichever catalog asks, and the callers of aliases() only read it."""

    __slots__ = ("aliases", "by_symbol", "markets", "source")

    def __init__(self, source: Sequence[MarketSpec]) -> None:
        self.source = source  # held: the cache's key is its id
        popular = {base: i for i, base in enumerate(COIN_NAMES)}
        # The coins people ask about most first: buttons, autocompletion and help list them first.
        self.markets = tuple(sorted(source, key=lambda m: (popular.get(m.base, len(popular)), m.base)))
        self.by_symbol = {m.symbol: m for m in self.markets}
        self.aliases: dict[str, str] | None = None


# The lists read lately, by identity. A tuple of markets cannot change (MarketSpec is frozen), so
# its listing is kept: every catalog of the bundled snapshot (bot.catalog makes a fresh one per
# caller, each free to replace its list) builds the index of thousands of names once per process,
# not once per catalog. A list (mutable) is read afresh every time.
_LISTINGS: dict[int, _Listing] = {}
_LISTINGS_KEPT = 4


def _listing(markets: Sequence[MarketSpec]) -> _Listing:
    if not isinstance(markets, tuple):
        return _Listing(markets)
    found = _LISTINGS.get(id(markets))
    if found is not None and found.source is markets:
        return found
    found = _Listing(markets)
    if len(_LISTINGS) >= _LISTINGS_KEPT:
        _LISTINGS.pop(next(iter(_LISTINGS)), None)
    _LISTINGS[id(markets)] = found
    return found


class MarketCatalog:
    """The markets deskmate quotes (every listed USDT spot market of the exchange, or the small
    built-in set), looked up by symbol or by any name people use.

    The exchange's list changes (a daily refresh replaces it); name indexes are built on first
    use, so a process that never reads a coin name never pays for them.

    ``default_rules``: filters for a listed symbol whose own are unknown, made when first asked
    (the demo market's labelled demo filters, adapters.demo_market.rules). The live market has
    none: a coin without the exchange's filters is not traded until the refresh brings them.
    """

    def __init__(
        self,
        markets: Sequence[MarketSpec] = DEFAULT_MARKETS,
        *,
        fetched_at: datetime | None = None,
        origin: str = "builtin",
        default_rules: Callable[[str], SymbolRules] | None = None,
    ) -> None:
        self.version = 0  # bumped by replace(): indexes built from an older list rebuild
        self._default_rules = default_rules
        self._made_rules: dict[str, SymbolRules] = {}  # default_rules' answers (by symbol alone)
        self._set(markets, fetched_at, origin)

    def _set(self, markets: Sequence[MarketSpec], fetched_at: datetime | None, origin: str) -> None:
        if not markets:
            raise ValueError("at least one market must be supported")
        listing = _listing(markets)
        self._markets = listing.markets
        self._by_symbol = listing.by_symbol
        self._listing = listing
        self.fetched_at = fetched_at  # when the exchange listed these (None: built in)
        self.origin = origin  # "builtin", "snapshot", "database", "exchange"

    def replace(self, markets: Sequence[MarketSpec], fetched_at: datetime, origin: str) -> None:
        """A newer list from the exchange (the daily refresh)."""
        self._set(markets, fetched_at, origin)
        self.version += 1

    @property
    def markets(self) -> tuple[MarketSpec, ...]:
        return self._markets

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(m.symbol for m in self._markets)

    def __len__(self) -> int:
        return len(self._markets)

    def get(self, symbol: str) -> MarketSpec | None:
        return self._by_symbol.get(symbol.upper())

    def rules(self, symbol: str) -> SymbolRules | None:
        """The symbol's trading filters (the exchange's, else ``default_rules``'), or None when
        the catalog does not know them."""
        spec = self.get(symbol)
        if spec is None or spec.rules is not None or self._default_rules is None:
            return spec.rules if spec is not None else None
        made = self._made_rules.get(spec.symbol)
        if made is None:
            made = self._made_rules[spec.symbol] = self._default_rules(spec.symbol)
        return made

    def tradable(self, limit: int) -> list[MarketSpec]:
        """The first ``limit`` markets (most asked-about first) whose filters are known: an order
        for them can be checked."""
        found: list[MarketSpec] = []
        for market in self._markets:
            if len(found) >= limit:
                break
            if self.rules(market.symbol) is not None:
                found.append(market)
        return found

    def tradable_bases(self, limit: int = 8) -> str:
        """supported_bases() of the coins that can be traded (their filters are known)."""
        shown = [m.base for m in self.tradable(limit + 1)]
        if len(shown) <= limit:
            return ", ".join(shown)
        return f"{', '.join(shown[:limit])} …"

    def is_supported(self, symbol: str) -> bool:
        return symbol.upper() in self._by_symbol

    def aliases(self) -> dict[str, str]:
        """Normalized alias -> symbol (or NOT_A_COIN), supported, known-unsupported and look-alikes."""
        listing = self._listing
        if listing.aliases is None:
            listing.aliases = self._build_aliases()
        return listing.aliases

    def _build_aliases(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for symbol, aliases in KNOWN_UNSUPPORTED.items():
            if symbol in self._by_symbol:
                continue
            for alias in (*aliases, symbol, symbol.removesuffix(QUOTE_ASSET)):
                index[normalize_alias(alias)] = symbol
        # Names of well-known coins the exchange does not list: "not supported", never a guess.
        for base, (name_en, name_zh, extra) in COIN_NAMES.items():
            symbol = f"{base}{QUOTE_ASSET}"
            if symbol not in self._by_symbol:
                for alias in (base, symbol, name_en, name_zh, *extra):
                    index.setdefault(normalize_alias(alias), symbol)
        for phrase in NOT_COINS:
            index[normalize_alias(phrase)] = NOT_A_COIN
        # Listed markets win over the lists above on any clash.
        for market in self._markets:
            for alias in market.all_aliases():
                if alias and index.get(alias) != NOT_A_COIN:
                    index[alias] = market.symbol
        # What people call the listed coins besides (slang, Taiwanese names, frequent misspellings):
        # deskmate's own knowledge, never over a listed market's name.
        for market in self._markets:
            names = COIN_NAMES.get(market.base, ("", "", ()))
            for alias in (names[0], names[1], *names[2], *MISSPELLED.get(market.base, ())):
                if alias:
                    index.setdefault(normalize_alias(alias), market.symbol)
        # The quote asset itself names no coin ("USDT" in "BTC/USDT").
        index.pop(normalize_alias(QUOTE_ASSET), None)
        return index

    def resolve(self, name: str) -> str | None:
        """The symbol for one coin name ("btc", "$BTC", "BTC/USDT", "btc-usdt", "BTCUSDT", "以太坊",
        "doge"), NOT_A_COIN for a look-alike that names none ("比特币ETF"), or None if unknown."""
        key = normalize_alias(name).removeprefix("$").strip()
        index = self.aliases()
        found = index.get(key)
        if found is not None:
            return found
        quote = normalize_alias(QUOTE_ASSET)
        for sep in ("/", "-", "_", " ", ""):
            suffix = sep + quote
            if key.endswith(suffix) and len(key) > len(suffix):
                base = key[: -len(suffix)].strip()
                symbol = index.get(base)
                if symbol and self.base_of(symbol).casefold() == base:  # a ticker, not a name
                    return symbol
        return None

    def supported_bases(self, limit: int = 8) -> str:
        """The coins quoted, in a line: all of a small list, else the first few and a count."""
        bases = [m.base for m in self._markets]
        if len(bases) <= limit:
            return ", ".join(bases)
        return f"{', '.join(bases[:limit])} … ({len(bases)})"

    def popular(self, limit: int = len(POPULAR_BASES)) -> list[str]:
        """Symbols to offer as buttons: the most asked-about coins that are listed."""
        listed = [f"{b}{QUOTE_ASSET}" for b in POPULAR_BASES if f"{b}{QUOTE_ASSET}" in self._by_symbol]
        rest = [m.symbol for m in self._markets if m.symbol not in listed]
        return (listed + rest)[:limit]

    def base_of(self, symbol: str) -> str:
        spec = self.get(symbol)
        if spec:
            return spec.base
        return symbol.removesuffix(QUOTE_ASSET) if symbol.endswith(QUOTE_ASSET) else symbol

    def iter_specs(self, symbols: Iterable[str]) -> list[MarketSpec]:
        return [self._by_symbol[s] for s in symbols if s in self._by_symbol]


def catalog_rows(catalog: MarketCatalog) -> list[dict[str, Any]]:
    """The catalog as plain rows (symbol, base, quote, filters): a snapshot file's content."""
    return [
        {"symbol": m.symbol, "base": m.base, "quote": m.quote_asset, "filters": rules_to_row(m.rules)}
        for m in sorted(catalog.markets, key=lambda m: m.symbol)
    ]


def markets_from_rows(rows: Iterable[Mapping[str, Any]]) -> list[MarketSpec]:
    """Rows (a snapshot file, the database) back into markets; rows in another quote are skipped."""
    out = []
    for row in rows:
        base, quote = str(row.get("base", "")), str(row.get("quote", QUOTE_ASSET))
        if base and quote == QUOTE_ASSET:
            out.append(market_for(base, rules_from_row(row.get("filters"))))
    return out


class CatalogStore(Protocol):
    """Port: the exchange's list cached where every process finds it (the database)."""

    async def load(self) -> tuple[list[MarketSpec], datetime] | None:
        """The cached markets and when the exchange listed them; None when nothing is cached."""
        ...

    async def save(self, markets: Sequence[MarketSpec], fetched_at: datetime) -> None: ...


class CatalogSource(Protocol):
    """Port: the exchange's current list of USDT spot markets (Binance exchangeInfo)."""

    async def list_markets(self) -> list[MarketSpec]:
        """Every trading USDT spot market with its filters; raises core.market.MarketError."""
        ...


CATALOG_MAX_AGE_HOURS = 24  # the list is refreshed once a day
