"""A record's delete or stop said only as one's own condition is weighed, never done (blind set KD):
"假如我把币安账户删了，以前的记录还在吗" deleted an account named "删了", "what if i delete all my alerts"
offered the alerts to delete. Read as the engine reads a turn (every ask of the message)."""

from __future__ import annotations

from core.conversation.reading import read_asks
from core.i18n import Locale
from core.routing.router import Route
from tests.cases import each
from tests.corpus.expect import context
from tests.fakes import shared_router


def _asks(text: str, names: dict[str, list[str]] | None = None) -> list[Route]:
    locale: Locale = "en" if text.isascii() else "zh"
    row = {"text": text, "names": names} if names else {"text": text}
    return read_asks(text, shared_router(), context(row), locale=locale)


@each(
    "text",
    [
        "假如我把币安账户删了，以前的记录还在吗",  # 把 + its object between the "if" and the act
        "如果我把币安账户删了，以前的记录还在吗",
        "如果我將個幣安帳戶刪咗，啲紀錄仲喺度嗎",
        "假如把btc提醒全删了会怎样",
        "what if i delete all my alerts",
        "what if i delete my okx account",
        "if i delete my binance account, is the history still there",  # nor the price history
    ],
)
def test_a_delete_only_supposed_asks_nothing(text: str) -> None:
    assert _asks(text) == [], _asks(text)


@each(
    ("text", "names"),
    [
        ("假如我把vault删了，历史还在吗", {"account": ["vault", "main"]}),
        ("如果我把小胖停了，仓位会怎样", {"trader": ["小胖", "旺财"]}),
        ("如果我停了所有交易员，仓位会怎样", {"trader": ["小胖", "旺财"]}),
    ],
)
def test_their_record_supposed_deleted_or_stopped_is_untouched(
    text: str, names: dict[str, list[str]]
) -> None:
    assert not [r for r in _asks(text, names) if r.action in ("delete", "stop")]


@each(
    ("text", "skill"),
    [
        ("把币安账户删了", "exchange_management"),
        ("delete all my alerts", "price_alert"),
        ("删除我的btc提醒", "price_alert"),
    ],
)
def test_a_delete_asked_stays_one(text: str, skill: str) -> None:
    asks = _asks(text)
    assert [(r.skill, r.action) for r in asks] == [(skill, "delete")], asks
