"""A bare "rename X to Y" (no kind of record said) is resolved by what the person owns, by the
same mechanism as a bare delete (the exchange account skill's redirect): the one kind with an X
takes the rename (a strategy, a trader, a model config, or the exchange account as before);
several kinds -> one button per kind, each starting that rename; none -> the account's
not-found answer (zh + en)."""

from __future__ import annotations

import pytest

from core.reply import Status
from core.traders.model import NewTrader
from tests.traders.conftest import AUDIT, OWNER, TraderDesk, codes, dca, text_of


@pytest.mark.parametrize("text", ["rename grid1 to core", "把 grid1 改名为 core"])
async def test_a_strategy_s_name_renames_the_strategy(desk: TraderDesk, text: str) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    done = await desk.chat.say(text)
    assert (done.route.skill, done.route.action) == ("strategy_management", "update"), text_of(done)
    assert done.status is Status.COMPLETED, text_of(done)
    assert [s.name for s in await desk.strategies.owned(OWNER)] == ["core"]
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["main"]


async def test_a_model_config_s_name_renames_the_config(desk: TraderDesk) -> None:
    await desk.model("brain", "kimi")
    done = await desk.chat.say("rename brain to cortex")
    assert (done.route.skill, done.route.action) == ("model_management", "update"), text_of(done)
    assert done.status is Status.COMPLETED, text_of(done)
    assert [m.name for m in await desk.workspace.models.owned(OWNER)] == ["cortex"]


async def test_a_trader_s_name_renames_the_trader(desk: TraderDesk) -> None:
    account = await desk.account()
    strategy = await desk.strategy("定投", dca(), default=True)
    await desk.traders.create(
        NewTrader(OWNER, "alpha", account.id, strategy.id, None, False, False, desk.clock.now()), AUDIT
    )
    done = await desk.chat.say("把 alpha 改名为 beta")
    assert (done.route.skill, done.route.action) == ("trader_management", "update"), text_of(done)
    assert done.status is Status.COMPLETED, text_of(done)
    assert [t.name for t in await desk.traders.owned(OWNER)] == ["beta"]


async def test_without_a_new_name_the_kind_s_skill_asks_for_it(desk: TraderDesk) -> None:
    await desk.strategy("grid1", dca())
    asked = await desk.chat.say("rename grid1")
    assert (asked.route.skill, asked.route.action) == ("strategy_management", "update"), text_of(asked)
    assert codes(asked) == ["ask_new_name"]


@pytest.mark.parametrize("text", ["rename main to core", "把 main 改名为 core"])
async def test_an_account_s_name_still_renames_the_account(desk: TraderDesk, text: str) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    done = await desk.chat.say(text)
    assert (done.route.skill, done.route.action) == ("exchange_management", "update"), text_of(done)
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["core"]


@pytest.mark.parametrize(
    ("text", "question", "labels"),
    [
        (
            "rename main to core",
            "More than one of your things is called “main”. Which one should be renamed?",
            ["exchange account “main”", "strategy “main”"],
        ),
        (
            "把 main 改名为 core",
            "你有不止一个叫「main」的东西，要给哪一个改名？",
            ["交易所账户「main」", "策略「main」"],
        ),
    ],
)
async def test_several_kinds_ask_with_a_button_each(
    desk: TraderDesk, text: str, question: str, labels: list[str]
) -> None:
    await desk.account("main")
    await desk.strategy("main", dca())
    asked = await desk.chat.say(text)
    assert asked.status is Status.NEEDS_INPUT and codes(asked) == ["ambiguous_kind"]
    assert question in text_of(asked) and [b.label for b in asked.buttons] == labels
    done = await desk.chat.press(asked.buttons[1].token)
    assert (done.route.skill, done.route.action) == ("strategy_management", "update")
    assert done.status is Status.COMPLETED, text_of(done)
    assert [s.name for s in await desk.strategies.owned(OWNER)] == ["core"]
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["main"]


async def test_no_match_anywhere_is_the_account_not_found(desk: TraderDesk) -> None:
    await desk.account("main")
    await desk.strategy("grid1", dca())
    reply = await desk.chat.say("rename nothing-here to core")
    assert (reply.route.skill, reply.route.action) == ("exchange_management", "update")
    assert reply.status is Status.FAILED and codes(reply) == ["not_found"]
    assert "main" in text_of(reply)


async def test_saying_account_keeps_it_an_account_rename(desk: TraderDesk) -> None:
    await desk.account("main")
    await desk.strategy("main", dca())
    done = await desk.chat.say("rename the main account to core")
    assert (done.route.skill, done.route.action) == ("exchange_management", "update"), text_of(done)
    assert [a.name for a in await desk.workspace.accounts.owned(OWNER)] == ["core"]
    assert [s.name for s in await desk.strategies.owned(OWNER)] == ["main"]
