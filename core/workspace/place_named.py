"""The exchange or provider a long message names, as the record it asks about when the request's own
clause points back or leaves only words of the story: "closed my okx account for good after the
whole kyc mess. remove it from here too pls" (it: the okx account), "kimi那个模型配置删了吧，用了一个月
效果一般" (那个 beside kimi, not the conversation's last record), "币安的api key 过期了，刚重新生成了一个，
帮我换一下" (the binance account, not a record called "币安 过期"). A name of theirs, an id, or a name
with no place in it ("删掉 main") is kept; two places named leave the reading as it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from core.language.normalize import CLAUSE_MARKS
from core.language.tagger import Tagger, words
from core.language.typed_names import untagged
from core.language.word_scan import EXCHANGE, PROVIDER, every_named
from core.routing.normalize import normalize
from core.routing.router import Route
from core.tasks.refs import points_back_one

_TAGGER: Final = Tagger()


def with_place(
    ref: dict[str, str] | None, text: str, domain: str, action: str, own: tuple[str, ...]
) -> dict[str, str] | None:
    """``ref`` read from ``text`` (a delete's or an update's words before its new value), or the one
    exchange (``domain`` "exchange": its alias) or provider ("model": its name as typed) ``text``
    names, for a delete or an update (``action``), where ``ref`` is none, points back, or is that
    place with the story's words glued on."""
    if (
        domain not in ("exchange", "model")
        or action not in ("delete", "update")
        or (ref and ("id" in ref or ref.get("name") in own))
    ):
        return ref
    place = _place(text, domain)
    if place is None:
        return ref
    if not ref or "recent" in ref or ("vague" in ref and _told_before(text, domain)):
        return place
    name = ref.get("name", "")
    return place if name and (_place_and_story(name, domain) or _told_apart(name, text)) else ref


def _told_before(text: str, domain: str) -> bool:
    """The place told in a clause of the story before the last one, which asks and names none ("closed
    my okx account for good after the whole kyc mess. remove it from here too pls"); words left over
    in the one clause that names it ("delete my old binance test account from last year") stay vague."""
    cuts = _cuts(text)
    if not cuts:
        return False
    concept = EXCHANGE if domain == "exchange" else PROVIDER
    return not every_named(normalize(text[cuts[-1] + 1 :]), concept)


def _place(text: str, domain: str) -> dict[str, str] | None:
    concept = EXCHANGE if domain == "exchange" else PROVIDER
    keys = every_named(normalize(text), concept)
    if len(keys) != 1:
        return None  # "move it from okx to binance": which one is not ours to pick
    if domain == "exchange":
        return {"alias": next(iter(keys))}
    reading = _TAGGER.read(text)
    tag = next((t for t in reading.tags if PROVIDER in t.concepts), None)
    return None if tag is None else {"name": reading.norm.typed(tag.start, tag.end)}


def _place_and_story(name: str, domain: str) -> bool:
    """A name read as the place with only the lexicon's words beside it ("币安 过期", "先把openai",
    "deepseek個模型設定刪咗佢", "kimi個"), or with a clause of the story glued on ("幣安的API金鑰被我不小心
    截圖外流了,已經重新產生"): a clause's leftovers, never a record's name. One that keeps a word of its
    own ("deepseek备用", "币安2号", "阿强 下 deepseek": 阿强's model) may be theirs and is kept."""
    concept = EXCHANGE if domain == "exchange" else PROVIDER
    if not every_named(normalize(name), concept):
        return False
    if any(mark in name for mark in CLAUSE_MARKS):
        return True
    reading = words(name)
    if not any(c.startswith(_REQUEST_WORDS) for c in reading.concepts):
        return False  # "我的GPT", "kimi個": a possessive or a particle may be part of their name
    left = [w for w in untagged(reading, 0, len(reading.text)).split() if not _only(w, concept)]
    return not [w for w in left if not points_back_one(w)]


# Words of a request or a story, never of a record's name: a verb, a kind, a problem told.
_REQUEST_WORDS: Final = ("verb.", "noun.", "diagnosis.")


def _told_apart(name: str, text: str) -> bool:
    """The name's words read across a cut between clauses ("我的deepseek key泄露了，已经在后台重置，帮我
    更新一下" leaves "deepseek 泄露 已经在后台"): the story's, no record's name; one read within a clause
    ("那个kimi备用的模型不要了，删了吧": kimi备用) is kept."""
    cuts = _cuts(text)
    if not cuts:
        return False
    at = [text.find(word) for word in name.split()]
    if min(at) < 0:
        return False
    first, last = min(at), max(at)
    return any(first < cut < last for cut in cuts)


def _cuts(text: str) -> list[int]:
    """Where ``text``'s clauses end: its marks, and a full stop before a space (not "0.5")."""
    return [
        at
        for at, ch in enumerate(text)
        if (ch in CLAUSE_MARKS or text[at : at + 2] == ". ") and text[at + 1 :].strip()
    ]


def _only(word: str, concept: str) -> bool:
    """``word`` is a place's name and nothing more ("okx", "幣安"; not "paper_", "币安2号")."""
    tags = _TAGGER.read(word).tags
    return (
        len(tags) == 1
        and concept in tags[0].concepts
        and tags[0].start == 0
        and tags[0].end == len(normalize(word))
    )


# The record skills whose asks a story may lend its place to, and the domain each reads.
_DOMAINS: Final = {"exchange_management": "exchange", "model_management": "model"}


def lend_place(text: str, piece: str, found: Route, others: list[str]) -> Route:
    """``found`` (the ask of clause ``piece``, a delete or a change of an exchange account or a model
    config) with the one place the story before it names, where it names none or only points back
    ("i stopped paying for openai last month. delete that model config, its just clutter now",
    "openai太慢，幫我將佢個模型轉做gpt-4o"): the record the story is about, as the conversation's
    last record is for a message of its own. ``others``: the message's other asks, which lend none."""
    domain = _DOMAINS.get(found.skill)
    ref = found.slots.get("target_ref")
    if domain is None or found.action not in ("delete", "update") or (ref and "recent" not in ref):
        return found
    at = text.find(piece)
    if at <= 0:
        return found  # a place said in the ask itself was read there (``with_place``), or is its new value
    story = text[:at]
    for other in others:
        story = story.replace(other, " ")
    place = _place(story, domain)
    return found if place is None else replace(found, slots={**found.slots, "target_ref": place})
