"""Asks told beside a story: a message of several sentences, one of them a plain request and the
others a story, a feeling or the why ("my wife thinks i'm nuts for doing this. can you grab me $200
of eth?", "ping me when sol goes above 200. i promised myself i'd take some profit there",
"今天被老板骂了一顿，心情超差 现在btc到底多少了"). The whole message reads as none (a story's word keeps
every intent away, core.language.intents), yet the request asks all the same: each clause is read
on its own, and the clauses that route are the asks, read without the others. A story clause adds
no act and no slot to them ("hmm ok. and link? my cousin keeps saying link is the next big thing"
asks LINK's price for the "and link?", nothing for the cousin's).

What is set aside never takes an ask back: beside an act (anything but a look-up) no clause set
aside may say "don't", hold it or take it back ("wait", "算了", "not now tho", "i changed my
mind"), put it to a condition or a time ahead ("if it drops", "next month"), weigh it ("or not",
"should i"), nor end with someone's words following ("my friend said, buy eth": theirs). A trade
told beside an alert is why the alert is wanted ("sol升過200通知我，到時我要沽啲俾老婆買袋"): the
alert stands, nothing is traded. Only for a message that routes nowhere whole and that the clause
cutter (core.conversation.clauses) does not read as several asks.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Final

from core.conversation.lent_coin import lend_coin, remark, sale_told, wants_coin
from core.language.lexicon import load
from core.language.normalize import CLAUSE_MARKS, has_cjk, normalize
from core.language.phrases import Words
from core.language.spans import objects_before
from core.language.tagger import COIN, Reading, Tag
from core.language.tagger import words as lexicon_words
from core.routing.router import Route

RouteFn = Callable[[str], Route | None]
ReadFn = Callable[[str], Reading]

MAX_CHARS: Final = 400  # a longer message is no chat with an ask in it
MAX_CLAUSES: Final = 8  # each clause is routed on its own: a bound on the work

_MARKS: Final = CLAUSE_MARKS | frozenset(":：—\n")
_ASKING_ENDS: Final = frozenset("?？")
_HELD, _QUOTING = Words("beside.held"), Words("beside.quoting")
_TAKEN_BACK = Words("beside.taken_back")
_RETORT = Words("beside.retort")  # "stop rex?? are you crazy": the act echoed, refused
_ADDRESSED, _WANTING = Words("beside.addressed"), Words("beside.wanting")
_LOOK, _NOT_LOOK = Words("beside.look"), Words("beside.look_not")
_EITHER, _LEADING = Words("beside.either"), Words("beside.leading")
_PRICE_ASKED = Words("beside.price_asked")
_NEXT = Words("conversation.join_next")  # "然后", "then": the clause after it is the next ask

# What only looks something up: nothing changes, no money moves. Set aside beside it, a story
# takes nothing back that matters.
_LOOKING_SKILLS: Final = frozenset({"price", "account_query", "glossary", "guidance", "backtest"})
_LOOKING_ACTIONS: Final = frozenset({"query", "open_orders", "why_resting", "report", "diagnose", "explain"})
_ALERT: Final = ("price_alert", "create")

NOT_ASKED: Final = "filler.dont"
# A time ahead ("next month", "明天"): an act said beside it may be for then.
_AHEAD: Final = frozenset({"time.later", "time.ahead"})
_IF: Final = "backtest.if"
_NOW: Final = "time.now"
# What holds any act said beside it: put off, given up, the mind changed, only mused about,
# someone else's words.
_HOLDING: Final = frozenset(
    {"outside.later", "outside.dropped", "outside.mind_changed", "outside.aside", "outside.reported"}
)
# What weighs a trade ("卖不卖我自己再决定", "i'd take some profit there", "haven't decided"): it holds
# every act but an alert, which only tells when a price is reached.
_REPORTED: Final = "outside.reported"
_WEIGHING: Final = frozenset(
    {"outside.planned", "outside.hypothetical", "outside.advice", "outside.either_way", "outside.undecided"}
)
# A time before, said with a trade: the trade was done then, told.
_DONE_BEFORE: Final = frozenset({"time.before"})
_TRADE_WORDS: Final = frozenset(
    {"verb.buy", "verb.sell", "amount.sell_all", "order.limit_buy", "order.limit_sell"}
)


def clauses(text: str) -> list[tuple[int, int]]:
    """The clauses of ``text`` (start, end): cut at a mark, a dash, a colon (never a time's: "at
    18:30"), an emoji ("雪上加霜😩现在btc多少"), a full stop before a space ("above 200. i
    promised"), never a decimal point ("0.5");
    not at a space beside Chinese, which cuts words of one clause too ("上回 all in sol 已经翻倍了"),
    unless a request put to deskmate follows it ("大家都说btc要涨 帮我买0.1个btc")."""
    out: list[tuple[int, int]] = []
    start = 0
    for at, ch in enumerate(text):
        cut = (
            (
                ch in _MARKS
                and not (ch in ":：" and text[at - 1 : at].isdigit() and text[at + 1 : at + 2].isdigit())
            )
            or (ch == "." and text[at + 1 : at + 2] in (" ", ""))
            or unicodedata.category(ch) == "So"
            or (ch == " " and _addressed_after(text, at + 1))
        )
        if cut:
            if text[start:at].strip():
                out.append((start, at))
            start = at + 1
    if text[start:].strip():
        out.append((start, len(text)))
    return out


def _addressed_after(text: str, at: int) -> bool:
    """A Chinese request put to deskmate right after a space ("大家都说btc要涨 帮我买0.1个btc"): a
    clause of its own, as after a mark."""
    rest = normalize(text[at:].lstrip())
    return has_cjk(rest[:1]) and _ADDRESSED.prefix(rest) is not None


def looks_up(route: Route) -> bool:
    """An ask that changes nothing: a price, a balance, an explanation, a list, a diagnosis."""
    return (
        route.skill in _LOOKING_SKILLS
        or route.skill.endswith("_diagnosis")
        or (route.action or "") in _LOOKING_ACTIONS
    )


def plain(text: str, start: int, end: int, route: Route, read: ReadFn) -> bool:
    """A clause that asks deskmate, read on its own: put to it ("can you", "帮我", "ping me"), opening
    with its verb ("delete the strategy yolo", "把所有提醒全删了"), or, for a look-up, a question
    ("what's sol sitting at right now", "btc而家几多钱呀"). A bare follow-up asks only as a question
    ("and link?"); a price of no coin is a remark read as one."""
    if remark(route):
        return False
    clause = text[start:end].strip()
    asked = text[end : end + 1] in _ASKING_ENDS or clause[-1:] in _ASKING_ENDS
    if route.followup:
        return asked
    reading = read(clause)
    if _ADDRESSED.search(reading.text) is not None or _opens_with_verb(reading):
        return True
    if _NEXT.prefix(reading.text) is not None and not _told(reading):
        return True  # "…，然后周报也关了吧": put after the ask before it, as the next one
    if route.skill == "price" and _PRICE_ASKED.search(reading.text) is not None:
        return True  # "现在到底多少钱啊": a price asked with no question's mark
    if looks_up(route) and any(c.startswith(_NOUN) for c in reading.concepts) and not _unnamed(reading):
        return True  # "eth价格", "eth 30天走势", "我的余额": what is looked up, named and nothing else
    return looks_up(route) and (asked or any(c.startswith(_ASK) for c in reading.concepts))


def put_to(clause: str, read: ReadFn) -> bool:
    """``clause`` is put to deskmate as a question or a request: asked with its mark, addressed
    ("can you", "帮我"), opening with its verb or a question's word ("how is rex doing"); a
    record's doings told ("snail has been doing way better lately") are none."""
    said = clause.strip()
    if said[-1:] in _ASKING_ENDS:
        return True
    reading = read(said.rstrip(" .。!！"))
    if has_cjk(said) and _asks_last(reading):
        return True  # "rex怎么样了": a question's word ends it, after what it asks of
    if _LOOK.prefix(reading.text) is not None and _NOT_LOOK.prefix(reading.text) is None:
        return True  # "睇今個禮拜賺幾多": a look asked, its verb alone ("看到btc涨了" saw, told)
    return _ADDRESSED.search(reading.text) is not None or _opens_with_verb(reading, (*_OPENING, _ASK))


def _asks_last(reading: Reading) -> bool:
    """The last word of a Chinese clause but fillers asks ("rex怎么样了", "gary还在跑吗"); "每週定投呢排
    表現好差" tells how it has done."""
    text = reading.text
    for tag in sorted(reading.tags, key=lambda t: t.start, reverse=True):
        if tag.concepts and all(c.startswith(_FILLER) for c in tag.concepts):
            continue
        covered = {i for t in reading.tags if t.start >= tag.end for i in range(t.start, t.end)}
        unread = "".join(ch for i, ch in enumerate(text) if i >= tag.end and i not in covered)
        return any(c.startswith(_ASK) for c in tag.concepts) and not unread.strip(" ?？!！。.~")
    return False


def _unnamed(reading: Reading) -> bool:
    """A word left unread but what joins or orders the things named ("and", "first")."""
    return bool(_NAMED_WITH.sub("", reading.rest()).strip())


_NAMED_WITH = Words("beside.named_with")
_ASK: Final = "ask."
_NOUN: Final = "noun."
_OPENING: Final = ("verb.", "order.", "backtest.run")
# The verbs of an act: a clause opening with one is an ask, read or not.
_ACTS: Final = ("buy", "sell", "start", "stop", "delete", "cancel", "create", "update", "switch_on")
_ACTING: Final = (*(f"verb.{v}" for v in _ACTS), "verb.switch_off", "order.")


def _opens_with_verb(reading: Reading, verbs: tuple[str, ...] = _OPENING, *, wants: bool = True) -> bool:
    """The clause's first word that is no filler is one of ``verbs`` (deskmate's), or 把 naming its
    object; with ``wants``, after a want ("想加个币安账户")."""
    text = reading.text
    first = len(text) - len(text.lstrip())
    for words in (_LEADING, _WANTING, _LEADING) if wants else (_LEADING,):
        said = words.prefix(text[first:])
        if said is not None:  # "先卖掉30%", "我想先卖掉一半"
            first = len(text) - len(text[first + said :].lstrip())
    named = False
    for tag in reading.tags:
        if tag.end <= first:
            continue
        if tag.start == first and text.startswith(objects_before(), first):
            return True  # "顺便把交易员都停了": 把 names the object, its verb after it
        if tag.start == first and has_cjk(text) and _names(tag.concepts):
            first, named = len(text) - len(text[tag.end :].lstrip()), True
            continue  # "pepe全部清掉", "所有交易员都启动起来": the object said first, as 把 names it
        if tag.concepts and all(c.startswith(_FILLER) for c in tag.concepts) and tag.start <= first:
            first = max(first, len(text) - len(text[tag.end :].lstrip()))
            continue
        if tag.start != first:
            return text.startswith(objects_before(), first)
        if named and (
            text[tag.start : tag.end].endswith(_DONE) or text[tag.end :].lstrip().startswith(_DONE)
        ):
            return False  # "rex停了，一直报错": what befell it, told
        return any(c.startswith(verbs) for c in tag.concepts)
    return False


def _names(concepts: frozenset[str]) -> bool:
    return bool(concepts) and all(c.startswith(_NAMED) for c in concepts)


_FILLER: Final = "filler."
# What a Chinese clause may name before its verb ("pepe全部清掉", "所有交易员都启动起来", "用小金库买").
_NAMED: Final = (COIN, "noun.", "own.", "filler.", "trade.answer_word")
_DONE: Final = ("了", "咗")  # after the verb of a clause naming its object first: told done
# An answer's word names nothing acted on ("算了不重要": never mind, no cancel of something unread).
_BARE: Final = ("filler.", "verb.", "time.", "answer.")


def _unread_ask(reading: Reading) -> bool:
    """A clause opening with an act's verb and naming what it acts on, that routed nowhere
    ("启动机器人一号" with no such trader known): an ask not read, no story; "帮我设置一下" names
    nothing ("rest flat-ish" neither), "i want to see how bad" only looks."""
    if _told(reading) or not _opens_with_verb(reading, _ACTING, wants=False):
        return False
    return any(not c.startswith(_BARE) for c in reading.concepts)


def _holds(
    aside: Reading, asked: Reading, route: Route, before: bool, next_to: bool, now: bool, echoed: bool = False
) -> bool:
    """Whether clause ``aside``, set aside ``before`` the act ``route`` (its clause read as
    ``asked``) or after it, right ``next_to`` it or not, takes that act back or holds it. A time
    ahead told before the asks is not theirs where one of them says ``now`` ("I'm flying out
    tomorrow. Could you sell 0.3 eth now before I leave, and also stop all my traders?"). A retort
    after the act ``echoed`` as a question ("stop rex?? are you crazy") refuses it."""
    said = aside.concepts
    if NOT_ASKED in said and _dont_holds(aside):
        return True
    if (said & _AHEAD and not (now and before)) or _IF in said:
        return True
    if _HELD.search(aside.text) is not None:
        return True
    if not before and _TAKEN_BACK.search(aside.text) is not None:
        # Said before the act, a giving-up drops what came before it ("我老婆話我成日睇盤 算啦，幫我停晒
        # 所有交易員", "whatever, stop rex"): the act asked after it stands.
        return True
    if echoed and not before and _RETORT.search(aside.text) is not None:
        return True
    if before and next_to and _quotes(aside.text):
        return True  # "my friend said, buy eth": their words follow
    if not before and next_to and _attributed(aside):
        return True  # "sell all my eth, they said": their words, quoted before who said them
    alert = (route.skill, route.action) == _ALERT
    if not alert and said & _TRADE_WORDS and not said & _DONE_BEFORE:
        # a trade said and not asked ("i'd buy more"): what is asked beside it is unsure; one told
        # done at a time before is the story ("前排喺3000幾沽晒啲ETH，而家幫我買返0.5個ETH")
        return True
    lifted = load().unless_later() if before else load().unless_earlier()
    for concept in said & (_HOLDING | (frozenset() if alert else _WEIGHING)):
        if (
            concept == _REPORTED
            and before
            and _told_whole(aside)
            and _ADDRESSED.search(asked.text) is not None
        ):
            continue  # "大家都说btc要涨，帮我买0.1个btc": what they said, then the person's own request
        # the lexicon's word that an ask in another clause stands ("trust me, buy eth"; "cancel
        # order 7, i changed my mind")
        if not lifted.get(concept, frozenset()) & asked.concepts:
            return True
    return False


def _dont_holds(aside: Reading) -> bool:
    """A "don't" set aside holds an act beside it where it says an act ("别卖", "don't buy yet") or
    nothing else ("不要", "no don't"); one of something no act of deskmate's ("唔想再見到佢",
    "不想拿真钱交学费", "主账户的钱千万别动") is the story, the ask beside it stands."""
    said = aside.concepts
    if any(c.startswith(_ACTING) for c in said) or said & _TRADE_WORDS:
        return True
    if all(c.startswith(_BARE_DONT) for c in said) and not aside.rest().strip():
        return True
    # the act a "don't" takes away from its own clause ("4号不用删"), read without it
    text = aside.text
    kept = "".join(ch for i, ch in enumerate(text) if not any(t.start <= i < t.end for t in _donts(aside)))
    again = lexicon_words(kept).concepts
    return any(c.startswith(_ACTING) for c in again) or bool(again & _TRADE_WORDS)


def _donts(aside: Reading) -> list[Tag]:
    return [t for t in aside.tags if NOT_ASKED in t.concepts]


_BARE_DONT: Final = ("filler.", "answer.", "time.", "outside.")


def _told_whole(aside: Reading) -> bool:
    """Someone's words told whole in their clause, something said after the telling ("大家都说btc要涨",
    "everyone says sol is going up"), so no words follow for the next clause to be."""
    told = [t for t in aside.tags if _REPORTED in t.concepts]
    return bool(told) and any(ch.isalnum() for ch in aside.text[told[-1].end :])


def _attributed(aside: Reading) -> bool:
    """A clause that only says who said the words before it ("they said", "他们说")."""
    told = [t for t in aside.tags if _REPORTED in t.concepts]
    text = aside.text
    return bool(told) and not any(
        ch.isalnum() for i, ch in enumerate(text) if not any(t.start <= i < t.end for t in told)
    )


def _quotes(text: str) -> bool:
    """A clause ending with someone's words to follow ("he said", "我朋友说", "佢話:")."""
    tail = text.rstrip(" :：,，\"'“”「」")
    return any(end == len(tail) for _, end in _QUOTING.spans(tail, every=True))


def beside_story(text: str, route: RouteFn, read: ReadFn) -> tuple[str, list[tuple[str, Route]]] | None:
    """The asks of a message routing nowhere whole, told beside a story: the text of its clauses
    that ask and each of those clauses' route, in order; None where no clause asks, every clause
    does, or a clause set aside takes back an act asked (then only look-ups are kept, or none)."""
    if len(text) > MAX_CHARS:
        return None
    parts = clauses(text)
    if not 2 <= len(parts) <= MAX_CLAUSES:
        return None
    routed = _continued(text, [(s, e, route(text[s:e].strip())) for s, e in parts], route, read)
    routed = _pointed_back(text, _referred(text, routed, route, read), route, read)
    parts = [(s, e) for s, e, _ in routed]
    asks = [(s, e, r) for s, e, r in routed if r is not None and plain(text, s, e, r, read)]
    asides = [(s, e) for s, e, r in routed if not any(a[0] == s for a in asks)]
    if not asks or not asides:
        return None
    for s, e in asides:
        aside = read(text[s:e].strip())
        if _unread_ask(aside):
            return None  # "启动机器人一号，然后查一下我的余额": an ask not read is no story to leave out
        if _EITHER.search(aside.text) is not None and any(b[1] <= s for b in asks) and not _told(aside):
            return None  # "which model is smarter, gpt or claude": the question goes on with its choices
    kept = []
    now = any(_NOW in read(text[s:e].strip()).concepts for s, e, _ in asks)
    for s, e, found in asks:
        if not looks_up(found):
            asked = read(text[s:e].strip())
            echoed = _mark_after(text, e) in ("?", "？")
            held = any(
                _holds(
                    read(text[a:b].strip()),
                    asked,
                    found,
                    b <= s,
                    _next_to(parts, (a, b), (s, e)),
                    now,
                    echoed,
                )
                for a, b in asides
            )
            if held:
                continue
        kept.append((s, e, found))
    if not kept:
        return None
    if any(_it_of_another(r, read(text[a:b].strip())) for _, _, r in kept for a, b in asides):
        return None  # "don't keep the eth grid, delete it": "it" is the grid, never the last record made
    said = " ".join(text[s:e].strip() + _mark_after(text, e) for s, e, _ in kept).strip()
    return said, [(text[s:e].strip(), r) for s, e, r in kept]


def _it_of_another(found: Route, aside: Reading) -> bool:
    """An ask whose "it" fell back to the last record made ("delete it": recent) beside a clause that
    names a record of theirs or a kind of record: which one "it" is, this reading does not know."""
    ref = found.slots.get("target_ref")
    if not isinstance(ref, dict) or "recent" not in ref:
        return False
    return any(c.startswith(("own.", "noun.")) for c in aside.concepts)


def _referred(
    text: str, routed: list[tuple[int, int, Route | None]], route: RouteFn, read: ReadFn
) -> list[tuple[int, int, Route | None]]:
    """``routed`` with a clause naming no coin read with the one coin the clauses before it name,
    where it asks nothing without it or asks a trade or a price of none ("My nephew keeps talking
    about solana at dinner. What's it actually worth today?", "朋友一直在说sol，它现在多少钱", "手里的sol
    拿了半年一直横着不动，看着就心累，全卖了吧"): the conversation's last coin, told in the story
    (core.conversation.lent_coin)."""
    out: list[tuple[int, int, Route | None]] = []
    coins: set[str] = set()
    sold = False
    for s, e, found in routed:
        clause = text[s:e].strip()
        said = read(clause)
        named = {t.value for t in said.tags if COIN in t.concepts}
        if len(coins) == 1 and not named and wants_coin(found):
            lent = lend_coin(clause, said, found, next(iter(coins)), route, sold=sold)
            found = lent if lent is not None else found
        coins |= named
        sold = sold or sale_told(said)
        out.append((s, e, found))
    return out


def _pointed_back(
    text: str, routed: list[tuple[int, int, Route | None]], route: RouteFn, read: ReadFn
) -> list[tuple[int, int, Route | None]]:
    """``routed`` with a clause put next ("然后删掉它吧", "then delete it") that asks nothing alone, its
    pronoun standing for the record the ask right before it names, read as its act on that record
    ("我老婆不让我玩币了😭 把招财停了，然后删掉它吧": the stop, then the delete, the story left out)."""
    out: list[tuple[int, int, Route | None]] = []
    for s, e, found in routed:
        before = out[-1][2] if out else None
        if found is None and before is not None and isinstance(before.slots.get(_TARGET), dict):
            said = read(text[s:e].strip())
            if _NEXT.prefix(said.text) is not None and not _told(said):
                both = route(text[out[-1][0] : e].strip())
                acted = both is not None and (both.skill, both.action) != (before.skill, before.action)
                if acted and both is not None and both.slots.get(_TARGET) == before.slots.get(_TARGET):
                    found = both
        out.append((s, e, found))
    return out


_TARGET: Final = "target_ref"


def _continued(
    text: str, routed: list[tuple[int, int, Route | None]], route: RouteFn, read: ReadFn
) -> list[tuple[int, int, Route | None]]:
    """``routed`` with a clause that goes on with the ask before it read into it: its values,
    said with no story ("backtest dca into eth, 100 a week over the last 6 months", "帮我回测一下eth
    网格，2800到3800，最近30天的数据"), make the same request with more of its slots."""
    out: list[tuple[int, int, Route | None]] = []
    for s, e, found in routed:
        if out and (found is None or remark(found)):
            start, _, asked = out[-1]
            if asked is not None and not remark(asked) and not _told(read(text[s:e].strip())):
                more = route(text[start:e].strip())
                if more is not None and _goes_on(asked, more):
                    out[-1] = (start, e, more)
                    continue
        out.append((s, e, found))
    return out


def _told(reading: Reading) -> bool:
    return any(c.startswith(_OUTSIDE) for c in reading.concepts)


_OUTSIDE: Final = "outside."


def _goes_on(asked: Route, more: Route) -> bool:
    """``more`` is ``asked`` with slots added, none changed."""
    same = (asked.skill, asked.action) == (more.skill, more.action)
    kept = all(more.slots.get(k) == v for k, v in asked.slots.items())
    return same and kept and len(more.slots) > len(asked.slots)


def _next_to(parts: list[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(parts.index(a) - parts.index(b)) == 1


def _mark_after(text: str, end: int) -> str:
    """The mark ending a clause kept ("where's doge at?"), read with it."""
    ch = text[end : end + 1]
    return ch if ch in CLAUSE_MARKS or ch == "." else ""
