"""The supported markets: one config, with aliases in Chinese and English."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from core.i18n import Locale


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
        return self.name_zh if locale == "zh" else self.name_en

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

# Well-known coins deskmate does not quote (yet): recognised so that "狗狗币价格" fails clearly
# ("not supported; supported are ...") instead of falling through as small talk.
KNOWN_UNSUPPORTED: dict[str, tuple[str, ...]] = {
    "DOGEUSDT": ("doge", "dogecoin", "狗狗币", "狗狗幣", "狗狗"),
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


class MarketCatalog:
    """Lookup of supported (and known-unsupported) markets by symbol or alias."""

    def __init__(self, markets: Sequence[MarketSpec] = DEFAULT_MARKETS) -> None:
        if not markets:
            raise ValueError("at least one market must be supported")
        self._markets = tuple(markets)
        self._by_symbol = {m.symbol: m for m in self._markets}
        self._aliases: dict[str, str] = {}
        for symbol, aliases in KNOWN_UNSUPPORTED.items():
            if symbol in self._by_symbol:
                continue
            for alias in (*aliases, symbol, symbol.removesuffix("USDT")):
                self._aliases[normalize_alias(alias)] = symbol
        # Supported markets win over the unsupported list on any clash.
        for market in self._markets:
            for alias in market.all_aliases():
                self._aliases[alias] = market.symbol

    @property
    def markets(self) -> tuple[MarketSpec, ...]:
        return self._markets

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(m.symbol for m in self._markets)

    def get(self, symbol: str) -> MarketSpec | None:
        return self._by_symbol.get(symbol.upper())

    def rules(self, symbol: str) -> SymbolRules | None:
        """The symbol's trading filters, or None when the catalog does not know them."""
        spec = self.get(symbol)
        return spec.rules if spec is not None else None

    def is_supported(self, symbol: str) -> bool:
        return symbol.upper() in self._by_symbol

    def aliases(self) -> dict[str, str]:
        """Normalized alias -> symbol, supported and known-unsupported alike."""
        return dict(self._aliases)

    def resolve(self, name: str) -> str | None:
        """A symbol for a single coin name ("btc", "以太坊", "SOLUSDT", "doge"), or None."""
        return self._aliases.get(normalize_alias(name))

    def supported_bases(self) -> str:
        return ", ".join(m.base for m in self._markets)

    def base_of(self, symbol: str) -> str:
        spec = self.get(symbol)
        if spec:
            return spec.base
        return symbol.removesuffix("USDT") if symbol.endswith("USDT") else symbol

    def iter_specs(self, symbols: Iterable[str]) -> list[MarketSpec]:
        return [self._by_symbol[s] for s in symbols if s in self._by_symbol]
