"""Prices (issue 24): "did BTC go up today" / "今天比特币涨了吗" is answered with the 24-hour change
on the quote card (not a 7-day table), on the demo market too (labelled demo); "a month" / "一个月"
is served as 30 days with one short line; a partial answer names each failed part and coin once."""

from __future__ import annotations

from decimal import Decimal

import pytest

from adapters.console.render import render_text
from adapters.demo_market import DemoMarket
from core.clock import FixedClock
from core.engine import Core
from core.market import MarketError
from core.memory_store import MemoryStateStore
from core.reply import HistoryBlock, NoticeBlock, QuoteBlock, Reply, Status
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from tests.fakes import NOW, ScriptedMarket, full_skills
from tests.workspace.conftest import Chat


def chat_on(market: object, clock: FixedClock) -> Chat:
    ws = MemoryWorkspace()
    skills = full_skills(
        market, clock, secrets=MemorySecretBox(), accounts=ws.accounts, models=ws.models, audit=ws.audit
    )  # type: ignore[arg-type]
    return Chat(Core(store=MemoryStateStore(), skills=skills, clock=clock))


def scripted(**kwargs: object) -> tuple[ScriptedMarket, Chat]:
    clock = FixedClock(NOW)
    market = ScriptedMarket(
        prices={"BTCUSDT": Decimal("90000"), "ETHUSDT": Decimal("3500")},
        opens={"BTCUSDT": Decimal("88000"), "ETHUSDT": Decimal("3600")},
        clock=clock,
        **kwargs,  # type: ignore[arg-type]
    )
    return market, chat_on(market, clock)


def notices(reply: Reply) -> list[NoticeBlock]:
    return [b for b in reply.blocks if isinstance(b, NoticeBlock)]


@pytest.mark.parametrize(
    ("ask", "word"),
    [
        ("今天比特币涨了吗", "上涨了 2.27%"),
        ("did BTC go up today", "up 2.27%"),
        ("ETH 今天跌了吗", "下跌了 2.78%"),
    ],
)
async def test_did_it_go_up_today_is_the_24_hour_change_on_the_quote_card(ask: str, word: str) -> None:
    market, chat = scripted()
    reply = await chat.say(ask)
    assert reply.route.skill == "price" and reply.route.action == "current"
    assert reply.status is Status.COMPLETED
    assert not any(isinstance(b, HistoryBlock) for b in reply.blocks)  # not a 7-day table
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.change_24h is not None and quote.change_24h_percent is not None
    assert word in notices(reply)[0].text and notices(reply)[0].code == "day_change"
    assert "24" in render_text(reply)  # the card's own 24-hour line
    assert [c for c in market.calls if c[0] == "change"]


@pytest.mark.parametrize(
    ("ask", "line"), [("今天比特币涨了吗", "24 小时："), ("did BTC go up today", "24h: ")]
)
async def test_the_demo_market_gives_a_day_change_labelled_demo(ask: str, line: str) -> None:
    clock = FixedClock(NOW)
    reply = await chat_on(DemoMarket(clock), clock).say(ask)
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.is_demo and quote.change_24h is not None
    shown = render_text(reply)
    assert line in shown and ("演示" in shown or "Demo" in shown)


@pytest.mark.parametrize(
    ("ask", "short"),
    [
        ("比特币一个月走势", "“一个月”按最近 30 个完整 UTC 日计。"),
        ("BTC price over the past month", "last 30 full UTC days"),
    ],
)
async def test_a_month_is_answered_as_30_days_in_one_short_line(ask: str, short: str) -> None:
    _, chat = scripted()
    reply = await chat.say(ask)
    assert reply.route.slots.get("days") == 30 and reply.status is Status.COMPLETED
    [history] = [b for b in reply.blocks if isinstance(b, HistoryBlock)]
    assert len(history.points) == 30
    first = notices(reply)[0]
    assert first.code == "range_month" and short in first.text
    assert "没有" not in first.text and "isn't a range" not in first.text


@pytest.mark.parametrize(
    ("ask", "parts"),
    [
        ("BTC 和 ETH 的价格和走势", ("（BTC 现价、ETH 现价）", "（BTC 走势、ETH 走势）")),
        ("BTC and ETH price and 7-day trend", ("(BTC price, ETH price)", "(BTC history, ETH history)")),
    ],
)
async def test_a_failed_answer_names_each_part_and_coin_once(ask: str, parts: tuple[str, str]) -> None:
    _, chat = scripted(
        quote_error=MarketError("market_unavailable", "503"),
        history_error=MarketError("market_timeout", "slow"),
    )
    reply = await chat.say(ask)
    said = [n.text for n in notices(reply)]
    assert len(said) == 2 and len(set(said)) == 2  # one line per failure, none repeated
    assert parts[0] in said[0] and parts[1] in said[1]


@pytest.mark.parametrize(
    ("ask", "part"), [("今天比特币涨了吗", "BTC 24 小时涨跌"), ("did BTC go up today", "BTC 24h change")]
)
async def test_a_failed_day_change_keeps_the_price_and_names_the_part(ask: str, part: str) -> None:
    _, chat = scripted(change_error=MarketError("market_timeout", "slow"))
    reply = await chat.say(ask)
    assert reply.status is Status.PARTIAL
    assert any(isinstance(b, QuoteBlock) for b in reply.blocks)
    assert part in notices(reply)[-1].text


@pytest.mark.parametrize(
    ("ask", "line"),
    [
        ("比特币价格", "24 小时：+2.27%（+2,000.00 USDT）"),
        ("btc price", "24h: +2.27% (+2,000.00 USDT)"),
        ("BTC 和 ETH 的价格", "24 小时：-2.78%（-100.00 USDT）"),
        ("btc and eth price", "24h: -2.78% (-100.00 USDT)"),
        ("比特币现在多少钱，还有最近一周", "24 小时：+2.27%"),
        ("BTC price and 7-day trend", "24h: +2.27%"),
    ],
)
async def test_every_quote_card_carries_its_24_hour_change(ask: str, line: str) -> None:
    """Not only a change question: a plain price question's card shows the change too, with no
    one-line answer about going up (that one is for "did it go up")."""
    market, chat = scripted()
    reply = await chat.say(ask)
    assert reply.status is Status.COMPLETED
    quotes = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quotes and all(q.change_24h is not None for q in quotes)
    assert line in render_text(reply)
    assert not any(n.code == "day_change" for n in notices(reply))
    assert len([c for c in market.calls if c[0] == "change"]) == len(quotes)  # one per card


@pytest.mark.parametrize("ask", ["比特币价格", "btc price"])
async def test_a_failed_change_on_a_price_question_keeps_a_complete_card(ask: str) -> None:
    """The change was not asked: the price is the whole answer, shown without its 24-hour line."""
    _, chat = scripted(change_error=MarketError("market_timeout", "slow"))
    reply = await chat.say(ask)
    assert reply.status is Status.COMPLETED and not notices(reply)
    [quote] = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    shown = render_text(reply)
    assert quote.change_24h is None and "24h" not in shown and "24 小时" not in shown
    assert any(s.name == "get_day_change" and s.outcome == "error" for s in reply.trace)


async def test_whether_the_market_gives_a_day_change_is_decided_once_per_market(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An isinstance against the runtime DayChangeData protocol walks its members each time:
    asked once per market object, not on every price turn."""
    import typing
    from typing import Any

    from bot.catalog import bundled_catalog
    from core.market import DayChangeData
    from core.skills.price.service import PriceService

    checks: list[object] = []
    original = typing._ProtocolMeta.__instancecheck__

    def counted(cls: Any, instance: object) -> bool:
        if cls is DayChangeData:
            checks.append(instance)
        return bool(original(cls, instance))

    monkeypatch.setattr(typing._ProtocolMeta, "__instancecheck__", counted)
    clock = FixedClock(NOW)
    service = PriceService(DemoMarket(clock), bundled_catalog(), clock)
    for _ in range(5):
        await service.day_change("BTCUSDT")
    assert len(checks) == 1
    service.market = DemoMarket(clock)  # another market: asked again
    await service.day_change("BTCUSDT")
    assert len(checks) == 2
