"""A story told before a clear ask: "手里的sol拿了半年一直横着不动，看着就心累，全卖了吧", "doge 呢排升咗
唔少，沽一半先，袋住啲錢", "I'm flying out early tomorrow and won't have signal for a week. Could you sell
0.3 eth now before I leave, and also stop all my traders?". The whole message reads as the story's
words say (横着不动 a stuck order's diagnosis, 升咗唔少 a price history, tomorrow a time ahead), yet
what is asked is the clause put to deskmate: the story is why, and decides nothing.

Where the clauses put to deskmate (core.conversation.beside) ask an act, and what the message read
as besides is only a look-up told in the story or those same acts with less said, the asks are
those clauses, each read on its own, the story lending only its one coin (core.conversation.
lent_coin). A story that holds the act (a "don't", an "if", someone's words to follow, a time ahead
with no "now" asked) keeps it from being read apart, as it does beside a message read as nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from core.conversation.beside import beside_story, clauses, looks_up, plain, put_to
from core.conversation.clauses import BackFn, split_asks
from core.conversation.lent_coin import lend_coin, sale_told, wants_coin
from core.language.fills import coins as fill_coins
from core.language.intents import OUTSIDE
from core.language.phrases import Words
from core.language.refusals import LATER, refusal_in
from core.language.tagger import Reading
from core.routing.router import Route

RouteFn = Callable[[str], Route | None]
ReadFn = Callable[[str], Reading]


def after_story(
    text: str,
    whole: Route | None,
    asks: list[tuple[str, Route]] | None,
    route: RouteFn,
    back: BackFn | None,
    told_by: ReadFn,
) -> list[tuple[str, Route]] | None:
    """``asks`` (the message cut as several asks, or None: one ask, ``whole``) read again where a
    story told before a clear ask decided them; a trade naming no coin after a story naming one
    reads that coin."""
    said = [r for _, r in asks] if asks is not None else [whole] if whole is not None else []
    if not said:
        return None
    # Only what a story may have read wrong is read again by its clauses (each clause routed: the
    # cost of a long message's reading).
    if any(_story_look(r, guide=True) or wants_coin(r) or LATER in r.slots or _two(r) for r in said):
        found = beside_story(text, route, told_by)
        several = _several(found, route, back, told_by) if found is not None else []
        if several and _retold(text, whole, asks, several, told_by):
            return several
    if asks is None and whole is not None and _named(whole) and not looks_up(whole):
        # "rex最近赚了不少，把gary停掉": the record the clause put to deskmate names, not the story's
        found = beside_story(text, route, told_by)
        alone = found[1] if found is not None else []
        if len(alone) == 1 and _other_record(whole, alone[0][1]):
            return alone
    if asks is None:
        return None
    return [
        (piece, _lent(text, piece, found, route, told_by))
        for piece, found in _asked_only(text, whole, asks, route, told_by)
    ]


def _named(found: Route) -> bool:
    ref = found.slots.get(_TARGET)
    return isinstance(ref, dict) and isinstance(ref.get(_NAME), str)


def _other_record(whole: Route, asked: Route) -> bool:
    """``asked`` is ``whole``'s request of another record named, every other slot the same."""
    same = (asked.skill, asked.action) == (whole.skill, whole.action) and _named(asked)
    rest = {k: v for k, v in whole.slots.items() if k != _TARGET}
    return (
        same
        and asked.slots.get(_TARGET) != whole.slots.get(_TARGET)
        and rest == {k: v for k, v in asked.slots.items() if k != _TARGET}
    )


_TARGET, _NAME = "target_ref", "name"


def _asked_only(
    text: str, whole: Route | None, asks: list[tuple[str, Route]], route: RouteFn, told_by: ReadFn
) -> list[tuple[str, Route]]:
    """``asks`` without the look-ups a story's words made beside an ask put to deskmate or the
    whole message's ("my eth buy order at 2900 has been sitting there since monday, price touched
    2905 twice. why isn't it filling?": why it rests, no price asked)."""
    if not any(_story_look(r, record=True) for _, r in asks):
        return asks
    said = (whole.skill, whole.action) if whole is not None else None
    # a record's look told is the story even where the whole message reads it ("woke up to like
    # 40 notifications from the group chat … how much is doge now?": no alerts asked)
    told = [
        (p, r)
        for p, r in asks
        if (_story_look(r) and (r.skill, r.action) != said and not _asked(text, p, r, told_by, route))
        or (_story_look(r, record=True) and not _story_look(r) and not _put(text, p, told_by))
    ]
    kept = [(p, r) for p, r in asks if (p, r) not in told]
    stands = any((r.skill, r.action) == said or _asked(text, p, r, told_by, route) for p, r in kept)
    return kept if told and kept and stands else asks


def _put(text: str, piece: str, told_by: ReadFn) -> bool:
    """``piece`` (or a clause of it) is put to deskmate: asked with its mark, addressed, opening
    with its verb, or only naming what it looks up."""
    at = text.find(piece)
    if at < 0:
        return True
    end = at + len(piece)
    if (
        text[end : end + 1] in _ASKING
        or _put_after(text, at)  # "列出我所有的策略，还有我绑的交易所": the next ask, no story
        or _named_only(told_by(piece))
        or _named_joined(piece, told_by)
        or _how_much_made(told_by(piece))  # "…? and how much has he made for me so far"
        or not told_by(piece).rest().strip()
        or _SAME_FOR.search(piece) is not None  # "…? and same for nightowl": asked again of it
    ):
        return True  # "本月盈亏报告，然后帮我开一下收益周报": what is looked up, named
    return any(put_to(piece[s:e], told_by) for s, e in clauses(piece))


def _retold(
    text: str,
    whole: Route | None,
    asks: list[tuple[str, Route]] | None,
    asked: list[tuple[str, Route]],
    told_by: ReadFn,
) -> bool:
    """The clauses put to deskmate (``asked``) ask an act, and every ask the message was read as
    (``asks``, or the ``whole`` message) is a look-up the story's words made, or one of them with
    no slot it lacks but a time ahead the story told (the clauses asked kept beside it say "now")."""
    routes = [r for _, r in asked]
    acts = not all(looks_up(r) for r in routes)
    if asks is None:
        if whole is None:
            return False
        if acts and _story_look(whole) and not _question_aside(text, asked, told_by):
            return True
        return (acts or wants_coin(whole)) and _covered(whole, routes) and [whole] != routes
    if not acts:
        return False
    for piece, found in asks:
        told = _story_look(found, guide=True) and not _asked(text, piece, found, told_by)
        if not told and not _covered(found, routes):
            return False
    return [r for _, r in asks] != routes


def _covered(found: Route, routes: list[Route]) -> bool:
    """One of ``routes`` is ``found``'s request, with every slot it read but a time ahead (and its
    coin, where it named none; its amount, where it read two and ``routes`` are as many asks of it:
    "…so quickly: buy 0.001 btc on my main account and 30 usdt of sol on play")."""
    same = [r for r in routes if (r.skill, r.action) == (found.skill, found.action)]
    lax = {LATER, "symbol", "symbols"} if wants_coin(found) else {LATER}
    if _two(found) and len(same) > 1:
        lax = lax | {"symbol", "symbols", "amount", "target_ref"}
    return any(all(r.slots.get(k) == v for k, v in found.slots.items() if k not in lax) for r in same)


def _two(found: Route) -> bool:
    """An amount refused for two numbers said where one was wanted: maybe two asks."""
    refused = refusal_in(found.slots.get("amount"))
    return refused is not None and refused[0] == _TWO_NUMBERS


_TWO_NUMBERS = "two_numbers"


def _story_look(found: Route, *, guide: bool = False, record: bool = False) -> bool:
    """A look-up a story's words read: a price (a move told: "呢排升咗唔少"), a problem's diagnosis
    ("一直横着不动"), an order resting; with ``guide``, the guide too ("first time using this
    thing"); with ``record``, a record's doings, a profit or a holding told ("snail has been doing
    way better lately", "gary lost me 200 bucks this week", "手上有些u一直闲着": its status, a
    report, the balance)."""
    return (
        found.skill == "price"
        or found.skill.endswith("_diagnosis")
        or (found.skill, found.action) == _RESTING
        or (guide and found.skill == "guidance")
        or (
            record and (found.skill == _PNL or found.action == _QUERY or (found.skill, found.action) == _HELD)
        )
    )


_RESTING = ("orders", "why_resting")
_PNL, _QUERY = "pnl", "query"
_HELD = ("account_query", "balance")  # "手上有些u一直闲着": money told held


def _asked(text: str, piece: str, found: Route, told_by: ReadFn, route: RouteFn | None = None) -> bool:
    """``piece`` puts its look-up to deskmate (core.conversation.beside.plain), or only names what
    it looks up ("价格和余额", "check my balance, also eth"); one of its clauses asks it, where it
    has several ("price touched 2905 twice. why isn't it filling?" asks no price)."""
    at = text.find(piece)
    if at < 0 or _named_only(told_by(piece)) or _named_joined(piece, told_by):
        return True
    parts = clauses(piece)
    if route is None or len(parts) < 2:
        return plain(text, at, at + len(piece), found, told_by)
    coins = found.slots.get("symbols") or [found.slots.get("symbol")]
    for start, end in parts:
        clause = piece[start:end].strip()
        said = route(clause)
        if wants_coin(said) and len(coins) == 1 and isinstance(coins[0], str):
            # "…doge again lol. what's it at right now": the clause's pronoun is the piece's coin
            said = lend_coin(clause, told_by(clause), said, coins[0], route, sold=False) or said
        same = said is not None and (said.skill, said.action) == (found.skill, found.action)
        if same and plain(piece, start, end, found, told_by):
            return True
    return False


def _named_only(reading: Reading) -> bool:
    """What is looked up named, nothing told of it: a coin or a noun, fillers, a time or a
    question's word, and no word left unread."""
    said = reading.concepts
    named = any(c == _COIN or c.startswith(_NOUN) for c in said)
    rest = reading.rest()
    left = bool(rest) and bool(_NAMED_WITH.sub("", rest).strip())
    return named and all(c == _COIN or c.startswith(_NAMING) for c in said) and not left


def _named_joined(piece: str, told_by: ReadFn) -> bool:
    """``piece`` only names what is looked up beside a word joining it to the ask before ("the eth
    price while you're at it", "and my balance too"): no story told."""
    bare = _JOINING.sub(" ", piece).strip()
    return bare != piece and bool(bare) and _named_only(told_by(bare))


_JOINING = Words("conversation.join")  # where asks are joined: no word of a story


def _put_after(text: str, at: int) -> bool:
    """The piece at ``at`` is put right after a word adding or putting next an ask ("…, then …",
    "…，还有…", "…, also …"): asked as the one before it was, never a look told in a story."""
    before = text[:at].rstrip(" ,，;；")
    return any(e == len(before) for _, e in (*_ADDED.spans(before), *_PUT_NEXT.spans(before)))


_ADDED, _PUT_NEXT = Words("conversation.join_more"), Words("conversation.join_next")


def _how_much_made(reading: Reading) -> bool:
    """A P&L asked by its own question's word ("how much has he made", "赚了多少"): put to deskmate,
    never a profit told ("gary lost me 200 bucks this week")."""
    return _HOW_MUCH_MADE in reading.concepts and not any(c.startswith(OUTSIDE) for c in reading.concepts)


_HOW_MUCH_MADE = "pnl.how_much"


_COIN, _NOUN = "coin", "noun."
_NAMED_WITH = Words("beside.named_with")
_SAME_FOR = Words("conversation.same_for")
_NAMING = ("noun.", "filler.", "time.", "ask.")


def _question_aside(text: str, asked: list[tuple[str, Route]], told_by: ReadFn) -> bool:
    """A clause beside the asks asks a question ("新增 OKX 帳戶，然後教我點樣申請 API"): what the whole
    message read may be its answer."""
    kept = {piece for piece, _ in asked}
    for start, end in clauses(text):
        clause = text[start:end].strip()
        if clause in kept:
            continue
        if text[end : end + 1] in _ASKING or any(c.startswith(_ASK) for c in told_by(clause).concepts):
            return True
    return False


_ASK = "ask."
_ASKING = frozenset("?？")


def beside_asks(
    text: str, route: RouteFn, back: BackFn | None, told_by: ReadFn
) -> list[tuple[str, Route]] | None:
    """The asks told beside a story, read as a message of their own (several asks cut as ever)."""
    found = beside_story(text, route, told_by)
    return None if found is None else _several(found, route, back, told_by)


def _several(
    found: tuple[str, list[tuple[str, Route]]], route: RouteFn, back: BackFn | None, told_by: ReadFn
) -> list[tuple[str, Route]]:
    said, asks = found
    if len(asks) == 1:  # "I'm on my lunch break so quickly: buy 0.001 btc on main and 30 usdt of sol on play"
        piece, alone = asks[0]
        return split_asks(piece, alone, route, back, told_by) or asks
    whole = route(said)
    several = split_asks(said, whole, route, back, told_by)
    if several is None:
        return [(said, whole)] if whole is not None else asks
    return [(piece, _as_found(piece, r, asks)) for piece, r in several]


def _as_found(piece: str, read: Route, asks: list[tuple[str, Route]]) -> Route:
    """``read`` (a piece of the asks read again as one message) with the coin its clause was lent
    by the story (core.conversation.lent_coin), where it names none now."""
    if not wants_coin(read):
        return read
    bare = piece.strip(_MARKS)
    return next(
        (r for p, r in asks if p.strip(_MARKS) == bare and (r.skill, r.action) == (read.skill, read.action)),
        read,
    )


_MARKS = " ,，。.!！?？;；"


def _lent(text: str, piece: str, found: Route, route: RouteFn, told_by: ReadFn) -> Route:
    """``found`` (the ask of ``piece``) with the one coin the message names before it, where it
    names none and asks a trade or a price of none ("i've been holding this sol since it was 40
    bucks … sell all of it please")."""
    at = text.find(piece)
    if at <= 0 or not wants_coin(found):
        return found
    story = told_by(text[:at])
    coins = fill_coins(story)
    if len(coins) != 1 or fill_coins(told_by(text[at:])):
        return found
    lent = lend_coin(piece, told_by(piece), found, coins[0], route, sold=sale_told(story))
    return found if lent is None else lent
