"""Whether a message asks for the list of its alerts ("list my alerts", "我设置了哪些价格提醒",
"提醒清单", "show my btc alerts"): the price alert reader's (core.skills.price_alert.reading)."""

from __future__ import annotations

from core.language.fills import blank
from core.language.phrases import Words, skip_spaces
from core.language.tagger import COIN, Reading

NOUN = "noun.alert"
LIST, BETWEEN, AFTER = Words("alert.list"), Words("alert.list_between"), Words("alert.list_after")


def lists(reading: Reading) -> bool:
    """A list word said right before the alert noun, or only "my", "the", "all", "price" between
    ("list my alerts", "what alerts", "show all my price alerts"), a Chinese one within a few
    characters before it or inside it ("我设置了哪些价格提醒", "提醒列表"), or one right after it
    ("提醒清单", "alerts i set"), a coin between saying whose ("show my btc alerts"; with no number). In
    the text, not among the tags: a longer word may hold it ("我有几个" is trade.have)."""
    text = reading.text
    coins = ((t.start, t.end) for t in reading.tags if COIN in t.concepts)  # not "my btc alert at 100k"
    said = text if any(c.isdigit() for c in text) else blank(text, *coins)
    for noun in (t for t in reading.tags if NOUN in t.concepts):
        for start, end in LIST.spans(text, every=True):
            gap, zh = said[end : noun.start], not text[start:end].isascii()
            if end <= noun.start and (not BETWEEN.sub("", gap).strip() or (zh and len(gap) <= 8)):
                return True
            if zh and noun.start <= start and end <= noun.end:
                return True
        after = skip_spaces(text, noun.end)
        if after - noun.end <= 4 and AFTER.prefix(text[after:]) is not None:
            return True
    return False
