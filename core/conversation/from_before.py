"""A later piece of a message read with what the piece before it is about
(core.conversation.clauses): its verb ("买0.1个eth和0.2个sol"), its one coin ("eth price, then alert
me at 4000"), its kind of record ("delete my btc alert then make a new one", "then delete the doge
one", "which ones are left"), its backtest's profit or the whole message's request."""

from __future__ import annotations

from collections.abc import Callable

from core.conversation.across import verb_of
from core.conversation.listed import asked_name, kind_said
from core.conversation.one_request import has_coins
from core.conversation.recall import KIND_PLURALS, RECORD_NOUNS
from core.language.fills import coins as fill_coins
from core.language.held_told import sale_of_count
from core.language.negation import negated
from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.tagger import Reading, words
from core.language.values import find_values
from core.markets import QUOTE_ASSET
from core.routing.router import Route

RouteFn = Callable[[str], Route | None]

# The words are data: core/language/lexicon/phrases/conversation.toml.
_KIND_ONE, _NAMED_ONE = Words("conversation.kind_one"), Words("conversation.named_one")
_ONE_ENDING = Words("conversation.named_one_ending")
_KIND_ONES = Words("conversation.kind_ones")
_SAME_FOR = Words("conversation.same_for")
_THE_COPY = Words("conversation.the_copy")
# The noun of each record kind a "new one" may stand for (zh, en).
_KIND_NOUNS = {**RECORD_NOUNS, "price_alert": ("提醒", "alert")}
# The words a piece asks a price with, of no coin ("而家幾多", "现在什么价"); "what is" only with "now"
# ("what is it now": "whats up with that" asks no price).
_PRICE_ASKED = frozenset({"ask.how_much", "noun.price"})
_ASKED_NOW = frozenset({"ask.what_is", "ask.meaning"})
# The last words of kind_ones' English words the kind's plural noun stands for.
_ONES = Words("conversation.kind_ones_noun")
_KIND_LEFT = Words("conversation.kind_left")


def as_whole(read: Route | None, before: Route | None, whole: Route | None) -> Route | None:
    """A later piece asking with nothing of its own ("回测一下", "backtest it too": nothing the whole
    does not read) what the whole message asks with
    the words of the ask before it, of another skill ("建个每天10u的doge定投，顺便回测一下": a backtest
    of that plan): the whole's. Never a first piece ("删掉所有提醒，再给 btc 设个提醒": all of them)."""
    if read is None or before is None or before.skill == read.skill:
        return read
    if whole is None or not whole.slots or (read.skill, read.action) != (whole.skill, whole.action):
        return read
    # what the piece before said, pointed at ("…, then backtest it too": it, the plan) with nothing
    # of its own the whole does not read too
    if read.slots and (
        _POINTED not in read.slots or any(whole.slots.get(k) != v for k, v in read.slots.items())
    ):
        return read
    return whole


_POINTED = "this"  # a reader's slot for what was just said, pointed at ("backtest it", "回测这个")

_OWN_NOW = frozenset({"time.today", "filler.join", "verb.query"})


def its_profit(piece: str, read: Route | None, before: Route | None) -> Route | None:
    """A profit asked after a backtest, no period nor "my" of its own ("suppose a weekly eth dca of
    50 usdt over the past 90 days, what profit"): that backtest's; one's own ("然后看看我的盈亏") is
    the P&L's. So is how much one would have, asked with no balance's noun ("假设我每天定投100u大饼，
    十年后能有多少", "如果每天定投100u大饼，一年后有多少": the plan's outcome, never the account's
    balance); "然后查下余额", "再看看我的余额" ask the balance."""
    if read is None or before is None or before.skill != "backtest":
        return read
    concepts = words(piece).concepts
    if "filler.mine" in concepts:
        return read
    if read.skill == "pnl" and set(read.slots) <= {"view"}:
        return before
    # "如果过去90天每天定投20U比特币，现在赚多少": now is the plan's end (its period today only from
    # "now", never "today" said: "今天赚了多少" is one's own day; nor a next ask, "然后看看我现在赚了多少").
    now_only = "time.now" in concepts and not concepts & _OWN_NOW
    if now_only and read.skill == "pnl" and {**read.slots, "view": None} == {"view": None, "period": "today"}:
        return before
    if (read.skill, read.action) == ("account_query", "balance") and set(read.slots) <= {"later"}:
        return read if "noun.balance" in concepts else before
    return read


def inherits(
    piece: str, before: str, asked: Route, route: RouteFn, own: frozenset[str] = frozenset()
) -> Route | None:
    """A piece with no verb of its own asking what the piece before it asks, of something else:
    "买0.1个eth和0.2个sol", "buy 50u of btc and 50u of eth" are two buys. Read with that piece's
    verb, it must be the same request (a list of coins for one request is no second one), or the
    same delete of a record of theirs of another kind the piece names (``own``, the names of theirs
    it says): "delete stacker and the dipper alert" deletes the trader, then the alert."""
    verb = verb_of(before)
    if verb is None or verb_of(piece) is not None or "filler.dont" in words(piece).concepts or negated(piece):
        return None  # "sell my btc, dont buy eth", "sell btc, not eth": told not to, no second sale
    found = route(f"{verb} {piece}") or route(f"{verb} {kind_said(piece, asked)}")
    if found is None or found.followup or found.action != asked.action:
        return None
    if found.skill == asked.skill or (found.action == "delete" and asked_name(found) in own - {""}):
        return found  # another kind's only for a delete: a list of records removed, none dropped
    return None


def the_same_for(piece: str, before: str, asked: Route, route: RouteFn, said: Reading) -> Route | None:
    """A piece asking the same of another record of theirs ("…? and same for nightowl", "阿福也一样看下",
    "阿寶都照睇埋"): the piece before it (``before``, asking ``asked``) read with that record's name
    in place of its own, the same request of it."""
    if not _SAME_FOR.spans(piece):
        return None
    ref = asked.slots.get("target_ref")
    old = ref.get("name") if isinstance(ref, dict) else asked.slots.get("trader")
    named = {t.value for t in said.tags if any(c.startswith("own.") for c in t.concepts)}
    if not isinstance(old, str) or len(named) != 1:
        return None
    new = next(iter(named))
    at = before.lower().find(old.lower())
    if not isinstance(new, str) or at < 0 or new.lower() == old.lower():
        return None
    found = route(f"{before[:at]}{new}{before[at + len(old) :]}")
    if found is None or (found.skill, found.action) != (asked.skill, asked.action):
        return None
    # its name as asked_name says it
    named_as = Route(found.skill, found.action, {"target_ref": {"name": new}})
    return found if asked_name(found) == asked_name(named_as) else None


def of_its_coin(piece: str, asked: Route, route: RouteFn, said: Reading | None = None) -> Route | None:
    """A piece naming no coin, with a value for one, about the one coin the piece before it is
    about: "eth price, then alert me at 4000" sets the alert on ETH. Read with that coin said
    first, it must use it, and ask more than the coin's price ("buy now" lends no coin). A piece
    before asking of no coin lends the one coin it says (``said``, its reading): "stop my eth bot
    and set a stop loss at 3000" sets the stop on ETH."""
    coins = asked.slots.get("symbols") or [asked.slots.get("symbol")]
    if coins == [None] and said is not None:
        coins = list(fill_coins(said)) or coins
    if len(coins) != 1 or not isinstance(coins[0], str) or not coins[0].endswith(QUOTE_ASSET):
        return None
    if not find_values(piece):
        return None
    coin = coins[0]
    found = route(f"{coin.removesuffix(QUOTE_ASSET).lower()} {piece}")
    if (
        found is None
        or found.followup
        or found.skill == "price"
        or coin not in (found.slots.get("symbol"), *found.slots.get("symbols", ()))
    ):
        return None
    return found


def its_price(piece: str, asked: Route | None, route: RouteFn, said: Reading | None = None) -> Route | None:
    """A piece asking a price of no coin after a piece about one coin, asked (``asked``) or told
    (``said``, its reading): "sol跌惨了，而家幾多？" (how much is it now) asks SOL's price, "sol dumped
    hard, what is it now?" too. Read with that coin said first, it must be that coin's current price,
    nothing else ("sol跌惨了，帮我买点" lends no coin to a buy: of_its_coin's)."""
    coins = [None] if asked is None else asked.slots.get("symbols") or [asked.slots.get("symbol")]
    if coins == [None] and said is not None:
        coins = list(fill_coins(said)) or coins
    if len(coins) != 1 or not isinstance(coins[0], str) or not coins[0].endswith(QUOTE_ASSET):
        return None
    read = words(piece)
    told = read.concepts
    asked_now = "time.now" in told and bool(told & _ASKED_NOW)
    if fill_coins(read) or not (told & _PRICE_ASKED or asked_now):
        return None  # "买 ETH 失败 显示 …", "…, whats up with that": no price asked
    coin = coins[0]
    found = route(f"{coin.removesuffix(QUOTE_ASSET).lower()} {piece}")
    if found is None or found.followup or (found.skill, found.action) != ("price", "current"):
        return None
    return found if found.slots.get("symbols") == [coin] else None


def of_its_count(piece: str, asked: Route, route: RouteFn, said: Reading, told: Reading) -> Route | None:
    """A sale of a bare count after a piece naming one coin, its holding asked or told ("do i have 2
    eth, sell one", "how much eth do i have, sell one", "我有多少eth，卖一个"): that many of that
    coin, never the coin ONE. ``said``: the piece before's reading; ``told``: this piece's."""
    if not sale_of_count(told):
        return None
    coins = asked.slots.get("symbols") or [asked.slots.get("symbol")]
    if coins == [None]:
        coins = list(fill_coins(said)) or coins
    if len(coins) != 1 or not isinstance(coins[0], str) or not coins[0].endswith(QUOTE_ASSET):
        return None
    coin = coins[0]
    found = route(f"{piece} {coin.removesuffix(QUOTE_ASSET).lower()}")
    if found is None or found.followup or (found.skill, found.action) != ("trade_execution", "sell"):
        return None
    return found if found.slots.get("symbol") == coin else None


def a_new_one(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for "a new one" of the kind the piece before it is about: "delete my btc
    alert then make a new one for 105k" makes a BTC alert (the coin lent as of_its_coin lends
    it). Read with the kind's noun for "one", it must be a request of that kind."""
    nouns = _KIND_NOUNS.get(asked.skill)
    spans = _KIND_ONE.spans(piece)
    if nouns is None or not spans:
        return None
    start, end = spans[0]
    said = piece[start:end]  # "a new one" -> "a new alert", "再建一个" -> "再建一个提醒"
    en = said.lower().endswith("one")
    text = f"{piece[:start]}{f'{said[:-3].rstrip()} {nouns[1]}' if en else said + nouns[0]}{piece[end:]}"
    found = route(text)
    if found is None or not has_coins(found):
        found = of_its_coin(text, asked, route) or found
    return found if found is not None and not found.followup and found.skill == asked.skill else None


def the_copy(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking a change of the copy the ask before makes ("复制囤币计划，然后把副本改成每天一次"):
    read with the kind's noun for "the copy", a request of that kind naming no record (the copy
    has no name before it is made: which one is asked then), never the original's."""
    nouns = _KIND_NOUNS.get(asked.skill)
    spans = _THE_COPY.spans(piece)
    if asked.action != "duplicate" or nouns is None or not spans:
        return None
    start, end = spans[0]
    noun = f"the {nouns[1]}" if piece[start:end].isascii() else nouns[0]
    found = route(f"{piece[:start]}{noun}{piece[end:]}")
    if found is None or found.followup or found.skill != asked.skill or found.slots.get("target_ref"):
        return None
    return found


def the_named_one(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for one of the kind the piece before it is about, told by the word before
    "one" ("what alerts have i got, then delete the doge one": the DOGE alert, not a record named
    "doge one") or by the words after it ("list my alerts then delete the one at 4000"). Read with
    the kind's noun for "one", it must be a request of that kind."""
    nouns = _KIND_NOUNS.get(asked.skill)
    if nouns is None or _KIND_ONE.spans(piece):
        return None
    for start, end in (*_NAMED_ONE.spans(piece), *_ending_one(piece)):
        before = piece[:start].split()
        # "the one at 4000": no word names it, what follows "one" tells which (its level, its coin)
        told_after = bool(piece[end:].strip()) and piece[start:end].lower() == "one"
        if not before or (before[-1].lower() in _NOT_NAMING.words and not told_after):
            continue
        en = piece[start:end].lower() == "one"
        found = route(f"{piece[:start]}{nouns[1] if en else piece[start:end] + nouns[0]}{piece[end:]}")
        if found is not None and not found.followup and found.skill == asked.skill:
            return found
    return None


def _ending_one(piece: str) -> list[tuple[int, int]]:
    """A phrase ending in 的 / 嘅, standing for one as "one" does ("取消btc的提醒和eth 4000以上的": the
    ETH alert above 4000)."""
    said = piece.rstrip()
    start = _ONE_ENDING.before(said, len(said), space=False)
    return [] if start is None else [(start, len(said))]


def of_its_kind(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece naming no kind of record, after an ask about one, read as of that kind: "cancel my
    btc alert and eth above 4000" sets an ETH alert (shares_delete tells a second record deleted
    from one made); read with the kind's noun, it must be a request of that kind on a coin."""
    nouns = _KIND_NOUNS.get(asked.skill)
    if nouns is None:
        return None
    found = route(f"{piece}{nouns[0]}" if has_cjk(piece) else f"{piece} {nouns[1]}")
    if found is None or found.followup or found.skill != asked.skill or not has_coins(found):
        return None
    if (asked.action, found.action) == ("query", "create") and not find_values(piece):
        return None  # "…notifications and everyone is screaming about doge": no level, no alert made
    return found


def the_kind_ones(piece: str, asked: Route, route: RouteFn) -> Route | None:
    """A piece asking for those of the kind the piece before it is about: "delete my eth alerts,
    then show me which ones are left" lists the alerts. Read with the kind's noun for "ones", it
    must be a request of that kind."""
    nouns = KIND_PLURALS.get(asked.skill)
    left = _KIND_LEFT.spans(piece)
    spans = _KIND_ONES.spans(piece) or left
    if nouns is None or not spans:
        return None
    start, end = spans[0]
    said = piece[start:end]
    words = said.split()
    last = words[-1].lower() if words else ""
    if left and spans[0] == left[0]:  # "what's left" -> "alerts"
        said = nouns[1]
    elif last in _ONES.words:  # "which ones" -> "which alerts", "the rest" -> "the alerts"
        said = f"{said[: len(said) - len(last)]}{nouns[1]}"
    elif not last.isascii():  # "还剩哪些" -> "还剩哪些提醒"
        said += nouns[0]
    found = route(f"{piece[:start]}{said}{piece[end:]}")
    if found is None or found.followup or found.skill != asked.skill or "target_ref" in found.slots:
        return None  # those of the kind, none named ("still" is no strategy's name)
    return found


_NOT_NAMING = Words("conversation.not_naming")
