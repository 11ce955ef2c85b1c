"""A scripted ConversationHandler that answers like the core does, and a tiny real PNG."""

from __future__ import annotations

import asyncio
import struct
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from core.events import ButtonPress, Command, ConversationKey, Inbound, TextMessage
from core.i18n import Locale, parse_locale
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.ports import ActionToken, ClaimOutcome, ProgressSink
from core.reply import (
    Button,
    ChartBlock,
    HistoryBlock,
    HistoryPoint,
    NoticeBlock,
    QuoteBlock,
    Reply,
    Status,
    TextBlock,
)

NOW = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A valid RGB PNG (so the attachment read back can be checked byte for byte)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    rows = b"".join(b"\x00" + b"\x20\x60\xc0" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@dataclass
class ScriptedHandler:
    """Answers /price, /history, /ask, /lang, /help and presses of the buttons it issued.

    Tokens live in a real MemoryStateStore, so owner, single-use and expiry are the store's
    compare-and-set, as in the core. ``delay`` simulates a slow market (virtual seconds).
    """

    catalog: MarketCatalog = field(default_factory=MarketCatalog)
    store: MemoryStateStore = field(default_factory=MemoryStateStore)
    now: datetime = NOW
    delay: float = 0.0
    fail_with: Exception | None = None
    source: str = "binance"
    ask_reply: str | None = None
    events: list[Inbound] = field(default_factory=list)
    _counter: int = 0

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply:
        self.events.append(event)
        if self.fail_with is not None:
            raise self.fail_with
        if self.delay:
            await asyncio.sleep(self.delay)
        locale: Locale = parse_locale(event.locale_hint) or "en"
        if isinstance(event, Command):
            if event.name == "price":
                return await self._price(event, locale)
            if event.name == "history":
                return self._history(event.args, locale)
            if event.name == "lang":
                lang = parse_locale(event.args) or "en"
                text = "好的，之后用中文回复你。" if lang == "zh" else "OK, I'll answer in English."
                return Reply(
                    Status.COMPLETED, (NoticeBlock(text, code="locale_set"),), lang, audience="private"
                )
            if event.name == "help":
                return Reply(Status.COMPLETED, (TextBlock("Try /price btc or /history eth."),), locale)
        if isinstance(event, TextMessage):
            text = self.ask_reply if self.ask_reply is not None else f"You said: {event.text}"
            return Reply(Status.COMPLETED, (TextBlock(text),), locale, audience="private")
        if isinstance(event, ButtonPress):
            return await self._press(event, locale)
        return Reply(
            Status.FAILED, (NoticeBlock("?", level="error", code="unknown"),), locale, important=False
        )

    def _quote(self, symbol: str, price: str) -> QuoteBlock:
        spec = self.catalog.get(symbol)
        assert spec is not None
        return QuoteBlock(symbol, spec.base, spec.quote_asset, Decimal(price), "ask", self.source, self.now)

    async def _price(self, event: Command, locale: Locale) -> Reply:
        symbol = self.catalog.resolve(event.args)
        if symbol is None or not self.catalog.is_supported(symbol):
            text = f"{event.args} is not supported; supported are {self.catalog.supported_bases()}"
            return Reply(
                Status.FAILED, (NoticeBlock(text, level="warning", code="unsupported_symbol"),), locale
            )
        refresh, dismiss = await self._issue(event.key, {"action": "refresh", "symbol": symbol})
        return Reply(
            Status.COMPLETED,
            (self._quote(symbol, "67890.12000000"),),
            locale,
            buttons=(Button("Refresh", refresh, "primary"), Button("Dismiss", dismiss)),
        )

    def _history(self, coin: str, locale: Locale) -> Reply:
        symbol = self.catalog.resolve(coin) or "BTCUSDT"
        spec = self.catalog.get(symbol)
        assert spec is not None
        start = self.now.date() - timedelta(days=7)
        closes = ["61000.5", "62000", None, "63500.25", "64000", "64100.1", "65000"]
        points = tuple(
            HistoryPoint(start + timedelta(days=i), Decimal(c) if c else None) for i, c in enumerate(closes)
        )
        block = HistoryBlock(
            symbol,
            spec.base,
            spec.quote_asset,
            points,
            tuple(p.date for p in points if p.close is None),
            self.source,
            self.now,
        )
        chart = ChartBlock(tiny_png(), symbol, self.source, f"{spec.base} daily closes")
        return Reply(Status.COMPLETED, (block, chart), locale)

    async def _issue(self, key: ConversationKey, payload: dict[str, str]) -> tuple[str, str]:
        self._counter += 1
        group = f"g{self._counter}"
        tokens = [f"t{self._counter}a", f"t{self._counter}b"]
        await self.store.issue_tokens(
            [
                ActionToken(
                    t, group, key, {**payload, "button": str(i)}, self.now, self.now + timedelta(minutes=10)
                )
                for i, t in enumerate(tokens)
            ]
        )
        return tokens[0], tokens[1]

    async def _press(self, event: ButtonPress, locale: Locale) -> Reply:
        claim = await self.store.claim_token(event.token, event.key, self.now)
        notices = {
            ClaimOutcome.NOT_YOURS: ("These buttons are for someone else.", "not_yours"),
            ClaimOutcome.USED: ("That button was already used.", "button_used"),
            ClaimOutcome.EXPIRED: ("That button has expired.", "button_expired"),
            ClaimOutcome.NOT_FOUND: ("That button has expired.", "button_expired"),
        }
        if claim.outcome in notices:
            text, code = notices[claim.outcome]
            return Reply(Status.FAILED, (NoticeBlock(text, level="warning", code=code),), locale)
        assert claim.token is not None
        if claim.token.payload["button"] == "1":
            return Reply(Status.COMPLETED, (NoticeBlock("Dismissed.", code="dismissed"),), locale)
        return Reply(Status.COMPLETED, (self._quote(claim.token.payload["symbol"], "68000.5"),), locale)
