"""orders: protective orders on a holding (stop-loss, take-profit, or both as a pair where one
filling cancels the other), the open orders of an account, and cancelling them.

A protective order sells the whole free holding of the coin when the best bid crosses its
trigger. It is summarized (trigger, quantity, funds locked, distance from the bid now) and waits
for the Confirm button; a trigger on the wrong side of the bid is refused with both numbers. It
is placed once under the client order id(s) kept on the task, however many presses."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from core.clock import Clock
from core.language.picks import sole_value
from core.language.values import refusal_in, refusal_message
from core.market import MarketError
from core.reply import Block, DetailsBlock, NoticeBlock, Reply, Status
from core.secrets import SecretBox
from core.skills.orders.intents import DESCRIBED, ORDER_TYPE
from core.skills.orders.why import why_not_filled
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Confirm, Done, SlotSpec
from core.tasks.audit import AuditLog
from core.tasks.flow import Choice, Parsed, TaskFlow
from core.tasks.refs import Target
from core.trading.model import QUOTE_ASSET, Order, OrderIntent, OrderStatus, Rejection, Resting
from core.trading.orders import RestingOrders, RestingPlan
from core.trading.ports import ExchangeError
from core.trading.service import kind_of
from core.turn import Turn
from core.workspace.account_choice import ACCOUNT_REF, AccountChoice, AccountDeps
from core.workspace.accounts import ExchangeAccount
from core.workspace.order_expiry import EXPIRY, fixed_expiry, out_of_range, parse_expiry, unread
from core.workspace.order_refusals import new_client_order_id, why
from core.workspace.order_talk import SKILL, order_block, plain, refusal_text, summary, watch, watch_account

# A protective order's kind asked cancelled (intents.ORDER_TYPE): the order types it is.
_OF_KIND: dict[str, tuple[str, ...]] = {
    "stop_loss": ("stop_loss", "stop_limit"),
    "take_profit": ("take_profit",),
}
ORDER_IDS = "order_ids"  # the task slot holding the client order id(s): one, or the pair's two
STOP_LIMIT = "stop_limit"  # a stop-loss's limit: "stop at 80000 limit 79800"
PRICES = ("take_profit", "stop_loss", STOP_LIMIT)
MAX_COIN_BUTTONS = 8
MAX_ORDER_BUTTONS = 8
# An order to cancel told by what it is ("cancel my 2.8k eth bid"): the slots that tell it, and the
# mark of the one order they fit, picked for the person (confirmed before it is cancelled).
TOLD_BY = ("symbol", "side", DESCRIBED)
MATCHED = "matched"


class OrdersSkill(TaskFlow):
    name = SKILL
    private = True
    ref_kind = ACCOUNT_REF

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        deps: AccountDeps,
        secrets_box: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets_box, audit, clock)
        self.account_choice = AccountChoice(deps.accounts)
        self.accounts = deps.accounts
        self.trading = deps.trading
        self.resting = RestingOrders(deps.trading)
        self.catalog = deps.catalog
        self.jobs = deps.jobs

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

    # -- the task ----------------------------------------------------------------------------

    def slots(self, task: Task) -> tuple[SlotSpec, ...]:
        if task.action == "protect":
            return (
                SlotSpec("symbol", "choice", infer=("message",)),
                SlotSpec("take_profit", "value", required=False, infer=("message",)),
                SlotSpec("stop_loss", "value", required=False, infer=("message",)),
                SlotSpec(STOP_LIMIT, "value", required=False, infer=("message",)),
                SlotSpec(EXPIRY, "value", required=False, infer=("message",)),
            )
        if task.action == "cancel":
            return (
                # Told by what it is, not its number: the one that fits, else asked which.
                SlotSpec("order_no", "choice", required=_told(task), infer=("message",)),
                SlotSpec("symbol", "value", required=False, infer=("message",)),
                SlotSpec(ORDER_TYPE, "value", required=False, infer=("message",)),
                SlotSpec("side", "value", required=False, infer=("message",)),
                SlotSpec(DESCRIBED, "value", required=False, infer=("message",)),
                SlotSpec(MATCHED, "value", required=False),
            )
        if task.action == "why_resting":
            return (SlotSpec("symbol", "choice", required=False, infer=("message",)),)
        return ()

    def describe(self, turn: Turn, task: Task) -> str:
        return turn.t(f"orders.describe.{task.action}")

    # -- an order to cancel told by what it is ------------------------------------------------

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        """The one open order that fits what the person told of it, marked matched (confirmed)."""
        if spec.name != "order_no" or not _told(task):
            return await super().infer(turn, task, spec)
        _, orders = await self._listed(turn, task)
        fitting = _fitting(task, orders)
        if len(fitting) != 1:
            return None  # none or several: asked which (ask)
        task.slots[MATCHED] = "1"
        return fitting[0].id

    async def ask(
        self, turn: Turn, task: Task, spec: SlotSpec, notes: Sequence[Block], *, carried_secret: bool = False
    ) -> Reply:
        """Which order to cancel, with a button for each that fits what was told (or, where none
        does, each open order); none open at all is said, nothing asked."""
        if spec.name != "order_no" or task.action != "cancel":
            return await super().ask(turn, task, spec, notes, carried_secret=carried_secret)
        account, orders = await self._listed(turn, task)
        if not orders:
            said = turn.t("orders.cancel.nothing", account=account.name)
            return self._fail(turn, task, said, "nothing_to_cancel", notes)
        fitting = _fitting(task, orders)
        self.transition(turn, task, TaskStatus.COLLECTING)
        task.asking = spec.name
        shown = (fitting or orders)[:MAX_ORDER_BUTTONS]
        options = [Choice(o.id, self._label(turn, o)) for o in shown]
        buttons = await self._choice_buttons(turn, task, spec.name, options)
        key = "orders.cancel.which_fits" if fitting else "orders.cancel.none_fits"
        question = turn.t(key, account=account.name, count=len(fitting))
        blocks = (*notes, NoticeBlock(question, code="ask_order_no"))
        return self.private_reply(turn, task, Status.NEEDS_INPUT, blocks, buttons=buttons)

    async def _listed(self, turn: Turn, task: Task) -> tuple[ExchangeAccount, list[Order]]:
        """The account's open orders, listed once a turn for this task: infer, then ask when
        several fit (a live account's list is an exchange call; the cancel itself lists again)."""
        account = await self.account(turn, task)
        key = ("orders.open", task.id, account.id)
        orders: list[Order] | None = turn.reads.get(key)
        if orders is None:
            orders = turn.reads[key] = await self.resting.open_orders(account)
        return account, orders

    def _label(self, turn: Turn, order: Order) -> str:
        """ "#12 Limit Buy 0.5 ETH @ 2800": an open order as its button and confirmation name it."""
        price = order.limit_price or order.trigger_price
        at = f" @ {plain(price)}" if price is not None else ""
        kind, side = turn.t(f"orders.type.{order.order_type}"), turn.t(f"orders.side_word.{order.side}")
        return f"#{order.id} {kind} {side} {plain(order.quantity)} {self.catalog.base_of(order.symbol)}{at}"

    async def confirmed_cancel(self, turn: Turn, task: Task) -> bool:
        """Every open order, or one picked for the person by what they told of it: confirmed."""
        return MATCHED in task.slots or await self.is_all(turn, task)

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        if spec.name in PRICES:  # "at what price?": asked after one refused ("10% under my entry")
            return turn.t("orders.ask_price")
        return turn.t("orders.ask_expiry" if spec.name == EXPIRY else "orders.ask_symbol")

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        if spec.name != "symbol":
            return []
        held: list[Choice] = []
        if (task.target_ref or {}).get("id"):
            try:
                balances = await self.trading.raw_balances(await self.account(turn, task))
            except (ExchangeError, LookupError):
                balances = []
            coins = [b for b in balances if b.asset != QUOTE_ASSET and b.free > 0]
            coins.sort(key=lambda b: b.free, reverse=True)
            held = [Choice(f"{b.asset}{QUOTE_ASSET}", b.asset) for b in coins[:MAX_COIN_BUTTONS]]
        return held or [Choice(m.symbol, m.base) for m in self.catalog.tradable(MAX_COIN_BUTTONS)]

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name == "symbol":
            symbol = text if self.catalog.is_supported(text) else self.catalog.resolve(text)
            return Parsed(symbol) if symbol and self.catalog.is_supported(symbol) else Parsed()
        if spec.name == EXPIRY:
            return parse_expiry(text)
        if spec.name in PRICES:  # a price in USDT, exactly, or refused quoting it; never a coin's name
            if (refused := refusal_in(text)) is not None:
                return Parsed.refused(*refused)
            price = sole_value(text, ("number", "price", "amount"))
            if price is None or price.refused or (price.kind == "amount" and price.unit != "quote"):
                return Parsed.refused(price.reason or "separators", price.typed) if price else Parsed()
            return Parsed(price.slot)
        return Parsed(text.strip()) if text.strip() else Parsed()

    # -- protective orders -------------------------------------------------------------------

    def _specs(self, turn: Turn, task: Task) -> tuple[Resting, ...]:
        group = str(task.slots.setdefault("group", secrets.token_hex(6)))
        given = [(name, task.slots[name]) for name in PRICES[:2] if task.slots.get(name)]
        limit = task.slots.get(STOP_LIMIT)
        expires = fixed_expiry(task.slots, self.clock.now())
        return tuple(
            Resting(
                "stop_limit" if name == "stop_loss" and limit else name,  # type: ignore[arg-type]
                limit_price=Decimal(str(limit)) if name == "stop_loss" and limit else None,
                trigger_price=Decimal(str(price)),
                expires_at=expires,
                group_id=group if len(given) == 2 else None,
                locale=turn.locale,
            )
            for name, price in given
        )

    async def planned(self, turn: Turn, task: Task) -> tuple[ExchangeAccount, RestingPlan]:
        account = await self.account(turn, task)
        symbol = str(task.slots["symbol"])
        intent = OrderIntent("sell", symbol, self.catalog.base_of(symbol), Decimal(1), "all")
        return account, await self.resting.plan(account, intent, self._specs(turn, task))

    def _bad_expiry(self, turn: Turn, task: Task) -> Reply | None:
        """An expiry refused by the grammar, outside 1 minute..90 days, or not read: said, nothing
        rests (never taken as good till cancelled)."""
        said = task.slots.get(EXPIRY)
        if (refused := refusal_in(said)) is not None:
            return self._said(turn, task, refusal_message(turn.locale, *refused), "value_refused")
        if (typed := out_of_range(said)) is not None:
            return self._said(turn, task, turn.t("orders.expiry_range", typed=typed), "expiry_range")
        if (typed := unread(said)) is not None:  # "until friday": never GTC
            return self._said(turn, task, turn.t("orders.expiry_unread", typed=typed), "expiry_unread")
        return None

    async def refuse(self, turn: Turn, task: Task) -> Reply | None:
        if task.action != "protect":
            return None
        for name in PRICES:
            refused = refusal_in(task.slots.get(name))
            if refused is not None:
                return self._said(turn, task, refusal_message(turn.locale, *refused), "value_refused")
        if (bad := self._bad_expiry(turn, task)) is not None:
            return bad
        if not any(task.slots.get(name) for name in PRICES[:2]):
            return self._said(turn, task, turn.t("orders.cancel.which"), "no_price")
        try:
            account, plan = await self.planned(turn, task)
        except MarketError:
            return self._said(
                turn, task, turn.t("trade.market_down", base=self._base(task)), "market_unavailable"
            )
        if plan.quantity <= 0:
            text = turn.t("orders.nothing_held", account=account.name, base=plan.intent.base)
            return self._said(turn, task, text, "nothing_held")
        if plan.rejection is not None:
            cids = self._cids(task, len(plan.specs))
            await self.resting.place(account, plan, cids, self.audit_entry(turn, task))
            text = refusal_text(turn, plan.rejection) or why(turn, plan.rejection)
            return self._said(turn, task, text, plan.rejection.code)
        return None

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        if task.action == "cancel":  # "cancel all": the orders it would cancel
            account, targets = await self._targets_to_cancel(turn, task)
            listed = tuple(
                (f"#{o.id}", f"{turn.t(f'orders.type.{o.order_type}')} {plain(o.quantity)} {o.symbol}")
                for o in targets
            )
            coin = task.slots.get("symbol")
            if targets and not await self.is_all(turn, task):  # the one order picked by what was told of it
                label = self._label(turn, targets[0])
                text = turn.t("orders.cancel.confirm_one", account=account.name, label=label)
                return text, DetailsBlock(turn.t("orders.summary.title"), listed)
            text = (
                turn.t(
                    "orders.cancel.confirm_coin",
                    account=account.name,
                    count=len(targets),
                    base=self._base(task),
                )
                if coin
                else turn.t("orders.cancel.confirm_all", account=account.name, count=len(targets))
            )
            return text, DetailsBlock(turn.t("orders.summary.title"), listed)
        account, plan = await self.planned(turn, task)
        self._cids(task, len(plan.specs))
        return summary(turn, account, plan)

    async def place(self, turn: Turn, task: Task) -> Done:
        account, plan = await self.planned(turn, task)
        cids = self._cids(task, len(plan.specs))
        orders = await self.resting.place(account, plan, cids, self.audit_entry(turn, task))
        return await self._placed(turn, task, orders)

    async def _placed(self, turn: Turn, task: Task, orders: list[Order]) -> Done:
        blocks: list[Block] = []
        first = orders[0]
        if first.status is OrderStatus.REJECTED:
            text = why(turn, _rejection(first))
            blocks = [NoticeBlock(text, "error", "order_rejected"), *(order_block(o) for o in orders)]
            return Done(self.private_reply(turn, task, Status.FAILED, blocks), ok=False)
        await watch(self.jobs, first)
        what = " + ".join(turn.t(f"orders.type.{o.order_type}") for o in orders)
        text = turn.t(
            "orders.placed" if first.kind == "paper" else "orders.placed_live",
            no=", #".join(o.id for o in orders),
            what=what,
            side=turn.t("orders.side_word.sell"),
            quantity=plain(first.quantity),
            base=self.catalog.base_of(first.symbol),
        )
        blocks = [NoticeBlock(text, "info", "order_open"), *(order_block(o) for o in orders)]
        return Done(
            self.private_reply(turn, task, Status.COMPLETED, blocks),
            detail={"orders": ",".join(o.client_order_id for o in orders)},
        )

    def _cids(self, task: Task, count: int) -> tuple[str, ...]:
        ids = [i for i in str(task.slots.get(ORDER_IDS, "")).split(",") if i]
        while len(ids) < count:
            ids.append(new_client_order_id())
        task.slots[ORDER_IDS] = ",".join(ids)
        return tuple(ids[:count])

    # -- open orders and cancelling ----------------------------------------------------------

    async def open_orders(self, turn: Turn, task: Task) -> Done:
        account = await self.account(turn, task)
        await self.keep_checked(account)
        orders = await self.resting.open_orders(account)
        if not orders:
            notice = NoticeBlock(turn.t("orders.open.none", account=account.name), "info", "no_open_orders")
            return Done(self.private_reply(turn, task, Status.COMPLETED, (notice,)))
        title = NoticeBlock(
            turn.t("orders.open.title", account=account.name, count=len(orders)), "info", "open_orders"
        )
        blocks: list[Block] = [title, *(order_block(o) for o in orders)]
        return Done(self.private_reply(turn, task, Status.COMPLETED, blocks))

    async def keep_checked(self, account: ExchangeAccount) -> None:
        """A live account with orders deskmate rests there (its check ended, or they were placed
        before the write-back existed): its live check started if none is scheduled."""
        if kind_of(account) == "live" and await self.resting.tracked(account):
            await watch_account(self.jobs, account.owner, account.id)

    async def _targets_to_cancel(self, turn: Turn, task: Task) -> tuple[ExchangeAccount, list[Order]]:
        account = await self.account(turn, task)
        orders = await self.resting.open_orders(account)
        wanted = str(task.slots.get("order_no", "")).lstrip("#")
        coin = task.slots.get("symbol")  # a coin named: its orders only ("cancel my sol orders")
        orders = [o for o in orders if not coin or o.symbol == coin]
        kind = task.slots.get(ORDER_TYPE)  # "cancel my stop loss on eth": its stops only, no limit
        orders = [o for o in orders if not kind or o.order_type in _OF_KIND.get(str(kind), ())]
        if wanted == "all":
            return account, orders
        return account, [o for o in orders if o.id == wanted]

    async def is_all(self, turn: Turn, task: Task) -> bool:
        return str(task.slots.get("order_no", "")) == "all"

    async def cancel(self, turn: Turn, task: Task) -> Done:
        wanted = str(task.slots.get("order_no", "")).lstrip("#")
        if not wanted:
            return Done(self._said(turn, task, turn.t("orders.cancel.which"), "which_order"), ok=False)
        account, targets = await self._targets_to_cancel(turn, task)
        if not targets:
            key = "orders.cancel.nothing" if wanted == "all" else "orders.cancel.none"
            if wanted == "all" and task.slots.get("symbol"):
                key = "orders.cancel.nothing_coin"
            said = turn.t(key, account=account.name, no=wanted, base=self._base(task))
            return Done(
                self._said(turn, task, said, "nothing_to_cancel"),
                ok=False,
            )
        cancelled: list[Order] = []
        audit = self.audit_entry(turn, task)
        for order in targets:
            if any(o.client_order_id == order.client_order_id for o in cancelled):
                continue  # cancelled with its pair
            cancelled += await self.resting.cancel(account, order, audit)
        notice = NoticeBlock(turn.t("orders.cancelled", count=len(cancelled)), "info", "orders_cancelled")
        blocks: list[Block] = [notice, *(order_block(o) for o in cancelled)]
        return Done(self.private_reply(turn, task, Status.COMPLETED, blocks))

    async def why_resting(self, turn: Turn, task: Task) -> Done:
        """ "Why hasn't my limit order filled?": the book side, the price now, the distance, expiry."""
        account = await self.account(turn, task)
        try:
            waiting = await self.resting.open_orders(account)
        except ExchangeError as exc:
            text = turn.t("trade.exchange_down", code=exc.code, message=exc.message)
            return Done(self._said(turn, task, text, "exchange_unavailable"), ok=False)
        recent = await self.trading.orders.recent_orders(account.id, 20)
        symbol = task.slots.get("symbol")
        lines = await why_not_filled(turn, self.trading, waiting, recent, str(symbol) if symbol else None)
        notice = NoticeBlock("\n".join(lines), "info", "why_resting")
        return Done(self.private_reply(turn, task, Status.COMPLETED, (notice,)))

    # -- helpers -----------------------------------------------------------------------------

    def _base(self, task: Task) -> str:
        symbol = task.slots.get("symbol")
        return self.catalog.base_of(str(symbol)) if symbol else ""

    def _said(self, turn: Turn, task: Task, text: str, code: str) -> Reply:
        return self.private_reply(turn, task, Status.FAILED, (NoticeBlock(text, "error", code),))


def _told(task: Task) -> bool:
    """An order to cancel told by what it is (its coin, side or figures), not by its number."""
    order_no = str(task.slots.get("order_no", ""))
    return (
        order_no != "all"
        and (not order_no or MATCHED in task.slots)
        and any(task.slots.get(k) for k in TOLD_BY)
    )


def _fitting(task: Task, orders: Sequence[Order]) -> list[Order]:
    """The open orders that fit what was told: the coin, the side, and each figure said as the
    order's size, limit or trigger price (exactly: 2800 is 2800.00, never 2799.5)."""
    coin, side = task.slots.get("symbol"), task.slots.get("side")
    figures = [Decimal(f) for f in str(task.slots.get(DESCRIBED) or "").split()]

    def fits(order: Order) -> bool:
        if (coin and order.symbol != coin) or (side and order.side != side):
            return False
        own = {order.quantity, order.limit_price, order.trigger_price}
        return all(figure in own for figure in figures)

    return [o for o in orders if fits(o)]


def _rejection(order: Order) -> Rejection:
    return Rejection(order.error_code or "", order.error_message or "")


ACTIONS: dict[str, ActionSpec[OrdersSkill]] = {
    "protect": ActionSpec(
        run=OrdersSkill.place,
        slots=OrdersSkill.slots,
        target=True,
        confirm=Confirm.ALWAYS,
        check=OrdersSkill.refuse,
    ),
    "open_orders": ActionSpec(run=OrdersSkill.open_orders, target=True, writes=False),
    "why_resting": ActionSpec(
        run=OrdersSkill.why_resting, slots=OrdersSkill.slots, target=True, writes=False
    ),
    "cancel": ActionSpec(
        run=OrdersSkill.cancel,
        slots=OrdersSkill.slots,
        target=True,
        confirm=Confirm.when(
            OrdersSkill.confirmed_cancel, "cancelling every open order, or one picked by what was told of it"
        ),
    ),
}
