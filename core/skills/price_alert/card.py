"""The card a fired alert is delivered as: what fired, the quote that fired it (its time and
source; demo prices labelled demo), the alert's state, and buttons to re-arm or delete it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from core.events import ConversationKey
from core.formatting import format_price
from core.i18n import t
from core.markets import MarketCatalog
from core.reply import Block, Button, NoticeBlock, QuoteBlock, Reply, RouteInfo, Status
from core.skills.price_alert.describe import block_of, plain
from core.skills.price_alert.intents import SKILL
from core.skills.price_alert.model import Alert, Trigger, move_percent
from core.tasks import tokens
from core.tasks.tokens import TokenStore

CARD_BUTTON_TTL = timedelta(days=7)


async def alert_card(
    alert: Alert, trigger: Trigger, catalog: MarketCatalog, token_store: TokenStore | None
) -> Reply:
    locale = alert.locale
    spec = alert.spec
    market = catalog.get(spec.symbol)
    base = market.base if market else catalog.base_of(spec.symbol)
    price = format_price(trigger.price)
    if spec.condition == "move" and trigger.reference is not None:
        change = move_percent(trigger.price, trigger.reference)
        headline = t(
            locale,
            "alert.fired.move",
            base=base,
            window=t(locale, f"alert.window.{spec.window or '24h'}"),
            direction=t(locale, "alert.dir.up" if change >= 0 else "alert.dir.down"),
            change=plain(abs(change).quantize(Decimal("0.01"))),
            reference=format_price(trigger.reference),
            price=price,
        )
    else:
        headline = t(
            locale, f"alert.fired.{spec.condition}", base=base, level=format_price(spec.level), price=price
        )
    quote = QuoteBlock(
        symbol=spec.symbol,
        base=base,
        quote_asset=market.quote_asset if market else "USDT",
        price=trigger.price,
        price_type="ask",
        source=trigger.source,
        fetched_at=trigger.quoted_at,
    )
    minutes = int(spec.cooldown.total_seconds() // 60) if spec.cooldown else 0
    after = t(locale, "alert.fired.repeat", minutes=minutes) if spec.repeat else t(locale, "alert.fired.once")
    blocks: list[Block] = [
        NoticeBlock(headline, code="alert_fired"),
        quote,
        block_of(alert, catalog),
        NoticeBlock(after, code="alert_after"),
    ]
    buttons: tuple[Button, ...] = ()
    if token_store is not None:
        options = [(t(locale, "alert.button.delete"), {"kind": f"{SKILL}.delete", "alert_id": alert.id})]
        styles: list[tokens.ButtonStyle] = ["danger"]
        if not spec.repeat:
            options.insert(
                0, (t(locale, "alert.button.rearm"), {"kind": f"{SKILL}.rearm", "alert_id": alert.id})
            )
            styles.insert(0, "primary")
        # Bound to the conversation the alert was set from: its person (in that chat) presses them.
        buttons = await tokens.issue(
            token_store,
            ConversationKey.from_str(alert.created_in),
            trigger.fired_at,
            options,
            ttl=CARD_BUTTON_TTL,
            styles=styles,
        )
    return Reply(
        Status.COMPLETED,
        tuple(blocks),
        locale,
        buttons=buttons,
        route=RouteInfo(SKILL, "fired", {"alert_id": alert.id, "symbol": spec.symbol}),
    )
