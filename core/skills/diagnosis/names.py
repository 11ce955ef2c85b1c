"""The name of a trader or strategy a diagnosis request names, read through the language layer:
"诊断交易员 机器人一号", "诊断交易员「机器人一号」", "为什么交易员 机器人一号 不工作", "diagnose
trader robot one", "why is strategy 'eth grid' not trading".

The name is what was typed after the kind's word (交易员 / trader, 策略 / strategy) up to the next
word of the request itself (a verb, a question word, filler): kind words inside it stay ("机器人一号"
is a name although 机器人 is also a word for a trader). Used only to say back a name the person
does not have; their own names are found by the layer's gazetteer first.
"""

from __future__ import annotations

from core.language import typed_names
from core.language.phrases import Words
from core.language.tagger import PUNCT, words
from core.tasks.names import PAIRS

# The concepts that end a name: the request's own words around it.
_ENDS = ("verb.", "ask.", "filler.", "time.", "answer.", "amount.")
KIND_WORDS = {"noun.trader": ("交易员", "trader"), "noun.strategy": ("策略", "strategy")}


def _words(concept: str) -> tuple[str, ...]:
    return Words(f"diagnosed_name.{concept}").words  # phrases/diagnosed_name.toml, in order


def name_after(text: str, kind: str) -> str | None:
    """The name typed after the first word of ``kind`` ("noun.trader", "noun.strategy"), or None
    when nothing that could be a name follows it ("交易员为什么不下单", "why won't my trader start")."""
    reading = words(text)
    # The kind's own word only: "agent", "bot", "机器人", "网格" are as often part of a name or of
    # the request ("为什么我的 agent 一直不开单") as the word before one.
    noun = next(
        (t for t in reading.tags if kind in t.concepts and reading.text[t.start : t.end] in KIND_WORDS[kind]),
        None,
    )
    if noun is None:
        return None
    start = noun.end
    after = reading.text[start:]
    for lead in _words("lead"):  # "交易员叫阿尔法", "trader named alpha"
        lead += " " if lead.isascii() else ""
        if after.lstrip().startswith(lead):
            start += len(after) - len(after.lstrip()) + len(lead)
            break
    quoted = PAIRS.get(reading.text[start:].lstrip()[:1])
    if quoted is not None:  # "「机器人一号」", "'eth grid'": the quoted words whole
        typed = reading.norm.typed(start, len(reading.text)).lstrip()[1:]
        return typed.split(quoted, 1)[0].strip()[:32] or None
    said = typed_names.name_after(
        reading, start, whole=True, bare=False, ends=lambda t: any(c.startswith(_ENDS) for c in t.concepts)
    )
    return None if said is None else _clean(said)


def _clean(typed: str) -> str | None:
    kept: list[str] = []
    for word in PUNCT.sub(" ", typed).split():  # a Latin request word ends the name ("robot one not trading")
        if word.casefold() in _words("not_name"):
            break
        kept.append(word)
    name = " ".join(kept)
    for stop in _words("stop"):
        name = name.split(stop, 1)[0].strip()
    for tail in _words("tail"):
        name = name.removesuffix(tail).strip()
    return name[:32] or None
