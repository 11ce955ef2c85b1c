"""An English ordinal right before a record's noun ("delete the second alert", "cancel my 3rd
order"): the record counted so, read as its number ("alert 2", "order 3"), as 第3个提醒 and 第2单
are (phrases/values.toml ordinal_alert_mark, ordinal_order_mark). The words are data (values.toml
ordinal_word, ordinal_digits), each list written in order: a word's place in it is its number."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words, skip_spaces
from core.language.tagger import Reading

_ORDINALS: Final = (Words("values.ordinal_word"), Words("values.ordinal_digits"))


def counted_before(reading: Reading, nouns: frozenset[str]) -> str | None:
    """The number an ordinal right before a noun tagged with one of ``nouns`` counts ("the second
    alert": "2"), or None."""
    starts = {t.start for t in reading.tags if t.concepts & nouns}
    for words in _ORDINALS:
        for start, end in words.spans(reading.text, every=True):
            if skip_spaces(reading.text, end) in starts and reading.text[start:end] in words.words:
                return str(words.words.index(reading.text[start:end]) + 1)
    return None
