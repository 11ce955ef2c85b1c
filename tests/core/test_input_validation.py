"""Inbound validation: commands are checked like text; emoji pass, real control characters do not."""

from __future__ import annotations

import pytest

from core.events import Command
from core.memory_store import MemoryStateStore
from core.reply import NoticeBlock, Status
from tests.fakes import Chat, ScriptedMarket, make_core


def notice_codes(reply: object) -> list[str]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]  # type: ignore[attr-defined]


def shown_text(reply: object) -> str:
    return "".join(b.text for b in reply.blocks if isinstance(b, NoticeBlock))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("a" * 100_000, ""),  # "/" + 100k letters
        ("price", "b" * 100_000),
        ("lang", "x" * 600),
    ],
)
@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_an_overlong_command_gets_the_too_long_message_and_is_not_echoed(
    name: str, args: str, locale: str
) -> None:
    store = MemoryStateStore()
    market = ScriptedMarket()
    chat = Chat(make_core(market, store=store))
    await chat.say("当前价格是多少")  # an open question
    before = (await store.load_state(chat.key)).model_dump()

    # The language comes from the platform (validation answers before any state is read).
    command = Command("e-long", chat.key, locale_hint=f"{locale}-XX", name=name, args=args)
    reply = await chat.core.handle(command)

    assert reply.status is Status.FAILED and notice_codes(reply) == ["message_too_long"]
    assert reply.locale == locale
    assert len(shown_text(reply)) < 200  # the length and the limit, never the text itself
    assert (await store.load_state(chat.key)).model_dump() == before
    assert market.calls == []


@pytest.mark.parametrize("name", ["x" * 33, "pri-ce", "价格", "price\u202e", "a b"])
async def test_a_command_name_that_no_platform_could_send_is_refused_without_echo(name: str) -> None:
    reply = await Chat(make_core(ScriptedMarket())).command(name)
    assert reply.status is Status.FAILED
    assert notice_codes(reply) in (["invalid_command"], ["control_characters"])
    assert name not in shown_text(reply)


async def test_an_unknown_but_well_formed_command_still_names_itself() -> None:
    reply = await Chat(make_core(ScriptedMarket())).command("frobnicate")
    assert notice_codes(reply) == ["unknown_command"] and "/frobnicate" in shown_text(reply)


async def test_control_characters_in_command_arguments_are_refused() -> None:
    market = ScriptedMarket()
    reply = await Chat(make_core(market)).command("price", "btc\x00")
    assert notice_codes(reply) == ["control_characters"] and market.calls == []


@pytest.mark.parametrize(
    "emoji",
    [
        "👨\u200d💻",  # man technologist: a zero-width-joiner sequence
        "❤\ufe0f",  # red heart with the emoji variation selector
        "🇨🇳🇺🇸",  # flags: regional-indicator pairs
        "👍🏽",  # a skin-tone modifier
        "1\ufe0f\u20e3",  # keycap one
        "🏳\ufe0f\u200d🌈",  # rainbow flag
        "👩\u200d👩\u200d👧\u200d👦",  # family
    ],
)
async def test_emoji_sequences_are_accepted(emoji: str) -> None:
    market = ScriptedMarket()
    reply = await Chat(make_core(market)).say(f"BTC price {emoji}")
    assert reply.status is Status.COMPLETED, notice_codes(reply)
    assert market.calls == [("quote", "BTCUSDT"), ("change", "BTCUSDT")]


@pytest.mark.parametrize(
    "text",
    [
        "BTC\x00 price",  # NUL
        "BTC\x1b[31m price",  # an ANSI escape
        "BTC\x7f price",  # DEL
        "BTC\x85 price",  # a C1 control
        "BTC price \u202egnp.exe",  # right-to-left override (disguises text)
        "BTC \u2066price\u2069",  # a bidi isolate
        "BTC \ud800 price",  # a lone surrogate (cannot even be encoded as UTF-8)
    ],
)
async def test_real_control_characters_are_refused(text: str) -> None:
    market = ScriptedMarket()
    reply = await Chat(make_core(market)).say(text)
    assert notice_codes(reply) == ["control_characters"] and market.calls == []


async def test_line_breaks_and_tabs_are_ordinary_text() -> None:
    market = ScriptedMarket()
    reply = await Chat(make_core(market)).say("BTC\tprice\r\n")
    assert reply.status is Status.COMPLETED and market.calls == [("quote", "BTCUSDT"), ("change", "BTCUSDT")]
