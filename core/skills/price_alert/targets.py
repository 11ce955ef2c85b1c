"""Which alerts a delete said of its words reaches: none of a coin spared ("delete all alerts except
btc", "删除btc以外的提醒", "delete my alerts but keep eth"), and the alerts of a coin whose level is
said beside the delete ("delete my eth alert above 4000", "删除eth涨到4000的提醒"), never one made."""

from __future__ import annotations

from typing import Any, Final

from core.language.phrases import Words, skip_spaces
from core.language.spared import spared_coins
from core.language.tagger import COIN, Reading
from core.language.values import Value
from core.skills.price_alert.listing import LIST

EXCEPT: Final = "filler.except"
KEPT: Final = Words("conversation.kept")  # a coin spared: "all alerts except btc"
NOUN: Final = "noun.alert"
REMOVES: Final = frozenset({"verb.delete", "verb.cancel"})
# A making said ("set", "alert me", "tell me"); the alert's noun is tagged a notify too ("alert").
TRADES: Final = frozenset({"verb.buy", "verb.sell"})  # a trade's number is no alert's level
MAKES: Final = frozenset({"verb.create", "verb.notify", "filler.tell"})
MADE_BY: Final = "verb.create"
DONE: Final = Words("alert.made_done")  # 了 of "设了": a making told done
LABEL_JOIN: Final = Words("alert.label_join")  # 的 of "删掉3000的提醒"
LEVEL_AFTER: Final = Words("alert.level_after")  # "at" of "delete the alert at 4000"
_DID: Final = Words("alert.fired_asked")  # "did my alerts go off last night": asked
_NAME_WORDS: Final = 3  # words before the alert noun read as a name asked ("delete my dip buyr alert")


def deleting(reading: Reading) -> bool:
    """A delete said, no making ("delete my eth alert above 4000", "remove the btc alert below
    80000"): its level says which alert, never one made (the skill shows the coin's alerts to
    confirm). A making beside it ("delete my btc alert and alert me at 4000") keeps the create."""
    making = any(t.concepts & MAKES and NOUN not in t.concepts for t in reading.tags)
    return bool(reading.concepts & REMOVES) and not making


# What a removal verb takes instead of an alert: a trade, an order, a record of another kind.
_OTHER: Final = TRADES | {"diagnosis.order", "noun.trader", "noun.strategy", "noun.account", "noun.model"}
_REMOVAL: Final = REMOVES | {"verb.stop", "verb.switch_off"}


def removes_other(reading: Reading, leveled: bool) -> bool:
    """Every removal said takes something else, a trade or an order, and an alert is made after
    it ("skip the buy, just set an alert for btc", "cancel my eth order and alert me when btc is
    above 95000"): no alert is removed. Its making is a verb that is no alert's noun, or a level
    said; "cancel all orders and alerts" (no making) still removes the alerts."""
    tags = reading.tags
    removals = [t for t in tags if t.concepts & _REMOVAL]
    if not removals:
        return False
    for removal in removals:
        taken = next((t for t in tags if t.start >= removal.end and _object(t.concepts)), None)
        if taken is None or NOUN in taken.concepts:
            return False  # "cancel my btc alert": the alert's own
    last = max(t.end for t in removals)
    making = any(
        t.start >= last and t.concepts & (MAKES | {"verb.update"}) and NOUN not in t.concepts for t in tags
    )
    return making or leveled


def _object(concepts: frozenset[str]) -> bool:
    """What a removal may take: an alert, a trade, an order, a record of another kind."""
    return bool(concepts & (_OTHER | {NOUN})) or any(c.startswith("order.") for c in concepts)


def spared(reading: Reading, *, kept: bool = True) -> bool:
    """An except or a keep said before the first coin ("delete all alerts except btc", "delete my
    alerts but keep eth", "删除除了btc以外的提醒") or an except after it (core.language.spared:
    "删除btc以外的提醒"): that coin is the one not deleted. ``kept``: a keep word counts too."""
    coin = min((t.start for t in reading.tags if COIN in t.concepts), default=None)
    if coin is None or any(a == coin for a, _ in spared_coins(reading.scanned, reading.found)):
        return coin is not None
    if not kept:
        return False
    said = [t.end for t in reading.tags if EXCEPT in t.concepts] + [e for _, e in KEPT.spans(reading.text)]
    return any(end <= coin for end in said)


def said_level(reading: Reading, slots: dict[str, Any]) -> dict[str, Any]:
    """The level and way a delete says of its alert, read as a create's are ("delete my eth alert
    above 4000", "删掉eth 4000以上的提醒", "remove the btc 80k alert"): its ``level`` (a refusal
    quoting it when it is not one level) and ``condition`` when said; nothing when no level is, nor
    when a trade is said beside it ("delete my alert and sell 0.5 sol": the 0.5 is the trade's). A
    removal's word read as a sale too ("get rid of the btc 80000 alert": "get rid of" before a coin)
    is the removal's, no trade."""
    if "level" not in slots or any(t.concepts & TRADES and not t.concepts & REMOVES for t in reading.tags):
        return {}
    return {slot: slots[slot] for slot in ("level", "condition") if slot in slots}


def names_alert(reading: Reading, end: int) -> bool:
    """The alert's noun right after ``end``, spaces apart: a coin's amount said before it is the
    level of that coin's alert ("ditch the 80k btc alert", "set an 80k btc alert", as "the btc 80k
    alert" says it); never beside a trade, whose amount it is ("sell 2 eth alert me at 4000")."""
    if any(t.concepts & TRADES and not t.concepts & REMOVES for t in reading.tags):
        return False
    at = skip_spaces(reading.text, end)
    return any(t.start == at and NOUN in t.concepts for t in reading.tags)


def name_before_noun(reading: Reading) -> str | None:
    """Latin words no tag explains right before the alert noun ("delete my dip buyr alert"): the
    name of an alert asked for (one of theirs would have been tagged: this one is none of theirs)."""
    noun = reading.first(NOUN)
    if noun is None:
        return None
    before = max((t.end for t in reading.tags if t.end <= noun.start), default=0)
    gap = reading.text[before : noun.start].strip()
    words = gap.split()
    if not gap or len(words) > _NAME_WORDS or not all(w.isascii() and w.isalnum() for w in words):
        return None
    start, end = len(reading.text[: noun.start].rstrip()) - len(gap), len(reading.text[: noun.start].rstrip())
    if any(v.start <= start and end <= v.end for v in reading.spans()):
        return None  # "delete the 3000 alert", "remove my 80k alert": its level (labelled_level), no name
    return reading.norm.typed(before, noun.start)


def labelled_level(reading: Reading, values: list[Value]) -> dict[str, str]:
    """The level a number right before the alert's noun says, no coin said ("delete the 3000 alert",
    "drop my 80k alert"): the alert at that level, of whichever coin."""
    text = reading.text
    said = next(
        (
            v
            for v in values
            if v.kind in ("number", "price")
            and (
                names_alert(reading, v.end)
                or names_alert(reading, LABEL_JOIN.after(text, v.end) or v.end)
                or _level_after_noun(reading, v.start)
            )
        ),
        None,
    )
    return {} if said is None else {"level": said.slot}


def _level_after_noun(reading: Reading, start: int) -> bool:
    """The alert's noun, then a word saying its level, right before ``start`` ("delete the alert at
    4000", "remove my alert @ 80k"); never beside a trade, whose number it is."""
    if any(t.concepts & TRADES and not t.concepts & REMOVES for t in reading.tags):
        return False
    text = reading.text[:start].rstrip()
    at = LEVEL_AFTER.before(text, len(text))
    if at is None:
        return False
    noun_end = len(text[:at].rstrip())
    return any(t.end == noun_end and NOUN in t.concepts for t in reading.tags)


def set_up_asked(reading: Reading) -> bool:
    """One asked made by a making word and the alert's noun ("加个价格预警", "add a price alert"), not
    told made ("我设了个提醒": the word ends as done)."""
    made = reading.first(MADE_BY)
    done = made is not None and reading.text[made.start : made.end].endswith(DONE.words)
    return made is not None and reading.has(NOUN) and not done


_ASKED_END = Words("alert.asked_end")  # 吗 of "dip buyer还在吗"


def asks_of_it(reading: Reading) -> bool:
    """A question of the alert named, or a look asked at it ("dip buyer还在吗", "show me dip buyer")."""
    asked = reading.text.rstrip().endswith(("?", "？", *_ASKED_END.words))
    return (
        asked
        or bool(reading.concepts & {"verb.query", "ask.status"})
        or LIST.search(reading.text) is not None
    )


def asked(reading: Reading) -> bool:
    """A question by its mark, its 吗, a question's word or a look asked ("did my btc alert go off?",
    "which alerts went off today", "我的提醒响了吗"); "my alerts went off last night" tells."""
    marked = reading.text.rstrip().endswith(("?", "？", *_ASKED_END.words))
    if marked or _DID.prefix(reading.text) is not None:
        return True
    return any(c.startswith(("ask.", "verb.query")) for c in reading.concepts)
