"""A resting order's expiry in words: "for 24 hours", "24小时有效", "今天有效", "good till cancelled".

Read through the language layer: a duration is the value grammar's ("24 hours", "3天", "半小时"),
"today" and "good till cancelled" are lexicon concepts (core/language/lexicon/order.toml). The
slot keeps what was said ("86400" seconds, "today", "gtc", or the grammar's refusal); the time it
ends is fixed once, when the summary is made (``expires_at``), so the order placed is the order
shown. A duration under a minute or over 90 days is refused with the limits (one said in seconds, "30秒有效",
"for 90 seconds", is read with the lexicon's order.seconds and checked the same way); an expiry the
grammar cannot read ("until friday", "valid for a fortnight": the lexicon's order.expiry_word with
no duration read) is refused quoting it, never taken as good till cancelled. "Until it fills" /
"直到成交" is good till cancelled (a lexicon word).
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from itertools import takewhile
from string import ascii_lowercase, digits
from typing import Final

from core.language.normalize import has_cjk
from core.language.phrases import Words
from core.language.slots import Choose, First, Number, Read, When
from core.language.tagger import Reading, may_tag, untagged, words
from core.language.values import UNIT_SECONDS, Value, refusal_in
from core.tasks.flow import Parsed

EXPIRY: Final = "expiry"  # the task slot: seconds, "today", "gtc", or a refusal
EXPIRES_AT: Final = "expires_at"  # the task slot: the ISO time it ends, fixed at the summary
TODAY: Final = "today"
GTC: Final = "gtc"
SHORTEST: Final = timedelta(minutes=1)  # the order check looks every 30 s
LONGEST: Final = timedelta(days=90)
OUT_OF_RANGE: Final = "expiry_range"  # the slot's marker for a duration outside those bounds
UNREAD: Final = "expiry_unread"  # the slot's marker for an expiry said but not read
_WORD: Final = "order.expiry_word"
_SECONDS: Final = "order.seconds"  # an expiry in seconds: read with its number, checked for bounds
# Around an unread expiry word, what belongs to it (core/language/lexicon/phrases/expiry.toml): the
# number and "for" before "seconds", "有效" before the number, "钟" / "有效" after "秒".
_UNIT: Final = Words("expiry.unit")
_VALID: Final = Words("expiry.valid")
_LEAD: Final = Words("expiry.lead")
_AFTER_UNIT: Final = Words("expiry.after_unit")
_ALNUM: Final = frozenset(ascii_lowercase + digits)


def is_duration(value: Value) -> bool:
    """A duration, or one the grammar refused ("-3 hours"): an expiry, never a price or amount."""
    return value.kind == "duration" or (value.refused and value.unit in UNIT_SECONDS)


def in_expiry(value: Value, text: str) -> bool:
    """A duration, or the number of an expiry the grammar does not read ("30" in "for 30 seconds",
    "30秒有效", "有效30秒"; ``value``'s offsets are into ``text``): never a price or amount."""
    if is_duration(value):
        return True
    before = text[: value.start].rstrip()
    return value.kind == "number" and bool(
        _UNIT.prefix(text[value.end :].lstrip()) or any(end == len(before) for _, end in _VALID.spans(before))
    )


def _in_seconds(reading: Reading) -> str | None:
    """An expiry said in seconds ("30秒有效", "for 90 seconds": a whole number right before the
    lexicon's order.seconds word), within SHORTEST..LONGEST, or None."""
    tag, text = reading.first(_SECONDS), reading.text
    said = tag and next(
        (v for v in reading.spans() if v.kind == "number" and not text[v.end : tag.start].strip()), None
    )
    if tag is None or not said or said.number != said.number.to_integral_value() or said.number <= 0:
        return None
    inside = SHORTEST.total_seconds() <= said.number <= LONGEST.total_seconds()
    return str(int(said.number)) if inside else f"{OUT_OF_RANGE}:{text[said.start : tag.end]}"


def _unread(reading: Reading) -> str | None:
    """An expiry said in words the grammar cannot read ("until friday"), quoting them."""
    return f"{UNREAD}:{_unread_typed(reading.text, reading)}" if reading.has(_WORD) else None


# The expiry said: good till cancelled or today by its word; else the one duration said, exactly
# ("1.5 hours": 5400 s; two are refused), within SHORTEST..LONGEST; else one in seconds; else the
# words of one the grammar cannot read, quoted.
EXPIRY_SAID: Final = First(
    EXPIRY,
    Choose(EXPIRY, ((GTC, When("order.good_till_cancelled")), (TODAY, When("order.today_only")))),
    Number(
        EXPIRY, ("duration",), units=UNIT_SECONDS, whole="whole_seconds", out=OUT_OF_RANGE,
        least=int(SHORTEST.total_seconds()), most=int(LONGEST.total_seconds()),
    ),
    Read(EXPIRY, _in_seconds),
    Read(EXPIRY, _unread),
)  # fmt: skip


# The concepts EXPIRY_SAID reads besides the values: where none of their words is said, the
# duration alone can say an expiry, read without tagging the message again (most limit orders).
_SAID: Final = frozenset({"order.good_till_cancelled", "order.today_only", _SECONDS, _WORD})


def read_expiry(text: str) -> str | None:
    """The expiry said in ``text``, as a slot, or None when none is said (good till cancelled)."""
    return EXPIRY_SAID.read(words(text) if may_tag(text, _SAID) else untagged(text))  # type: ignore[no-any-return]


def _unread_typed(text: str, reading: Reading) -> str:
    """The words of an expiry the grammar did not read, as typed around its expiry word."""
    tags = [t for t in reading.tags if _WORD in t.concepts]
    start, end = tags[0].start, tags[-1].end
    if end - start > 24:  # two expiry words far apart: quote the first
        end = tags[0].end
    if text[tags[0].start : tags[0].end] in _UNIT.words:  # the number said with its unit, and "for"
        number = (v.start for v in reading.spans() if v.kind == "number" and not text[v.end : start].strip())
        start = next(number, start)
        lead = _LEAD.before(text, start)
        start = start if lead is None else lead
    word = text[tags[-1].start : tags[-1].end] if end == tags[-1].end else text[tags[0].start : end]
    if word in Words("expiry.takes_object").words or has_cjk(word):
        rest = text[end:].lstrip()
        said = _AFTER_UNIT.prefix(text[end:]) or 0
        run = "".join(takewhile(_ALNUM.__contains__, rest))
        end += said or (len(text) - end - len(rest) + len(run) if run else 0)
    return text[start:end].strip()


def parse_expiry(text: str) -> Parsed:
    """An expiry typed as an answer, or as the request's own slot (already a slot: kept)."""
    slot = text.strip()
    if not (slot.isdigit() or slot in (TODAY, GTC) or refusal_in(slot) or out_of_range(slot) or unread(slot)):
        slot = read_expiry(text) or ""
    refused = refusal_in(slot)
    if refused is not None:
        return Parsed.refused(*refused)
    return Parsed(slot) if slot else Parsed()


def expires_at(slot: object, now: datetime) -> datetime | None:
    """When an order with expiry ``slot`` placed ``now`` ends (None: good till cancelled). "today"
    ends at the next 00:00 UTC."""
    if not isinstance(slot, str) or slot in ("", GTC):
        return None
    if slot == TODAY:
        return datetime.combine(now.date() + timedelta(days=1), time(0), tzinfo=now.tzinfo)
    if slot.isdigit():
        return now + timedelta(seconds=int(slot))
    return None


def out_of_range(slot: object, marker: str = OUT_OF_RANGE) -> str | None:
    """What was typed when ``slot`` is a duration outside SHORTEST..LONGEST (``marker``
    UNREAD: an expiry said in words the grammar cannot read), else None."""
    return slot.partition(":")[2] if isinstance(slot, str) and slot.startswith(f"{marker}:") else None


def unread(slot: object) -> str | None:
    return out_of_range(slot, UNREAD)


def fixed_expiry(slots: dict[str, object], now: datetime) -> datetime | None:
    """The order's end, computed once from ``slots[EXPIRY]`` and kept in ``slots[EXPIRES_AT]``, so
    the summary and the placed order agree however late Confirm is pressed."""
    kept = slots.get(EXPIRES_AT)
    if isinstance(kept, str) and kept:
        return datetime.fromisoformat(kept)
    at = expires_at(slots.get(EXPIRY), now)
    if at is not None:
        slots[EXPIRES_AT] = at.isoformat()
    return at
