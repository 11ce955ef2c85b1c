"""The model config skill's intents (a table: core/language/lexicon/intents/model_configs.toml),
and the model switched to with no config named ("换成gpt-4o", "switch to gpt-4o"): it changes the
model of a config, their only one, or the flow asks which (core.tasks.targeting), never a guess."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import Const, Read, Slots
from core.language.tagger import Reading
from core.language.word_scan import PROVIDER

SKILL = "model_management"

TO = ("verb.set_to", "verb.update")  # "换成", "改成", "switch", "change"
BETWEEN = frozenset({"filler.to", "filler.article"})  # "switch to gpt-4o"


def model_switched_to(reading: Reading) -> str | None:
    """The model id typed right after the change's verb ("换成gpt-4o": "gpt-4o"), one word that
    starts with a provider's name and says more than it ("换成openai" names no model)."""
    text = reading.text
    for i, tag in enumerate(reading.tags):
        if not tag.concepts & frozenset(TO):
            continue
        end = tag.end
        for after in reading.tags[i + 1 :]:
            if text[end : after.start].strip():
                return None
            if PROVIDER in after.concepts:
                stop = after.start
                while stop < len(text) and text[stop].isascii() and not text[stop].isspace():
                    stop += 1  # a model id is written in Latin letters ("gpt-4o吧": "gpt-4o")
                if stop <= after.end or not _only_filler(reading, stop):
                    return None  # the provider alone, or more words after the model
                return reading.norm.typed(after.start, stop)
            if not after.concepts <= BETWEEN:
                return None
            end = after.end
    return None


def _only_filler(reading: Reading, start: int) -> bool:
    """Nothing but polite words and spaces from ``start`` on ("switch to gpt-4o please")."""
    rest = list(reading.text[start:])
    for tag in reading.tags:
        if tag.end > start:
            if not all(c.startswith("filler.") for c in tag.concepts):
                return False
            rest[max(tag.start - start, 0) : tag.end - start] = " " * (tag.end - max(tag.start, start))
    return not "".join(rest).strip()


_SWITCHED = Slots(Const("field", "model"), Read("model", model_switched_to, need=True))


def _theirs(reading: Reading) -> dict[str, str] | None:
    tag = reading.first("own.model")
    return None if tag is None else {"name": str(tag.value)}


_THEIRS = Slots(Read("target_ref", _theirs, need=True))  # "is deepseek enabled": that one's card
INTENTS = table(SKILL, "model_configs", {"switched": _SWITCHED, "theirs": _THEIRS}).intents
