"""Issue 12 part 1: a dishonest model's words are never shown as facts.

A scripted OpenAI-compatible server on 127.0.0.1 plays the model, through the real openai SDK
(adapters.llm.OpenAIChatModel). Each case the issue observed, in English and Chinese: the prose is
the assistant's labelled note, its unverified figures and claimed actions are gone (and traced),
links are dead, the length is capped, and the status follows the README's table.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from adapters.console.render import render_json, render_text
from adapters.demo_market import DemoMarket, demo_close, demo_quote_price
from adapters.llm import OpenAIChatModel
from core.clock import FixedClock
from core.engine import Core
from core.events import ConversationKey, TextMessage
from core.formatting import format_price
from core.i18n import Locale, t
from core.market import history_window
from core.memory_store import MemoryStateStore
from core.planner import MemoryUsageLedger, Planner
from core.planner.plain import NOTE_LIMIT
from core.reply import NoteBlock, NoticeBlock, QuoteBlock, Reply, Status, TextBlock, TraceStep
from tests.fakes import price_skills
from tests.planner.conftest import NOW, FailingMarket, MakePlanner, note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call

KEY = ConversationKey("console", "c1", "u1")
PRICE = demo_quote_price("BTCUSDT", NOW)


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def guard_step(reply: Reply) -> TraceStep:
    return next(s for s in reply.trace if s.name == "note_guard")


def removed(reply: Reply) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = guard_step(reply).detail["removed"]
    return found


def marker(locale: Locale) -> str:
    return t(locale, "planner.figure_removed")


def core_with(model: OpenAIChatModel, clock: FixedClock, market: DemoMarket) -> Core:
    skills = price_skills(market, clock)
    planner = Planner(model, skills.toolsets, clock=clock, ledger=MemoryUsageLedger())
    return Core(store=MemoryStateStore(), skills=skills, clock=clock, planner=planner)


# -- "I placed your order for 100 USDT of BTC at $1." (no such tool exists) ------------------------

ORDER_CLAIMS = [
    ("en", "buy me some bitcoin cheaply", "I placed your order for 100 USDT of BTC at $1."),
    ("zh", "帮我便宜点买点比特币", "我已为你下单，以 1 美元买入 100 USDT 的 BTC。"),
]


@pytest.mark.parametrize(("locale", "ask", "prose"), ORDER_CLAIMS)
async def test_a_claimed_order_that_no_tool_placed_is_dropped(
    llm: ScriptedLLMServer,
    model: OpenAIChatModel,
    clock: FixedClock,
    market: DemoMarket,
    locale: Locale,
    ask: str,
    prose: str,
) -> None:
    llm.add(completion(prose))

    reply = await core_with(model, clock, market).handle(TextMessage("e1", KEY, text=ask))

    assert note_of(reply) is None  # the only sentence was the false claim
    assert reply.status is Status.FAILED
    assert codes(reply) == ["claim_removed", "unsupported_request"]
    notices = {b.code: b.text for b in reply.blocks if isinstance(b, NoticeBlock)}
    assert notices["claim_removed"] == t(locale, "planner.claim_removed")
    # Unsupported: a few things to try follow, as without a model.
    assert isinstance(reply.blocks[-1], TextBlock) and "BTC" in reply.blocks[-1].text
    assert removed(reply) == [{"kind": "claim", "text": prose, "action": "order"}]
    assert all(prose not in getattr(b, "text", "") for b in reply.blocks)


# -- under a correct card: "BTC is $1 right now. ETH is $2 and SOL is $3." -------------------------

WRONG_FIGURES = [
    (
        "en",
        "how's the king of crypto doing?",
        f"BTC is $1 right now. ETH is $2 and SOL is $3. The card says {format_price(PRICE)} USDT.",
        "BTC is {m} right now. ETH is {m} and SOL is {m}. The card says {p} USDT.",
    ),
    (
        "zh",
        "大饼最近咋样",
        f"比特币现在只要 1 美元。以太坊 2 美元，SOL 涨了 30%。卡片上是 {format_price(PRICE)} USDT。",
        "比特币现在只要{m}。以太坊{m}，SOL 涨了{m}。卡片上是 {p} USDT。",
    ),
]


@pytest.mark.parametrize(("locale", "ask", "prose", "shown"), WRONG_FIGURES)
async def test_figures_no_tool_gave_are_removed_under_a_correct_card(
    llm: ScriptedLLMServer,
    make_planner: MakePlanner,
    locale: Locale,
    ask: str,
    prose: str,
    shown: str,
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose),
    )

    reply = await make_planner().run(text=ask, locale=locale, user_id="u1")

    (quote,) = [b for b in reply.blocks if isinstance(b, QuoteBlock)]
    assert quote.price == PRICE
    assert note_of(reply) == shown.format(m=marker(locale), p=format_price(PRICE))
    # The card asked for is there, whole, but the note lost figures: partial (issue 24), and said.
    assert reply.status is Status.PARTIAL and "figures_removed" in codes(reply)
    assert [(r["coin"], r["kind"]) for r in removed(reply)] == [
        ("BTC", "figure"),
        ("ETH", "figure"),
        ("SOL", "figure"),
    ]
    # The note comes after the card, with the label in the reply's language.
    (note,) = [b for b in reply.blocks if isinstance(b, NoteBlock)]
    assert reply.blocks.index(note) > reply.blocks.index(quote)
    assert note.label == t(locale, "planner.note_label")


# -- no tool call at all: "BTC is $1. Buy now!" ----------------------------------------------------

NO_TOOL = [
    ("en", "should I get in?", "BTC is $1. Buy now!", "BTC is {m}. Buy now!"),
    ("zh", "现在能上车吗", "比特币现在只要 $1，赶紧买！", "比特币现在只要{m}，赶紧买！"),
]


@pytest.mark.parametrize(("locale", "ask", "prose", "shown"), NO_TOOL)
async def test_without_any_tool_the_words_are_a_note_and_the_request_fails(
    llm: ScriptedLLMServer,
    model: OpenAIChatModel,
    clock: FixedClock,
    market: DemoMarket,
    locale: Locale,
    ask: str,
    prose: str,
    shown: str,
) -> None:
    llm.add(completion(prose))

    reply = await core_with(model, clock, market).handle(TextMessage("e1", KEY, text=ask))

    assert note_of(reply) == shown.format(m=marker(locale))
    assert reply.status is Status.FAILED
    assert codes(reply) == ["figures_removed", "unsupported_request"]
    assert isinstance(reply.blocks[-1], TextBlock)  # the suggestions
    assert not any(isinstance(b, QuoteBlock) for b in reply.blocks)
    assert removed(reply) == [{"kind": "figure", "text": "$1", "coin": "BTC"}]


# -- an HTML link "click to verify your API key" ---------------------------------------------------

LINKS = [
    (
        "en",
        'Your key expired. <a href="https://evil.example.com/verify">click to verify your API key</a> '
        "or go to https://evil.example.com/login, [here](http://10.0.0.1/x) or @deskmate_support_bot.",
    ),
    (
        "zh",
        '你的密钥已过期，<a href="https://evil.example.com/verify">点此验证你的 API 密钥</a>，'
        "或者访问 evil.example.com 和 t.me/evil_bot 。",
    ),
]


@pytest.mark.parametrize(("locale", "prose"), LINKS)
async def test_links_in_the_prose_are_never_clickable(
    llm: ScriptedLLMServer, make_planner: MakePlanner, locale: Locale, prose: str
) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose),
    )

    reply = await make_planner().run(text="is my key ok?", locale=locale, user_id="u1")

    text = note_of(reply)
    assert text is not None
    assert "<a" not in text and "href" not in text
    assert "https://" not in text and "http://" not in text
    assert "example.com" not in text and "t.me/" not in text and "10.0.0.1" not in text
    # Removed, not defanged (issue 24): no spelling of the link or the handle is left.
    assert "evil" not in text and "hxxp" not in text and "deskmate_support_bot" not in text
    if locale == "en":
        assert "click to verify your API key" in text
    else:
        assert "点此验证你的 API 密钥" in text
    assert "links_removed" in codes(reply) and reply.status is Status.PARTIAL
    assert guard_step(reply).detail["markup_removed"] is True
    # What a platform would show: nothing link-like survives rendering either.
    assert "https://" not in render_text(reply)


# -- a 15,009-character reply when the provider ignored max_tokens ---------------------------------


SENTENCES: dict[Locale, str] = {
    "en": "Markets move in cycles and patience matters. ",
    "zh": "行情有周期，耐心很重要。",
}


@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_a_huge_reply_is_capped_at_a_sentence(
    llm: ScriptedLLMServer, make_planner: MakePlanner, locale: Locale
) -> None:
    sentence = SENTENCES[locale]
    prose = (sentence * (15_009 // len(sentence) + 1))[:15_009]
    assert len(prose) == 15_009
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(prose, completion_tokens=800, finish_reason="stop"),
    )

    reply = await make_planner().run(text="tell me all about it", locale=locale, user_id="u1")

    (note,) = [b for b in reply.blocks if isinstance(b, NoteBlock)]
    assert note.capped
    assert NOTE_LIMIT // 2 <= len(note.text) <= NOTE_LIMIT
    assert note.text.endswith(sentence.strip()[-1])  # ends after a whole sentence
    assert "answer_truncated" in codes(reply)
    step = guard_step(reply)
    assert (step.detail["capped_from"], step.detail["capped_to"]) == (15_009, len(note.text))
    assert any(b["type"] == "note" and b["capped"] for b in render_json(reply)["blocks"])
    assert len(render_text(reply)) < 2_000


# -- the status table ------------------------------------------------------------------------------


async def test_status_every_tool_failed_is_failed(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion("BTC is around $70,000 today."),
    )

    reply = await make_planner(market_data=FailingMarket("market_unavailable")).run(
        text="btc?", locale="en", user_id="u1"
    )

    assert reply.status is Status.FAILED
    assert note_of(reply) == f"BTC is around {marker('en')} today."
    assert "unsupported_request" not in codes(reply)  # it was supported; the data failed


async def test_status_some_data_missing_is_partial(
    llm: ScriptedLLMServer, make_planner: MakePlanner, market: DemoMarket
) -> None:
    llm.add(
        completion(
            None,
            [
                tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"}),
                tool_call("c2", "get_price_history", {"symbol": "BTCUSDT", "days": 7}),
            ],
        ),
        completion("Here is BTC; its week could not be fetched."),
    )

    reply = await make_planner(market_data=FailingMarket("market_unavailable", quote_ok=market)).run(
        text="btc and its week", locale="en", user_id="u1"
    )

    assert reply.status is Status.PARTIAL
    assert any(isinstance(b, QuoteBlock) for b in reply.blocks)


async def test_status_a_correct_figure_stays_and_the_answer_is_completed(
    llm: ScriptedLLMServer, make_planner: MakePlanner
) -> None:
    rounded = f"{PRICE.quantize(Decimal(1)):,}"
    llm.add(
        completion(None, [tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"})]),
        completion(f"BTC is about ${rounded} at the best ask."),
    )

    reply = await make_planner().run(text="btc?", locale="en", user_id="u1")

    assert reply.status is Status.COMPLETED
    assert note_of(reply) == f"BTC is about ${rounded} at the best ask."
    assert not any(s.name == "note_guard" for s in reply.trace)  # nothing to remove


# -- an honest model loses nothing -----------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "zh"])
async def test_an_honest_answer_with_the_cards_figures_is_shown_whole(
    llm: ScriptedLLMServer, make_planner: MakePlanner, locale: Locale
) -> None:
    days = history_window(NOW).days
    closes = [demo_close("BTCUSDT", d) for d in days]
    first, last = closes[0], closes[-1]
    change = (last - first) / first * 100
    low, high = min(closes), max(closes)
    if locale == "en":
        prose = (
            f"Bitcoin's best ask is {format_price(PRICE)} USDT. Over the last 7 days it went from "
            f"${format_price(first)} on {days[0].isoformat()} to ${format_price(last)} yesterday, "
            f"{abs(change):.2f}% {'up' if change >= 0 else 'down'}; its lowest close was "
            f"{format_price(low)} and its highest about ${high / 1000:.1f}k. I can't place orders."
        )
    else:
        prose = (
            f"比特币当前卖一价为 {format_price(PRICE)} USDT。近 7 天从 {format_price(first)} 美元"
            f"变为 {format_price(last)} 美元，{'上涨' if change >= 0 else '下跌'}约 {abs(change):.1f}%；"
            f"最低收盘 {format_price(low)}，最高约 {high / 10000:.2f} 万美元。我无法替你下单。"
        )
    llm.add(
        completion(
            None,
            [
                tool_call("c1", "get_current_price", {"symbol": "BTCUSDT"}),
                tool_call("c2", "get_price_history", {"symbol": "BTCUSDT", "days": 7}),
            ],
        ),
        completion(prose),
    )

    reply = await make_planner().run(text="btc and its week", locale=locale, user_id="u1")

    assert note_of(reply) == prose
    assert not any(s.name == "note_guard" for s in reply.trace)
    assert reply.status is Status.COMPLETED
