"""An outcome told ("去年赚了不少") asks nothing by the words inside it: its 赚了 (ask.pnl) is no ask
beside a holding back (outside.undecided, none where an ask is said), so "…，舍不得删" stays held
back, no delete. An ask said of its own ("今年赚了多少") still makes it none. And one's own act told
with 手动 / 亲自 between 我 and the verb ("我手动停了阿飞") is told done (outside.acted)."""

from __future__ import annotations

from core.language.tagger import words
from tests.cases import each


def test_an_outcome_told_holds_its_ask_word() -> None:
    assert words("月月存前年赚了不少，舍不得删").has("outside.undecided")


def test_an_ask_of_its_own_still_counts() -> None:
    assert not words("还没决定 先看看sol多少钱").has("outside.undecided")


@each("text", ["我手动停了交易员", "我刚亲自删了策略", "交易员我自己手动停了"])
def test_own_act_told_with_manually_between(text: str) -> None:
    reading = words(text)
    assert reading.has("outside.acted")
    assert not reading.has("verb.stop") and not reading.has("verb.delete")


def test_manually_asked_still_acts() -> None:
    assert words("帮我手动停了交易员").has("verb.stop")
