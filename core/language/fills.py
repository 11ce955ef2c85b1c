"""Slots read from the tags: what intents that read their own slots share."""

from __future__ import annotations

from collections.abc import Iterable

from core.language.tagger import COIN, PUNCT, Reading

# What a target's name never is: the words of the request around it.
_NOT_NAMES = ("filler.", "verb.", "noun.", "ask.", "time.", "answer.", "amount.")


def coins(reading: Reading) -> list[str]:
    """The coins named, in order, each once (a look-alike naming no coin, "比特币ETF", is none)."""
    return list(dict.fromkeys(v for v in reading.values(COIN) if v))


def target(reading: Reading, kind: str, *, ignore: Iterable[str] = ()) -> dict[str, str] | None:
    """The record a request is about: one of the person's own of that kind ("机器人一号"), else
    what is left once every tagged word is taken away ("delete the eth bot" -> "eth")."""
    own = reading.first(f"own.{kind}")
    if own is not None:
        return {"name": own.value}
    ignored = {c for t in reading.tags for c in t.concepts if not c.startswith(_NOT_NAMES)} | set(ignore)
    rest = reading.rest(ignore=ignored)
    return {"name": rest} if rest else None


def switch(reading: Reading) -> str | None:
    """ "on" or "off" when the message turns something on or off, else None."""
    if reading.concepts & {"verb.switch_off", "answer.off"}:
        return "off"
    if reading.concepts & {"verb.switch_on", "answer.on"}:
        return "on"
    return None


def on_off(text: str) -> bool | None:
    """A one-word answer to "on or off?" read whole: True ("开启", "yes", "enable", "1"), False
    ("关闭", "no", "disabled", "0"), or None when it is neither (phrases/switch.toml); case,
    width, script and the punctuation around it do not matter ("  開啟！" is True)."""
    from core.language.lexicon import phrases
    from core.language.normalize import normalize

    word, words = " ".join(PUNCT.sub(" ", normalize(text)).split()), phrases("switch").concepts
    return True if word in words["switch.on"].words else False if word in words["switch.off"].words else None


def named_after(reading: Reading, concept: str) -> dict[str, str] | None:
    """The name typed after a kind's word, as typed ("删除账户 my traders" -> "my traders"): the
    words that follow a record's kind name it, whatever words they are."""
    tag = reading.first(concept)
    if tag is None:
        return None
    rest = reading.norm.typed(tag.end, len(reading.text))
    name = " ".join(PUNCT.sub(" ", rest).split())
    return {"name": name} if name else None
