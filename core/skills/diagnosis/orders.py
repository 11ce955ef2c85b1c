"""order_execution_diagnosis and balance_position_diagnosis, on the trading service's records.

Orders: a pasted rejection, then the order (the one whose client order id the message gives,
else the person's latest order that did not fill), the symbol's filters against its quantity and
amount, and the balance it needed. An order that did not fill is not always one that failed: a
resting one (open, partly filled) is answered with where it waits, a cancelled or expired one
with how it ended. Balances: for each account the message means, the balances,
then positions against balances, then the trade history against positions, and for a paper
account its USDT against the starting balance and every fill (a ledger that must add up).
Never a suggestion to raise a cap: an order too big for one is made smaller.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta
from decimal import Decimal
from typing import Any

from core.diagnosis.causes import exchange_cause
from core.diagnosis.pasted import PastedError, clean
from core.diagnosis.report import Checklist, answer, nothing_to_check, say
from core.language.gazetteer import named_in
from core.language.word_scan import EXCHANGE, named
from core.market import Book, MarketError
from core.reply import Block, DiagnosisBlock
from core.routing.normalize import normalize
from core.skills.base import OneShotSkill
from core.skills.diagnosis.common import finish, pasted_of, rules_detail, targeted
from core.state import Task
from core.tasks.actions import ActionSpec, Done
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.trading.filters import check_market_order
from core.trading.model import QUOTE_ASSET, Order, OrderStatus, Trade
from core.trading.ports import ExchangeError
from core.trading.service import TradingService, kind_of, starting_usdt
from core.trading.waiting import explain
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount, ExchangeAccountRepository
from core.workspace.exchanges import EXCHANGES

ORDER_SKILL = "order_execution_diagnosis"
BALANCE_SKILL = "balance_position_diagnosis"
RECENT_ORDERS = 10
MAX_ACCOUNTS = 3
HISTORY = 1000  # fills read to rebuild positions; a longer history is reported as such
PENDING_GRACE = timedelta(minutes=2)
_CLIENT_ID = re.compile(r"(?<![0-9a-z])dm[0-9a-f]{28}(?![0-9a-z])", re.IGNORECASE)
_CAPS = {"cap_notional": "risk_cap_notional", "cap_equity_share": "risk_cap_share"}
_DUST = Decimal("0.00000001")
# Ended without a fill, yet not a failure: its owner (or its pair's fill) cancelled it, or its
# expiry passed first. The answer says how it ended, not a cause to fix.
_ENDED = (OrderStatus.CANCELLED, OrderStatus.EXPIRED)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f") if value else "0"


def _source(exchange: str) -> str:
    return "binance" if exchange in ("paper", "binance", "binance_testnet") else exchange


def _names(name: str, text: str) -> bool:
    key, said = name_key(name), name_key(text)
    return bool(key) and named_in(key, said)


async def _accounts(accounts: ExchangeAccountRepository, turn: Turn, task: Task) -> list[ExchangeAccount]:
    """The person's accounts the task means: the one the planner's tool named, else the one the
    message names, else of the exchange it names (模拟 = paper), else all of them."""
    owned = await accounts.owned(owner_of(turn))
    chosen = targeted(task, owned)
    if chosen is not None:
        return chosen
    slots = task.slots
    by_name = [a for a in owned if _names(a.name, turn.text)]
    if by_name:
        return by_name
    exchange = slots.get("exchange") or named(normalize(turn.text), EXCHANGE)
    if exchange:
        return [a for a in owned if a.exchange == exchange]
    return owned


class OrderDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = ORDER_SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        trading: TradingService,
    ) -> None:
        super().__init__(actions)
        self.accounts = accounts
        self.trading = trading

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        pasted = pasted_of(task.slots.get("error"))
        order, account = await self._order(turn, task)
        locale = turn.locale
        checks = Checklist(locale)
        params: dict[str, object] = {"message": pasted.message if pasted else "", "account": ""}
        if pasted is not None:
            _, cause = _cause(_source(pasted.source), pasted.code, pasted.message)
            checks.failed("pasted_error", f"{pasted.code} {pasted.message}".strip(), pasted.code, cause)
        if order is None or account is None:
            if pasted is None:
                checks.ok("order", say(locale, "dx.detail.no_failed_order"))
            title = say(locale, "dx.title.order_pasted")
            happened = (
                _pasted_happened(turn, pasted) if pasted else say(locale, "dx.happened.no_failed_order")
            )
            symbol = str(task.slots.get("symbol") or "")
            params["rules"] = self._rules_text(turn, symbol) if symbol else say(locale, "dx.detail.no_symbol")
            if symbol and pasted is not None:  # the symbol's filters, to fit the next order to them
                known = self.trading.rules(symbol) is not None
                if known:
                    checks.ok("filters", str(params["rules"]))
                else:
                    checks.failed("filters", str(params["rules"]), "-1121", "invalid_symbol")
            block = answer(
                ORDER_SKILL, checks, title=title, happened=happened, ok_cause="no_failed_order", params=params
            )
            return finish(self.name, turn, task, [block])
        if order.status.resting or order.status in _ENDED:
            return finish(self.name, turn, task, [await self._not_failed(turn, order)])
        params.update(account=account.name, message=order.error_message or params["message"])
        params["rules"] = self._rules_text(turn, order.symbol)
        await self._check_order(turn, checks, order, params)
        await self._check_filters(turn, checks, order)
        await self._check_balance(turn, checks, order, account, params)
        block = answer(
            ORDER_SKILL,
            checks,
            title=say(locale, "dx.title.order", {"symbol": order.symbol, "side": order.side}),
            happened=say(locale, "dx.happened.order", _order_params(turn, order)),
            ok_cause="order_ok",
            params=params,
        )
        return finish(self.name, turn, task, [block])

    async def _order(self, turn: Turn, task: Task) -> tuple[Order | None, ExchangeAccount | None]:
        owner = owner_of(turn)
        owned = {a.id: a for a in await self.accounts.owned(owner)}
        client_id = _CLIENT_ID.search(turn.text)
        if client_id:
            found = await self.trading.orders.order(client_id.group(0).lower())
            if found is not None and found.owner == owner and found.account_id in owned:
                return found, owned[found.account_id]
            return None, None
        latest: list[Order] = []
        for account in await _accounts(self.accounts, turn, task):
            latest.extend(await self.trading.orders.recent_orders(account.id, RECENT_ORDERS))
        symbol = task.slots.get("symbol")
        failed = [
            o for o in latest if o.status is not OrderStatus.FILLED and (not symbol or o.symbol == symbol)
        ]
        if not failed:
            return None, None
        order = max(failed, key=lambda o: o.created_at)
        return order, owned.get(order.account_id)

    async def _not_failed(self, turn: Turn, order: Order) -> DiagnosisBlock:
        """An order that did not fail: resting (open, partly filled), it waits for the market, and
        the answer is where it waits (its price against the book now); cancelled or expired, it
        ended before it filled, and the answer is how. Neither is checked against the market-order
        filters or the balance: the exchange accepted it, and a resting order's funds are locked."""
        locale = turn.locale
        checks = Checklist(locale)
        values = _order_params(turn, order)
        checks.ok("order", say(locale, "dx.detail.order", values))
        if order.status.resting:
            try:
                book: Book | None = await self.trading.books.get_book(order.symbol)
            except MarketError:
                book = None
            checks.ok("resting", explain(locale, order, book))
            cause, happened = "order_resting", "dx.happened.order_resting"
        else:
            cause, happened = f"order_{order.status.value}", "dx.happened.order_ended"
        return answer(
            ORDER_SKILL,
            checks,
            title=say(locale, "dx.title.order", {"symbol": order.symbol, "side": order.side}),
            happened=say(locale, happened, values),
            ok_cause=cause,
            params=values,
        )

    async def _check_order(
        self, turn: Turn, checks: Checklist, order: Order, params: dict[str, object]
    ) -> None:
        locale = turn.locale
        detail = say(locale, "dx.detail.order", _order_params(turn, order))
        if order.status is OrderStatus.FILLED:
            checks.ok("order", detail)
        elif order.status is OrderStatus.REJECTED:
            code = order.error_code or "rejected"
            shown, cause = _cause(_source(order.exchange), code, order.error_message or "")
            checks.failed(
                "order", f"{detail} · {shown} {clean(order.error_message or '', 160)}".strip(), shown, cause
            )
        elif order.status is OrderStatus.UNKNOWN:
            checks.failed("order", detail, order.error_code or "unknown", "order_unknown")
        elif turn.now - order.created_at > PENDING_GRACE:
            checks.failed("order", detail, "pending", "order_pending")
        else:
            checks.ok("order", detail)

    async def _check_filters(self, turn: Turn, checks: Checklist, order: Order) -> None:
        rules = self.trading.rules(order.symbol)
        if rules is None:
            detail = say(turn.locale, "dx.detail.symbol_unknown", {"symbol": order.symbol})
            checks.failed("filters", detail, "-1121", "invalid_symbol")
            return
        price = order.price
        if price is None:
            try:
                book = await self.trading.books.get_book(order.symbol)
            except MarketError:
                checks.skipped("filters", say(turn.locale, "dx.detail.no_quote"))
                return
            price = book.ask if order.side == "buy" else book.bid
        broken = check_market_order(rules, order.quantity, price)
        if broken is None:
            checks.ok("filters", self._rules_text(turn, order.symbol))
            return
        cause = exchange_cause("binance", broken.code, broken.message)
        checks.failed(
            "filters", f"{broken.message} · {self._rules_text(turn, order.symbol)}", broken.code, cause
        )

    async def _check_balance(
        self, turn: Turn, checks: Checklist, order: Order, account: ExchangeAccount, params: dict[str, object]
    ) -> None:
        locale = turn.locale
        try:
            balances = {b.asset: b for b in await self.trading.raw_balances(account)}
        except ExchangeError as exc:
            checks.skipped(
                "balance", say(locale, "dx.detail.unreachable", {"detail": f"{exc.code} {exc.message}"})
            )
            return
        base = order.symbol.removesuffix(QUOTE_ASSET)
        if order.side == "buy":
            price = order.price
            if price is None:
                try:
                    price = (await self.trading.books.get_book(order.symbol)).ask
                except MarketError:
                    checks.skipped("balance", say(locale, "dx.detail.no_quote"))
                    return
            need = order.quantity * price * (1 + self.trading.config.taker_fee)
            asset = QUOTE_ASSET
        else:
            need, asset = order.quantity, base
        have = balances[asset].free if asset in balances else Decimal(0)
        values = {"have": _plain(have), "need": _plain(need.quantize(_DUST)), "asset": asset}
        params.update(values)  # the cause quotes the balance it saw against the order
        refused_for_balance = "insufficient_balance" in checks.causes
        if order.status is not OrderStatus.FILLED and have < need:
            checks.failed("balance", say(locale, "dx.detail.balance_short", values), "-2010", "balance_short")
            checks.replace("insufficient_balance", "balance_short")
        elif refused_for_balance:
            # Refused for its balance then, covered now: that is the finding, not "does not cover".
            checks.ok("balance", say(locale, "dx.detail.balance_covers", values))
            checks.replace("insufficient_balance", "balance_covers_now")
        else:
            checks.ok("balance", say(locale, "dx.detail.balance_now", values))

    def _rules_text(self, turn: Turn, symbol: str) -> str:
        rules = self.trading.rules(symbol)
        if rules is None:
            return say(turn.locale, "dx.detail.symbol_unknown", {"symbol": symbol})
        return f"{symbol} · {rules_detail(turn.locale, rules)}"


def _cause(source: str, code: str, message: str) -> tuple[str, str]:
    if code in _CAPS:
        return code, _CAPS[code]
    if code == "not_placed":
        return code, "order_not_placed"
    return code, exchange_cause(source, code, message)


def _order_params(turn: Turn, order: Order) -> dict[str, object]:
    return {
        "side": say(turn.locale, f"dx.side.{order.side}"),
        "quantity": _plain(order.quantity),
        "symbol": order.symbol,
        "account": order.account_name,
        "status": say(turn.locale, f"dx.status.{order.status.value}"),
        "time": order.created_at.strftime("%Y-%m-%d %H:%M UTC"),
    }


def _pasted_happened(turn: Turn, pasted: PastedError) -> str:
    source = say(turn.locale, f"dx.source.{pasted.source}")
    return say(
        turn.locale,
        "dx.happened.pasted",
        {"source": source, "code": pasted.code, "message": pasted.message or "—"},
    )


# -- balances, positions and trade history --------------------------------------------------------


class BalanceDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = BALANCE_SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        trading: TradingService,
    ) -> None:
        super().__init__(actions)
        self.accounts = accounts
        self.trading = trading

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        chosen = await _accounts(self.accounts, turn, task)
        blocks: list[Block] = [await self._account(turn, a) for a in chosen[:MAX_ACCOUNTS]]
        if not blocks:
            blocks.append(
                nothing_to_check(
                    BALANCE_SKILL,
                    turn.locale,
                    check="account",
                    detail="dx.detail.no_accounts",
                    cause="no_accounts",
                    title="dx.title.balances_none",
                    ok_cause="balances_consistent",
                )
            )
        return finish(self.name, turn, task, blocks)

    async def _account(self, turn: Turn, account: ExchangeAccount) -> DiagnosisBlock:
        locale = turn.locale
        checks = Checklist(locale)
        exchange = (
            EXCHANGES[account.exchange].display(locale) if account.exchange in EXCHANGES else account.exchange
        )
        params: dict[str, object] = {"account": account.name, "exchange": exchange}
        try:
            balances = {b.asset: b.total for b in await self.trading.raw_balances(account)}
        except ExchangeError as exc:
            code, cause = _cause(_source(account.exchange), exc.code, exc.message)
            checks.failed("balances", f"{code} {clean(exc.message, 160)}", code, cause)
            checks.skip_all(("positions", "history", "ledger"))
            return self._answer(turn, checks, account, params)
        held = {a: q for a, q in balances.items() if a != QUOTE_ASSET and q > 0}
        checks.ok(
            "balances", say(locale, "dx.detail.assets", {"count": len(held) + (QUOTE_ASSET in balances)})
        )
        positions = {
            p.asset: p.quantity for p in await self.trading.orders.positions(account.id) if p.quantity > 0
        }
        paper = kind_of(account) == "paper"
        # 1. positions against balances
        apart = sorted(
            f"{asset} {_plain(positions.get(asset, Decimal(0)))} ≠ {_plain(held.get(asset, Decimal(0)))}"
            for asset in set(positions) | set(held)
            if positions.get(asset, Decimal(0)) != held.get(asset, Decimal(0))
        )
        if apart:
            detail = say(locale, "dx.detail.positions_apart", {"items": "; ".join(apart)})
            checks.failed(
                "positions",
                detail,
                "positions_mismatch",
                "paper_ledger_mismatch" if paper else "traded_outside",
            )
        else:
            checks.ok("positions", say(locale, "dx.detail.positions_match", {"count": len(positions)}))
        # 2. the trade history against positions
        trades = await self.trading.orders.trades(account.id, HISTORY)
        rebuilt = _positions_from(trades)
        drift = sorted(
            f"{asset} {_plain(rebuilt.get(asset, Decimal(0)))} ≠ {_plain(positions.get(asset, Decimal(0)))}"
            for asset in set(rebuilt) | set(positions)
            if abs(rebuilt.get(asset, Decimal(0)) - positions.get(asset, Decimal(0))) > _DUST
        )
        if drift and len(trades) >= HISTORY:
            checks.skipped("history", say(locale, "dx.detail.history_long", {"count": HISTORY}))
        elif drift:
            detail = say(locale, "dx.detail.history_apart", {"items": "; ".join(drift)})
            checks.failed("history", detail, "history_mismatch", "history_mismatch")
        else:
            checks.ok("history", say(locale, "dx.detail.history_match", {"count": len(trades)}))
        # 3. a paper account's USDT: the start, plus every sale, minus every purchase, fees included
        if paper and len(trades) < HISTORY:
            expected = _paper_usdt(starting_usdt(account), trades)
            have = balances.get(QUOTE_ASSET, Decimal(0))
            values = {
                "expected": _plain(expected),
                "have": _plain(have),
                "start": _plain(starting_usdt(account)),
            }
            if abs(expected - have) > Decimal("0.01"):
                checks.failed(
                    "ledger",
                    say(locale, "dx.detail.ledger_apart", values),
                    "ledger_mismatch",
                    "paper_ledger_mismatch",
                )
            else:
                checks.ok("ledger", say(locale, "dx.detail.ledger_match", values))
        elif paper:
            checks.skipped("ledger", say(locale, "dx.detail.history_long", {"count": HISTORY}))
        return self._answer(turn, checks, account, params)

    def _answer(
        self, turn: Turn, checks: Checklist, account: ExchangeAccount, params: dict[str, object]
    ) -> DiagnosisBlock:
        happened = "dx.happened.balances_ok" if checks.passed else "dx.happened.balances_apart"
        return answer(
            BALANCE_SKILL,
            checks,
            title=say(turn.locale, "dx.title.balances", params),
            happened=say(turn.locale, happened, params),
            ok_cause="balances_consistent",
            params=params,
        )


def _positions_from(trades: list[Trade]) -> dict[str, Decimal]:
    """What the fills add up to per coin: bought (less a fee taken in the coin) minus sold."""
    held: dict[str, Decimal] = {}
    for trade in trades:
        base = trade.symbol.removesuffix(QUOTE_ASSET)
        change = trade.quantity if trade.side == "buy" else -trade.quantity
        if trade.side == "buy" and trade.fee_asset == base:
            change -= trade.fee
        held[base] = held.get(base, Decimal(0)) + change
    return {a: q for a, q in held.items() if q > _DUST}


def _paper_usdt(start: Decimal, trades: list[Trade]) -> Decimal:
    total = start
    for trade in trades:
        fee = trade.fee if trade.fee_asset == QUOTE_ASSET else Decimal(0)
        total += trade.quote_amount - fee if trade.side == "sell" else -(trade.quote_amount + fee)
    return total


def order_actions() -> dict[str, ActionSpec[OrderDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=OrderDiagnosisSkill.diagnose, writes=False)}


def balance_actions() -> dict[str, ActionSpec[BalanceDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=BalanceDiagnosisSkill.diagnose, writes=False)}
