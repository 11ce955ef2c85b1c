"""A secret sent after its question closed (switched away, or expired) never reaches a model."""

from __future__ import annotations

from core.reply import NoticeBlock, Reply, Status
from tests.workspace.conftest import API_KEY, API_SECRET, Desk, codes, make_desk

PASSPHRASE = "Okx#pass42"  # short and user-chosen: the planner's redaction cannot spot it


class SpyPlanner:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def run(self, *, text: str, locale: str, user_id: str) -> Reply:
        self.calls.append(text)
        return Reply(Status.COMPLETED, (NoticeBlock("model answer", code="model_answer"),), "en")


async def _asking_passphrase(desk: Desk) -> None:
    chat = desk.chat
    await chat.say("添加一个OKX交易所账户 名为 okx1")
    await chat.say(API_KEY)
    ask = await chat.say(API_SECRET)
    assert ask.expects_secret == "passphrase"


async def test_a_passphrase_sent_after_switching_away_is_dropped_not_sent_to_the_model() -> None:
    spy = SpyPlanner()
    desk = make_desk(planner=spy)
    await _asking_passphrase(desk)
    switched = await desk.chat.say("查看我的模型配置")  # completes at once and offers to resume
    assert codes(switched)[-1] == "offer_resume"

    reply = await desk.chat.say(PASSPHRASE)
    assert spy.calls == []
    assert reply.delete_inbound is True and reply.audience == "private"
    assert "secret_not_expected" in codes(reply)
    state = await desk.states.load_state(desk.chat.key)
    assert PASSPHRASE not in state.model_dump_json()


async def test_a_passphrase_sent_after_the_question_expired_is_dropped_not_sent_to_the_model() -> None:
    spy = SpyPlanner()
    desk = make_desk(planner=spy)
    await _asking_passphrase(desk)
    desk.clock.advance(31 * 60)

    reply = await desk.chat.say(PASSPHRASE)
    assert spy.calls == []
    assert codes(reply)[0] == "expired"  # still told that the task was closed
    assert "secret_not_expected" in codes(reply) and reply.delete_inbound is True


async def test_ordinary_text_after_a_paused_secret_question_still_reaches_the_model() -> None:
    spy = SpyPlanner()
    desk = make_desk(planner=spy)
    await _asking_passphrase(desk)
    await desk.chat.say("查看我的模型配置")
    reply = await desk.chat.say("tell me a joke")
    assert spy.calls == ["tell me a joke"]
    assert reply.delete_inbound is False
