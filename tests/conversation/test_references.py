"""Pronouns and ellipsis refer to the conversation's last coin or record ("它", "那个", "这个币",
"it", "that one"), and "再来一次" / "again" / "the same" to its last request; all of it is saved
with the conversation, so a restart keeps it."""

from __future__ import annotations

import pytest

from core.conversation.reading import read_asks
from core.conversation.recall import remember_ask
from core.reply import HistoryBlock, NoticeBlock, OrderBlock, QuoteBlock, Status
from core.routing.router import Route
from core.state import Recall
from core.tasks.given import RESERVED
from tests.conversation.conftest import Desk, codes, of
from tests.fakes import full_router


def coin_of(reply: object) -> str:
    cards = [b for b in getattr(reply, "blocks", ()) if isinstance(b, QuoteBlock | HistoryBlock)]
    assert len(cards) == 1, reply
    return cards[0].symbol


@pytest.mark.parametrize(
    "steps",
    [
        ("以太坊价格", "那大饼呢", "再看看它三个月的走势"),
        ("以太坊價格", "那大餅呢", "再看看它三個月的走勢"),  # zh-Hant
        ("ETH price", "what about BTC", "show its chart for the last 90 days"),
    ],
)
async def test_it_is_the_last_coin_asked_about(desk: Desk, steps: tuple[str, str, str]) -> None:
    first, second, third = steps
    assert coin_of(await desk.chat.say(first)) == "ETHUSDT"
    assert coin_of(await desk.chat.say(second)) == "BTCUSDT"
    history = await desk.chat.say(third)
    assert history.status is Status.COMPLETED, codes(history)
    (card,) = of(history, HistoryBlock)
    assert isinstance(card, HistoryBlock) and card.symbol == "BTCUSDT" and len(card.points) == 90
    assert "unknown_symbol" not in codes(history)


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("以太坊价格", "这个币最近一周走势"),
        ("以太坊价格", "那个的走势"),
        ("以太坊價格", "這個幣最近一週走勢"),  # zh-Hant, read as typed (no OpenCC in the phrases)
        ("以太坊價格", "那個的走勢"),
        ("ETH price", "chart that one"),
        ("ETH price", "how has that coin done this week"),
    ],
)
async def test_other_pronouns_mean_the_last_coin_too(desk: Desk, first: str, then: str) -> None:
    await desk.chat.say(first)
    reply = await desk.chat.say(then)
    (card,) = of(reply, HistoryBlock)
    assert isinstance(card, HistoryBlock) and card.symbol == "ETHUSDT"


@pytest.mark.parametrize("text", ["再看看它三个月的走势", "show its chart"])
async def test_with_no_coin_yet_it_asks_which_coin_instead_of_reading_the_pronoun_as_one(
    desk: Desk, text: str
) -> None:
    reply = await desk.chat.say(text)
    assert reply.status is Status.NEEDS_INPUT
    assert "unknown_symbol" not in codes(reply)
    assert [b.label for b in reply.buttons][:2] == ["BTC", "ETH"]


@pytest.mark.parametrize(
    ("first", "then"), [("以太坊价格", "再看看它三个月的走势"), ("ETH price", "its chart please")]
)
async def test_the_last_coin_survives_a_restart(desk: Desk, first: str, then: str) -> None:
    await desk.chat.say(first)
    chat = desk.restart()
    (card,) = of(await chat.say(then), HistoryBlock)
    assert isinstance(card, HistoryBlock) and card.symbol == "ETHUSDT"


@pytest.mark.parametrize(
    ("buy", "confirm", "pronoun"),
    [("买 0.01 ETH", "确认", "再买 0.02 个它"), ("buy 0.01 ETH", "yes", "buy it again, 0.02 ETH")],
)
async def test_an_order_for_it_buys_the_last_coin(desk: Desk, buy: str, confirm: str, pronoun: str) -> None:
    await desk.chat.say(buy)
    await desk.chat.say(confirm)
    again = await desk.chat.say(pronoun)
    assert again.status is Status.AWAITING_CONFIRMATION
    assert again.route.slots["symbol"] == "ETHUSDT" and again.route.slots["amount"] == "base:0.02"


async def test_an_amount_of_it_with_no_unit_is_asked_about(desk: Desk) -> None:
    """ "buy 0.02 of it" after an ETH buy is of ETH, and "0.02 of" says no unit: asked, never guessed
    (as "买100的btc" is)."""
    await desk.chat.say("buy 0.01 ETH")
    await desk.chat.say("yes")
    again = await desk.chat.say("buy 0.02 of it")
    assert again.status is Status.NEEDS_INPUT
    assert again.route.slots["symbol"] == "ETHUSDT"
    assert any("0.02 of" in b.text and "no unit" in b.text for b in of(again, NoticeBlock))


@pytest.mark.parametrize(
    ("create", "rename", "delete", "confirm", "old", "new"),
    [
        ("添加一个模拟账户，名字叫 主号", "把它改名为 副号", "删除它", "确认", "主号", "副号"),
        ("add a paper account called main", "rename it to spare", "delete that one", "yes", "main", "spare"),
    ],
)
async def test_it_is_the_last_record_acted_on(
    desk: Desk, create: str, rename: str, delete: str, confirm: str, old: str, new: str
) -> None:
    await desk.chat.say(create)
    renamed = await desk.chat.say(rename)
    assert renamed.status is Status.COMPLETED, codes(renamed)
    assert renamed.route.slots["target_ref"]["name"] in (old, new)
    chat = desk.restart()  # the record is remembered with the conversation
    asked = await chat.say(delete)
    assert asked.status is Status.AWAITING_CONFIRMATION
    assert asked.route.slots["target_ref"]["name"] == new
    assert codes(await chat.say(confirm)) == ["account_deleted"]
    assert await desk.workspace.accounts.owned("console:user-1") == []


@pytest.mark.parametrize(
    ("ask", "again", "confirm"),
    [
        ("buy 0.01 BTC", "again", "yes"),
        ("买 0.01 BTC", "再来一次", "确认"),
        ("buy 0.01 BTC", "the same", "yes"),
    ],
)
async def test_again_repeats_the_last_request_and_a_risky_one_is_confirmed_again(
    desk: Desk, ask: str, again: str, confirm: str
) -> None:
    first = await desk.chat.say(ask)
    await desk.chat.say(confirm)
    chat = desk.restart()
    repeat = await chat.say(again)
    assert repeat.status is Status.AWAITING_CONFIRMATION  # asked again, not placed
    assert repeat.route.slots["order_id"] != first.route.slots["order_id"]  # a new order
    assert len(desk.orders.orders) == 1
    (order,) = of(await chat.say(confirm), OrderBlock)
    assert isinstance(order, OrderBlock) and order.status == "filled"
    assert len(desk.orders.orders) == 2


@pytest.mark.parametrize(
    ("first", "again"), [("以太坊价格", "再来一次"), ("以太坊價格", "再來一次"), ("ETH price", "again")]
)
async def test_again_repeats_a_lookup(desk: Desk, first: str, again: str) -> None:
    await desk.chat.say(first)
    assert coin_of(await desk.chat.say(again)) == "ETHUSDT"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("again", "There's nothing to do again yet."),
        ("再来一次", "还没有可以重复的请求。"),
        ("再來一遍", "還沒有可以重複的請求。"),  # zh-Hant: answered in traditional
    ],
)
async def test_again_with_nothing_before_says_so_in_one_line(desk: Desk, text: str, line: str) -> None:
    reply = await desk.chat.say(text)
    assert codes(reply) == ["nothing_to_repeat"]
    assert [b.text for b in reply.blocks if hasattr(b, "text")] == [line]


@pytest.mark.parametrize(
    ("first", "then", "coin"),
    [
        ("以太坊价格", "那个，BTC价格多少", "BTCUSDT"),
        ("ETH price", "is BTC up today? what's its price", "BTCUSDT"),
    ],
)
async def test_a_message_naming_its_coin_keeps_it(desk: Desk, first: str, then: str, coin: str) -> None:
    await desk.chat.say(first)
    reply = await desk.chat.say(then)
    assert coin in [b.symbol for b in reply.blocks if isinstance(b, QuoteBlock | HistoryBlock)]
    assert "ETHUSDT" not in [b.symbol for b in reply.blocks if isinstance(b, QuoteBlock | HistoryBlock)]


def test_a_request_carrying_a_secret_is_never_remembered() -> None:
    recall = Recall()
    remember_ask(recall, Route("exchange_management", "create", {"exchange": "binance"}), "create")
    assert recall.ask is not None and recall.ask.slots == {"exchange": "binance"}
    secret = {"exchange": "binance", next(iter(RESERVED)): "sealed"}
    remember_ask(recall, Route("exchange_management", "create", secret), "create")
    assert recall.ask.slots == {"exchange": "binance"}  # the earlier one stands; the key is not kept


def test_a_pronoun_the_message_reads_without_is_left_alone() -> None:
    """ "…, then start it": "it" is the trader the message creates; with nothing remembered the
    message is read as typed, its auto-start included."""
    router = full_router()
    text = "create a trader named beta with my binance account and the eth grid strategy, then start it"
    (route,) = read_asks(text, router)
    assert route.skill == "trader_management" and route.slots["auto_start"] == "on"


@pytest.mark.parametrize(
    ("create", "then", "name"),
    [
        ("add a paper account called main", "add a binance account, call it Trading OKX", "Trading OKX"),
        ("添加一个模拟账户，名字叫 主号", "添加一个币安账户，把它叫做 交易号", "交易号"),
    ],
)
async def test_a_pronoun_read_as_typed_keeps_what_the_message_says(
    desk: Desk, create: str, then: str, name: str
) -> None:
    await desk.chat.say(create)
    reply = await desk.chat.say(then)
    assert reply.route.skill == "exchange_management" and reply.route.slots.get("name") == name


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("這個呢", None),
        ("那個幣的價格", "current"),
        ("這個幣最近一週走勢", "history"),
        ("那個的走勢", "history"),
    ],
)
def test_a_pronoun_in_traditional_characters_is_the_last_coin(text: str, action: str | None) -> None:
    """The conversation's words are read as typed (no OpenCC in core.language.phrases): "這個" /
    "那個幣" are listed in their zh-Hant forms, else "這個呢" after an ETH price reads as nothing and
    "那個幣的價格" as a price with no coin ("這個呢": a follow-up, the last request's kind)."""
    (route,) = read_asks(text, full_router(), recall=Recall(coin="ETHUSDT"), locale="zh")
    assert (route.skill, route.action, route.slots.get("symbols")) == ("price", action, ["ETHUSDT"])
