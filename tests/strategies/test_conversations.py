"""strategy_management through the Core, in Chinese and English: every action, several turns,
slots read from the sentence and the rest asked one at a time, bad values refused with the reason."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.events import ChatKind
from core.reply import Status
from core.strategies import AiParams, DcaParams, GridParams, Interval
from tests.strategies.desk import OWNER, StrategyDesk, strategy_desk
from tests.workspace.conftest import Chat, button, codes, details, text_of

D = Decimal


@pytest.fixture
def desk() -> StrategyDesk:
    return strategy_desk()


async def owned(desk: StrategyDesk) -> dict[str, object]:
    return {s.name: s for s in await desk.strategies.owned(OWNER)}


# -- create --------------------------------------------------------------------------------------


async def test_zh_dca_from_one_sentence(desk: StrategyDesk) -> None:
    done = await desk.chat.say("创建一个BTC定投策略，每天买50U")
    assert done.route.skill == "strategy_management" and done.route.action == "create"
    assert done.status is Status.COMPLETED and done.audience == "private"
    assert codes(done) == ["strategy_created", "strategy_default"]
    rows = details(done)
    assert rows["名称"] == "BTC定投" and rows["类型"] == "定投" and rows["币种"] == "BTC"
    assert rows["每次买入金额"] == "50 USDT" and rows["间隔"] == "每天" and rows["默认策略"] == "是"
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == DcaParams("BTCUSDT", D(50), Interval.of("1d")) and s.is_default
    assert desk.orders.orders == {}  # "每天买50U" set up a strategy: no order was placed
    (entry,) = [e for e in await desk.audit.recent(OWNER) if e.skill == "strategy_management"]
    assert (entry.action, entry.outcome, entry.target_name) == ("create", "ok", "BTC定投")


async def test_en_grid_asks_the_rest_one_at_a_time(desk: StrategyDesk) -> None:
    chat = desk.chat
    ask_grids = await chat.say("make a grid strategy for ETH between 3000 and 4000")
    assert ask_grids.route.slots == {"kind": "grid", "symbol": "ETHUSDT", "lower": "3000", "upper": "4000"}
    assert codes(ask_grids) == ["ask_grids"] and ask_grids.status is Status.NEEDS_INPUT
    assert [b.label for b in ask_grids.buttons] == ["5", "10", "20", "50"]
    ask_amount = await chat.press(button(ask_grids, "10"))
    assert codes(ask_amount) == ["ask_quote_per_grid"]
    assert text_of(ask_amount) == "How many USDT per grid? (at least 5 USDT)"
    too_small = await chat.say("5")  # 5 USDT at 3000 buys 0.0016 ETH = 4.8 USDT: below the minimum
    assert codes(too_small) == ["invalid_answer", "ask_quote_per_grid"]
    assert "At the 3000 level, 5 USDT per grid buys only 0.0016 (4.8 USDT), below ETH's minimum order" in (
        text_of(too_small)
    )
    done = await chat.say("50 USDT")
    assert codes(done) == ["strategy_created", "strategy_default"]
    rows = details(done)
    assert rows["Name"] == "ETH grid" and rows["Grid step"] == "≈ 100 USDT"
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == GridParams("ETHUSDT", D(3000), D(4000), 10, D(50))


async def test_zh_kind_and_coin_are_asked_with_buttons(desk: StrategyDesk) -> None:
    chat = desk.chat
    ask_kind = await chat.say("新建一个策略")
    assert codes(ask_kind) == ["ask_kind"]
    assert [b.label for b in ask_kind.buttons] == ["定投", "网格", "AI"]
    ask_coin = await chat.press(button(ask_kind, "定投"))
    assert codes(ask_coin) == ["ask_symbol"]
    assert [b.label for b in ask_coin.buttons] == ["BTC", "ETH", "SOL", "BNB", "XRP", "DOGE"]  # popular ones
    bad_coin = await chat.say("门罗币")  # Monero: a coin Binance spot does not list
    assert codes(bad_coin) == ["invalid_answer", "ask_symbol"]
    assert "不支持「门罗币」。可用的币种：BTC, ETH, SOL, BNB" in text_of(bad_coin)
    ask_amount = await chat.say("sol")
    assert text_of(ask_amount) == "每次买多少 USDT 的 SOL？（至少 5 USDT）"
    below = await chat.say("3U")
    assert "每次买入金额 3 USDT 低于 SOL 的最小下单金额 5 USDT。" in text_of(below)
    ask_interval = await chat.say("20U")
    assert codes(ask_interval) == ["ask_interval"]
    assert [b.label for b in ask_interval.buttons] == ["每小时", "每 4 小时", "每天", "每周"]
    nonsense = await chat.say("有时候")
    assert "「有时候」不是一个时间间隔" in text_of(nonsense)
    done = await chat.say("每周")
    assert done.status is Status.COMPLETED
    (s,) = await desk.strategies.owned(OWNER)
    assert s.name == "SOL定投" and s.params == DcaParams("SOLUSDT", D(20), Interval.of("1w"))


async def test_en_ai_strategy_with_its_limits(desk: StrategyDesk) -> None:
    chat = desk.chat
    ask_interval = await chat.say("create an AI strategy for BTC and ETH")
    assert ask_interval.route.slots["symbols"] == "BTCUSDT,ETHUSDT" and codes(ask_interval) == [
        "ask_interval"
    ]
    too_fast = await chat.say("2m")
    assert "The interval must be between 5m and 30d (you gave 2m)." in text_of(too_fast)
    ask_pct = await chat.say("4h")  # an answer to the question, though "4h" alone reads as a chart window
    assert codes(ask_pct) == ["ask_max_position_pct"]
    assert "between 0 and 100 %" in text_of(await chat.say("150%"))
    ask_cap = await chat.say("25%")
    assert codes(ask_cap) == ["ask_max_order_notional"]
    tiny = await chat.say("2")
    assert "The largest order of 2 USDT is below BTC's minimum order of 5 USDT." in text_of(tiny)
    done = await chat.say("300")
    assert done.status is Status.COMPLETED and details(done)["Symbols"] == "BTC, ETH"
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == AiParams(("BTCUSDT", "ETHUSDT"), Interval.of("4h"), D(25), D(300))
    assert s.name == "BTC/ETH AI"


async def test_a_grid_step_below_the_tick_is_refused_and_asked_again(desk: StrategyDesk) -> None:
    chat = desk.chat
    ask = await chat.say("创建一个ETH网格策略，3000到3001，200格，每格50U")
    assert codes(ask) == ["invalid_slot", "ask_grids"]
    assert "网格间距 0.005 小于 ETH 的最小价格变动 0.01：请减少格数或拉大区间。" in text_of(ask)
    still = await chat.say("150")  # 0.00666… is still below the tick
    assert codes(still) == ["invalid_answer", "ask_grids"]
    done = await chat.say("50")
    assert done.status is Status.COMPLETED
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == GridParams("ETHUSDT", D(3000), D(3001), 50, D(50))


async def test_an_upper_price_below_the_lower_one_is_refused(desk: StrategyDesk) -> None:
    chat = desk.chat
    ask_lower = await chat.say("make a grid strategy for BTC")
    assert codes(ask_lower) == ["ask_lower"]
    ask_upper = await chat.say("60000")
    assert text_of(ask_upper) == "What is the grid's upper price (USDT, above 60000)?"
    refused = await chat.say("50000")
    assert "The grid's upper price 50000 must be above its lower price 60000." in text_of(refused)
    assert codes(await chat.say("70000")) == ["ask_grids"]


async def test_a_total_cap_below_one_buy_is_refused(desk: StrategyDesk) -> None:
    reply = await desk.chat.say("BTC定投策略，每周买100U，最多投入50U")
    assert codes(reply) == ["invalid_slot", "strategy_created", "strategy_default"]
    assert "总投入上限 50 USDT 小于每次买入的 100 USDT，一次都买不了。" in text_of(reply)
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == DcaParams("BTCUSDT", D(100), Interval.of("1w"))  # the cap was not kept
    capped = await desk.chat.say("ETH定投策略，每周买100U，最多投入5000U")
    assert details(capped)["总投入上限"] == "5000 USDT"


async def test_names_are_numbered_and_a_named_one_is_kept(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say("创建一个BTC定投策略，每周买100U")
    await desk.chat.say("创建一个BTC定投策略，每天买20U，叫 小额定投")
    assert list(await owned(desk)) == ["BTC定投", "BTC定投 2", "小额定投"]
    taken = await desk.chat.say("创建一个ETH定投策略，每天买20U，叫 小额定投")
    assert codes(taken) == ["invalid_slot", "strategy_created"]
    assert "ETH定投" in await owned(desk)


# -- update --------------------------------------------------------------------------------------


async def test_zh_update_from_the_sentence_and_a_bad_value_asked_again(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    ask = await desk.chat.say("把BTC定投的金额改成3")
    assert ask.route.action == "update" and codes(ask) == ["invalid_slot", "ask_quote_amount"]
    assert "每次买入金额 3 USDT 低于 BTC 的最小下单金额 5 USDT。" in text_of(ask)
    assert "（现在是 50 USDT）" in text_of(ask)
    done = await desk.chat.say("100")
    assert codes(done) == ["strategy_updated"] and details(done)["每次买入金额"] == "100 USDT"
    (s,) = await desk.strategies.owned(OWNER)
    assert s.params == DcaParams("BTCUSDT", D(100), Interval.of("1d"))


async def test_en_update_asks_which_setting_of_its_kind(desk: StrategyDesk) -> None:
    await desk.chat.say("make a grid strategy for ETH between 3000 and 4000, 10 grids, 50 USDT per grid")
    ask_field = await desk.chat.say("change my ETH grid strategy")
    assert codes(ask_field) == ["ask_field"]
    assert [b.label for b in ask_field.buttons] == [
        "Name", "Symbol", "Lower price", "Upper price", "Number of grids", "Amount per grid"
    ]  # fmt: skip
    wrong = await desk.chat.say("interval")
    assert "A grid strategy has no such setting." in text_of(wrong)
    ask_value = await desk.chat.press(button(wrong, "Upper price"))
    assert text_of(ask_value) == "What should the upper price of “ETH grid” be? (now 4000 USDT)"
    below = await desk.chat.say("2000")
    assert "The grid's upper price 2000 must be above its lower price 3000." in text_of(below)
    done = await desk.chat.say("5000")
    assert details(done)["Upper price"] == "5000 USDT"


async def test_rename_and_a_kind_never_changes(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    done = await desk.chat.say("rename strategy BTC定投 to DCA main")
    assert codes(done) == ["strategy_updated"] and list(await owned(desk)) == ["DCA main"]
    upper = await desk.chat.say("把 DCA main 策略的上限改成1000")  # "上限" of a DCA strategy: its total cap
    assert upper.route.slots["field"] == "max_total" and codes(upper) == ["strategy_updated"]


async def test_changing_a_strategy_a_trader_runs_asks_first(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    (s,) = await desk.strategies.owned(OWNER)
    desk.add_trader("btc-bot", s.id)
    confirm = await desk.chat.say("把BTC定投的间隔改成4h")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert "交易员 btc-bot 正在使用「BTC定投」" in text_of(confirm)
    assert details(confirm)["间隔"] == "每天 → 每 4 小时"
    done = await desk.chat.press(confirm.buttons[0])
    assert codes(done) == ["strategy_updated"]
    assert (await desk.strategies.get(OWNER, s.id)).params.interval == Interval.of("4h")  # type: ignore[union-attr]


# -- delete --------------------------------------------------------------------------------------


async def test_zh_delete_confirmed(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    confirm = await desk.chat.say("删除策略 BTC定投")
    assert confirm.status is Status.AWAITING_CONFIRMATION
    assert [b.label for b in confirm.buttons] == ["确认删除", "取消"]
    done = await desk.chat.say("确认")
    assert codes(done) == ["strategy_deleted"] and await owned(desk) == {}


async def test_en_delete_cancelled_then_refused_while_a_trader_uses_it(desk: StrategyDesk) -> None:
    await desk.chat.say("make a grid strategy for ETH between 3000 and 4000, 10 grids, 50 USDT per grid")
    confirm = await desk.chat.say("delete the strategy named eth grid")
    cancelled = await desk.chat.press(button(confirm, "Cancel"))
    assert cancelled.status is Status.COMPLETED and "cancel" in text_of(cancelled).lower()
    assert "ETH grid" in await owned(desk)
    (s,) = await desk.strategies.owned(OWNER)
    desk.add_trader("eth-grid-bot", s.id)
    refused = await desk.chat.say("delete the strategy named eth grid")
    assert refused.status is Status.FAILED and codes(refused) == ["in_use"]
    assert "eth-grid-bot" in text_of(refused)
    assert "ETH grid" in await owned(desk)


async def test_delete_by_kind_when_there_is_one_of_it(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say("make a grid strategy for ETH between 3000 and 4000, 10 grids, 50 USDT per grid")
    confirm = await desk.chat.say("删除定投策略")
    assert confirm.status is Status.AWAITING_CONFIRMATION and "BTC定投" in text_of(confirm)


# -- activate, deactivate ------------------------------------------------------------------------


async def test_zh_activate_moves_the_default(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say("创建一个ETH网格策略，3000到4000，10格，每格50U")
    done = await desk.chat.say("把ETH网格设为默认策略")
    assert codes(done) == ["strategy_activated"] and details(done)["默认策略"] == "是"
    assert [s.name for s in await desk.strategies.owned(OWNER) if s.is_default] == ["ETH网格"]
    again = await desk.chat.say("激活策略 ETH网格")
    assert codes(again) == ["strategy_already_default"]
    listed = await desk.chat.say("我的策略")
    assert details(listed)["ETH网格"].endswith("★ 默认") and "★" not in details(listed)["BTC定投"]


async def test_en_activate_and_deactivate(desk: StrategyDesk) -> None:
    await desk.chat.say("set up a DCA for BTC, 50 USDT daily")
    await desk.chat.say("make a grid strategy for ETH between 3000 and 4000, 10 grids, 50 USDT per grid")
    done = await desk.chat.say("make ETH grid strategy the default")
    assert codes(done) == ["strategy_activated"]
    off = await desk.chat.say("deactivate the default strategy")
    assert codes(off) == ["strategy_deactivated"] and await desk.strategies.default(OWNER) is None
    none = await desk.chat.say("停用默认策略")
    assert codes(none) == ["no_default"]
    not_default = await desk.chat.say("deactivate strategy BTC DCA")
    assert codes(not_default) == ["strategy_not_default"]


# -- duplicate -----------------------------------------------------------------------------------


async def test_zh_duplicate_with_the_name_in_the_sentence(desk: StrategyDesk) -> None:
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    done = await desk.chat.say("复制 BTC定投策略 为 BTC定投2")
    assert codes(done) == ["strategy_duplicated"] and "已把「BTC定投」复制为「BTC定投2」。" in text_of(done)
    copies = await owned(desk)
    assert list(copies) == ["BTC定投", "BTC定投2"]
    original, copy = copies.values()
    assert copy.params == original.params and not copy.is_default  # type: ignore[attr-defined]


async def test_en_duplicate_asks_the_new_name(desk: StrategyDesk) -> None:
    await desk.chat.say("make a grid strategy for ETH between 3000 and 4000, 10 grids, 50 USDT per grid")
    ask = await desk.chat.say("duplicate my ETH grid strategy")
    assert codes(ask) == ["ask_name"] and [b.label for b in ask.buttons] == ["ETH grid copy"]
    same = await desk.chat.say("eth GRID")
    assert "The copy needs a name of its own." in text_of(same)
    done = await desk.chat.press(button(same, "ETH grid copy"))
    assert codes(done) == ["strategy_duplicated"] and list(await owned(desk)) == ["ETH grid", "ETH grid copy"]


# -- query ---------------------------------------------------------------------------------------


async def test_query_in_both_languages(desk: StrategyDesk) -> None:
    none = await desk.chat.say("我的策略")
    assert codes(none) == ["no_strategies"] and "创建一个BTC定投策略" in text_of(none)
    await desk.chat.say("创建一个BTC定投策略，每天买50U")
    await desk.chat.say(
        "create an AI strategy for BTC and SOL, every 4 hours, max order 200 USDT, position 20%"
    )
    listed = await desk.chat.say("show my strategies")
    rows = details(listed)
    assert rows["BTC定投"] == "DCA · BTC · 50 USDT · daily · ★ default"
    assert rows["BTC/SOL AI"] == "AI · BTC/SOL · every 4 hours · position ≤ 20% · order ≤ 200 USDT"
    one = await desk.chat.say("查看策略 BTC定投")
    assert details(one)["每次买入金额"] == "50 USDT"


async def test_strategies_are_private(desk: StrategyDesk) -> None:
    group = Chat(desk.core, kind=ChatKind.GROUP)
    reply = await group.say("创建一个BTC定投策略，每天买50U")
    assert reply.status is Status.FAILED and await owned(desk) == {}


async def test_a_strategy_sentence_is_never_an_order(desk: StrategyDesk) -> None:
    for text in (
        "帮我定投BTC，每天50U",
        "set up a DCA for BTC, buy 50 USDT daily",
        "网格策略 买 ETH 3000到4000",
    ):
        reply = await desk.chat.say(text)
        assert reply.route.skill == "strategy_management", text
    assert desk.orders.orders == {}
