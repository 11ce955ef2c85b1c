"""Reference resolution: id, else exact name, else alias or a recent reference. Never a guess."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from core.language.fills import word_after
from core.language.phrases import Words
from core.language.tagger import Reading, may_tag, words
from core.language.typed_names import clause_end, untagged
from core.language.values import find_values
from core.routing.normalize import normalize
from core.tasks.names import name_key
from core.tasks.numbered import numbered
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
# 个 is Hong Kong's possessive before a kind's word ("bybit 個戶口": bybit's account).
_POSSESSIVE = ("的", "个", "'s", "’s")
_PREFIX = Words("conversation.record_suffix", lambda low, start, end: start == 0, whole=False)  # "账户2"
_REQUEST = Words("conversation.request_before", whole=False)  # "帮阿强": 阿强, asked for


def is_recent_phrase(text: str) -> bool:
    """The words name the thing this conversation touched last ("刚配的", "刚才那个", "the one I
    just added", "this account", "it"): the lexicon's filler.recent. It means the last record of
    the kind asked about, kept in the conversation's one memory of what words point back at
    (core.state.Recall.ids, beside the coin and record "它" / "it" stand for there)."""
    return may_tag(text, _RECENT) and words(text).has("filler.recent")  # no such word: no tagging


_RECENT: Final = frozenset({"filler.recent"})


def resolve(ref: dict[str, str], targets: Sequence[Target], recent_id: str | None) -> list[Target]:
    """Every target ``ref`` may mean, best rule first; several results mean "ask which". An
    account said not to be used ("not on paper": ``except_alias`` / ``except_name``) means every
    other one."""
    said_not = excepted(ref)
    if said_not is not None:
        excluded = {t.id for t in resolve(said_not, targets, recent_id)}
        return [t for t in targets if t.id not in excluded]  # core.tasks.targeting asks which
    if "id" in ref:
        return [t for t in targets if t.id == ref["id"]]
    if ref.get("names"):  # "老王和闪电哪个在跑": each one listed (core.conversation.listed)
        listed = [resolve({"name": n}, targets, recent_id) for n in ref["names"].split("\n")]
        return [t for t in targets if any(t in found for found in listed)]
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
        bares = bare_name(norm)
        for bare in bares:
            exact = [t for t in targets if bare and bare != norm and name_key(t.name) == name_key(bare)]
            if exact:
                return exact
        asked = _REQUEST.prefix(norm)
        if asked is not None and asked < len(norm):  # "帮阿强": one of theirs asked for
            exact = [t for t in targets if name_key(t.name) == name_key(norm[asked:])]
            if exact:
                return exact
        key = bares[-1] or norm
        return [t for t in targets if key in t.aliases]
    alias = ref.get("alias")
    if alias:
        return [t for t in targets if alias in t.aliases]
    return []


def excepted(ref: dict[str, str]) -> dict[str, str] | None:
    """The record a reference says not to use, as a reference of its own ("not on paper":
    ``except_alias`` -> {"alias": "paper"}), or None."""
    for key in ("alias", "name"):
        if f"except_{key}" in ref:
            return {key: ref[f"except_{key}"]}
    return None


def bare_name(norm: str) -> tuple[str, str]:
    """The name without a kind's word after it ("主账户": "主") or before it ("账户2": "2"); then
    also without the possessive before that word ("币安的账户", "binance's account": 币安, binance)."""
    suffix = _SUFFIX.spans(norm)
    prefix = _PREFIX.spans(norm)
    bare = (norm[: suffix[0][0]] if suffix else norm[prefix[0][1] :] if prefix else norm).strip()
    owned = (bare[: -len(s)].rstrip() for s in _POSSESSIVE if bare.endswith(s) and len(bare) > len(s))
    mine = next(owned, bare)
    return bare, mine


# -- a record named in a request, read from the language layer's tags ------------------------------


def name_in(reading: Reading, end: int | None = None) -> str | None:
    """A name given whole ("called Alt Two", "叫 小号 二", "“eth grid 2”") before ``end``."""
    typed = reading.norm.typed(0, len(reading.text) if end is None else end)
    named = name_given(typed)
    return named.value if named is not None and named.value else None


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
    if numbered(reading.text[:stop], bare=True):
        return None  # "删除3号和4号交易员": two records named, never one (core.tasks.numbered)
    # A number inside one of their names is none of a record ("韭菜一号和韭菜二号都启动": 韭菜一号's).
    theirs = [(t.start, t.end) for t in reading.tags if any(c.startswith("own.") for c in t.concepts)]
    ids = (v for v in find_values(reading.text[:stop]) if v.kind == "id")
    by_id = next((v for v in ids if not any(s <= v.start and v.end <= e for s, e in theirs)), None)
    if by_id is not None:
        return {"id": by_id.ident}
    own = next((t for t in reading.tags if t.start < stop and f"own.{kind}" in t.concepts), None)
    if own is not None:
        return {"name": own.value}
    begin, stop = _name_clause(reading, stop)
    name: str | None = name_in(reading, stop) or untagged(reading, begin, stop, keep=keep, glued=True)
    name = _without_no_longer(name or _word_named(reading, kind, stop) or "", reading.text.lower())
    name = without_pointing_back(name)
    if name and every and reading.has("filler.all") and _points_back(name):
        return {"all": "1"}  # "啲交易員全部停晒佢": 佢 is the traders said again, no name
    if name and every and _all_after(reading, kind, name, stop):
        return {"all": "1"}  # "交易员全停了吧": 全 is all of them, no name
    if name and points_back_one(name):
        return {"recent": "1"}  # "删掉它", "stop him": the one the conversation touched last, no name
    if name:
        return {"name": name}
    if any(t.start < stop and "filler.recent" in t.concepts for t in reading.tags):
        return {"recent": "1"}
    if every and reading.has("filler.all"):
        return {"all": "1"}
    return None


_PRONOUN = Words("conversation.pronoun")
_PRONOUN_ALL = Words("conversation.pronoun_all")
_ALL_AFTER = Words("records.all_after")


def _all_after(reading: Reading, kind: str, name: str, stop: int) -> bool:
    """The name left is only an "all" said after the kind's noun ("交易员全停了吧": 全)."""
    noun = f"noun.{kind}"
    return _ALL_AFTER.prefix(name) == len(name) and any(
        noun in t.concepts and t.start < stop for t in reading.tags
    )


def _points_back(name: str) -> bool:
    """``name`` is only a pronoun ("他", "佢", "它们", "them"): what the ask named said again."""
    norm = normalize(name).strip()
    return norm in _PRONOUN.words or norm in _PRONOUN_ALL.words


_ASKS = ("verb.", "noun.")


def _asks(concepts: frozenset[str]) -> bool:
    return any(c.startswith(_ASKS) for c in concepts)


def _name_clause(reading: Reading, stop: int) -> tuple[int, int]:
    """The clause a record is named in, before ``stop``: the first with a word no tag explains and a
    request's verb or noun. A name never runs over a clause's mark ("删掉交易员 测试机，当时就是随便建着玩
    的": 测试机, not the story after it; "market is dead. delete strategy yolo": yolo)."""
    covered = {i for t in reading.tags for i in range(t.start, t.end)}
    text, at = reading.text, 0
    while at < stop:
        end = min(stop, clause_end(text, at))
        said = any(text[i].isalnum() for i in range(at, end) if i not in covered)
        asked = any(at <= t.start < end and t.concepts and _asks(t.concepts) for t in reading.tags)
        if said and asked:
            return at, end
        at = end + 1
    return 0, stop


def points_back_one(name: str) -> bool:
    """``name`` is only a pronoun of one ("它", "他", "it"): the record the conversation touched last
    (resolved by id, or asked for), never a record called so ("删掉它" deleted an account named 它)."""
    return normalize(name).strip() in _PRONOUN.words


def without_pointing_back(name: str) -> str:
    """``name`` without the pronoun words that say the record again after its verb ("大餅網格刪咗佢",
    "alpha 删了它", "kill gary, stop him": 大餅網格, alpha, gary); a pronoun alone stays (said again
    of several: "啲交易員全部停晒佢")."""
    words = name.split()
    kept = [w for w in words if not _points_back(w)]
    return " ".join(kept) if kept and len(kept) < len(words) else name


# No longer, said after the ask ("no default strategy anymore", "dont use slowpoke as default any
# longer"): when, never a name nor a name's last word. English only: 再 ends Chinese names too.
_NO_LONGER = Words("dont.no_longer")


def _without_no_longer(name: str, text: str) -> str:
    """``name`` without the no-longer words that end it ("slowpoke anymore" -> slowpoke); none when
    it is one, or the rest of one whose first word was tagged ("any longer" leaves "longer")."""
    low = name.lower()
    for said in sorted((w for w in _NO_LONGER.words if w.isascii()), key=len, reverse=True):
        if low == said or (said.endswith(f" {low}") and said in text):
            return ""
        if low.endswith(f" {said}"):
            return _without_no_longer(name[: -len(said) - 1].rstrip(), text)
    return name


# What a record's name may be though the lexicon reads it as an ask of its own ("delete strategy yolo",
# "删除策略 试下"): a trade's or a try's word, never a filler, a time, a question or a record's verb.
_ACTS_AS_NAMES = ("verb.buy", "verb.sell", "backtest.", "trade.")
_AFTER_A_NAME = " .。!！~～…"


def _word_named(reading: Reading, kind: str, stop: int) -> str | None:
    """One word typed last, right after the kind's noun and an action's verb before it ("delete
    strategy yolo"): the record's name, as typed."""
    tags = [
        t for t in reading.tags if t.start < stop and not all(c.startswith("filler.") for c in t.concepts)
    ]
    if len(tags) < 3 or reading.text[tags[-1].end : stop].strip(_AFTER_A_NAME):
        return None  # a mark after the name ends the sentence ("delete the strategy yolo.")
    verb, noun, last = tags[-3:]
    if f"noun.{kind}" not in noun.concepts or not any(c.startswith("verb.") for c in verb.concepts):
        return None
    if reading.text[noun.end : last.start].strip() or not all(
        c.startswith(_ACTS_AS_NAMES) for c in last.concepts
    ):
        return None
    return reading.norm.typed(last.start, last.end) if len(tags) == 3 else None  # nothing else said


def all_of_kind(reading: Reading, kind: str, stop: int) -> bool:
    """ "all" said right before the kind's noun before ``stop``, only filler between ("all my
    bots", "所有交易员")."""
    noun = f"noun.{kind}"
    return any(
        "filler.all" in t.concepts and t.start < stop and word_after(reading, t.end, (noun,))
        for t in reading.tags
    )
