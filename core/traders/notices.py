"""What a trader's tick tells its owner, privately: its fills and refused orders, an error, an
automatic stop, a stop that waited for the tick, a grid whose levels were rebuilt, invalid model
answers (at most once an hour). A notice never fails the tick: its decision is recorded first."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Final

from core.i18n import Locale, is_zh, t
from core.jobs import JobContext
from core.markets import MarketCatalog
from core.outbound.destination import Destination
from core.reply import NoticeBlock, Reply, Status
from core.strategies import GridParams, Strategy
from core.traders.errors import error_text, invalid_summary
from core.traders.model import Decision, TickResult, Trader
from core.traders.ports import TraderStore
from core.traders.regrid import Rebuilt

log = logging.getLogger("core.traders.runtime")  # the runtime's notices: logged under its name, as before

AUTO_STOP_AFTER: Final = 3  # consecutive failed ticks before a trader stops itself
# Where a trader's memory keeps when an invalid ai answer was last told; the notice sums up the
# kinds among the last INVALID_LOOKBACK decisions.
INVALID_TOLD: Final = "invalid_told"
INVALID_LOOKBACK: Final = 10


class OwnerNotices:
    """The runtime's notices (core.traders.runtime.TraderRuntime is one)."""

    catalog: MarketCatalog
    traders: TraderStore

    async def _stopped(self, ctx: JobContext, trader: Trader, locale: Locale) -> None:
        """A stop that waited for a tick took effect when it ended."""
        text = t(locale, "trader.note.stopped_after_tick", name=trader.name)
        await self._send(ctx, trader, locale, text, "trader_stopped")

    async def _tell_rebuilt(
        self, ctx: JobContext, trader: Trader, locale: Locale, p: GridParams, rebuilt: Rebuilt
    ) -> None:
        """A grid whose levels changed while it held something: what was carried over and set aside."""
        sep = "、" if is_zh(locale) else ", "
        aside = sep.join(
            f"{x['quantity']} {self.catalog.base_of(x['symbol']) if x['symbol'] else ''}".strip()
            for x in rebuilt.set_aside
        )
        key = "trader.note.regrid_aside" if rebuilt.set_aside else "trader.note.regrid"
        text = t(
            locale, key, name=trader.name, lower=_s(p.lower), upper=_s(p.upper), grids=p.grids,
            carried=rebuilt.carried, aside=aside,
        )  # fmt: skip
        await self._send(ctx, trader, locale, text, "trader_regrid")

    async def _tell(
        self,
        ctx: JobContext,
        trader: Trader,
        locale: Locale,
        strategy: Strategy,
        decision: Decision,
        after: Trader | None,
        result: TickResult,
    ) -> None:
        """A tick's outcome: its fills and refused orders, an error, an automatic stop, invalid
        model answers (at most once an hour)."""
        for o in decision.outcomes:
            base = self.catalog.base_of(o.symbol)
            if o.status == "filled":
                text = t(
                    locale, "trader.note.fill", name=trader.name, side=t(locale, f"trader.side.{o.side}"),
                    quantity=o.quantity, base=base, price=o.price, amount=o.quote_amount,
                    kind=t(locale, f"trader.kind.{strategy.kind}"),
                    reason=decision.reason if strategy.kind == "ai" else "",  # the model's why
                )  # fmt: skip
                await self._send(ctx, trader, locale, text.strip(), "fill")
            elif o.status != "stopped":
                error = error_text(locale, f"{o.error_code or o.status}: {o.error_message or ''}")
                side = t(locale, f"trader.decision.{o.side}")
                await self._send(
                    ctx,
                    trader,
                    locale,
                    t(locale, "trader.note.rejected", name=trader.name, side=side, error=error),
                    "trader_error",
                )
        if result.stop_with_error is not None and after is not None:
            text = t(
                locale,
                "trader.note.auto_stopped",
                name=trader.name,
                count=AUTO_STOP_AFTER,
                error=error_text(locale, result.stop_with_error),
            )
            await self._send(ctx, trader, locale, text, "trader_stopped")
        elif decision.action == "error":
            count = trader.consecutive_errors + 1
            error = error_text(locale, decision.error)
            text = t(locale, "trader.note.error", name=trader.name, count=count, error=error)
            await self._send(ctx, trader, locale, text, "trader_error")
        told = (result.memory or {}).get(INVALID_TOLD)
        if decision.action == "invalid" and told is not None and told != trader.memory.get(INVALID_TOLD):
            # At most once an hour per trader (core.traders.runtime._result keeps the time).
            recent = await self.traders.decisions(trader.id, trader.run or None, INVALID_LOOKBACK)
            reasons = [d.reason for d in recent if d.action == "invalid"] or [decision.reason]
            kinds = invalid_summary(locale, reasons)
            text = t(locale, "trader.note.invalid", name=trader.name, kinds=kinds)
            await self._send(ctx, trader, locale, text, "trader_invalid")

    async def _send(self, ctx: JobContext, trader: Trader, locale: Locale, text: str, kind: str) -> None:
        platform, _, user = trader.owner.partition(":")
        if not platform or not user:
            return
        reply = Reply(Status.COMPLETED, (NoticeBlock(text, "info", kind),), locale, audience="private")
        try:
            await ctx.send(Destination.direct(platform, user), reply, kind=kind)
        except Exception:  # a notice must not fail the tick (the decision is recorded already)
            log.exception("trader %s: could not send a %s notice", trader.id, kind)


def _s(value: Decimal) -> str:
    return format(value.normalize(), "f")
