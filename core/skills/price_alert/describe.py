"""How alerts read in replies: their block, their condition in words, and where they go."""

from __future__ import annotations

from decimal import Decimal

from core.formatting import format_price
from core.i18n import Locale, t
from core.markets import MarketCatalog
from core.outbound.destination import Destination
from core.reply import AlertBlock
from core.skills.price_alert.model import Alert, AlertSpec


def plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text if text not in ("-0", "") else "0"


def channel_of(destination: Destination) -> str:
    """The block's ``channel``: "private" for a person, "chat:<id>[/<thread>]" for a chat."""
    if destination.is_direct:
        return "private"
    thread = f"/{destination.thread_id}" if destination.thread_id else ""
    return f"chat:{destination.chat_id}{thread}"


def block_of(alert: Alert, catalog: MarketCatalog) -> AlertBlock:
    spec = alert.spec
    market = catalog.get(spec.symbol)
    return AlertBlock(
        id=alert.id,
        symbol=spec.symbol,
        base=market.base if market else catalog.base_of(spec.symbol),
        quote_asset=market.quote_asset if market else "USDT",
        condition=spec.condition,
        level=spec.level,
        window=spec.window,
        status=alert.status.value,
        channel=channel_of(alert.destination),
        repeat=spec.repeat,
        cooldown_minutes=int(spec.cooldown.total_seconds() // 60) if spec.repeat and spec.cooldown else None,
        source=alert.source,
        name=alert.name,
    )


def condition_text(spec: AlertSpec, locale: Locale, catalog: MarketCatalog) -> str:
    """ "BTC falls below 80,000" / "SOL 24 小时内涨跌超过 5%"."""
    base = catalog.base_of(spec.symbol)
    if spec.condition == "move":
        window = t(locale, f"alert.window.{spec.window or '24h'}")
        return t(locale, "alert.cond.move", base=base, level=plain(spec.level), window=window)
    return t(locale, f"alert.cond.{spec.condition}", base=base, level=format_price(spec.level))


def pair_of(symbol: str, catalog: MarketCatalog) -> str:
    market = catalog.get(symbol)
    return f"{market.base}/{market.quote_asset}" if market else symbol
