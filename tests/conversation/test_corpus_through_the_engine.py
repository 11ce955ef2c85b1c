"""Every tenth corpus message through the whole engine, on a desk with records of every kind (an
account, a strategy, a trader, a resting limit order, a filled buy, an alert), with the first
button of every question or confirmation pressed: none may fail the turn. The routing tests read
these messages; this runs what they start. The whole corpus so found a buy whose account was
deleted meanwhile raising out of the engine (tests/conversation/test_record_gone_meanwhile.py)."""

from __future__ import annotations

from adapters.demo_market import DemoMarket
from core.events import ConversationKey
from core.reply import Status
from tests import corpus
from tests.conversation.conftest import Desk, codes
from tests.workspace.conftest import Chat

SHARE = 10  # every tenth row: about 1,200 messages, a few seconds
CONVERSATIONS = 20  # spread over conversations of one person, so tasks wait and come back
RECORDS = (
    "create a paper account called p1 with 10000 usdt",
    "创建一个BTC定投策略，每天买50U",
    "创建一个交易员叫rex",
    "limit buy 0.1 eth at 2000",
    "buy 100 usdt of btc",
    "alert me when btc goes below 80000",
)
ASKING = (Status.NEEDS_INPUT, Status.AWAITING_CONFIRMATION)


async def test_no_corpus_message_fails_its_turn() -> None:
    desk = Desk()
    desk.market = DemoMarket(desk.clock)  # klines too: backtests and charts run
    desk.chat = Chat(desk._core())
    for text in RECORDS:
        reply = await desk.chat.say(text)
        if reply.status is Status.AWAITING_CONFIRMATION:
            await desk.chat.press(reply.buttons[0])
    texts = sorted({row["text"] for row in corpus.corpus_rows()})[::SHARE]
    failed: list[str] = []
    for i, text in enumerate(texts):
        key = ConversationKey("console", f"chat-{i % CONVERSATIONS}", desk.chat.key.user_id)
        chat = Chat(desk.chat.core, key)
        try:
            reply = await chat.say(text)
            if "internal_error" in codes(reply):
                failed.append(f"{text!r}: internal error")
            elif reply.status in ASKING and reply.buttons:
                pressed = await chat.press(reply.buttons[0])
                if "internal_error" in codes(pressed):
                    failed.append(f"{text!r}, its first button: internal error")
        except Exception as exc:  # the failure itself is the finding
            failed.append(f"{text!r}: {type(exc).__name__}: {exc}")
    assert len(texts) > 1000
    assert failed == []
