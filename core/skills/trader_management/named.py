"""A record a trader request names that the person does not have ("create a trader using strategy
Foo", "用 Foo 策略建一个交易员"): the name, read from the request's tags (the words no request word
explains right after the record's kind, or right before it after "using" / "用"), to be said back
with what they do have, never replaced by another record of theirs."""

from __future__ import annotations

from core.language.tagger import Reading, words
from core.language.typed_names import concepts_at, name_after, untagged
from core.strategies.words import KIND_CONCEPTS

# slot -> the concept of its kind's word
_NOUNS = {"strategy": "noun.strategy", "account": "noun.account", "model": "noun.model"}


def named(text: str, slot: str) -> str | None:
    """The name ``text`` gives a record of ``slot`` by its kind's word, or None."""
    reading = words(text)
    concept = _NOUNS[slot]
    # A strategy's name may hold its kind's words ("eth grid"), but a kind alone is no name.
    keep = KIND_CONCEPTS if slot == "strategy" else frozenset()
    for i, tag in enumerate(reading.tags):
        concepts = concepts_at(reading, tag)
        if concept not in concepts or concepts & keep:
            continue
        name = name_after(reading, tag.end, keep=keep) or _before(reading, i, keep)
        if name and untagged(words(name), 0, len(name)):
            return name
    return None


def _before(reading: Reading, at: int, keep: frozenset[str]) -> str | None:
    """ "用 Foo 策略", "using my Foo strategy": the words between "using" and the kind's word."""
    using = next(
        (t for t in reversed(reading.tags[:at]) if "filler.using" in t.concepts or "verb.make" in t.concepts),
        None,
    )
    if using is None:
        return None
    between = [t for t in reading.tags[:at] if t.start >= using.end]
    if any(_asks(concepts_at(reading, t), keep) for t in between):
        return None  # another request word first: "using X" names nothing of this kind
    return untagged(reading, using.end, reading.tags[at].start, keep=keep) or None


def _asks(concepts: frozenset[str], keep: frozenset[str]) -> bool:
    return not concepts & keep and any(c.startswith(("verb.", "noun.", "ask.")) for c in concepts)
