"""The check job: one quote per symbol per check however many alerts; a crossing delivered once
as a card (quote with time and source, re-arm / delete buttons); a restart caught up once; a
blocked destination paused until its person writes; demo alerts labelled demo."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from core.events import ChatKind, ConversationKey
from core.jobs import JobOutcome
from core.market import Quote
from core.outbound.ports import DeliveryResult, DeliveryStatus
from core.reply import AlertBlock, QuoteBlock, Status
from core.skills.price_alert.model import Alert, AlertStatus
from core.skills.price_alert.skill import CHECK_EVERY
from tests.alerts.conftest import CHANNEL, DM, GROUP, AlertDesk, codes, make_alert_desk, texts


async def test_a_crossing_is_delivered_once_as_a_card_with_the_quote(desk: AlertDesk) -> None:
    await desk.say("当 BTC 跌破 80000 提醒我")
    [run] = await desk.tick()
    assert (run.kind, run.outcome) == ("price_alert.check", JobOutcome.RESCHEDULED)
    assert desk.sent() == []

    desk.move("BTCUSDT", "79950.12")
    await desk.tick()
    [sent] = desk.sent()
    assert sent.destination.user_id == "42" and sent.destination.is_direct and sent.kind == "alert"
    card = sent.reply
    assert card.locale == "zh" and "BTC 已跌破 80,000.00：现价 79,950.12" in texts(card)
    [quote] = [b for b in card.blocks if isinstance(b, QuoteBlock)]
    assert (quote.price, quote.source, quote.fetched_at) == (quote.price, "binance", desk.clock.now())
    [block] = [b for b in card.blocks if isinstance(b, AlertBlock)]
    assert block.status == "triggered"
    assert [b.label for b in card.buttons] == ["重新启用", "删除提醒"]

    desk.move("BTCUSDT", "81000")
    await desk.tick()
    desk.move("BTCUSDT", "79000")
    await desk.tick()
    assert len(desk.sent()) == 1  # a one-shot alert fired once

    # Re-arm from the card: it fires at the next crossing again.
    rearmed = await desk.press(card.buttons[0].token)
    assert codes(rearmed) == ["alert_rearmed"]
    await desk.tick()  # first look after re-arming: under the level already, so it only watches
    desk.move("BTCUSDT", "80500")
    await desk.tick()
    desk.move("BTCUSDT", "79999")
    await desk.tick()
    assert len(desk.sent()) == 2


async def test_delete_from_the_card(desk: AlertDesk) -> None:
    await desk.say("alert me when ETH goes above 3600")
    desk.move("ETHUSDT", "3650")
    await desk.tick()
    [sent] = desk.sent()
    assert "ETH went above 3,600.00: now 3,650.00" in texts(sent.reply)
    deleted = await desk.press(sent.reply.buttons[1].token)
    assert codes(deleted) == ["alert_deleted"] and desk.alerts.alerts == {}


async def test_one_quote_per_symbol_per_check_with_many_alerts() -> None:
    desk = make_alert_desk()
    people = [ConversationKey("telegram", str(100 + i), str(100 + i)) for i in range(60)]
    for i, person in enumerate(people):
        await desk.say(f"alert me when BTC goes above {91000 + i * 10}", person)
        await desk.say(f"alert me when ETH goes below {3400 - i}", person)
        await desk.say("alert me when SOL moves 5% in 1h", person)
    assert len(desk.alerts.alerts) == 180
    before = desk.quotes()

    runs = await desk.tick()

    assert sorted(r.kind for r in runs) == ["price_alert.check"] * 3  # one job per symbol
    assert desk.quotes() - before == 3  # one quote each, for 60 alerts each

    desk.move("BTCUSDT", "91205")  # crosses the first 21 BTC levels (91000 .. 91200)
    before = desk.quotes()
    await desk.tick()
    assert desk.quotes() - before == 3
    assert len([s for s in desk.sent() if "BTC" in texts(s.reply)]) == 21


async def test_a_restart_catches_up_once_and_does_not_replay(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes above 95000")
    await desk.tick()
    desk.move("BTCUSDT", "96000")
    before = desk.quotes()

    runs = await desk.tick(timedelta(hours=3))  # no process ran for three hours

    [run] = runs
    assert desk.quotes() - before == 1
    assert run.next_due == desk.clock.now() + CHECK_EVERY  # from now, not from when it was due
    assert len(desk.sent()) == 1


async def test_percent_move_over_a_window(desk: AlertDesk) -> None:
    await desk.say("ping me when sol moves 5% in 1h")
    for price in ("151", "152", "149"):
        desk.move("SOLUSDT", price)
        await desk.tick(timedelta(minutes=10))
    assert desk.sent() == []
    desk.move("SOLUSDT", "158")  # +5.33 % on the price an hour ago (150 at creation)
    await desk.tick(timedelta(minutes=10))
    [sent] = desk.sent()
    assert "SOL rose 5.33% in 1 hour: from 150.00 to 158.00" in texts(sent.reply)


async def test_a_repeating_alert_respects_its_cooldown(desk: AlertDesk) -> None:
    await desk.say("every time BTC drops below 89000 alert me, cooldown 10 min")
    await desk.tick()
    for price in ("88000", "90000", "88000", "90000"):  # two crossings 1 minute apart
        desk.move("BTCUSDT", price)
        await desk.tick(timedelta(minutes=1))
    assert len(desk.sent()) == 1
    [card] = [s.reply for s in desk.sent()]
    assert [b.label for b in card.buttons] == ["Delete alert"]  # repeating: nothing to re-arm
    desk.clock.advance(600)
    desk.move("BTCUSDT", "88000")
    await desk.tick(timedelta(minutes=1))
    assert len(desk.sent()) == 2


async def test_channel_alerts_go_to_the_channel_on_each_platform(desk: AlertDesk) -> None:
    await desk.say("当 BTC 跌破 89000 提醒我", GROUP, admin=True)
    await desk.say("alert me when BTC goes below 89000", CHANNEL, admin=True)
    console = ConversationKey("console", "cli", "local")
    await desk.say("alert me when BTC goes below 89000", console, kind=ChatKind.PRIVATE)
    desk.move("BTCUSDT", "88000")
    await desk.tick()
    by_platform = {p: r.sent for p, r in desk.senders.items()}
    [tg] = by_platform["telegram"]
    assert tg.destination.chat_id == "-1001" and tg.destination.user_id is None
    [dc] = by_platform["discord"]
    assert dc.destination.chat_id == "555" and dc.reply.locale == "en"
    [cl] = by_platform["console"]
    assert cl.destination.user_id == "local"


async def test_a_destination_that_blocked_the_bot_pauses_until_the_person_writes(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes below 89000")
    await desk.say("alert me when ETH goes below 3000")
    desk.senders["telegram"].refuse[f"telegram::{DM.user_id}:"] = DeliveryResult.blocked("bot_blocked")
    desk.move("BTCUSDT", "88000")
    await desk.tick()

    assert desk.sent() == []
    statuses = sorted(a.status for a in desk.alerts.alerts.values())
    assert statuses == [AlertStatus.PAUSED, AlertStatus.TRIGGERED]
    assert [r.status for r in desk.deliveries.records] == [DeliveryStatus.BLOCKED]
    desk.move("ETHUSDT", "2900")
    await desk.tick()
    assert desk.sent() == []  # a paused alert is not watched: no more attempts

    desk.senders["telegram"].refuse.clear()
    desk.clock.advance(60)  # a conversation found clean is asked again after a minute
    back = await desk.say("BTC 价格")
    assert codes(back)[:2] == ["alerts_missed", "alerts_resumed"] and "机器人被屏蔽" in texts(back)
    assert "BTC 跌破 89,000.00（88,000.00，2026-" in texts(back)  # what fired while it was blocked
    assert back.status is Status.COMPLETED and back.route.skill == "price"
    assert (
        await desk.deliveries.paused(desk.alerts.alerts[next(iter(desk.alerts.alerts))].destination) is None
    )
    assert {"alerts_resumed", "alerts_missed"}.isdisjoint(codes(await desk.say("BTC 价格")))  # said once


async def test_demo_alerts_are_labelled_demo() -> None:
    desk = make_alert_desk(source="demo")
    created = await desk.say("alert me when BTC goes below 89000")
    assert "demo_market" in codes(created)
    desk.move("BTCUSDT", "88000")
    await desk.tick()
    [sent] = desk.sent()
    [quote] = [b for b in sent.reply.blocks if isinstance(b, QuoteBlock)]
    [block] = [b for b in sent.reply.blocks if isinstance(b, AlertBlock)]
    assert quote.is_demo and block.is_demo


async def test_no_quote_no_decision(desk: AlertDesk) -> None:
    from core.market import MarketError

    await desk.say("alert me when BTC goes below 89000")
    desk.move("BTCUSDT", "88000")
    desk.market.quote_error = MarketError("market_unavailable")
    [run] = await desk.tick()
    assert run.outcome is JobOutcome.RESCHEDULED and desk.sent() == []
    desk.market.quote_error = None
    await desk.tick()
    assert len(desk.sent()) == 1


async def test_the_check_ends_when_nobody_watches_the_symbol(desk: AlertDesk) -> None:
    created = await desk.say("alert me when BTC goes below 89000")
    assert created.status is Status.COMPLETED
    await desk.press((await desk.say("cancel my BTC alert")).buttons[0].token)
    [run] = await desk.tick()
    assert run.outcome is JobOutcome.DONE and desk.quotes() == 1  # the one quote of the creation


async def test_a_failing_check_keeps_the_symbol_watched(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes below 89000")

    async def broken(symbol: str) -> list[object]:
        raise RuntimeError("database is gone")

    original = desk.alerts.active_for
    desk.alerts.active_for = broken  # type: ignore[assignment,method-assign]
    [run] = await desk.tick()
    assert run.outcome is JobOutcome.RESCHEDULED and run.error is None
    desk.alerts.active_for = original  # type: ignore[method-assign]
    desk.move("BTCUSDT", "88000")
    await desk.tick(timedelta(minutes=1))
    assert len(desk.sent()) == 1


async def test_many_chats_cost_one_read_a_minute_and_nothing_paused_no_resume(desk: AlertDesk) -> None:
    """Whether anything awaits its person is read once for every conversation, not once per
    conversation: 256 new conversations at once were a round trip each (on SQLite a hop to a
    worker thread), and answered fewer turns a second than one conversation did."""
    reads = resumes = 0
    awaiting, resume = desk.alerts.awaiting_return, desk.alerts.resume

    async def counting_reads() -> frozenset[str]:
        nonlocal reads
        reads += 1
        return await awaiting()

    async def counting_resumes(*args: object) -> object:
        nonlocal resumes
        resumes += 1
        return await resume(*args)  # type: ignore[arg-type]

    desk.alerts.awaiting_return = counting_reads  # type: ignore[method-assign]
    desk.alerts.resume = counting_resumes  # type: ignore[assignment,method-assign]
    for n in range(5):
        await desk.say("BTC 价格", ConversationKey("telegram", str(n), str(n)))
        await desk.say("BTC 价格")
    assert (reads, resumes) == (1, 0)
    desk.clock.advance(61)
    await desk.say("BTC 价格")
    assert (reads, resumes) == (2, 0)


async def test_a_pause_is_told_once_however_many_chats_write(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes below 89000")
    await desk.say("BTC 价格", ConversationKey("telegram", "7", "7"))  # read: nothing awaits anyone
    desk.senders["telegram"].refuse[f"telegram::{DM.user_id}:"] = DeliveryResult.blocked("bot_blocked")
    desk.move("BTCUSDT", "88000")
    await desk.tick()
    desk.senders["telegram"].refuse.clear()
    other = ConversationKey("telegram", "8", "8")
    assert "alerts_missed" not in codes(await desk.say("BTC 价格"))  # read less than a minute ago
    desk.clock.advance(60)
    assert "alerts_missed" not in codes(await desk.say("BTC 价格", other))  # someone else
    assert "alerts_missed" in codes(await desk.say("BTC 价格"))
    assert "alerts_missed" not in codes(await desk.say("BTC 价格"))  # said once


async def test_a_group_that_removed_the_bot_pauses_its_alerts_until_someone_writes_there(
    desk: AlertDesk,
) -> None:
    await desk.say("当 BTC 跌破 89000 提醒我", GROUP, admin=True)
    await desk.say("当 ETH 跌破 3000 提醒我", GROUP, admin=True)
    desk.senders["telegram"].refuse["telegram:-1001::"] = DeliveryResult.blocked("chat_not_found")
    desk.move("BTCUSDT", "88000")
    await desk.tick()
    assert sorted(a.status for a in desk.alerts.alerts.values()) == [
        AlertStatus.PAUSED,
        AlertStatus.TRIGGERED,
    ]

    desk.senders["telegram"].refuse.clear()
    desk.clock.advance(60)
    member = ConversationKey("telegram", "-1001", "99")
    back = await desk.say("BTC 价格", member, admin=False)
    assert codes(back)[:2] == ["alerts_missed", "alerts_resumed"]
    assert "无法送达" in texts(back)
    assert [a.status for a in desk.alerts.alerts.values()].count(AlertStatus.ACTIVE) == 1


async def test_after_an_outage_a_move_is_not_measured_against_a_stale_price(desk: AlertDesk) -> None:
    await desk.say("ping me when sol moves 5% in 1h")
    for _ in range(3):
        await desk.tick(timedelta(minutes=10))
    desk.move("SOLUSDT", "170")  # +13 % on the last price seen, three hours ago
    await desk.tick(timedelta(hours=3))
    assert desk.sent() == []  # the price an hour ago is unknown: no decision on a guess
    desk.move("SOLUSDT", "185")  # +8.8 % on 170, the first price seen within the hour
    for _ in range(7):
        await desk.tick(timedelta(minutes=10))
    [sent] = desk.sent()
    assert "from 170.00 to 185.00" in texts(sent.reply)


async def test_a_watched_symbols_quote_is_asked_for_while_its_alerts_are_read(desk: AlertDesk) -> None:
    """One wait less a check: the quote (15 ms or more) no longer waits for the alerts' read
    once the symbol was watched at its last check; a first check still reads them first."""
    await desk.say("alert me when BTC goes below 89000")
    await desk.tick()  # the first check: nothing known of the symbol, its alerts read first
    quoting = asyncio.Event()
    read, quote = desk.alerts.active_for, desk.market.get_quote

    async def reading(symbol: str) -> list[Alert]:
        await asyncio.wait_for(quoting.wait(), 5)  # the quote asked for before the read ends
        return await read(symbol)

    async def quoted(symbol: str) -> Quote:
        quoting.set()
        return await quote(symbol)

    desk.alerts.active_for = reading  # type: ignore[method-assign]
    desk.market.get_quote = quoted  # type: ignore[method-assign]
    desk.move("BTCUSDT", "88000")
    [run] = await desk.tick()
    assert run.outcome is JobOutcome.RESCHEDULED and run.error is None
    assert len(desk.sent()) == 1


async def test_a_first_check_of_an_unwatched_symbol_spends_no_quote(desk: AlertDesk) -> None:
    await desk.say("alert me when BTC goes below 89000")
    await desk.tick()
    await desk.press((await desk.say("cancel my BTC alert")).buttons[0].token)
    before = desk.quotes()
    [run] = await desk.tick()  # watched at its last check: its one quote, then it ends
    assert run.outcome is JobOutcome.DONE and desk.quotes() - before == 1
    await desk.say("alert me when BTC goes below 89000")
    await desk.press((await desk.say("cancel my BTC alert")).buttons[0].token)
    before = desk.quotes()
    [run] = await desk.tick()  # a new check, nobody watching: no quote
    assert run.outcome is JobOutcome.DONE and desk.quotes() == before
