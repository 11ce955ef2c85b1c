"""What a person sees of a resting order (limit, stop-loss, take-profit): the summary it is
confirmed from (type, trigger / limit price, quantity, funds locked, distance from the price now),
a refusal with its numbers, the order as a block, and the card its fill is delivered as. Shared by
trade_execution (limit orders) and the orders skill (protective orders, open orders, the check)."""

from __future__ import annotations

from decimal import Decimal

from core.formatting import format_price
from core.i18n import Locale, stored_locale, t
from core.jobs.queue import JobQueue
from core.markets import MarketCatalog
from core.reply import DetailsBlock, NoticeBlock, OrderBlock, Reply, RouteInfo, Status
from core.trading import resting
from core.trading.model import QUOTE_ASSET, Order, OrderIntent, Rejection
from core.trading.orders import RestingPlan, price_of
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount

SKILL = "orders"
CHECK_JOB = f"{SKILL}.check"  # the order check job (core.skills.orders.check), one per symbol
LIVE_CHECK_JOB = f"{SKILL}.live_check"  # the live write-back (core.skills.orders.check), one per account


def plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _percent(fraction: Decimal) -> str:
    return f"{(fraction * 100).quantize(Decimal('0.01')):+}"


def part_row(turn: Turn, intent: OrderIntent) -> tuple[tuple[str, str], ...]:
    """The share of the free balance an order of "half" or "a third of my SOL" was sized from, as
    said ("1/3"): shown beside the quantity it came to once floored to the step."""
    if intent.unit != "fraction":
        return ()
    asset = intent.base if intent.side == "sell" else QUOTE_ASSET
    return ((turn.t("orders.row.part", asset=asset), str(intent.share)),)


def summary(turn: Turn, account: ExchangeAccount, plan: RestingPlan) -> tuple[str, DetailsBlock]:
    """The sentence and the table a resting order (or pair) is confirmed from."""
    base = plan.intent.base
    kind = "paper" if account.exchange == "paper" else "live"
    rows: list[tuple[str, str]] = [
        (turn.t("orders.row.side"), turn.t(f"orders.side_word.{plan.intent.side}")),
        (turn.t("orders.row.symbol"), f"{base}/USDT"),
        (turn.t("orders.row.quantity"), f"{plain(plan.quantity)} {base}"),
        *part_row(turn, plan.intent),
    ]
    reference = plan.reference
    for spec in plan.specs:
        label = turn.t(f"orders.type.{spec.order_type}")
        price = spec.trigger_price if spec.trigger_price is not None else spec.limit_price
        assert price is not None
        distance = _percent(resting.distance(reference, price))
        rows.append((label, f"{format_price(price)} USDT ({distance}%)"))
        if spec.order_type == "stop_limit" and spec.limit_price is not None:
            rows.append((turn.t("orders.row.limit"), f"{format_price(spec.limit_price)} USDT"))
    side_of_book = "ask" if plan.intent.side == "buy" and plan.specs[0].order_type == "limit" else "bid"
    rows.append((turn.t(f"orders.row.now.{side_of_book}"), f"{format_price(reference)} USDT"))
    if plan.lock is not None:
        rows.append((turn.t("orders.row.locked"), f"{plain(plan.lock.amount)} {plan.lock.asset}"))
    expires = plan.specs[0].expires_at
    rows.append(
        (
            turn.t("orders.row.expires"),
            expires.strftime("%Y-%m-%d %H:%M UTC") if expires else turn.t("orders.gtc"),
        )
    )
    rows += [
        (turn.t("orders.row.account"), account.name),
        (turn.t("orders.row.kind"), turn.t(f"orders.kind.{kind}")),
    ]
    what = " + ".join(turn.t(f"orders.type.{s.order_type}") for s in plan.specs)
    text = turn.t(
        "orders.confirm",
        what=what,
        side=turn.t(f"orders.side_word.{plan.intent.side}"),
        quantity=plain(plan.quantity),
        base=base,
        account=account.name,
        price=" / ".join(format_price(price_of(s)) for s in plan.specs),
    )
    at_market = all(s.limit_price is None for s in plan.specs)  # a stop-loss / take-profit: a market sell
    paper_note = "orders.rest_note.paper_trigger" if at_market else "orders.rest_note.paper"
    note = turn.t(paper_note if kind == "paper" else "orders.rest_note.live")
    return f"{text}\n{note}", DetailsBlock(turn.t("orders.summary.title"), tuple(rows))


def refusal_text(turn: Turn, rejection: Rejection) -> str | None:
    """A resting order's own refusals (a trigger on the wrong side), with the numbers; None for
    the ones every order shares (filters, balance, caps)."""
    if rejection.reason == "expiry_live":
        return turn.t("orders.why.expiry_live", **rejection.params)
    if rejection.code != resting.WRONG_SIDE:
        return None
    return turn.t(f"orders.why.{rejection.reason}", **rejection.params)


async def watch(jobs: JobQueue | None, order: Order) -> None:
    """Start the check that sees ``order`` fill: a paper order's symbol's order check (one job
    per symbol), a live order's account's live check (one job per account); a dedupe key, so two
    processes make one."""
    if jobs is None:
        return
    if order.kind == "paper":
        symbol = order.symbol
        await jobs.enqueue(CHECK_JOB, {"symbol": symbol}, dedupe_key=f"{CHECK_JOB}:{symbol}")
        return
    await watch_account(jobs, order.owner, order.account_id)


async def watch_account(jobs: JobQueue | None, owner: str, account_id: str) -> None:
    """Start a live account's check (one job per account, whatever the processes: a dedupe key)."""
    if jobs is None:
        return
    payload = {"owner": owner, "account_id": account_id}
    await jobs.enqueue(LIVE_CHECK_JOB, payload, dedupe_key=f"{LIVE_CHECK_JOB}:{account_id}")


def order_block(order: Order) -> OrderBlock:
    status = order.status.value if (order.status.final or order.status.resting) else "unknown"
    return OrderBlock(
        account=order.account_name,
        kind=order.kind,
        symbol=order.symbol,
        side=order.side,
        quantity=order.quantity,
        price=order.price,
        quote_amount=order.quote_amount,
        fee=order.fee,
        fee_asset=order.fee_asset,
        status=status,  # type: ignore[arg-type]
        client_order_id=order.client_order_id,
        error_code=order.error_code,
        error_message=order.error_message,
        order_type=order.order_type,
        limit_price=order.limit_price,
        trigger_price=order.trigger_price,
        expires_at=order.expires_at,
        order_no=order.id,
    )


def fill_card(order: Order, catalog: MarketCatalog) -> Reply:
    locale: Locale = stored_locale(order.locale)
    headline = t(
        locale,
        f"orders.filled.{order.order_type}",
        side=t(locale, f"orders.side.{order.side}"),
        quantity=format(order.quantity.normalize(), "f"),
        base=catalog.base_of(order.symbol),
        price=format_price(order.price) if order.price is not None else "?",
        no=order.id,
    )
    blocks = (NoticeBlock(headline, code="order_filled"), order_block(order))
    route = RouteInfo(SKILL, "filled", {"order": order.client_order_id, "symbol": order.symbol})
    return Reply(Status.COMPLETED, blocks, locale, route=route, audience="private")
