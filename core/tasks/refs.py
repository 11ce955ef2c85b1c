"""Reference resolution: id, else exact name, else alias or a recent reference. Never a guess."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from core.language.fills import name_words
from core.language.lexicon import load
from core.language.phrases import Words
from core.language.tagger import NAME_WORD, Reading, Tag, words
from core.language.values import find_values
from core.routing.normalize import normalize
from core.tasks.names import name_key
from core.workspace.extraction import name_given


@dataclass(frozen=True, slots=True)
class Target:
    """Something a task can act on, as the resolver sees it."""

    id: str  # opaque: whatever the repository uses, never assumed to be a number
    name: str
    aliases: tuple[str, ...] = ()  # normalized words that also name it (its exchange / provider)


# A kind's word a reference may carry after the name itself ("主账户" may be stored as "主"):
# core/language/lexicon/phrases/conversation.toml.
_SUFFIX = Words("conversation.record_suffix", lambda low, start, end: end == len(low), whole=False)
_POSSESSIVE = ("的", "'s", "’s")
_PREFIX = Words("conversation.record_suffix", lambda low, start, end: start == 0, whole=False)  # "账户2"


def is_recent_phrase(text: str) -> bool:
    """The words name the thing this conversation touched last ("刚配的", "刚才那个", "the one I
    just added", "this account", "it"): the lexicon's filler.recent. It means the last record of
    the kind asked about, kept in the conversation's one memory of what words point back at
    (core.state.Recall.ids, beside the coin and record "它" / "it" stand for there)."""
    return words(text).has("filler.recent")


def resolve(ref: dict[str, str], targets: Sequence[Target], recent_id: str | None) -> list[Target]:
    """Every target ``ref`` may mean, best rule first; several results mean "ask which"."""
    if "id" in ref:
        return [t for t in targets if t.id == ref["id"]]
    if ref.get("recent"):
        return [t for t in targets if recent_id is not None and t.id == recent_id]
    name = ref.get("name") or ""
    if name:
        exact = [t for t in targets if name_key(t.name) == name_key(name)]
        if exact:
            return exact
        if is_recent_phrase(name):
            return [t for t in targets if recent_id is not None and t.id == recent_id]
        norm = normalize(name)
        bares = _bare(norm)
        for bare in bares:
            exact = [t for t in targets if bare and bare != norm and name_key(t.name) == name_key(bare)]
            if exact:
                return exact
        key = bares[-1] or norm
        return [t for t in targets if key in t.aliases]
    alias = ref.get("alias")
    if alias:
        return [t for t in targets if alias in t.aliases]
    return []


def _bare(norm: str) -> tuple[str, str]:
    """The name without a kind's word after it ("主账户": "主") or before it ("账户2": "2"); then
    also without the possessive before that word ("币安的账户", "binance's account": 币安, binance)."""
    suffix = _SUFFIX.spans(norm)
    prefix = _PREFIX.spans(norm)
    bare = (norm[: suffix[0][0]] if suffix else norm[prefix[0][1] :] if prefix else norm).strip()
    mine = next((bare[: -len(s)] for s in _POSSESSIVE if bare.endswith(s) and len(bare) > len(s)), bare)
    return bare, mine


# -- a record named in a request, read from the language layer's tags ------------------------------

_CLAUSE = frozenset(",，。;；!！?？")


def _word_of(tag: Tag) -> bool:
    """A tag of the request's words, any lexicon concept ("verb.delete", a record noun after the
    object): never part of a record's name, as a coin, a provider or a record of theirs may be."""
    return any("." in c and not c.startswith("own.") for c in tag.concepts)


def untagged(reading: Reading, start: int, end: int, *, keep: frozenset[str] = frozenset()) -> str:
    """The words typed in ``reading.text[start:end]`` that no request word explains, as typed, a
    possessive "'s" dropped ("trader alpha's model" -> "alpha"); "" when none. Words of a concept
    in ``keep`` are part of a name ("BTC定投": a kind's word names a strategy)."""
    kept = [True] * (end - start)
    for tag in reading.tags:
        if tag.end > start and tag.start < end and _word_of(tag) and not concepts_at(reading, tag) & keep:
            for i in range(max(tag.start, start), min(tag.end, end)):
                kept[i - start] = False
    words: list[str] = []
    run: list[int] = []
    for i in range(start, end + 1):
        if i < end and kept[i - start]:
            run.append(i)
            continue
        if run:
            words.append(reading.norm.typed(run[0], run[-1] + 1))
            run = []
    return name_words(" ".join(w.removesuffix("'s").removesuffix("’s") for w in " ".join(words).split()))


def name_in(reading: Reading, end: int | None = None) -> str | None:
    """A name given whole ("called Alt Two", "叫 小号 二", "“eth grid 2”") before ``end``."""
    typed = reading.norm.typed(0, len(reading.text) if end is None else end)
    named = name_given(typed)
    return named.value if named is not None and named.value else None


def after(reading: Reading, tag: Tag, *, keep: frozenset[str] = frozenset()) -> str | None:
    """The words right after ``tag`` no request word explains, up to the next request word or
    the clause's end ("新建交易员 beta，建好就启动" -> "beta"; "make a trader using …" -> None);
    filler right after it is skipped ("策略叫 Foo", "account named Main")."""
    start = tag.end
    for other in reading.tags:
        if other.start >= start and reading.text[start : other.start].strip() == "" and _naming(other):
            start = other.end
    stop = next(
        (
            t.start
            for t in reading.tags
            if t.start >= start and _word_of(t) and not concepts_at(reading, t) & keep
        ),
        len(reading.text),
    )
    clause = next((i for i in range(start, stop) if reading.text[i] in _CLAUSE), stop)
    return untagged(reading, start, clause, keep=keep) or None


def set_to(reading: Reading) -> Tag | None:
    """The last word before an update's new value ("改名为", "改成", "to", "as"), when a value
    follows it."""
    found = None
    for tag in reading.tags:
        if tag.concepts & {"verb.set_to", "filler.to"} and any(c.isalnum() for c in reading.text[tag.end :]):
            found = tag
    return found


def new_value(reading: Reading, marker: Tag, *, any_words: bool) -> str | None:
    """The new value typed after ``marker``, as typed; ``any_words``: whatever words (a new name),
    else only when a word no request word explains is among them ("to eth grid", but "to
    another exchange account" gives none)."""
    end = len(reading.text)
    if not any_words and not untagged(reading, marker.end, end):
        return None
    start = marker.end
    for tag in reading.tags:  # "to the beta": the filler right after the marker is no part of it
        if tag.start >= start and reading.text[start : tag.start].strip() == "" and _filler(tag):
            start = tag.end
    value = name_words(reading.norm.typed(start, end)) if start < end else ""
    return value or None


def _naming(tag: Tag) -> bool:
    """Filler that may stand between a kind's word and the name ("叫", "named", "the")."""
    return _filler(tag) and not tag.concepts & {"filler.join", "filler.using"}


def _filler(tag: Tag) -> bool:
    return all(c.startswith("filler.") for c in tag.concepts)


def field_of(reading: Reading, fields: Sequence[tuple[str, frozenset[str]]]) -> str | None:
    """The first of ``fields`` (name, its concepts) the request names."""
    named = frozenset(c for t in reading.tags for c in concepts_at(reading, t))
    return next((name for name, concepts in fields if concepts & named), None)


def concepts_at(reading: Reading, tag: Tag) -> frozenset[str]:
    if NAME_WORD not in tag.concepts:
        return tag.concepts
    return tag.concepts | _lexicon_concepts().get(reading.text[tag.start : tag.end], frozenset())


@lru_cache(maxsize=1)
def _lexicon_concepts() -> dict[str, frozenset[str]]:
    by_word: dict[str, set[str]] = {}
    for word, concept in load().words():
        by_word.setdefault(word, set()).add(concept)
    return {w: frozenset(c) for w, c in by_word.items()}


def record_ref(
    reading: Reading,
    kind: str,
    *,
    end: int | None = None,
    every: bool = False,
    keep: frozenset[str] = frozenset(),
) -> dict[str, str] | None:
    """The record of ``kind`` a request names before ``end``: one of the person's own
    ("机器人一号"), a name given whole, the words no tag explains ("停掉 alpha 这个交易员" ->
    alpha; with those of ``keep``, "删除策略 BTC定投" -> BTC定投), else the last one touched ("这个",
    "the one I just added"), else all of them (``every``: "stop all my agents"); None when it
    names none ("我有几个交易员")."""
    stop = len(reading.text) if end is None else end
    by_id = next((v for v in find_values(reading.text[:stop]) if v.kind == "id"), None)
    if by_id is not None:
        return {"id": by_id.ident}
    own = next((t for t in reading.tags if t.start < stop and f"own.{kind}" in t.concepts), None)
    if own is not None:
        return {"name": own.value}
    name = name_in(reading, stop) or untagged(reading, 0, stop, keep=keep)
    if name:
        return {"name": name}
    if any(t.start < stop and "filler.recent" in t.concepts for t in reading.tags):
        return {"recent": "1"}
    if every and reading.has("filler.all"):
        return {"all": "1"}
    return None
