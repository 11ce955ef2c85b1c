"""Trader conversations, zh and en: create (asking only for what is missing, references like
"用我刚配的 DeepSeek" in the same task), start with its pre-launch checks, stop one or all after
one confirmation, update, delete (refused while running) and "how are my agents doing"."""

from __future__ import annotations

from decimal import Decimal

from core.planner.ports import ModelError
from core.reply import Status
from core.traders.model import TraderState
from tests.traders.conftest import OWNER, TraderDesk, ai_params, codes, dca, grid, text_of


async def test_nofx_create_a_btc_agent_then_the_model_i_just_configured(desk: TraderDesk) -> None:
    await desk.account("主账户")
    await desk.account("备用", balance="500")
    await desk.model("Kimi", "kimi")
    desk.clock.advance(60)
    await desk.model("旧DeepSeek", "deepseek")
    desk.clock.advance(60)
    newest = await desk.model("新DeepSeek", "deepseek")  # "刚配的": the most recent deepseek one
    await desk.strategy("BTC AI", ai_params(), default=True)

    first = await desk.chat.say("帮我创建一个新的 BTC agent")
    assert first.status is Status.NEEDS_INPUT and codes(first) == ["ask_account"]
    assert first.route is not None and first.route.skill == "trader_management"
    assert {b.label for b in first.buttons} == {"主账户 · 模拟", "备用 · 模拟"}

    second = await desk.chat.say("用我刚配的 DeepSeek")
    assert codes(second) == ["noted", "ask_account"]  # the same task goes on
    assert "新DeepSeek" in text_of(second)
    assert second.route is not None and second.route.action == "create"

    done = await desk.chat.say("主账户")
    assert done.status is Status.COMPLETED, text_of(done)
    [trader] = await desk.traders.owned(OWNER)
    assert trader.model_id == newest.id and trader.state is TraderState.STOPPED
    assert trader.name == "BTC AI助手" and "新DeepSeek" in text_of(done)


async def test_a_trader_is_found_by_its_name_without_the_noun(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("BTC定投", dca(), default=True)
    made = await desk.chat.say("帮我创建一个新的 BTC agent")
    assert made.status is Status.COMPLETED and "BTC定投助手" in text_of(made)
    started = await desk.chat.say("启动 BTC定投助手 交易员")
    assert "trader_started" in codes(started), text_of(started)


async def test_create_in_english_with_auto_start_runs_the_checks_and_starts(desk: TraderDesk) -> None:
    await desk.account("paper")
    await desk.strategy("btc dca", dca(), default=True)
    reply = await desk.chat.say("create a trader for BTC and auto start it")
    assert reply.status is Status.COMPLETED, text_of(reply)
    assert "trader_started" in codes(reply) and "checks_passed" in codes(reply)
    [trader] = await desk.traders.owned(OWNER)
    assert trader.state is TraderState.RUNNING and trader.run == 1 and trader.auto_start
    assert len(desk.jobs.jobs) == 1  # its tick job, due now


async def test_a_newcomer_gets_a_paper_account_but_needs_a_strategy_first(desk: TraderDesk) -> None:
    reply = await desk.chat.say("帮我创建一个交易员")
    assert reply.status is Status.FAILED and codes(reply) == ["no_strategy"]
    assert "定投策略" in text_of(reply)
    await desk.strategy("定投", dca(), default=True)
    made = await desk.chat.say("帮我创建一个交易员")
    assert made.status is Status.COMPLETED and "paper_account_opened" in codes(made)


async def test_an_ai_strategy_without_any_model_config_says_what_to_do(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("ai", ai_params(), default=True)
    reply = await desk.chat.say("create a new BTC agent")
    assert reply.status is Status.FAILED and codes(reply) == ["no_model"]


async def test_start_paper_needs_no_confirmation_and_a_second_start_says_running(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("创建一个交易员 叫 alpha")
    started = await desk.chat.say("启动交易员 alpha")
    assert started.status is Status.COMPLETED and "trader_started" in codes(started), text_of(started)
    again = await desk.chat.say("启动交易员 alpha")
    assert codes(again) == ["already_running"]
    assert len(desk.jobs.jobs) == 1  # one job per run, however often it is started


async def test_a_live_start_is_confirmed_after_its_checks(desk: TraderDesk) -> None:
    from core.trading.model import Balance
    from core.trading.service import TRADING

    live = await desk.account("币安", "binance")
    await desk.strategy("grid", grid(), default=True)
    await desk.chat.say("create a trader named beta")

    async def balances(account: object) -> list[Balance]:
        return [Balance("USDT", Decimal("1000"))]

    desk.core.skills.services.get(TRADING).raw_balances = balances  # type: ignore[method-assign]
    asked = await desk.chat.say("start trader beta")
    assert asked.status is Status.AWAITING_CONFIRMATION, text_of(asked)
    assert "LIVE" in text_of(asked) and live.name in text_of(asked)
    done = await desk.chat.press(asked.buttons[0].token)
    assert done.status is Status.COMPLETED and "trader_started" in codes(done)

    # Created with "auto start" on a live account: confirmed before anything is created.
    create = await desk.chat.say("创建一个交易员 叫 gamma 并启动")
    assert create.status is Status.AWAITING_CONFIRMATION and "实盘" in text_of(create)
    assert [t.name for t in await desk.traders.owned(OWNER)] == ["beta"]
    made = await desk.chat.press(create.buttons[0].token)
    assert made.status is Status.COMPLETED and "trader_started" in codes(made), text_of(made)


async def test_prelaunch_failures_say_which_check_and_what_to_do(desk: TraderDesk) -> None:
    await desk.account("穷账户", balance="10")
    await desk.strategy("定投", dca(amount="50"), default=True)
    await desk.chat.say("创建一个交易员 叫 alpha")
    poor = await desk.chat.say("启动交易员 alpha")
    assert poor.status is Status.FAILED and codes(poor) == ["check_failed_account"]
    assert "10" in text_of(poor) and "50" in text_of(poor)
    [trader] = await desk.traders.owned(OWNER)
    assert trader.state is TraderState.STOPPED and trader.last_error

    await desk.account("ai账户")
    await desk.model("DeepSeek")
    await desk.strategy("ai", ai_params())
    await desk.chat.say("create a trader named gamma with ai账户 and the ai strategy")
    desk.models.ping_error = ModelError("auth", "401")
    silent = await desk.chat.say("start trader gamma")
    assert codes(silent) == ["check_failed_model"], text_of(silent)
    assert "auth" in text_of(silent)


async def test_stop_needs_confirmation_and_stop_all_lists_them(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    for name in ("alpha", "beta", "gamma"):
        await desk.chat.say(f"创建一个交易员 叫 {name}")
    await desk.chat.say("启动交易员 alpha")
    await desk.chat.say("启动交易员 beta")

    asked = await desk.chat.say("把所有 agent 都停了")
    assert asked.status is Status.AWAITING_CONFIRMATION
    listing = text_of(asked)
    assert "alpha" in listing and "beta" in listing and "gamma" not in listing
    done = await desk.chat.press(asked.buttons[0].token)
    assert done.status is Status.COMPLETED and codes(done) == ["traders_stopped"]
    assert {t.state for t in await desk.traders.owned(OWNER)} == {TraderState.STOPPED}
    none = await desk.chat.say("stop all my traders")
    assert codes(none) == ["none_running"]

    await desk.chat.say("start trader alpha")
    one = await desk.chat.say("stop the trader named alpha")
    assert one.status is Status.AWAITING_CONFIRMATION and "nothing already filled" in text_of(one).lower()
    cancelled = await desk.chat.say("cancel")
    assert "trader_stopped" not in codes(cancelled)
    alpha = next(t for t in await desk.traders.owned(OWNER) if t.name == "alpha")
    assert alpha.state is TraderState.RUNNING


async def test_delete_is_refused_while_running_and_confirmed_otherwise(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("create a trader named alpha")
    await desk.chat.say("start trader alpha")
    refused = await desk.chat.say("delete trader alpha")
    assert refused.status is Status.FAILED and codes(refused) == ["trader_running"]
    stop = await desk.chat.say("stop trader alpha")
    await desk.chat.press(stop.buttons[0].token)
    asked = await desk.chat.say("删除交易员 alpha")
    assert asked.status is Status.AWAITING_CONFIRMATION
    done = await desk.chat.press(asked.buttons[0].token)
    assert done.status is Status.COMPLETED and codes(done) == ["trader_deleted"]
    assert await desk.traders.owned(OWNER) == []


async def test_update_name_and_switches_and_strategy_only_when_stopped(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.strategy("网格", grid())
    await desk.chat.say("创建一个交易员 叫 alpha")
    renamed = await desk.chat.say("把交易员 alpha 改名为 beta")
    assert renamed.status is Status.COMPLETED and codes(renamed)[0] == "trader_updated"
    daily = await desk.chat.say("打开交易员 beta 的每日汇总")
    assert daily.status is Status.COMPLETED, text_of(daily)
    await desk.chat.say("启动交易员 beta")
    refused = await desk.chat.say("把交易员 beta 的策略换成 网格")
    assert codes(refused) == ["trader_running"]
    [trader] = await desk.traders.owned(OWNER)
    assert trader.name == "beta" and trader.daily_summary


async def test_how_are_my_agents_doing_zh_and_en(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("创建一个交易员 叫 alpha")
    await desk.chat.say("启动交易员 alpha")
    await desk.tick()  # the first tick is due at once: one buy
    status = await desk.chat.say("我的agent运行得怎么样")
    text = text_of(status)
    assert status.status is Status.COMPLETED and status.route is not None and status.route.action == "query"
    assert "运行中" in text and "买入" in text and "1 笔（成交 1）" in text and "盈亏" in text
    en = await desk.chat.say("how is my trader alpha doing")
    assert "running" in text_of(en) and "P&L" in text_of(en)
    listing = await desk.chat.say("我有哪些交易员")
    assert "alpha" in text_of(listing)


async def test_groups_are_refused(desk: TraderDesk) -> None:
    from core.events import ChatKind, ConversationKey
    from tests.workspace.conftest import Chat

    group = Chat(desk.core, ConversationKey("telegram", "-100", "user-1"), ChatKind.GROUP)
    reply = await group.say("我的agent运行得怎么样")
    assert reply.status is not Status.COMPLETED or reply.audience == "private"


async def test_prelaunch_strategy_and_unreachable_account_failures(desk: TraderDesk) -> None:
    from core.trading.ports import ExchangeError
    from core.trading.service import TRADING

    await desk.account()
    await desk.strategy("tiny grid", grid(per="1"), default=True)  # 1 USDT a level: below min notional
    await desk.chat.say("create a trader named alpha")
    invalid = await desk.chat.say("start trader alpha")
    assert codes(invalid) == ["check_failed_strategy"], text_of(invalid)
    assert "change the strategy" in text_of(invalid).lower()

    live = await desk.account("币安", "binance")
    await desk.strategy("dca", dca())
    await desk.chat.say(f"create a trader named beta with {live.name} and the dca strategy")

    async def unreachable(account: object) -> list[object]:
        raise ExchangeError("auth", "-2015", "Invalid API-key, IP, or permissions for action.")

    desk.core.skills.services.get(TRADING).raw_balances = unreachable  # type: ignore[method-assign]
    refused = await desk.chat.say("启动交易员 beta")
    assert refused.status is Status.FAILED and codes(refused) == ["check_failed_account"]
    assert "-2015" in text_of(refused) and "API key" in text_of(refused)


async def test_update_in_english(desk: TraderDesk) -> None:
    await desk.account()
    await desk.strategy("定投", dca(), default=True)
    await desk.chat.say("create a trader named alpha")
    renamed = await desk.chat.say("rename trader alpha to beta")
    assert renamed.status is Status.COMPLETED and codes(renamed)[0] == "trader_updated", text_of(renamed)
    [trader] = await desk.traders.owned(OWNER)
    assert trader.name == "beta"
