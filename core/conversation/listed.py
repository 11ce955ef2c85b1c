"""Records named in a list ("停掉多多和阿强", "stop night owl and gary", "删除主号和测试号"): one ask
per record, each its own act (and its own confirmation where the act is risky, queued behind the
first: core.conversation.queued), never the first name's act with the others dropped unsaid.

The clause splitter (core.conversation.clauses) asks three things of a message's record names:
the name an ask is about (two asks of one request on two names are two asks), whether a piece is
only a record named (it takes the verb of the ask before it: "停掉交易员多多和交易员阿强"), and
whether the whole message read a list of their names as one name none of theirs ("主号和测试号").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from core.conversation.each_coin import rewritten
from core.conversation.recall import RECORD_NOUNS
from core.language.negation import NOT_ASKED, negated
from core.language.normalize import has_cjk, normalize
from core.language.phrases import Words
from core.language.tagger import Reading, Tag, words
from core.routing.router import Route
from core.tasks.numbered import kind_between, numbered

_OWN = "own."
_JOIN = Words("conversation.join")  # between two names of a list: "和", "跟", "同", "and", ","
_LIST_MARK = Words("conversation.list_mark")
_LIST_ARTICLE = Words("conversation.list_article")


def asked_name(route: Route) -> str:
    """The record's name ``route`` is about ("" when none is named): its target, or the trader a
    P&L is asked of ("老王和夜猫子各自的盈亏": each trader's own ask)."""
    ref = route.slots.get("target_ref")
    name = ref.get("name") if isinstance(ref, dict) else route.slots.get(_OF_TRADER.get(route.skill, ""))
    return _norm(name) if isinstance(name, str) else ""


# A skill whose record is said in a slot of its own: the trader a P&L is asked of, the alert named
# ("delete my dip buyer and floor alerts": each alert its own delete).
_OF_TRADER = {"pnl": "trader", "price_alert": "name"}


def only_named(read: Route, before: Route, own: frozenset[str]) -> bool:
    """``read`` is a record of the kind ``before`` acts on named and nothing more ("交易员阿强"
    alone is its status asked): after an act on a record, said with no verb of its own, it is
    the next record of the list that act is asked of."""
    return (
        read.skill == before.skill
        and read.action == "query"
        and set(read.slots) == {"target_ref"}
        and asked_name(read) in own  # one of theirs ("that trader sucks" names none)
        and bool(asked_name(before))
    )


def said_apart(whole: Route, pieces: list[str]) -> bool:
    """The whole message read as one request on a record's name made of words from two clauses
    ("stop my eth bot and set a stop loss at 3000 for btc" names no trader "eth btc"): no one
    piece says the name, every word of it is said in some piece."""
    name = asked_name(whole)
    if " " not in name:
        return False
    low = [p.lower() for p in pieces]
    spread = all(any(w in p for p in low) for w in name.split())
    return spread and not any(name in p for p in low)


def own_names(reading: Reading) -> frozenset[str]:
    """The names of their records ``reading`` says, as ``asked_name`` gives a route's."""
    return frozenset(_norm(t.value) for t in reading.tags if any(c.startswith(_OWN) for c in t.concepts))


def listed_as_one(whole: Route, found: list[Route], reading: Reading) -> bool:
    """The whole message read their records' names in a list as one name that is none of theirs
    ("删除主号和测试号" as an account "主号和测试号"): the pieces' asks, each on one of their names, are
    the message's. A name of theirs holding a join ("多和少") is theirs, read whole."""
    name, own = asked_name(whole), own_names(reading)
    named = [asked_name(r) for r in found if (r.skill, r.action) == (whole.skill, whole.action)]
    if not name or name in own or len(set(named)) < 2:
        return False
    return all(n in own and n in name for n in named)


def each_record(
    text: str, whole: Route | None, route: Callable[[str], Route | None], told_by: Callable[[str], Reading]
) -> list[tuple[str, Route]] | None:
    """One ask per record of theirs named in a list, wherever the verb stands ("把多多和阿强都停了",
    "stop night owl and gary"): each read as if sent with that name alone in the list's place, and
    each the whole's request on that name; None when ``text`` names no such list of theirs."""
    name = asked_name(whole) if whole is not None else ""
    if whole is None or not name:
        return None
    reading = told_by(text)
    if NOT_ASKED in reading.concepts or negated(text):
        return None  # "停掉多多，阿强不用停": one of them told not to be
    run = _listed(reading)
    if len(run) < 2 or not any(_norm(t.value) == name or _norm(t.value) in name for t in run):
        return None
    if whole.action == "query" and whole.skill in _ASKED_WHICH and _WHICH in reading.concepts:
        # "老王和闪电哪个在跑", "rex, gary and nova — which ones are running?": one question of them all
        names = _NAMES_JOIN.join(str(t.value) for t in run)
        return [(text, Route(whole.skill, "query", {**whole.slots, "target_ref": {"names": names}}))]
    start, end = run[0].start, run[-1].end
    # Records of different kinds listed under one act ("删掉月月存和逃顶这个提醒": a strategy and an
    # alert): each its own kind's act, the kind said after the list that of the one it fits only.
    mixed = len({_kind(t) for t in run}) > 1
    asks: list[tuple[str, Route]] = []
    for tag in run:
        found = None
        for until in (end, _kind_said_after(reading, end)) if mixed else (end,):
            piece = rewritten(reading.norm, [(start, until, reading.norm.typed(tag.start, tag.end))])
            found = route(piece)
            if found is not None and _of_tag(found, whole, tag, mixed):
                break
        if found is None or not _of_tag(found, whole, tag, mixed):
            return None
        asks.append((piece, found))
    return asks


def _kind(tag: Tag) -> str:
    return next((c for c in sorted(tag.concepts) if c.startswith(_OWN)), "")


def _of_tag(found: Route, whole: Route, tag: Tag, mixed: bool) -> bool:
    """``found`` is the whole's act (of any kind, where the list mixes kinds) on ``tag``'s record."""
    skill = (
        whole.skill if not mixed else _SKILL_OF.get(_kind(tag))
    )  # "删掉月月存和阿强这个交易员": no trader 月月存
    return (found.skill, found.action) == (skill, whole.action) and asked_name(found) == _norm(tag.value)


_SKILL_OF: Final = {
    "own.trader": "trader_management",
    "own.strategy": "strategy_management",
    "own.account": "exchange_management",
    "own.model": "model_management",
    "own.alert": "price_alert",
}


_WHY = "ask.why"


def record_told(before: Route, reading: Reading) -> Route | None:
    """What a pronoun after ``before`` stands for where its route keeps no record of theirs but
    its words name one: the trader a P&L is of ("how's night owl doing pnl-wise? and turn it off"),
    the one record a why asked names ("why is cosmo idle? also how much has it made"), as that
    record's query; None where the route names its record or the piece names none or several."""
    if isinstance(before.slots.get("target_ref"), Mapping):
        return None
    trader = before.slots.get("trader")
    if isinstance(trader, str) and trader:
        return Route(_SKILL_OF["own.trader"], "query", {"target_ref": {"name": trader}})
    if not before.skill.endswith("_diagnosis") or _WHY not in reading.concepts:
        return None  # a problem told, no why asked ("rex不好用，停掉它"): why it is stopped, one ask
    named = {(t.value, c) for t in reading.tags for c in t.concepts if c in _SKILL_OF}
    if len(named) != 1:
        return None
    ((name, kind),) = named
    return Route(_SKILL_OF[kind], "query", {"target_ref": {"name": name}})


def _kind_said_after(reading: Reading, end: int) -> int:
    """Where the words right after a list stop naming a kind ("这个提醒", "these alerts"): fillers and
    a record's noun, skipped; ``end`` when none follows."""
    at = end
    for tag in sorted(reading.tags, key=_at):
        if tag.start < end:
            continue
        if reading.text[at : tag.start].strip() or not (tag.concepts & _KINDS or _filler(tag)):
            break
        at = tag.end
    return at


_KINDS: Final = frozenset({"noun.trader", "noun.strategy", "noun.account", "noun.model", "noun.alert"})


def _filler(tag: Tag) -> bool:
    return any(c.startswith("filler.") for c in tag.concepts)  # 这个 is also backtest.this


# Which of their records listed is asked, one question of them all: the kinds whose query shows
# several named records at once (core/skills/trader_management/handlers.py), and how their names
# are joined in the target (core.tasks.refs.resolve reads them).
_ASKED_WHICH = frozenset({"trader_management"})
_WHICH = "ask.which"
_NAMES_JOIN = "\n"


def each_numbered(
    text: str, whole: Route | None, route: Callable[[str], Route | None]
) -> list[tuple[str, Route]] | None:
    """One ask per record named by its number in a list ("删除3号和4号交易员", "delete traders 3 and
    4", "删除3号和4号"): each read as if sent with that number alone in the list's place ("删除3号交易员",
    "删除3号": a record of no kind said, looked for among every kind), each its own act and
    confirmation ("remove alerts 1 and 3", "cancel orders 4 and 6": an alert's, an order's number
    each); None when ``text`` lists no numbers, or a number alone reads as no record's act (then
    orders and alerts refuse the two numbers themselves, quoting both)."""
    if whole is not None and (whole.skill not in _LISTED or whole.action == "create"):
        return None  # another request, or a record made ("创建网格策略，3000到4000，20格"): no list of theirs
    run = numbered(text)
    if not run or negated(text):
        return None  # "删除3号，4号不用删": one of them told not to be
    start, end = run[0][0], run[-1][1]
    kind = kind_between(text, run)  # "delete the 2nd alert and the 5th": "the 5th alert" too
    asks: list[tuple[str, Route]] = []
    said: set[str] = set()
    for at, until in run:
        if text[at:until] in said:
            continue  # "delete alert 5 and 5": one record, asked once
        said.add(text[at:until])
        piece = f"{text[:start]}{text[at:until]}{kind}{text[end:]}"
        found = route(piece)
        if found is None or found.skill not in _LISTED or not _one_named(found):
            return None
        if asks and (found.skill, found.action) != (asks[0][1].skill, asks[0][1].action):
            return None
        asks.append((piece, found))
    if whole is not None and whole.skill != asks[0][1].skill:
        return None  # the whole is another request ("3号和4号交易员的盈亏")
    return asks


# Alerts and orders are named by their numbers in a slot of their own ("remove alerts 1 and 3": alert
# 1, then alert 3, each confirmed on its own), never a target_ref; a number alone that reads as no
# record's is none (refused by its skill, quoting it).
_NUMBERED_SLOTS: Final = {"price_alert": "alert_id", "orders": "order_no"}
_LISTED: Final = frozenset({*RECORD_NOUNS, *_NUMBERED_SLOTS})


def _one_named(found: Route) -> bool:
    """``found`` acts on one record named: its target, or its alert's or order's number."""
    slot = _NUMBERED_SLOTS.get(found.skill)
    if slot is None:
        return bool(found.slots.get("target_ref"))
    value = found.slots.get(slot)
    return isinstance(value, str | int) and str(value).isdigit()


def _listed(reading: Reading) -> list[Tag]:
    """The first run of two or more of their names with only a list's join between each two
    ("多多和阿强", "night owl, gary", "alpha、beta"; an article after the join, "stacker and the
    dipper alert", "stacker和那个dipper提醒"), or a space ("alpha bravo and charlie", "韭菜一号
    韭菜二号 都启动": two whole names of theirs side by side are two), or none."""
    own = sorted((t for t in reading.tags if any(c.startswith(_OWN) for c in t.concepts)), key=_at)
    run: list[Tag] = own[:1]
    for tag in own[1:]:
        spaced = reading.text[run[-1].end : tag.start]
        between = reading.text[run[-1].end : _article_before(reading, run[-1].end, tag.start)].strip()
        if (spaced and not spaced.strip()) or (
            between and ((0, len(between)) in _JOIN.spans(between) or between in _LIST_MARK.words)
        ):
            run.append(tag)
        elif len(run) >= 2:
            break
        else:
            run = [tag]
    return run if len(run) >= 2 else []


def _article_before(reading: Reading, after: int, at: int) -> int:
    """Where a list's article right before ``at`` (spaces between) starts, after ``after`` ("and
    the", "和那个"), else ``at``."""
    start = _LIST_ARTICLE.before(reading.text, at)
    return at if start is None or start <= after else start


def _at(tag: Tag) -> int:
    return tag.start


def _norm(name: str) -> str:
    return normalize(name).strip()


def kind_said(piece: str, asked: Route) -> str:
    """``piece`` with the kind's word of the record ``asked`` acts on before it, where the piece is
    only a name none of theirs ("停掉多多和阿强" with no 阿强: "交易员阿强", so the stop of 阿强 is asked
    and answered as a name they don't have, never dropped); else "" (nothing to read)."""
    nouns = RECORD_NOUNS.get(asked.skill)
    said = piece.strip()
    if nouns is None or not asked_name(asked) or not _a_name(said):
        return ""
    return f"{nouns[0]}{said}" if has_cjk(said) else f"{nouns[1]} {said}"


def _a_name(said: str) -> bool:
    """Short, of no lexicon word but a filler: what a name alone looks like ("阿强", "gary", "阿强吧")."""
    short = len(said.split()) <= 2 if said.isascii() else len(said) <= _CJK_NAME
    plain = all(c.startswith("filler.") for c in words(said).concepts)
    return bool(said) and short and plain and not _PRONOUNS.search(said)  # "stop moonboy, he's fine"


_CJK_NAME = 6
_PRONOUNS = Words("conversation.pronoun_person")
