"""The guides' intent: a question about an exchange, a model provider or the testnet ("币安API怎么
申请", "where do I get a DeepSeek API key", "what is paper trading"), and its fill, which names
the guide's topic and aspect. A request that configures something or reports a problem is not
one. Its words are data (core/language/lexicon/phrases/guide.toml), its intents a table
(lexicon/intents/guidance.toml)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.language.intents import table
from core.language.phrases import Words
from core.language.tagger import Reading
from core.language.word_scan import EXCHANGE, PROVIDER, named

SKILL = "guidance"

HOW, SUBJECT, FACT = Words("guide.how"), Words("guide.subject"), Words("guide.fact")
PERMISSIONS, PAPER, ABOUT_PAPER = Words("guide.permissions"), Words("guide.paper"), Words("guide.about")
TESTNET, ASKING, WALKTHROUGH = Words("guide.testnet"), Words("guide.asking"), Words("guide.walkthrough")
HOW_IS = Words("guide.how_is")
# A problem reported, a request that changes a record, one that adds one.
PROBLEM = frozenset({"verb.fail", "verb.diagnose", "ask.why", "diagnosis.not_done", "error.code"})
CHANGES = frozenset({"verb.update", "verb.delete", "verb.rename", "verb.set_to"})
CREATES = frozenset({"verb.create", "verb.bind"})
# Orders named: how to cancel them is the orders guide's ("how do i cancel my orders").
ORDERS_NAMED = frozenset(
    {"order.open_orders", "order.orders", "diagnosis.order", "order.limit_order", "trade.limit"}
)


def _explain(reading: Reading) -> Mapping[str, Any] | None:
    from core.skills.guidance.catalog import topics
    from core.workspace.given_secrets import find_given

    norm, said = reading.text, reading.concepts
    if norm.startswith("/") or said & PROBLEM:
        return None  # "okx passphrase 错误怎么办", "binance API 一直回 -1022": a diagnosis, not a guide
    walkthrough = WALKTHROUGH.search(norm) is not None and not find_given(reading.norm.original).any
    if _configures(reading) and not walkthrough:
        return None  # the model or exchange skill takes it, with the values it gives
    topic = _topic(norm)
    if topic == "paper":
        return {"topic": "paper"} if ABOUT_PAPER.search(norm) else None
    # "should i enable withdrawals on my key" asks advice: a question, whatever verb it names.
    advice = "outside.advice" in said
    # "币安测试网怎么用": the testnet of an exchange named is its own subject ("what's a testnet"
    # alone is the glossary's).
    testnet = topic == "binance_testnet" and named(TESTNET.sub(" ", norm), EXCHANGE) == "binance"
    if topic is None or not (SUBJECT.search(norm) or testnet or walkthrough):
        return None
    if said & CHANGES and not advice:
        return None  # "把 deepseek 的 base url 改成 …" changes a config: not a question
    kind, need = topics()[topic].kind, norm.find("需要")
    # Asking how ("怎么申请", "where do i get"), or whether something is needed ("需要 … 吗").
    how = HOW.search(norm) or walkthrough or (need >= 0 and "吗" in norm[need + 2 : need + 15])
    if not (how or advice) and not (FACT.search(norm) and kind == "model"):
        return None
    permissions = PERMISSIONS.search(norm) is not None and kind == "exchange"
    return {"topic": topic, "aspect": "permissions" if permissions else "setup"}


def _configures(reading: Reading) -> bool:
    """A request to set something up that names a guide's words ("配置 kimi 模型，base url 是
    https://…，key 是 sk-…", "add a qwen model, model name qwen-plus"), not a how-to: it carries a
    credential (never answered with a guide while the key sits in the chat), or it gives a URL or
    says "add / configure" without asking anything."""
    from core.workspace.extraction import URL
    from core.workspace.given_secrets import find_given

    if find_given(reading.norm.original).any:
        return True
    return (
        bool(URL.search(reading.text) or reading.concepts & CREATES) and ASKING.search(reading.text) is None
    )


def _topic(norm: str) -> str | None:
    from core.skills.guidance.catalog import topics

    exchange = named(norm, EXCHANGE)
    paper = PAPER.search(norm) is not None
    if exchange == "paper" or (exchange is None and paper):
        return "paper" if paper or exchange == "paper" else None
    if exchange in (None, "binance") and TESTNET.search(norm) is not None:
        return "binance_testnet"
    if exchange is not None:
        return exchange if exchange in topics() else None
    provider = named(norm, PROVIDER)
    return provider if provider in topics() else None


def _permissions(reading: Reading) -> Mapping[str, Any] | None:
    """ "API要开哪些权限啊", "which permissions does an api key need": an API key's permissions asked
    with no exchange or provider named (that is the guide of the one named): each exchange's."""
    norm = reading.text
    if norm.startswith("/") or reading.concepts & (PROBLEM | CHANGES) or _configures(reading):
        return None
    if _topic(norm) is not None or PERMISSIONS.search(norm) is None or ASKING.search(norm) is None:
        return None
    return {"aspect": "permissions"}


def _start(reading: Reading) -> Mapping[str, Any] | None:
    return None if reading.concepts & PROBLEM else {"topic": "start", "aspect": "setup"}


def _orders(reading: Reading) -> Mapping[str, Any] | None:
    """How to place an order of a kind, asked with no number given (a price or a size is the order)."""
    text = reading.text
    if reading.concepts & PROBLEM or any(ch.isdigit() for ch in text) or HOW_IS.search(text) is not None:
        return None  # "how's my limit order" asks about one's own order, not how to place one
    return {"topic": "orders", "aspect": "setup"}


def _minimum(reading: Reading) -> Mapping[str, Any] | None:
    """Whether a sum is too small or too big to trade, or the least one may trade, asked ("is 5u too
    small to buy btc", "买btc最少要多少u"): the orders guide, which tells the pairs' minimums; a sum
    and a coin said are what is asked about, never an order."""
    return None if reading.concepts & PROBLEM else {"topic": "orders", "aspect": "setup"}


ABLE, ABLE_TAIL, ABLE_END = Words("guide.able"), Words("guide.able_tail"), Words("guide.able_end")
ASKED_OF_YOU, ABLE_LOOK = Words("guide.asked_of_you"), Words("guide.able_look")
# Whose words place or name an order of a kind (the first said is what whether one may is asked of).
_ORDER_KINDS = frozenset(
    {
        "order.limit_order",
        "order.stop_loss",
        "order.take_profit",
        "trade.limit",
        "order.open_orders",
        "order.fills_itself",
    }
)


def _able_orders(reading: Reading) -> Mapping[str, Any] | None:
    """Whether one may place an order of a kind, asked ("我可以挂单吗", "能挂限价单吗", "can i place a
    limit order", "我可以在6万挂单买btc吗"): a question, the orders guide; never the list of their open
    orders nor an order. Asked of deskmate ("你可以帮我挂单吗", "can you place one for me") it is the
    order asked, not this."""
    text = reading.text
    if reading.concepts & PROBLEM or ASKED_OF_YOU.search(text) is not None or ABLE_LOOK.search(text):
        return None  # "能看挂单吗": a look at theirs
    kind = next((t for t in reading.tags if t.concepts & _ORDER_KINDS), None)
    if kind is None:
        return None
    able = ABLE.search(text)
    tail = ABLE_TAIL.search(text)
    ends = ABLE_END.search(text[kind.end :]) is not None or text.rstrip().endswith(("吗", "嗎", "?", "？"))
    asked = (able is not None and able.start() < kind.start) or (
        tail is not None and tail.start() < kind.start and ends
    )
    return {"topic": "orders", "aspect": "setup"} if asked else None


def _how_act(reading: Reading) -> Mapping[str, Any] | None:
    """An act asked how it is done (core.language.how_to): a trade's, the orders guide; a record's,
    where to begin (it says how each record is made, started and run)."""
    said = reading.concepts
    orders = "ask.how_trade" in said or any(c.startswith("order.") for c in said) or bool(said & ORDERS_NAMED)
    topic = "orders" if orders else "start"
    return {"topic": topic, "aspect": "setup"}


INTENTS = table(
    SKILL,
    "guidance",
    {
        "explain": _explain,
        "start": _start,
        "permissions": _permissions,
        "orders": _orders,
        "how_act": _how_act,
        "able_orders": _able_orders,
        "minimum": _minimum,
    },
).intents
