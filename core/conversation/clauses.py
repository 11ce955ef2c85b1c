"""Several asks in one message ("比特币价格和余额", "buy 0.01 BTC and show my balance"): where to
cut a message into clauses that each route on their own.

A message is cut only where every piece is a request of its own: each piece routes (and not as
a bare follow-up such as "BTC"), neighbouring pieces ask for different things (one request reads
its own conjunctions: "BTC and ETH prices"), no word relates the two sides
("仓位和成交记录对不上", "compare BTC and ETH"), and the whole message, when
it routes, is one of the pieces' requests with nothing added by the rest ("为什么余额和持仓对不上"
is one diagnosis, not a balance and a position; "加一个模拟账户，初始资金 5万U" one account). So
"between 3000 and 4000" or a name containing "和" / "and" stays whole: a piece of it routes
nowhere.

Its parts: where a message may be cut (core.conversation.joins), the pieces that ask nothing
(core.conversation.remarks), a later piece read with what the piece before it is about
(core.conversation.from_before), and whether the pieces ask several requests or one
(core.conversation.one_request).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, pairwise

from core.conversation.across import kept, lent_no_coin, looked_at, numbers_across, shares_delete
from core.conversation.apart import says_once
from core.conversation.each_coin import each_coin
from core.conversation.from_before import (
    a_new_one,
    as_whole,
    inherits,
    its_price,
    its_profit,
    of_its_coin,
    of_its_count,
    of_its_kind,
    the_copy,
    the_kind_ones,
    the_named_one,
    the_same_for,
)
from core.conversation.joins import MARKS, adding_joins, asking_ends, following_joins, joins_in, pieces_of
from core.conversation.listed import (
    asked_name,
    each_numbered,
    each_record,
    listed_as_one,
    only_named,
    own_names,
    record_told,
    said_apart,
)
from core.conversation.naming import cut_in, names_given
from core.conversation.one_request import (
    asks_coins,
    asks_for,
    coin_borrowed,
    covers,
    has_coins,
    record_borrowed,
    same_request,
    skills_apart,
)
from core.conversation.references import its_switch, links, recall_of
from core.conversation.remarks import (
    a_question,
    a_reason,
    asking,
    asks_questions,
    beside_space,
    declined_for,
    holding_told,
    left_out,
    looked_up,
    of_each,
    preface,
    price_remark,
    tells,
)
from core.conversation.spaces import cut_spaces
from core.language.fills import is_filler
from core.language.held_told import held_before_sale
from core.language.intents import OUTSIDE
from core.language.listed_first import WAITS
from core.language.phrases import Words
from core.language.tagger import RECORD_NOUNS, Reading, words
from core.routing.router import Route
from core.tasks.numbered import numbered

MAX_CUTS = 5  # conjunctions considered in one message (2^5 ways to keep or drop them)
MAX_CHARS = 300  # longer messages are not cut: not a few quick asks

# Words relating the two sides of a conjunction: one ask about both ("仓位和成交记录对不上",
# "compare BTC and ETH"); data: core/language/lexicon/phrases/conversation.toml.
_RELATING = Words("conversation.relating")

_DROPPED = f"{OUTSIDE}dropped"  # a trade one meant to make, given up ("本来想买eth 算了")

RouteFn = Callable[[str], Route | None]
# A later piece read with a pronoun standing for what the piece before it is about ("停掉 alpha
# 然后删除它": 它 is alpha), or None when it has none to read that way.
BackFn = Callable[[str, Route], Route | None]
# How a piece is read to tell whether it tells a story: with the coins where the caller has them
# ("今天卖了eth": a sale told only before what it sold, a coin), else the lexicon's words alone.
ReadFn = Callable[[str], Reading]


def split_asks(
    text: str, whole: Route | None, route: RouteFn, back: BackFn | None = None, told_by: ReadFn = words
) -> list[tuple[str, Route]] | None:
    """The clauses of ``text`` with their routes, in order, when it holds several asks; None
    when it is one ask (or none). ``whole``: the route of the whole message; ``route``: how a
    piece is routed; ``back``: how a piece's pronoun is read as the piece before it's coin or
    record; ``told_by``: how a piece is read to tell a story told (``ReadFn``). The most clauses
    win; of as many, the earliest cuts."""
    if len(text) > MAX_CHARS or _RELATING.search(text) or WAITS in told_by(text).concepts:
        return None  # WAITS: "list my alerts then delete them" is the list, one ask
    if whole is not None and whole.skill == "trade_execution" and held_before_sale(told_by(text)) is not None:
        return None  # "i have 2 eth, sell one": the holding told lends the sale its coin, one ask
    each = each_coin(text, whole, route, told_by)  # "帮我买btc和eth各100u": one order per coin
    each = each or each_record(text, whole, route, told_by)  # "把多多和阿强都停了": one per record
    # A list of numbers is never cut ("cancel orders 4 and 6, then show my balance"): one ask per
    # number where it is the message's only list, else its piece's (below).
    listing = numbered(text)
    listed = [(listing[0][0] + 1, listing[-1][1])] if listing else []
    if each is None and not any(not cut_in(j, listed) for j in joins_in(text)):
        each = each_numbered(text, whole, route)  # "删除3号和4号交易员": one per number
    if each is not None:
        return each
    naming = names_given(text) + listed  # "…，叫它抄底线": the name and the clause before it are one ask
    joins = tuple(j for j in joins_in(text) if not cut_in(j, naming))
    spaces = cut_spaces(text, joins, lambda piece: tells(told_by(piece)))[: max(0, MAX_CUTS - len(joins))]
    joins = tuple(sorted(joins + tuple(j for j in spaces if not cut_in(j, naming))))
    if not joins:
        return None
    joins = joins[:MAX_CUTS]
    if whole is not None and says_once(text, joins, told_by):
        return None  # one clause says what is asked, the others its values (core.conversation.apart)
    joins = _coins_listed(text, joins, route)  # "btc and eth prices, then my pnl": one price ask
    seen: dict[str, Route | None] = {}

    def routed(piece: str) -> Route | None:
        if piece not in seen:
            found = route(piece) if piece and not kept(piece) else None  # "…, keep alice": no ask
            if found is None and listed and piece:  # "删除3号和4号，然后…": its first ask stands for it
                each = each_numbered(piece, None, route)
                found = each[0][1] if each else None
            bare = found is None or found.followup or price_remark(found, told_by, piece)
            bare = bare or of_each(told_by(piece))  # "…哪些币，各有多少": the list's amounts
            seen[piece] = None if bare else found
        return seen[piece]

    referred: dict[tuple[str, str], Route | None] = {}
    # Pieces read with a pronoun standing for the record before ("rename rex to max and start it":
    # "start it" is rex's start): a new act on that record, never words of the name before it.
    by_pronoun: set[str] = set()
    asked_again: set[str] = set()  # pieces asking the piece before's request of another record

    def routed_after(piece: str, before: Route | None) -> Route | None:
        if back is None or before is None or not piece:
            return routed(piece)
        if a_reason(piece, before):
            return None  # "停掉rex，它一直出错": why rex is stopped, no diagnosis asked
        key = (piece, repr((before.skill, before.action, sorted(before.slots.items(), key=str))))
        if key not in referred:
            found = back(piece, before)
            if found is not None and routed(piece) is None and not asking(piece, told=False):
                # "delete trader moonboy, its been bleeding money": a remark on it, no ask; "…，然后
                # 让老王用它" puts it on another of theirs (老王's model), asked
                found = found if _put_on(found, before) else None
            referred[key] = found if found is not None and not found.followup else routed(piece)
            if referred[key] is found and found is not None and found != routed(piece):
                by_pronoun.add(piece)
        return referred[key]

    following = following_joins(text, joins)
    ends_asking = asking_ends(text, joins)  # "…? ", "… or should i …": a question ends there
    own = own_names(told_by(text))  # the names of theirs the whole message says, read once
    adding = adding_joins(joins, text)
    more = adding if whole is not None else frozenset()
    for count in range(len(joins), 0, -1):
        for cuts in combinations(joins, count):
            pieces = pieces_of(text, cuts)
            if not all(
                beside_space(pieces[at], pieces[at + 1], told_by) for at, c in enumerate(cuts) if c in spaces
            ):
                continue  # "策略 BTC定投 改名叫 定投主力": a bare noun before a space is no ask of its own
            # a story is left out only from a message that asks something, cut at a mark or "then"
            # ("我卖了eth，帮我买点btc"); never at "and" ("i bought btc in 2017 and im still holding
            # lol" is one story), nor from a remark ("大饼今天又跌了，心态崩了" asks nothing). A message
            # the story keeps from routing whole asks still where its other pieces ask a question of
            # their own ("whats xrp at today, my uncle wont shut up about it": the price).
            # a space after a trade given up cuts as a mark does ("本来想买eth 算了 取消订单": no buy)
            cut_at = [
                following.issuperset([c])
                or bool(MARKS.intersection(text[c[0] : c[1]]))
                or (c in spaces and told_by(pieces[at]).has(_DROPPED))
                for at, c in enumerate(cuts)
            ]
            marked = (whole is not None and all(cut_at)) or (
                whole is None
                and all(at or c in spaces for at, c in zip(cut_at, cuts, strict=True))
                and asks_questions(pieces, told_by)
            )
            # A message routing nowhere whole, its first piece a question that changes nothing: the
            # pieces after it that route nowhere are remarks ("any open futures positions? pretty
            # sure i left a short running from last night"); never beside an order or a switch.
            trailing = (
                whole is None
                and all(
                    (MARKS.intersection(text[c[0] : c[1]]) or c in spaces or c in ends_asking)
                    and c not in following
                    and c not in adding
                    for c in cuts
                )
                and (a_question(told_by(pieces[0])) or cuts[0] in ends_asking)
            )
            routes: list[Route | None] = []
            counts = False  # a piece's bare count read as another's coin ("do i have 2 eth, sell one")
            for at, piece in enumerate(pieces):
                before = routes[-1] if routes else None
                read = routed_after(piece, before)
                # "why is cosmo idle? also how much has it made": "it" is cosmo, the P&L cosmo's
                told_of = None if before is None else record_told(before, told_by(pieces[at - 1]))
                if told_of is not None:
                    proxied = routed_after(piece, told_of)
                    if proxied is not None and (read is None or (piece in by_pronoun and proxied != read)):
                        read = proxied
                if read is not None and before is not None and piece in by_pronoun and read.action == "stop":
                    # "gary's daily summary is spammy, kill it": the summary switched off, gary left running
                    read = its_switch(piece, told_by(pieces[at - 1]), before, routed) or read
                counted = None
                if before is not None and piece:  # "do i have 2 eth, sell one": one ETH, not the coin ONE
                    counted = of_its_count(piece, before, routed, told_by(pieces[at - 1]), told_by(piece))
                same = (
                    None
                    if before is None or not piece
                    else the_same_for(piece, pieces[at - 1], before, routed, told_by(piece))
                )
                if same is not None:  # "…? and same for nightowl": rex's question asked of nightowl
                    read = same
                    asked_again.add(piece)
                if counted is not None:
                    read, counts = counted, True
                elif (
                    before is not None
                    and piece
                    and (read is None or read.skill != before.skill)
                    and not (read is not None and asked_name(read) in own)  # "把大饼定投这个策略删了"
                ):
                    read = the_named_one(piece, before, routed) or read
                if read is not None and before is not None and only_named(read, before, own):
                    read = inherits(piece, pieces[at - 1], before, routed) or read  # "和交易员阿强"
                if read is None and before is not None and piece:
                    read = (
                        inherits(piece, pieces[at - 1], before, routed, own_names(told_by(piece)))
                        or of_its_coin(piece, before, routed)
                        or a_new_one(piece, before, routed)
                        or the_copy(piece, before, routed)
                        or the_kind_ones(piece, before, routed)
                        or of_its_kind(piece, before, routed)
                        or its_price(piece, before, routed, told_by(pieces[at - 1]))
                    )
                elif read is None and at and piece:  # "sol dumped hard, what is it now?": the coin told
                    read = its_price(piece, None, routed, told_by(pieces[at - 1]))
                elif read is not None and before is not None and not (has_coins(read) or lent_no_coin(read)):
                    # "btc 价格，然后跌到 80000 通知我"; "stop my eth bot and set a stop loss at 3000"
                    lent = of_its_coin(piece, before, routed, told_by(pieces[at - 1]))
                    if lent is not None and (lent.skill, lent.action) == (read.skill, read.action):
                        read = lent
                if before is not None:  # "delete the btc alert and the eth one": no ETH alert made
                    read = shares_delete(piece, before, read, routed, the_named_one, of_its_kind)
                if read is None and at and cuts[at - 1] in adding:
                    read = looked_at(piece, route)  # "查余额顺便看看eth": a look at the coin's price
                routes.append(as_whole(its_profit(piece, read, before), before, whole))
                if routes[-1] is None and not left_out(
                    piece, at, routes[0], told_by, marked, trailing, whole is None
                ):
                    break  # a piece that is neither an ask nor a story told: no cut here, and the
                    # pieces after it need not be routed (most of a long message's routing)
            if len(routes) < len(pieces):
                continue
            told = [
                r is None and left_out(p, at, routes[0], told_by, marked, trailing, whole is None)
                for at, (p, r) in enumerate(zip(pieces, routes, strict=True))
            ]
            if any(r is None and not t for r, t in zip(routes, told, strict=True)) or all(told):
                continue
            found = [(p, r) for p, r in zip(pieces, routes, strict=True) if r is not None]
            if whole is not None and _told_its_record(pieces, told, found, told_by):
                continue  # "eth grid is useless, get rid of it": "it" is the record told of, one ask
            if whole is not None and _its_kinds(found, told_by):
                continue  # "老王现在用的什么策略和模型": what 老王 uses, one ask
            if trailing and any(told) and not all(looked_up(r) for _, r in found):
                continue
            asked = [asks_for(r) for _, r in found]
            nexts = all(c in following for c in cuts)
            if any(same_request(a, b, own, nexts=nexts) for a, b in pairwise(asked)):
                continue  # one request reads its own "and" ("BTC and ETH prices", a pasted error)
            alike = whole is not None and all(
                (r.skill, r.action) == (whole.skill, whole.action) for _, r in found
            )
            # each cut puts a next ask, or adds one of another skill ("pause all traders, also
            # delete my sol alert"; "btc price, also the weekly chart" may be one request)
            apart = (
                all(
                    c in following or (c in more and skills_apart(routes[at], routes[at + 1]))
                    for at, c in enumerate(cuts)
                )
                or _acts_on_it(found, by_pronoun)
                or any(p in asked_again for p, _ in found)
            )
            if (
                whole is not None
                and not any(told)  # "我卖了eth，帮我买点btc": the story's coin is not the order's
                and not apart
                and not counts  # the whole read the holding asked as the amount sold
                and not any(covers(r, whole, alike) for _, r in found)
                and not coin_borrowed(whole, found, told_by)
                and not record_borrowed(whole, [r for _, r in found])
                and not said_apart(whole, pieces)
                and not numbers_across(whole, pieces)
                and not listed_as_one(whole, [r for _, r in found], told_by(text))
            ):
                continue  # the whole message is one request the pieces lose part of
            # "buy eth failed insufficient balance?? i have money": the holding told is the problem's
            asked_ones = [
                (p, r)
                for at, (p, r) in enumerate(found)
                if not at or not holding_told(p, told_by(p), r, found[at - 1][1])
            ]
            # "don't alert me, just sell 0.5 eth now": the alert declined for the sale, none deleted
            asked_ones = [
                (p, r)
                for at, (p, r) in enumerate(asked_ones)
                if at + 1 == len(asked_ones) or not declined_for(told_by(p), r, *asked_ones[at + 1])
            ]
            asks = [(p, r) for p, r in asked_ones if not preface(told_by(p), r)] or asked_ones
            return [one for p, r in asks for one in (listed and each_numbered(p, r, route)) or [(p, r)]]
    return None


def _coins_listed(text: str, joins: _Joins, route: RouteFn) -> _Joins:
    """``joins`` without a bare conjunction (no mark, no "then") between two coins one request reads
    together: the clauses beside it, read as one, ask what each asks with both coins ("can u give
    me btc and eth prices, then my pnl", "报一下大饼和以太的价格，再看看这周盈亏": the two prices,
    one ask)."""
    out = []
    for at, (start, end) in enumerate(joins):
        first = joins[at - 1][1] if at else 0
        last = joins[at + 1][0] if at + 1 < len(joins) else len(text)
        if MARKS.intersection(text[start:end]) or len(joins) < 2:
            out.append((start, end))
            continue
        # Each side routed only while it may still list coins (asks_coins: the same request as the
        # other side's, a list of coins each): the two clauses read as one are routed last, only
        # where both sides do (most conjunctions join other requests, and the loop below may
        # never route those two clauses as one piece).
        left = route(text[first:start].strip())
        right = route(text[end:last].strip()) if _lists_coins(left) else None
        both = route(text[first:last].strip()) if _lists_coins(right) and _alike(left, right) else None
        if not (left and right and both and asks_coins(both, [left, right])):
            out.append((start, end))
    return tuple(out)


def _lists_coins(found: Route | None) -> bool:
    """``found`` asks with its coins in a list, as each side of asks_coins's does."""
    return found is not None and isinstance(found.slots.get("symbols"), list)


def _alike(one: Route | None, other: Route | None) -> bool:
    """The same request (asks_coins's sides are each the request of the two read as one)."""
    return one is not None and other is not None and (one.skill, one.action) == (other.skill, other.action)


_Joins = tuple[tuple[int, int], ...]


def _told_its_record(
    pieces: list[str], told: list[bool], found: list[tuple[str, Route]], told_by: ReadFn
) -> bool:
    """A piece left out as a remark names one of their records, and an ask after it points back at
    one ("eth grid is useless, get rid of it"): the record remarked on is the one asked about, and
    the whole message reads it."""
    named = [at for at, (p, t) in enumerate(zip(pieces, told, strict=True)) if t and own_names(told_by(p))]
    return bool(named) and any(
        "recent" in (r.slots.get("target_ref") or {}) and pieces.index(p) > named[0] for p, r in found
    )


def _its_kinds(found: list[tuple[str, Route]], told_by: ReadFn) -> bool:
    """A piece that is only a record kind's noun ("模型", "the model") after a question of one of
    theirs by its name ("老王现在用的什么策略和模型", "what strategy and model is rex on"): asked of
    that record too, not a list of every record of the kind."""
    for (_, before), (piece, route) in pairwise(found):
        said = told_by(piece)
        if (
            before.action == "query"
            and (before.slots.get("target_ref") or {}).get("name")
            and not route.slots.get("target_ref")
            and any(t.concepts & RECORD_NOUNS for t in said.tags)
            and all(t.concepts & RECORD_NOUNS or is_filler(t) for t in said.tags)
            and not said.rest()
        ):
            return True
    return False


def _put_on(found: Route, before: Route) -> bool:
    """``found`` puts the record ``before`` is about on another record of theirs."""
    record = recall_of(before, made=True).record
    return record is not None and links(found, record)


def _acts_on_it(found: list[tuple[str, Route]], by_pronoun: set[str]) -> bool:
    """A later piece that acts again on the record before it, named by a pronoun ("…and start
    it", "…然后删除它"): each piece asks, whatever the whole read."""
    return any(
        piece in by_pronoun
        and (route.skill, route.action) != (before.skill, before.action)
        and bool(route.slots.get("target_ref"))
        and route.slots.get("target_ref") == before.slots.get("target_ref")
        for (_, before), (piece, route) in pairwise(found)
    )
