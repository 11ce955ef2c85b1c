"""The Discord adapter on the real Core: demo market, in-memory store, fixed clock, real charts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
import simcord

from adapters.charts import MatplotlibChartRenderer
from adapters.demo_market import DemoMarket, demo_quote_price
from adapters.discord import build_client
from core.chart_png import DIVIDER_HEIGHT as DIVIDER
from core.clock import FixedClock
from core.engine import Core
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from tests.chart_pngs import pixels
from tests.discord.conftest import CONFIG
from tests.discord.fakes import PNG_SIGNATURE
from tests.fakes import COMMANDS, price_skills

# simcord waits for the bot's real work after each event, here a chart matplotlib draws in a
# thread: its default 5 s is a guess about the machine. A ceiling, not a pause (nothing here
# waits on a virtual timer), so a busy machine gets the time it needs at no cost to a quiet one.
pytestmark = pytest.mark.simcord(settle_timeout=60.0)

START = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(START)


@pytest.fixture
def store() -> MemoryStateStore:
    return MemoryStateStore()


@pytest.fixture
async def charts() -> AsyncIterator[MatplotlibChartRenderer]:
    renderer = MatplotlibChartRenderer(max_workers=1)
    yield renderer
    await renderer.aclose()


def make_core(store: MemoryStateStore, clock: FixedClock, charts: MatplotlibChartRenderer) -> Core:
    return Core(
        store=store, skills=price_skills(DemoMarket(clock), clock, charts), clock=clock, default_locale="en"
    )


@pytest.fixture
def simcord_bot(store: MemoryStateStore, clock: FixedClock, charts: MatplotlibChartRenderer) -> Any:
    return build_client(CONFIG, make_core(store, clock, charts), catalog=MarketCatalog(), commands=COMMANDS)


def _world(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return channel, alice, bob


def _price_text(value: Decimal) -> str:
    places = max(2, -int(value.normalize().as_tuple().exponent))
    return f"**{value:,.{places}f}** USDT"


async def test_core_price_and_history_render_demo_cards_and_a_real_chart(env: simcord.Env) -> None:
    channel, alice, _ = _world(env)

    price = await alice.slash(channel, "price", coin="比特币")
    history = await alice.slash(channel, "history", coin="eth")

    assert price.response is not None and not price.ephemeral
    [card] = price.response.embeds
    assert card.title == "Bitcoin · BTC/USDT · DEMO"
    assert card.fields[0].value == _price_text(demo_quote_price("BTCUSDT", START))
    assert "," in str(card.fields[0].value)  # thousands separator on a BTC-sized price
    assert history.response is not None
    [attachment] = history.response.attachments
    png = await attachment.read()
    assert png.startswith(PNG_SIGNATURE) and len(png) > 1000  # a real matplotlib chart
    [embed] = history.response.embeds
    assert embed.image.url == f"attachment://{attachment.filename}"
    assert "DEMO" in str(embed.title)
    closes = str(embed.fields[0].value)
    assert closes.count("\n2024-05-0") == 7  # 2024-05-01 .. 2024-05-07, today excluded


async def test_a_chart_answer_is_one_message_with_its_embeds_and_the_image(env: simcord.Env) -> None:
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "ask", text="BTC price and its 7-day trend")

    message = result.response  # /ask answers privately: one response, no follow-up messages
    assert message is not None and result.followups == []
    assert message.content == "Demo data (offline simulated market), not real prices."  # the notes too
    quote, history = message.embeds  # the price card and the history card, in one message
    assert "BTC/USDT" in str(quote.title) and "BTC/USDT" in str(history.title)
    [attachment] = message.attachments
    assert history.image.url == f"attachment://{attachment.filename}"
    assert (await attachment.read()).startswith(PNG_SIGNATURE)


async def test_core_choice_buttons_owner_other_member_and_expiry(env: simcord.Env, clock: FixedClock) -> None:
    channel, alice, bob = _world(env)
    asked = await alice.slash(channel, "price", coin="btc eth sol doge")
    assert asked.response is not None
    message = asked.response
    assert message.content == (
        "I can show up to 3 coins at once and you named BTC, ETH, SOL, DOGE. "
        "Please narrow it down, or pick one:"
    )
    labels = [c["label"] for row in message.components for c in row["components"]]
    assert labels == ["BTC", "ETH", "SOL", "DOGE"]

    other = await bob.click(message, label="ETH")
    [note] = other.followups
    assert note.ephemeral and note.content == "⚠️ This button isn't for you."
    assert [c["label"] for row in message.components for c in row["components"]] == [
        "BTC",
        "ETH",
        "SOL",
        "DOGE",
    ]

    await alice.click(message, label="ETH")
    assert message.components == []
    assert "narrow it down" not in message.content  # the question is replaced by the answer
    assert message.embeds[0].title == "Ethereum · ETH/USDT · DEMO"

    # A second question, left until its buttons expire (15 minutes).
    again = await alice.slash(channel, "price", coin="sol btc eth doge")
    assert again.response is not None
    clock.advance(16 * 60)
    late = await alice.click(again.response, label="SOL")
    [expired] = late.followups
    assert expired.ephemeral and "expired" in expired.content
    assert again.response.components == []


async def test_core_buttons_survive_a_restart(
    env: simcord.Env, store: MemoryStateStore, clock: FixedClock, charts: MatplotlibChartRenderer
) -> None:
    channel, alice, _ = _world(env)
    asked = await alice.slash(channel, "history", coin="btc sol eth doge")
    assert asked.response is not None

    # A new process: a new Core and client over the same (persistent) store.
    await env.restart_bot(
        build_client(CONFIG, make_core(store, clock, charts), catalog=MarketCatalog(), commands=COMMANDS)
    )
    await alice.click(asked.response, label="SOL")

    message = asked.response
    assert message.components == []
    assert message.embeds[0].title == "Solana · SOL/USDT: daily closes, last 7 days · DEMO"
    [attachment] = message.attachments
    assert (await attachment.read()).startswith(PNG_SIGNATURE)


async def test_a_multi_coin_history_is_one_message_with_one_image(env: simcord.Env) -> None:
    channel, alice, _ = _world(env)

    result = await alice.slash(channel, "ask", text="btc and eth price last 7 days")

    message = result.response
    assert message is not None and result.followups == []
    [attachment] = message.attachments  # both coins' charts, stacked
    assert pixels(await attachment.read()).size == (780, 2 * 600 - (50 - DIVIDER))
    btc, eth = message.embeds
    assert "BTC/USDT" in str(btc.title) and "ETH/USDT" in str(eth.title)
    assert (btc.image.url, eth.image.url) == (None, f"attachment://{attachment.filename}")
