"""What reading a message's clauses costs, counted rather than timed (issue 21: routing p99 per
message, make bench): a step that was made cheap fails here when it goes back to its old cost."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.catalog import bundled_catalog
from core.coin_index import CoinIndex
from core.conversation.across import kept
from core.conversation.reading import read_asks
from core.conversation.references import refer
from core.conversation.spaces import cut_spaces
from core.language import tagger
from core.language.gazetteer import Gazetteer
from core.language.normalize import has_cjk
from core.language.tagger import Reading, Tagger, words
from core.routing.router import NO_CONTEXT, Route, RouteContext, Router
from core.state import Recall
from tests.fakes import shared_router


def _counting(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[tuple[str, bool]]]:
    """Every piece routed, and every text tagged with whether the coins were read, from here on;
    nothing kept from other tests' messages."""
    routed: list[str] = []
    tagged: list[tuple[str, bool]] = []
    route, read = Router.route, Tagger._read

    def counted_route(self: Router, piece: str, context: RouteContext = NO_CONTEXT) -> Route | None:
        routed.append(piece)
        return route(self, piece, context)

    def counted_read(self: Tagger, piece: str, names: Gazetteer | None) -> Reading:
        tagged.append((piece, self.coins is not None))
        return read(self, piece, names)

    monkeypatch.setattr(Router, "route", counted_route)
    monkeypatch.setattr(Tagger, "_read", counted_read)
    monkeypatch.setattr(tagger, "_READ", {})
    words.cache_clear()
    return routed, tagged


def test_a_space_after_latin_reads_no_story_before_it() -> None:
    """Only a space after Chinese may cut: the story before a space after a Latin word is never
    read (it was, for every space beside a join of a long English message: a tenth of its cost)."""
    told: list[str] = []

    def telling(piece: str) -> bool:
        told.append(piece)
        return False

    text = "give me btc's current price and also the 7 day trend, i'm writing an update for my chat"
    joins = ((28, 31), (32, 36), (52, 53))  # "and", "also", ","
    assert cut_spaces(text, joins, telling) == ()
    assert told == []


def test_a_space_after_chinese_beside_a_join_still_reads_the_story() -> None:
    told: list[str] = []

    def telling(piece: str) -> bool:
        told.append(piece)
        return True

    text = "剛下課，晚餐還沒吃 先幫我查一下 BNB 現價"
    assert cut_spaces(text, ((3, 4),), telling) == ((9, 10), (16, 17))
    assert told == ["晚餐還沒吃", "晚餐還沒吃 先幫我查一下"]  # none for the space after "BNB"


# Long messages of several clauses, among the slowest 1% to read (bench/routing.py): their clauses
# are cut many ways, each way routing and reading the same pieces again.
_LONG = (
    "give me btc's current price and also the 7 day trend, i'm writing a little update for my group "
    "chat and want it to be accurate for once",
    "创建交易员 叫 alpha，用币安账户，BTC定投策略，deepseek模型",
    "创建一个ETH网格策略，3000到4000，20格，每格50U",
    "please rename my account alpha9 to savings. I made it in a rush last night and hate the name",
)


@pytest.mark.parametrize("text", _LONG)
def test_each_piece_is_routed_and_tagged_once(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """read_asks (and the engine, through the same piece_readers) routes each piece once and tags
    each text once (with the coins or without), however many ways its clauses are cut: they were
    routed ~9 times and tagged ~17 times, a fifth of it again."""
    routed, tagged = _counting(monkeypatch)
    read_asks(text, shared_router(), locale="zh" if has_cjk(text) else "en")
    assert routed and [p for p, n in Counter(routed).items() if n > 1] == []
    assert tagged and [t for t, n in Counter(tagged).items() if n > 1] == []


def test_a_piece_keeping_nothing_is_not_tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every piece is asked whether it keeps a record ("…, keep alice"): only one with a keep word
    is tagged for it (each piece was tagged for it, then again with the coins when routed)."""
    _, tagged = _counting(monkeypatch)
    assert not kept("3000到4000，20格") and not kept("and also the 7 day trend")
    assert tagged == []
    assert kept("keep alice") and not kept("keep telling me")
    assert [piece for piece, _ in tagged] == ["keep alice", "keep telling me"]


# One request whose clauses after the first only give its values: read whole, never cut.
_VALUES_ONLY = (
    "创建一个ETH网格策略，3000到4000，20格，每格50U",
    "建一個以太坊網格，3000到3500，10格",
    "帮我做个sol的网格，区间100到200，10格",
    "create a grid for eth, 3000 to 4000, 20 grids",
)


@pytest.mark.parametrize("text", _VALUES_ONLY)
def test_clauses_of_values_alone_are_not_routed(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message read whole as one request, its other clauses saying nothing of their own (a
    range, a count, a size), is routed once: its clauses, each read once, say it is one request
    (core.conversation.apart). Each way of cutting it was tried, routing its pieces and each
    piece again with the first clause's verb and coin before it: 13 to 23 routes."""
    routed, tagged = _counting(monkeypatch)
    asks = read_asks(text, shared_router(), locale="zh" if has_cjk(text) else "en")
    assert [(r.skill, r.action) for r in asks] == [("strategy_management", "create")]
    assert routed == [text]
    assert len(tagged) <= 2 * (text.count("，") + text.count(",") + 1)  # whole and each clause, once or twice


# Pieces the engine routes (read with the coins) and reads again by their words alone (a clause's
# verb, a pronoun's place): most name no coin, and read the same either way.
_BARE = (
    "how are my traders doing",
    "然后把提醒都删了",
    "and also the 7 day trend",
    "幫我睇下持倉",
)
# Where the coins change the reading, or a value is read with them: each is tagged again.
_WITH_COINS = ("show me the btc price", "买0.1个以太坊", "sell half of my sol")


@pytest.mark.parametrize("text", _BARE + _WITH_COINS)
def test_a_piece_read_with_coins_that_name_none_is_not_tagged_again(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A text read with the coins where no coin (nor a value by them) was found is the same
    reading without them: taken, not tagged a second time (every piece was tagged twice); one
    naming a coin is tagged again, and reads as a tagging without coins does."""
    read = Tagger._read  # the tagging itself, before it is counted
    _, tagged = _counting(monkeypatch)
    Tagger(CoinIndex(bundled_catalog())).read(text)
    plain = words(text)
    assert [coins for _, coins in tagged] == ([True] if text in _BARE else [True, False])
    fresh = read(Tagger(), text, None)
    assert (plain.tags, plain.concepts, plain.found, plain.coins) == (
        fresh.tags,
        fresh.concepts,
        fresh.found,
        None,
    )


# Messages naming their coin or record besides a pronoun ("it", "它", "佢").
_NAMED_BESIDE = (
    "i dont need the bitcoin notification anymore, remove it",
    "btc跌破8万提醒我，叫它抄底线",
    "deepseek 設定唔用啦 刪除佢",
    "SOL price and its 7-day trend",
)


@pytest.mark.parametrize("text", _NAMED_BESIDE)
def test_a_pronoun_with_nothing_recalled_is_not_read_away(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message naming its coin or record besides its pronoun, in a conversation that recalls
    nothing (a new one's first message), reads as typed whatever it reads without the pronoun: no
    record to put on another, no referent to try. It is neither routed again without it nor read
    by its words for a pronoun inside a longer one (a route and a tagging that decided nothing);
    with something recalled, the pronoun is still read as it."""
    router = shared_router()
    found = router.route(text)
    assert found is not None
    routed, tagged = _counting(monkeypatch)
    locale = "zh" if has_cjk(text) else "en"
    assert refer(text, found, Recall(), locale, router.route) is None
    assert routed == [] and tagged == []
    refer(text, found, Recall(coin="ETHUSDT"), locale, router.route)
    assert routed  # the recalled coin tried in the pronoun's place


# A bare conjunction ("and", 和, no mark) between clauses that are no two asks of a list of coins.
_JOINED_OTHERWISE = {
    "gary lost me 200 bucks this week and I'm done giving him chances. delete gary": (
        "I'm done giving him chances"
    ),
    "sol到200通知我，到时再决定要不要卖，现在先不": "决定要不要卖",
}


@pytest.mark.parametrize("text", _JOINED_OTHERWISE)
def test_a_conjunction_listing_no_coins_routes_no_side_for_them(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether two clauses a bare conjunction joins list coins for one request (clauses._coins_listed:
    "btc and eth prices, then my pnl") needs the clause after it, and the two read as one, only where
    the clause before asks with a list of coins: otherwise neither is routed for it (the clause after
    "gary lost me 200 bucks this week and" was, though no way of cutting the message routes it)."""
    routed, _ = _counting(monkeypatch)
    read_asks(text, shared_router(), locale="zh" if has_cjk(text) else "en")
    assert _JOINED_OTHERWISE[text] not in routed


def test_two_coins_listed_are_still_one_ask_beside_a_later_one() -> None:
    asks = read_asks("can u give me btc and eth prices, then my pnl for the week", shared_router())
    assert len(asks) == 2
    assert (asks[0].skill, asks[0].slots.get("symbols")) == ("price", ["BTCUSDT", "ETHUSDT"])
