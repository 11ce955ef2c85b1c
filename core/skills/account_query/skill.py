"""account_query: balances, positions (average entry, unrealized P&L at the bid), recent trades,
and the most of a coin one market buy can take, for one of the person's accounts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import date, timedelta
from decimal import ROUND_CEILING, Decimal
from typing import Any

from core.clock import Clock
from core.diagnosis.explain import is_outage, refusal
from core.formatting import format_price
from core.market import MarketError
from core.reply import (
    AssetBalance,
    BalanceBlock,
    Block,
    NoticeBlock,
    PositionItem,
    PositionsBlock,
    Reply,
    Status,
    TradeItem,
    TradesBlock,
)
from core.secrets import SecretBox
from core.skills.account_query.rules import EXPORT, SKILL
from core.state import Task
from core.tasks.actions import ActionSpec, Done, SlotSpec
from core.tasks.audit import AuditLog
from core.tasks.flow import Choice, Parsed, TaskFlow
from core.tasks.refs import Target
from core.trading.model import OrderStatus, Rejection, Trade
from core.trading.ports import ExchangeError
from core.trading.risk import percent
from core.trading.service import MaxBuy, kind_of
from core.turn import Turn
from core.workspace.account_choice import ACCOUNT_REF, AccountChoice, AccountDeps
from core.workspace.accounts import ExchangeAccount
from core.workspace.wallets import WALLET, not_separated

TRADES_SHOWN = 10
TRADES_SCANNED = 200  # the recent trades a coin or a day said is looked for among
MAX_COIN_BUTTONS = 8


def plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


class AccountQuerySkill(TaskFlow):
    name = SKILL
    private = True
    ref_kind = ACCOUNT_REF

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        deps: AccountDeps,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.account_choice = AccountChoice(deps.accounts)
        self.accounts = deps.accounts
        self.trading = deps.trading
        self.catalog = deps.catalog

    # -- the account (core.workspace.account_choice) -------------------------------------------

    async def targets(self, owner: str) -> list[Target]:
        return await self.account_choice.targets(owner)

    def kind_label(self, turn: Turn) -> str:
        return self.account_choice.kind_label(turn)

    async def version(self, turn: Turn, task: Task) -> str | None:
        return await self.account_choice.version(turn, task)

    async def account(self, turn: Turn, task: Task) -> ExchangeAccount:
        return await self.account_choice.account(turn, task)

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply:
        first = await self.account_choice.first_use(self, turn, task)  # a newcomer's paper account
        if isinstance(first, Reply):
            return first
        return await super().advance(turn, task, notes=[*notes, *first], carried_secret=carried_secret)

    def describe(self, turn: Turn, task: Task) -> str:
        return turn.t(f"aq.describe.{task.action}")

    def symbol_slot(self, task: Task) -> tuple[SlotSpec, ...]:
        return (SlotSpec("symbol", "choice", infer=("message",)),)

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        return turn.t("aq.ask_symbol")

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        # Coins whose filters are known: an order for them can be checked.
        return [Choice(m.symbol, m.base) for m in self.catalog.tradable(MAX_COIN_BUTTONS)]

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name == EXPORT:
            return Parsed("yes")  # only ever read from the request ("导出…"), never asked
        if spec.name in (WALLET, "day"):
            return Parsed(text)  # read from the request ("合约账户的余额", "昨天"), never asked
        symbol = text if self.catalog.is_supported(text) else self.catalog.resolve(text)
        if symbol is None or not self.catalog.is_supported(symbol):
            coin = symbol.removesuffix("USDT") if symbol else text.strip()[:20]
            return Parsed(
                error="aq.unsupported", params={"coin": coin, "supported": self.catalog.supported_bases()}
            )
        return Parsed(symbol)

    # -- executors (reads: the flow audits them) ---------------------------------------------

    async def balance(self, turn: Turn, task: Task) -> Done:
        async def show(account: ExchangeAccount) -> Block:
            found = await self.trading.balances(account)
            assets = tuple(AssetBalance(b.asset, b.free, b.locked) for b in found.assets)
            return BalanceBlock(account.name, kind_of(account), assets, found.equity, found.unpriced)

        return await self._read(turn, task, show)

    async def positions(self, turn: Turn, task: Task) -> Done:
        async def show(account: ExchangeAccount) -> Block:
            views = await self.trading.positions(account)
            items = tuple(
                PositionItem(v.symbol, v.quantity, v.avg_entry, v.price, v.unrealized_pnl) for v in views
            )
            return PositionsBlock(account.name, kind_of(account), items)

        return await self._read(turn, task, show)

    async def trades(self, turn: Turn, task: Task) -> Done:
        # A coin or a day said ("how much did i buy eth", "i spent 200 on sol yesterday") filters the
        # history: the shown trades are those of the last TRADES_SCANNED that match.
        scanned = TRADES_SCANNED if task.slots.get("symbol") or task.slots.get("day") else TRADES_SHOWN

        async def show(account: ExchangeAccount) -> tuple[Block, ...]:
            found = self._filtered(await self.trading.trades(account, scanned), task)
            items = tuple(
                TradeItem(t.at, t.symbol, t.side, t.quantity, t.price, t.fee, t.fee_asset) for t in found
            )
            history: tuple[Block, ...] = (TradesBlock(account.name, kind_of(account), items),)
            refused = [
                o
                for o in await self.trading.orders.recent_orders(account.id, TRADES_SHOWN)
                if o.status is OrderStatus.REJECTED
            ]
            if refused:  # no fill, but asked for: the history says they were refused, and why
                lines = [
                    turn.t(
                        "aq.refused_line",
                        time=o.created_at.strftime("%Y-%m-%d %H:%M"),
                        side=turn.t(f"aq.side.{o.side}"),
                        quantity=plain(o.quantity),
                        base=self.catalog.base_of(o.symbol),
                        code=o.error_code or "",
                        message=o.error_message or "",
                    )
                    for o in refused
                ]
                text = "\n".join([turn.t("aq.refused_orders"), *lines])
                history = (*history, NoticeBlock(text, "info", "refused_orders"))
            return history

        return await self._read(turn, task, show)

    async def max_buy(self, turn: Turn, task: Task) -> Done:
        symbol = str(task.slots["symbol"])

        async def show(account: ExchangeAccount) -> Block:
            found = await self.trading.max_buy(account, symbol)
            if isinstance(found, Rejection):
                coin = self.catalog.base_of(symbol)
                text = turn.t("aq.unsupported", coin=coin, supported=self.catalog.supported_bases())
                return NoticeBlock(text, "error", "unsupported_symbol")
            return self._max_buy_notice(turn, account, found)

        return await self._read(turn, task, show)

    def _max_buy_notice(self, turn: Turn, account: ExchangeAccount, found: MaxBuy) -> NoticeBlock:
        base = self.catalog.base_of(found.symbol)
        text = turn.t(
            "aq.max_buy",
            account=account.name,
            quantity=plain(found.quantity),
            base=base,
            free=format_price(found.free_quote),
            price=format_price(found.price),
            fee=percent(found.fee_rate),
            step=plain(found.step),
        )
        if found.capped:
            text += turn.t("aq.max_buy_capped", by_balance=plain(found.by_balance), base=base)
        if found.least > 0:  # "is 5u enough": the pair's minimum, as one buy must meet it now
            key = "aq.max_buy_least" if found.quantity >= found.least else "aq.max_buy_below_least"
            cost = format_price(_cents_up(found.least_cost))
            text += "\n" + turn.t(key, least=plain(found.least), base=base, cost=cost)
        return NoticeBlock(text, "info", "max_buy")

    async def _read(
        self,
        turn: Turn,
        task: Task,
        show: Callable[[ExchangeAccount], Awaitable[Block | tuple[Block, ...]]],
    ) -> Done:
        account = await self.account(turn, task)
        try:
            shown = await show(account)
        except MarketError:
            return self._failed(
                turn, task, NoticeBlock(turn.t("aq.market_down"), "error", "market_unavailable")
            )
        except ExchangeError as exc:
            if is_outage(exc):
                text = turn.t("aq.exchange_down", code=exc.code, message=exc.message)
            else:  # a refusal (a key, a permission): its precise cause, never "unreachable"
                _, why = refusal(turn.locale, account.exchange, exc)
                text = turn.t("aq.exchange_refused", code=exc.code, message=exc.message, why=why)
            notice = NoticeBlock(text, "error", exc.code)
            return self._failed(turn, task, notice)
        blocks: tuple[Block, ...] = shown if isinstance(shown, tuple) else (shown,)
        failed = isinstance(blocks[0], NoticeBlock) and blocks[0].level == "error"
        status = Status.FAILED if failed else Status.COMPLETED
        if task.slots.get(EXPORT):
            # Asked for a file: say plainly there is none, above what can be shown here.
            count = TRADES_SHOWN if task.action == "trades" else None
            text = turn.t("aq.no_export_trades", count=count) if count else turn.t("aq.no_export")
            blocks = (NoticeBlock(text, "info", "export_unavailable"), *blocks)
        blocks = (*not_separated(turn, task.slots.get(WALLET)), *blocks)  # "合约账户的余额": spot's, said
        return Done(self.private_reply(turn, task, status, blocks), target=None, ok=not failed)

    def _filtered(self, trades: Sequence[Trade], task: Task) -> list[Trade]:
        symbol, day = task.slots.get("symbol"), task.slots.get("day")
        days = _days(str(day), self.clock.now().date())
        found = [
            t
            for t in trades
            if (not symbol or t.symbol == symbol) and (days is None or days[0] <= t.at.date() <= days[1])
        ]
        return found[:TRADES_SHOWN]

    def _failed(self, turn: Turn, task: Task, notice: NoticeBlock) -> Done:
        reply: Reply = self.private_reply(turn, task, Status.FAILED, (notice,))
        return Done(reply, ok=False)


def _days(day: str, today: date) -> tuple[date, date] | None:
    """The first and last day of the day slot ("today", "yesterday", "last_week": Monday to Sunday
    of the week before this one); None: no day said."""
    if day == "last_week":
        monday = today - timedelta(days=today.weekday())
        return monday - timedelta(days=7), monday - timedelta(days=1)
    on = {"today": today, "yesterday": today - timedelta(days=1)}.get(day)
    return None if on is None else (on, on)


# Set only by the request itself ("导出我的交易记录", "合约账户的余额"): the answer then says no file
# is made, or that the wallet asked about is not separated.
_FROM_REQUEST = tuple(SlotSpec(name, "text", required=False, infer=("message",)) for name in (EXPORT, WALLET))
# The trades' filters, read from the request only ("how much did i buy eth": ETH's).
_TRADES = (
    *_FROM_REQUEST,
    *(SlotSpec(name, "text", required=False, infer=("message",)) for name in ("symbol", "day")),
)


def _read_action(run: object, slots: object = _FROM_REQUEST) -> ActionSpec[AccountQuerySkill]:
    return ActionSpec(run=run, slots=slots, target=True, writes=False)  # type: ignore[arg-type]


ACTIONS: dict[str, ActionSpec[AccountQuerySkill]] = {
    "balance": _read_action(AccountQuerySkill.balance),
    "positions": _read_action(AccountQuerySkill.positions),
    "trades": _read_action(AccountQuerySkill.trades, _TRADES),
    "max_buy": _read_action(AccountQuerySkill.max_buy, AccountQuerySkill.symbol_slot),
}


def _cents_up(amount: Decimal) -> Decimal:
    """An "about" cost in whole cents, up: 5.36584028 USDT shows as 5.37 (never less than it costs)."""
    return amount.quantize(Decimal("0.01"), rounding=ROUND_CEILING)
