"""trade_execution: market orders by conversation, on paper or live accounts.

Every order shows a summary (side, symbol, quantity, amount, current price, estimated fee,
account, paper or live) and waits for the confirm button; one of 25 % or more of the account's
equity asks a second time (ActionSpec.confirm_twice). A price that moved beyond the account's
tolerance between the summary and the press shows a fresh summary instead of filling. The order
runs through core.trading.TradingService under a client order id kept on the task, so however
many presses, processes or crashes, it executes once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from core.clock import Clock
from core.coin_index import CoinIndex
from core.diagnosis.explain import is_outage, refusal
from core.formatting import format_price
from core.i18n import localized
from core.language.picks import sole_value
from core.language.values import fold, refusal_in
from core.market import MarketError
from core.markets import DEMO_RULES_NOTE
from core.reply import Block, DetailsBlock, NoticeBlock, OrderBlock, Reply, Status
from core.secrets import SecretBox
from core.skills.trade_execution import limit
from core.skills.trade_execution.intents import SKILL
from core.state import Task, TaskStatus
from core.tasks import tokens
from core.tasks.actions import ActionSpec, Confirm, Done, SlotSpec
from core.tasks.audit import AuditLog
from core.tasks.errors import NotFound
from core.tasks.flow import Choice, Parsed, TaskFlow
from core.tasks.refs import Target
from core.trading import risk
from core.trading.filters import FILTER_FAILURE
from core.trading.model import QUOTE_ASSET, Order, OrderIntent, OrderPlan, OrderStatus, Rejection
from core.trading.orders import RestingOrders
from core.trading.ports import ExchangeError
from core.trading.risk import RiskLimits
from core.trading.service import Placed, kind_of
from core.turn import Turn
from core.workspace.account_choice import ACCOUNT_REF, AccountChoice, AccountDeps, account_version
from core.workspace.accounts import ExchangeAccount
from core.workspace.order_expiry import EXPIRY, parse_expiry
from core.workspace.order_refusals import new_client_order_id, why
from core.workspace.order_talk import order_block as talk_order_block
from core.workspace.order_talk import part_row
from core.workspace.trade_shares import amount_parts, parse_amount_answer, share_answered
from core.workspace.wallets import SPOT, WALLET, spot_only

LIMIT = "limit"  # a limit order's route (core.workspace.trade_reading): placed resting (limit.py)
LIMIT_PRICE = "limit_price"
ORDER_ID = "order_id"  # the task slot holding the client order id (the idempotency key)
PRICE = "price"  # the task slot holding the price the summary showed
MAX_COIN_BUTTONS = 8


def plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


class TradeSkill(TaskFlow):
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
        self.orders = deps.orders
        self.resting = RestingOrders(deps.trading)
        self.jobs = deps.jobs  # starts the order check of a symbol a limit order rests on
        self.catalog = deps.catalog
        self._coins = CoinIndex(deps.catalog)  # the order's coin in an amount answer ("0.01 BTC")
        # The coins a sale's account holds, read once while its coin is asked (ask -> choices):
        # by task id, only for the duration of that one ask (a conversation runs one turn at once).
        self._asking_held: dict[str, list[Choice]] = {}

    # -- the account (core.workspace.account_choice) -------------------------------------------

    async def targets(self, owner: str) -> list[Target]:
        return await self.account_choice.targets(owner)

    def kind_label(self, turn: Turn) -> str:
        return self.account_choice.kind_label(turn)

    async def version(self, turn: Turn, task: Task) -> str | None:
        if not (task.target_ref or {}).get("id"):
            return None
        try:  # the account the check and the order read too, this turn
            return account_version(await self.account(turn, task))
        except NotFound:
            return None

    async def account(self, turn: Turn, task: Task) -> ExchangeAccount:
        """The task's account, read once a turn (a confirm's check, its second-confirmation
        test and its order ask for it within microseconds of each other)."""
        key = ("trade.account", (task.target_ref or {}).get("id"))
        found: ExchangeAccount | None = turn.reads.get(key)
        if found is None:
            found = turn.reads[key] = await self.account_choice.account(turn, task)
        return found

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply:
        first = await self.account_choice.first_use(self, turn, task)  # a newcomer's paper account
        if isinstance(first, Reply):
            return first
        return await super().advance(turn, task, notes=[*notes, *first], carried_secret=carried_secret)

    async def start(self, turn: Turn, task: Task) -> Reply:
        wallet = task.slots.pop(WALLET, None)
        if isinstance(wallet, str) and wallet != SPOT:  # "用合约账户买": never a spot order in its place
            return self._fail(turn, task, spot_only(turn, wallet), "spot_only", ())
        return await super().start(turn, task)

    # -- the task ----------------------------------------------------------------------------

    def slots(self, task: Task) -> tuple[SlotSpec, ...]:
        if task.action == LIMIT:
            return (
                SlotSpec("side", "choice", infer=("message",)),
                SlotSpec("symbol", "choice", infer=("message",)),
                SlotSpec("amount", "value", infer=("message",)),
                SlotSpec(LIMIT_PRICE, "value", infer=("message",)),
                SlotSpec(EXPIRY, "value", required=False, infer=("message",)),  # "for 24 hours"
            )
        return (
            SlotSpec("symbol", "choice", infer=("message",)),
            # a value: "100U" answers it even when it ends in "?" or another rule reads it
            SlotSpec("amount", "value", infer=("message",)),
        )

    def intent(self, task: Task) -> OrderIntent:
        symbol = str(task.slots["symbol"])
        unit, value, per = amount_parts(str(task.slots["amount"]))
        return OrderIntent(task.action, symbol, self.catalog.base_of(symbol), value, unit, per)  # type: ignore[arg-type]

    def _without_coin(self, task: Task, text: str) -> str:
        """The answer without the order's own coin ("0.01 BTC", "0.5个比特币" for a BTC order): what
        is left must be the amount alone. Another coin stays, so "0.01 ETH" is no BTC amount. The
        rest stays as typed, so a refusal quotes it exactly."""
        norm, where = fold(text)
        symbol = task.slots.get("symbol")
        for mention in sorted(self._coins.find(norm), key=lambda m: m.start, reverse=True):
            if mention.symbol == symbol:
                text = f"{text[: where[mention.start]]} {text[where[mention.end - 1] + 1 :]}"
        return text

    def base(self, task: Task) -> str:
        symbol = task.slots.get("symbol")
        return self.catalog.base_of(str(symbol)) if symbol else ""

    def describe(self, turn: Turn, task: Task) -> str:
        if task.action == LIMIT and not task.slots.get("side"):
            return turn.t("trade.describe_limit", base=self.base(task)).strip()
        side = str(task.slots.get("side", "buy")) if task.action == LIMIT else task.action
        return turn.t("trade.describe", side=turn.t(f"trade.side.{side}"), base=self.base(task) or "")

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        side = str(task.slots.get("side", "buy")) if task.action == LIMIT else task.action
        if spec.name == "side":
            return turn.t("trade.ask_side")
        if spec.name == LIMIT_PRICE:
            return turn.t("trade.ask_limit_price", base=self.base(task))
        if spec.name == EXPIRY:
            return turn.t("orders.ask_expiry")
        if spec.name == "symbol":
            return turn.t(f"trade.ask_symbol.{side}")
        return turn.t(f"trade.ask_amount.{side}", base=self.base(task))

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        if spec.name == "side":
            return [Choice(side, turn.t(f"trade.side.{side}")) for side in ("buy", "sell")]
        if spec.name == LIMIT_PRICE:
            return []
        if spec.name == EXPIRY:
            return [
                Choice("86400", "24h"),
                Choice("today", turn.t("orders.expiry.today")),
                Choice("gtc", "GTC"),
            ]
        if spec.name == "symbol":
            if task.action == "sell":
                held = self._asking_held.get(task.id)
                if held is None:
                    read = await self._held(turn, task)
                    held = read[1] if read else []
                if held:  # "清仓" / "sell everything": the coins this account holds
                    return held
            # Coins whose filters are known: an order for them can be checked.
            return [Choice(m.symbol, m.base) for m in self.catalog.tradable(MAX_COIN_BUTTONS)]
        if task.action == "buy":
            return [Choice(f"quote:{n}", f"{n} USDT") for n in (50, 100, 500)]
        return [
            Choice("fraction:0.5", turn.t("trade.amount.half")),
            Choice("all", turn.t("trade.amount.all")),
        ]

    async def ask(
        self, turn: Turn, task: Task, spec: SlotSpec, notes: Sequence[Block], *, carried_secret: bool = False
    ) -> Reply:
        """A sale naming no coin ("清仓", "sell everything") on an account that holds no coin to
        sell is answered as such and ends, instead of offering coins it does not hold."""
        if spec.name != "symbol" or task.action != "sell":
            return await super().ask(turn, task, spec, notes, carried_secret=carried_secret)
        read = await self._held(turn, task)
        if read is not None and not read[1]:
            notice = NoticeBlock(
                turn.t("trade.nothing_to_sell", account=read[0].name), "info", "nothing_to_sell"
            )
            self.transition(turn, task, TaskStatus.FAILED)
            return self._carry(
                self.private_reply(turn, task, Status.FAILED, (*notes, notice)), carried_secret
            )
        self._asking_held[task.id] = read[1] if read else []
        try:
            return await super().ask(turn, task, spec, notes, carried_secret=carried_secret)
        finally:
            self._asking_held.pop(task.id, None)

    async def _held(self, turn: Turn, task: Task) -> tuple[ExchangeAccount, list[Choice]] | None:
        """The task's account and the tradable coins it holds (free), largest first; None when
        the account is not chosen yet or cannot be read (then nothing is said about its holdings)."""
        if not (task.target_ref or {}).get("id"):
            return None
        try:
            account = await self.account(turn, task)
            balances = await self.trading.raw_balances(account)
        except (ExchangeError, NotFound):
            return None
        held = [
            b
            for b in balances
            if b.asset != QUOTE_ASSET and b.free > 0 and self.catalog.rules(f"{b.asset}{QUOTE_ASSET}")
        ]
        held.sort(key=lambda b: b.free, reverse=True)
        return account, [Choice(f"{b.asset}{QUOTE_ASSET}", b.asset) for b in held[:MAX_COIN_BUTTONS]]

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name == "side":
            return Parsed(text) if text in ("buy", "sell") else Parsed()
        if spec.name == EXPIRY:
            return parse_expiry(text)
        if spec.name == LIMIT_PRICE:
            if (refused := refusal_in(text)) is not None:  # "at -85000": said so, quoting it; asked again
                return Parsed.refused(*refused)
            price = sole_value(text, ("number", "price", "amount"))
            if price is None or price.refused or (price.kind == "amount" and price.unit != "quote"):
                return Parsed.refused(price.reason or "separators", price.typed) if price else Parsed()
            return Parsed(price.slot)
        if spec.name == "symbol":
            if (refused := refusal_in(text)) is not None:  # "btc or eth": which one, asked again
                return Parsed.refused(*refused)
            symbol = text if self.catalog.is_supported(text) else self.catalog.resolve(text)
            if symbol is None or not self.catalog.is_supported(symbol):
                coin = symbol.removesuffix("USDT") if symbol else text.strip()[:20]
                return Parsed(
                    error="trade.unsupported",
                    params={"coin": coin, "supported": self.catalog.tradable_bases()},
                )
            if self.catalog.rules(symbol) is None:  # listed, but its filters come with the refresh
                return Parsed(
                    error="trade.rules_unknown",
                    params={"coin": self.catalog.base_of(symbol), "supported": self.catalog.tradable_bases()},
                )
            return Parsed(symbol)
        side = task.slots.get("side") if task.action == LIMIT else task.action
        amount = text if ":" in text or text == "all" else parse_amount_answer(self._without_coin(task, text))
        if amount is None:
            return Parsed(error="trade.bad_amount.buy" if side == "buy" else "trade.bad_amount")
        if side == "buy" and task.slots.get(spec.name) != text:  # typed, not the request's own slot:
            amount = share_answered(text, amount) or amount  # "all" spends all the USDT only if said so
        refusal = refusal_in(amount)
        if refusal is not None:  # "-100", "1e9", "0,5": said so, quoting it; asked again
            return Parsed.refused(*refusal)
        try:
            unit, value, per = amount_parts(amount)
        except ArithmeticError:
            return Parsed(error="trade.bad_amount")
        if (
            unit not in ("quote", "base", "all", "fraction")
            or value <= 0
            or (unit == "fraction" and value > per)
            or (per != 1 and unit != "fraction")
        ):
            return Parsed(error="trade.bad_amount")
        return Parsed(amount)

    # -- summary and confirmation ------------------------------------------------------------

    async def planned(self, turn: Turn, task: Task) -> tuple[ExchangeAccount, OrderPlan]:
        account, plan, _ = await self.planned_with_limits(turn, task)
        return account, plan

    async def planned_with_limits(
        self, turn: Turn, task: Task
    ) -> tuple[ExchangeAccount, OrderPlan, RiskLimits]:
        """The plan and the caps it was checked against, read together (core.trading.service),
        once a turn: a confirm's check and its second-confirmation test share them (the order
        itself reads the balances again, in the trading service's own snapshot)."""
        account = await self.account(turn, task)
        intent = self.intent(task)
        key = ("trade.plan", task.id, account.id, intent)
        known: tuple[OrderPlan, RiskLimits] | None = turn.reads.get(key)
        if known is None:
            known = turn.reads[key] = await self.trading.plan_with_limits(account, intent)
        plan, limits = known
        return account, plan, limits

    async def refuse(self, turn: Turn, task: Task) -> Reply | None:
        """Before any confirmation: an order that cannot trade is refused with the reason."""
        if task.action == LIMIT:
            return await limit.refuse(self, turn, task)
        try:
            account, plan = await self.planned(turn, task)
        except MarketError:
            return self._notice_reply(
                turn, task, "trade.market_down", "market_unavailable", base=self.base(task)
            )
        except ExchangeError as exc:
            return self._exchange_failed(turn, task, exc)
        if plan.rejection is not None:
            # Recorded as a refused order: "why did my order fail" and the history see it.
            await self.trading.record_refusal(
                account, plan, new_client_order_id(), self.audit_entry(turn, task)
            )
            text = why(turn, plan.rejection)
            if plan.intent.unit in ("all", "fraction") and plan.rejection.reason == "min_qty":
                text = f"{text}{turn.t('trade.dust')}"
            rules = self.trading.rules(plan.intent.symbol)
            if rules is not None and rules.demo and plan.rejection.code == FILTER_FAILURE:
                text = f"{text}{localized(DEMO_RULES_NOTE, turn.locale)}"
            return self.private_reply(
                turn, task, Status.FAILED, (NoticeBlock(text, "error", _code(plan.rejection)),)
            )
        task.slots[PRICE] = plain(plan.price)
        task.slots.setdefault(ORDER_ID, new_client_order_id())
        return None

    async def is_large(self, turn: Turn, task: Task) -> bool:
        if task.action == LIMIT:
            return False  # it rests: its funds are locked, and the caps count them
        try:
            _, plan, limits = await self.planned_with_limits(turn, task)
        except (MarketError, ExchangeError):
            return False  # no quote now: the execution that follows says so and places nothing
        return risk.needs_second_confirmation(plan, limits)

    def second_confirmation(self, turn: Turn, task: Task) -> Block:
        share = task.slots.get("share", "")
        threshold = risk.percent(self.trading.config.limits.confirm_twice_share)
        return NoticeBlock(
            turn.t("trade.confirm_twice", share=share, threshold=threshold), "warning", "confirm_twice"
        )

    async def reconfirm(self, turn: Turn, task: Task) -> Block | None:
        """The price moved beyond the tolerance since the summary: show a fresh one."""
        if task.action == LIMIT:
            return None  # a limit order fills at its own price, whatever the price does meanwhile
        try:
            _, plan, limits = await self.planned_with_limits(turn, task)
        except (MarketError, ExchangeError):
            return None  # the executor says so
        shown = Decimal(str(task.slots.get(PRICE, plan.price)))
        tolerance = limits.price_tolerance
        if not risk.moved(shown, plan.price, tolerance):
            return None
        task.slots[PRICE] = plain(plan.price)
        change = ((plan.price - shown) / shown * 100).quantize(Decimal("0.01"))
        text = turn.t(
            "trade.price_moved",
            old=format_price(shown),
            new=format_price(plan.price),
            change=f"{change:+}",
            tolerance=risk.percent(tolerance),
        )
        return NoticeBlock(text, "warning", "price_moved")

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        if task.action == LIMIT:
            return await limit.preview(self, turn, task)
        account, plan, limits = await self.planned_with_limits(turn, task)
        task.slots.setdefault(ORDER_ID, new_client_order_id())
        task.slots["share"] = risk.percent(plan.equity_share)
        kind = kind_of(account)
        side = turn.t(f"trade.side.{task.action}")
        base = plan.intent.base
        notional = format_price(plan.notional.quantize(Decimal("0.01")))
        text = turn.t(
            "trade.confirm",
            kind=turn.t(f"trade.kind_word.{kind}"),
            account=account.name,
            side=side,
            quantity=plain(plan.quantity),
            base=base,
            notional=notional,
        )
        tolerance = risk.percent(limits.price_tolerance)
        rows: tuple[tuple[str, str], ...] = (
            (turn.t("trade.row.side"), side),
            (turn.t("trade.row.symbol"), f"{base}/USDT"),
            (turn.t("trade.row.quantity"), f"{plain(plan.quantity)} {base}"),
            *part_row(turn, plan.intent),
            (turn.t("trade.row.notional"), f"{notional} USDT"),
            (turn.t(f"trade.row.price.{task.action}"), f"{format_price(plan.price)} USDT"),
            (turn.t("trade.row.fee"), f"{plain(plan.fee)} {plan.fee_asset}"),
            (turn.t("trade.row.account"), account.name),
            (turn.t("trade.row.kind"), turn.t(f"trade.kind.{kind}")),
            (turn.t("trade.row.share"), f"{task.slots['share']}%"),
        )
        rules = self.trading.rules(plan.intent.symbol)
        if rules is not None and rules.demo:  # the demo market's own filters: said so
            shown = turn.t("trade.rules.demo", step=plain(rules.step_size), min=plain(rules.min_notional))
            rows = (*rows, (turn.t("trade.row.rules"), shown))
        details = DetailsBlock(turn.t("trade.summary.title"), rows)
        return f"{text}\n{turn.t('trade.fill_note', tolerance=tolerance)}", details

    # -- execution -----------------------------------------------------------------------------

    async def place_limit(self, turn: Turn, task: Task) -> Done:
        return await limit.place(self, turn, task)

    async def place_order(self, turn: Turn, task: Task) -> Done:
        account = await self.account(turn, task)
        cid = str(task.slots.setdefault(ORDER_ID, new_client_order_id()))
        reference = Decimal(str(task.slots[PRICE])) if PRICE in task.slots else None
        try:
            result = await self.trading.place(
                account, self.intent(task), cid, self.audit_entry(turn, task), reference_price=reference
            )
        except MarketError:
            return self._failed(turn, task, "trade.market_down", "market_unavailable", base=self.base(task))
        except ExchangeError as exc:
            return Done(self._exchange_failed(turn, task, exc, account.exchange), ok=False)
        if not isinstance(result, Placed):
            tolerance = risk.percent((await self.trading.limits(account)).price_tolerance)
            return self._failed(turn, task, "trade.price_moved_again", "price_moved", tolerance=tolerance)
        return self.outcome(turn, task, account, result.order, duplicate=result.duplicate)

    def outcome(
        self, turn: Turn, task: Task, account: ExchangeAccount, order: Order, *, duplicate: bool = False
    ) -> Done:
        block = order_block(account, order)
        notes: list[Block] = []
        if duplicate:
            notes.append(NoticeBlock(turn.t("trade.duplicate"), "info", "order_duplicate"))
        if order.status is OrderStatus.FILLED:
            text = turn.t(
                "trade.filled",
                side=turn.t(f"trade.side.{order.side}"),
                quantity=plain(order.quantity),
                base=self.catalog.base_of(order.symbol),
                price=format_price(order.price or Decimal(0)),
            )
            notes.append(NoticeBlock(text, "info", "order_filled"))
            return Done(
                self.private_reply(turn, task, Status.COMPLETED, (*notes, block)),
                detail={"order": order.client_order_id},
            )
        if order.status is OrderStatus.REJECTED:
            rejection = Rejection(order.error_code or "", order.error_message or "", _reason(order))
            notes.append(NoticeBlock(why(turn, rejection), "error", "order_rejected"))
            return Done(self.private_reply(turn, task, Status.FAILED, (*notes, block)), ok=False)
        notes.append(
            NoticeBlock(turn.t("trade.unknown", code=order.error_code or "?"), "warning", "order_unknown")
        )
        return Done(self.private_reply(turn, task, Status.PARTIAL, (*notes, block)), ok=False)

    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """core.conversation.interrupted.Recoverable: the order's record tells whether it ran."""
        what = self.describe(turn, task)
        cid = task.slots.get(ORDER_ID)
        order = await self.orders.order(str(cid)) if cid else None
        if order is not None and (order.status.final or order.status.resting):
            account = await self.accounts.get(order.owner, order.account_id)
            self.transition(
                turn, task, TaskStatus.COMPLETED if order.status is OrderStatus.FILLED else TaskStatus.FAILED
            )
            notice = NoticeBlock(turn.t("trade.interrupted_done", what=what), "warning", "interrupted_done")
            blocks: list[Block] = [notice]
            if account is not None:
                blocks.append(order_block(account, order))
            return blocks
        # Never filled (or not yet known): a fresh confirmation; the same order id keeps it single.
        notice = NoticeBlock(turn.t("trade.interrupted_not_run", what=what), "warning", "interrupted_not_run")
        task.needs_confirmation = True
        task.confirmations = 0
        tokens.forget(task)
        self.transition(turn, task, TaskStatus.COLLECTING)
        asked = await self.advance(turn, task)
        return [notice] if task.status is TaskStatus.AWAITING_CONFIRMATION else [notice, *asked.blocks]

    # -- helpers -------------------------------------------------------------------------------

    def _notice_reply(self, turn: Turn, task: Task, key: str, reply_code: str, **params: object) -> Reply:
        notice = NoticeBlock(turn.t(key, **params), "error", reply_code)
        return self.private_reply(turn, task, Status.FAILED, (notice,))

    def _exchange_failed(
        self, turn: Turn, task: Task, exc: ExchangeError, exchange: str = "binance"
    ) -> Reply:
        """Unreachable is said as such; a refusal (a key, a permission) by its precise cause."""
        if is_outage(exc):
            return self._notice_reply(
                turn, task, "trade.exchange_down", "exchange_unavailable", code=exc.code, message=exc.message
            )
        cause, why = refusal(turn.locale, exchange, exc)
        return self._notice_reply(
            turn, task, "trade.exchange_refused", cause, code=exc.code, message=exc.message, why=why
        )

    def _failed(self, turn: Turn, task: Task, key: str, reply_code: str, **params: object) -> Done:
        return Done(self._notice_reply(turn, task, key, reply_code, **params), ok=False)


def _code(rejection: Rejection) -> str:
    return {"-1013": "filter_failure", "-2010": "insufficient_balance"}.get(rejection.code, rejection.code)


def _reason(order: Order) -> str:
    if order.error_code == "-1013":
        return ""
    return {"-2010": "balance"}.get(order.error_code or "", "")


def order_block(account: ExchangeAccount, order: Order) -> OrderBlock:
    """The order as a block (core.workspace.order_talk), under the account's name now."""
    return replace(talk_order_block(order), account=account.name)


ACTIONS: dict[str, ActionSpec[TradeSkill]] = {
    side: ActionSpec(
        run=TradeSkill.place_order,
        slots=TradeSkill.slots,
        target=True,
        confirm=Confirm.ALWAYS,
        confirm_twice=Confirm.when(TradeSkill.is_large, "the order is 25% or more of the account's equity"),
        check=TradeSkill.refuse,
    )
    for side in ("buy", "sell")
}
ACTIONS[LIMIT] = ActionSpec(
    run=TradeSkill.place_limit,
    slots=TradeSkill.slots,
    target=True,
    confirm=Confirm.ALWAYS,
    check=TradeSkill.refuse,
)
