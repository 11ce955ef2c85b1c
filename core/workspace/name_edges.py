"""Where a record's name read from a request ends: the kind's words and particles at its edges
("账户test2", "刪咗 大佬 個模型", "okx1 個帳戶"), and the clause that names it ("delete the okx
account, i dont use it": the "it" of the next clause is that account, no other record)."""

from __future__ import annotations

from typing import Final

from core.language.normalize import has_cjk, normalize_text
from core.language.phrases import Words
from core.routing.normalize import normalize

GENERIC = Words("records.generic")  # a record's kind said alone: no name
_PARTICLES: Final = frozenset({"要", "个", "的", "嘅", "啲", "吧", "啦", "喇", "了"})
_CLAUSE_ENDS: Final = (",", "，", ";", "；", "。", ". ")


def without_kind(rest: str) -> str:
    """The name without a record kind's word standing apart at either end: the kind was said
    ("删除账户 主账户" deletes "主账户", "把 openai 配置改名为 …" renames "openai"), nor a particle
    after it ("刪咗 大佬 個模型", "main 的 api key 要更新", "okx1 個帳戶": 个 / 要 no part of it)."""
    words = rest.split()
    while len(words) > 1 and normalize(words[0]) in GENERIC.words:
        words.pop(0)
    while len(words) > 1 and _kind_or_particle(normalize_text(words[-1]).text):
        words.pop()
    return " ".join(words)


def _kind_or_particle(word: str) -> bool:
    kinds = GENERIC.words
    return word in kinds or word in _PARTICLES or (word[:1] in _PARTICLES and word[1:] in kinds)


def unglued_kind(name: str) -> str:
    """A Latin name with the kind's Chinese word glued on ("账户test2改名叫备用", "test2账户"): the
    name alone; a Chinese name keeps its word ("主账户")."""
    said = normalize_text(name).text
    if len(said) != len(name):
        return name
    for word in GENERIC.words:
        if has_cjk(word[:1]) and len(name) > len(word):
            if said.startswith(word) and name[len(word)].isascii():
                return name[len(word) :].strip() or name
            if said.endswith(word) and name[-len(word) - 1].isascii():
                return name[: -len(word)].strip() or name
    return name


def first_clause(text: str) -> str | None:
    """The request's first clause when another follows it ("delete the okx account, i dont use
    it"), else None."""
    cut = min((at for at in (text.find(mark) for mark in _CLAUSE_ENDS) if at > 0), default=-1)
    return text[:cut].strip() if cut > 0 and text[cut + 1 :].strip() else None
