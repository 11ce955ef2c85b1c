"""Each intent the known phrasings name has a carrier in English and Chinese that the router reads
as that intent (core/language/carriers.toml): a carrier read as another intent would give a "did
you mean" button nothing of the message (core.conversation.carried)."""

from __future__ import annotations

import pytest

from core.language.carriers import LANGUAGES, CarrierError, carried, carriers, parse_carriers
from core.language.nearest import NONE
from tests.corpus.expect import context
from tests.corpus.test_known_phrasings import table
from tests.fakes import shared_router

NAMES = {
    "trader": ["rex"],
    "strategy": ["eth ladder"],
    "account": ["main"],
    "model": ["kimi"],
    "alert": ["dip"],
}
# What a carrier may need after it to be a request at all: a coin, one of their records, a topic.
_ANY = ("", " btc", " 0.1 btc", " rex", " eth ladder", " main", " kimi", " dip", " sol 5 at 220 sell")
OBJECTS = {"en": (*_ANY, " grid", " set a stop loss"), "zh": (*_ANY, " 网格", " 设置止损")}


def test_every_intent_the_known_phrasings_name_has_a_carrier() -> None:
    named = {label for label, _ in table()} - {NONE}
    assert named <= set(carriers()), sorted(named - set(carriers()))


@pytest.mark.parametrize("intent", sorted(carriers()))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_carrier_is_read_as_its_own_intent(intent: str, lang: str) -> None:
    lead = carriers()[intent][lang]
    routes = [shared_router().route(lead + more, context({"names": NAMES})) for more in OBJECTS[lang]]
    assert any(r is not None and f"{r.skill}.{r.action}" == intent for r in routes), (intent, lang, routes)


def test_the_carrier_is_in_the_messages_script() -> None:
    assert carried("trade_execution.buy", "yeet 25 bucks into sol") == "buy yeet 25 bucks into sol"
    assert carried("trade_execution.buy", "sol上1000u") == "买 sol上1000u"
    assert carried("trade_execution.buy", "sol上1000u啦 唔該") == "买 sol上1000u啦 唔該"  # read simplified
    assert carried("nobody.knows", "x") is None


@pytest.mark.parametrize(
    "text",
    [
        '[carriers]\n"price.current" = { en = "price" }',  # a language missing
        '[carriers]\n"price" = { en = "price", zh = "价格" }',  # not skill.action
        '[carriers]\n"price.current" = { en = " ", zh = "价格" }',  # empty
        '[other]\n"price.current" = { en = "price", zh = "价格" }',  # no table
    ],
)
def test_a_bad_carriers_file_is_refused(text: str) -> None:
    with pytest.raises(CarrierError):
        parse_carriers(text)
