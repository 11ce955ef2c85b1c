"""The nearest known phrasings of a message name the intents they were read as, best first; a
message near phrasings that must do nothing, or near none, gets none (core.language.nearest)."""

from __future__ import annotations

import pytest

from core.language.nearest import MAX_OFFERS, NONE, KnownPhrasings, key_of, known_phrasings

TABLE = KnownPhrasings(
    [
        ("price.current", "btc price"),
        ("price.current", "what is the eth price now"),
        ("price.current", "比特币现在多少钱"),
        ("account_query.balance", "how much money is in my account"),
        ("account_query.balance", "show my balance"),
        ("account_query.balance", "我的余额还有多少"),
        ("trader_management.query", "list my traders"),
        ("trader_management.query", "how are my bots doing"),
        (NONE, "i sold all my eth last year and regret it"),
        (NONE, "我去年把以太坊全卖了好后悔"),
        *[("glossary.explain", f"what does term{i} mean") for i in range(40)],  # common words
    ]
)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("whats the btc price like", "price.current"),
        ("以太坊现在多少钱", "price.current"),  # no Chinese coin name of the table: its other words
        ("how much money do i have in my acount", "account_query.balance"),  # a slip: letter triples
        ("我的余額剩多少", "account_query.balance"),  # traditional read as simplified
        ("my bots, how are they doing", "trader_management.query"),
    ],
)
def test_a_message_near_known_phrasings_gets_their_intent_first(text: str, intent: str) -> None:
    offers = TABLE.nearest(text)
    assert offers and offers[0].intent == intent
    assert 0 < offers[0].likeness <= 1


@pytest.mark.parametrize(
    "text",
    [
        "i sold all my eth last year and i regret it so much",  # near talk that must do nothing
        "去年把以太坊都卖了，好后悔",
        "tell me a joke",  # near nothing
        "",
        "!!!",
    ],
)
def test_a_message_near_nothing_or_near_talk_gets_no_intent(text: str) -> None:
    assert TABLE.nearest(text) == ()


def test_at_most_a_few_intents_are_offered_each_once() -> None:
    offers = TABLE.nearest("my balance and my bots and the btc price")
    assert 1 <= len(offers) <= MAX_OFFERS
    assert len({o.intent for o in offers}) == len(offers)


def test_keys_read_width_case_and_traditional_as_one() -> None:
    assert key_of("ＢＴＣ  價格") == key_of("btc 价格") == "btc 价格"


def test_the_package_index_loads_once_and_knows_a_price_when_it_sees_one() -> None:
    index = known_phrasings()
    assert index is known_phrasings() and len(index) > 10_000
    assert index.nearest("btc price")[0].intent == "price.current"
