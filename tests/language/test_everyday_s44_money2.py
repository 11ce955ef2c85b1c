"""Money and stories, round 2 (session 44): a trade someone else made told ("群里那个哥们all in了doge")
is a story, never an order; an order that keeps failing ("我落單買pepe一直出錯") or a trader that has
not placed one ("一單都冇落過") is a problem told. Each case failed before its fix: a word in the
lexicon data (outside.others, verb.fail, phrases/cantonese.toml) or a condition of the reader that
owns it, never a pattern for one phrasing."""

from __future__ import annotations

from typing import Any

from tests.cases import each
from tests.fakes import asks_of, assert_asks

Asked = tuple[str | None, str | None, dict[str, Any]]
NONE: list[Asked] = []


_asks = asks_of


_check = assert_asks


# -- someone else's trade told: a story ------------------------------------------------------------


@each(
    "text",
    [
        "xswl 群里那个哥们all in了doge",
        "这哥们梭哈了pepe",
        "有个大佬all in了sol",
        "this guy went all in on doge lol",
        "that guy sold all his eth",
        "someone in the group bought 10k of pepe",
    ],
)
def test_someone_elses_trade_is_a_story(text: str) -> None:
    _check(text, NONE)


@each(
    ("text", "want"),
    [
        # Said to deskmate ("bro"), 哥们 names no one else: the order stands.
        ("哥们帮我买点btc", [("trade_execution", "buy", {"symbol": "BTCUSDT"})]),
        ("all in doge", [("trade_execution", "buy", {"symbol": "DOGEUSDT", "amount": "all"})]),
    ],
)
def test_an_order_said_to_deskmate_stands(text: str, want: list[Asked]) -> None:
    _check(text, want)


# -- a problem told: a diagnosis, never an order ---------------------------------------------------

ORDER_PROBLEM = ("order_execution_diagnosis", "diagnose", {"symbol": "PEPEUSDT"})
TRADER_PROBLEM = ("trader_diagnosis", "diagnose", {})
BOZAI = {"trader": ["波仔"]}


@each("text", ["我落單買pepe一直出錯", "买pepe老是出错", "下单买pepe总是出问题"])
def test_an_order_that_keeps_failing_is_a_problem(text: str) -> None:
    _check(text, [ORDER_PROBLEM])


@each("text", ["波仔由尋日開始一單都冇落過", "波仔一單都唔落", "波仔成日一單也冇落"])
def test_a_trader_with_no_order_placed_is_a_problem(text: str) -> None:
    _check(text, [TRADER_PROBLEM], BOZAI)


def test_a_model_error_repeated_stays_the_models() -> None:
    _check("kimi 個模型一直出 429", [("model_diagnosis", "diagnose", {"provider": "kimi"})])


# -- a bare number glued before the side is the price; a 把-sentence with a share is an order -------

SELL_BTC_AT_60K = ("trade_execution", "limit", {"symbol": "BTCUSDT", "side": "sell", "limit_price": "60000"})


@each(
    ("text", "want"),
    [
        # never 60,000 coins: a limit with no size (the order asks for it)
        ("6万卖出大饼", [SELL_BTC_AT_60K]),
        ("3000买eth", [("trade_execution", "limit", {"side": "buy", "limit_price": "3000"})]),
        ("6万卖0.1个大饼", [("trade_execution", "limit", {"limit_price": "60000", "amount": "base:0.1"})]),
        # money spent, a unit said, or a number spaced before the verb: as before
        ("花200买sol", [("trade_execution", "buy", {"symbol": "SOLUSDT", "amount": "quote:200"})]),
        ("100u买btc", [("trade_execution", "buy", {"symbol": "BTCUSDT", "amount": "quote:100"})]),
        ("eth 0.5 卖", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "base:0.5"})]),
    ],
)
def test_a_number_glued_before_the_side_is_its_price(text: str, want: list[Asked]) -> None:
    _check(text, want)


@each(
    ("text", "want"),
    [
        ("把eth卖了一半", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "fraction:0.5"})]),
        ("将sol卖了一半", [("trade_execution", "sell", {"symbol": "SOLUSDT", "amount": "fraction:0.5"})]),
        ("把eth卖了0.5个", [("trade_execution", "sell", {"symbol": "ETHUSDT", "amount": "base:0.5"})]),
        # told: done already, or no 把
        ("我已经把eth卖了一半", NONE),
        ("刚把sol卖了一半", NONE),
        ("昨天把eth卖了一半", NONE),
        ("eth卖了一半", NONE),
        ("今天卖了eth", NONE),
    ],
)
def test_a_ba_sentence_with_a_share_is_an_order(text: str, want: list[Asked]) -> None:
    _check(text, want)
