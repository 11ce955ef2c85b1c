"""The person's own record names (traders, strategies, exchange accounts, model configs, price
alerts) as words the tagger finds: "启动机器人一号" names their trader 机器人一号 without the word
"交易员", "抄底线删掉" their alert 抄底线.

A gazetteer belongs to one person and one turn. It is loaded only when a message needs it (a
verb with no record kind named, or nothing else understood it): four small reads on those turns,
none on the others, and nothing cached that another process could make stale.

Names are matched in normalized form (core.language.normalize), whole when they are Latin ("eth"
is not found in "ethereum"), and a name that is also a plain word of the lexicon or a single
character is left out: a trader called "查" must not turn every question into a trader request.
A plain-word name the person capitalized ("Max", "Pause") is found only where it is typed
exactly so ("fire up Max", "how's Max doing"): "max buy btc" keeps the lexicon's word. One typed
in Latin letters ("max", "all", "main") is found as the object of a record's act, right after its
verb and ending its clause ("stop max", "删掉max", "delete main and luna"): nothing else is said
there for the lexicon's word to mean.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from core.language.normalize import has_cjk, normalize
from core.language.quoted_names import PAIRS

KINDS: Final = ("trader", "strategy", "account", "model", "alert")
MIN_LENGTH = 2


# A record kind's Chinese words (normalized), said right after a name that is also a plain word.
# Said after a space too ("买入 这个交易员停一下": their trader 买入).
_KIND_SAID: Final[Mapping[str, tuple[str, ...]]] = {
    "trader": ("交易员", "这个交易员", "那个交易员"),
    "strategy": ("策略", "这个策略", "那个策略"),
    "account": ("账户", "账号", "这个账户", "那个账户"),
    "model": ("模型", "这个模型", "那个模型"),
    "alert": ("提醒", "这个提醒", "那个提醒"),
}

SEVERAL = "several"  # the kind of a name the person gave to records of more than one kind


@dataclass(frozen=True, slots=True)
class Gazetteer:
    """One person's record names: normalized name -> the kinds having it and the name as stored."""

    entries: Mapping[str, tuple[tuple[str, ...], str]]
    # Plain-word names with a capital letter, found only as typed (case and all).
    cased: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    # Plain-word names in Latin letters, found only as an act's object ("stop max").
    objects: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)
    # The names found nowhere else (a plain word, one character), found where typed in quotes whole
    # ("交易员“停止”启动一下", "删掉叫“卖”的那个提醒"): quoted, the word is mentioned, not said.
    quoted: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)

    @classmethod
    def of(cls, names: Mapping[str, Sequence[str]], *, plain: frozenset[str] = frozenset()) -> Gazetteer:
        entries: dict[str, tuple[tuple[str, ...], str]] = {}
        cased: dict[str, tuple[tuple[str, ...], str]] = {}
        objects: dict[str, tuple[tuple[str, ...], str]] = {}
        quoted: dict[str, tuple[tuple[str, ...], str]] = {}
        for kind, stored in names.items():
            for name in stored:
                key = normalize(name)
                if key and (key in plain or len(key) < MIN_LENGTH):
                    kinds, first = quoted.get(key, ((), name))
                    if kind not in kinds:
                        quoted[key] = ((*kinds, kind), first)
                if len(key) < MIN_LENGTH and not _pictograph(key):
                    continue
                into = entries
                if key in plain:
                    if not name.isascii():
                        # Said with its kind's word right after it ("删了梭哈策略"), a Chinese plain-word
                        # name is theirs: the lexicon's word never stands so.
                        for word in (w for said in _KIND_SAID.get(kind, ()) for w in (said, f" {said}")):
                            kinds, first = entries.get(key + word, ((), name))
                            if kind not in kinds:
                                entries[key + word] = ((*kinds, kind), first)
                        # ... and so is one that is a record act's whole object ("删掉抄底", "启动梭哈").
                        kinds, first = objects.get(key, ((), name))
                        if kind not in kinds:
                            objects[key] = ((*kinds, kind), first)
                        continue
                    into = objects if name.islower() else cased
                kinds, first = into.get(key, ((), name))
                if kind not in kinds:
                    into[key] = ((*kinds, kind), first)
        return cls(entries, cased, objects, quoted)

    def pictographs(self) -> bool:
        """Whether a name of theirs is one pictograph ("🚀"): found at a message's end only as an act's
        object, so where the acts are is read."""
        return any(len(key) < MIN_LENGTH for key in self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries) or bool(self.cased) or bool(self.objects) or bool(self.quoted)

    def stored(self, name: str) -> str | None:
        """Their record name ``name`` is, as stored ("Night Owl" for "night owl"), or None."""
        key = normalize(name)
        for names in (self.entries, self.cased, self.objects, self.quoted):
            if key in names:
                return names[key][1]
        return None

    def inside(self, text: str) -> list[str]:
        """Their record names found whole in ``text`` as typed anywhere ("阿飞" in "阿飞起床"), each once,
        longest first; not a test of being meant: only of being there."""
        norm = normalize(text)
        keys = {
            k: v[1]
            for names in (self.entries, self.cased, self.objects, self.quoted)
            for k, v in names.items()
        }
        return list(dict.fromkeys(keys[k] for k in sorted(keys, key=len, reverse=True) if k and k in norm))

    def find(
        self,
        norm: str,
        typed: str = "",
        acts: frozenset[int] = frozenset(),
        fronted: frozenset[tuple[int, int]] = frozenset(),
        given: frozenset[int] = frozenset(),
        running: frozenset[int] = frozenset(),
    ) -> Iterator[tuple[int, int, tuple[str, ...], str]]:
        """(start, end, kinds, stored name) of every whole occurrence, longest names first; a name
        of several kinds also carries SEVERAL (which record is meant is asked, not guessed). A
        capitalized plain-word name is found where ``typed`` (the message as written, offsets as
        ``norm``'s) has it exactly as stored; a lowercase one where it starts at one of ``acts``
        (right after a record's act word) and ends its clause, or fills one of ``fronted`` whole
        (the object put before its act: "把明天停了", (after 把, where 停了 starts)), or starts at one of
        ``given`` (right after a name's marker after a kind: "the trader named stop"), or ends right
        before one of ``running`` (whether it runs asked: "is balance running?")."""
        found = [(key, self.entries[key]) for key in self.entries]
        if typed and len(typed) == len(norm):
            found += [(key, self.cased[key]) for key in self.cased]
        found += [(key, self.objects[key]) for key in self.objects if acts or fronted or given or running]
        for key, (kinds, name) in sorted(found, key=lambda item: len(item[0]), reverse=True):
            start = norm.find(key)
            while start >= 0:
                end = start + len(key)
                cased_ok = key not in self.cased or typed[start:end] == name
                if key in self.objects and key not in self.entries:
                    cased_ok = (
                        (start in acts and _ends_clause(norm, end))
                        or start in given
                        or len(norm) - len(norm[end:].lstrip(" ")) in running
                        or (start, len(norm) - len(norm[end:].lstrip(" "))) in fronted
                    )
                elif len(key) < MIN_LENGTH and _last_word(norm, end):
                    # "how much did i lose today 😭", "buy 0.1 btc 🚀": a pictograph ending the message
                    # is a mood, their 😭 only as an act's object ("stop 🚀")
                    cased_ok = start in acts
                if cased_ok and _whole(norm, start, end, key):
                    yield start, end, (kinds if len(kinds) == 1 else (*kinds, SEVERAL)), name
                start = norm.find(key, start + 1)
        for start, end in _quoted(norm) if self.quoted else ():
            key = norm[start:end].strip()
            if key in self.quoted and key not in self.entries:
                kinds, name = self.quoted[key]
                yield start, end, (kinds if len(kinds) == 1 else (*kinds, SEVERAL)), name


def _quoted(norm: str) -> Iterator[tuple[int, int]]:
    """The spans inside each pair of quotes in ``norm``, quotes left out."""
    for at, mark in enumerate(norm):
        closing = PAIRS.get(mark)
        if closing is not None and (mark != "'" or not _latin_alnum(norm, at - 1)):
            close = norm.find(closing, at + 1)
            if close > at + 1:
                yield at + 1, close


# Words a name may hold though the lexicon has them (core.language.typed_names._NAMEABLE's): "钱多多".
_NAMEABLE: Final = ("trade.money", "pnl.send")


def glued(text: str, start: int, end: int, words: Sequence[tuple[int, int, frozenset[str]]]) -> bool:
    """Whether the name found at ``text[start:end]`` (normalized) stands glued to a Chinese
    character that none of ``words`` (the message's words and coins: (start, end, concepts)) nor
    a word of core/language/lexicon/phrases/own_glue.toml explains: then it is inside a longer
    name typed ("停掉交易员大饼哥", "交易员钱多多"), which is asked for whole, never their 大饼."""
    before, after = start - 1, end
    left = before >= 0 and has_cjk(text[start]) and has_cjk(text[before])
    right = after < len(text) and has_cjk(text[end - 1]) and has_cjk(text[after])
    latin = _latin_alnum(text, end - 1) and text[end : end + 1] == " " and _latin_alnum(text, end + 1)
    if has_cjk(text[end - 1]) and _latin_alnum(text, end):  # "阿强2号", "交易员阿强v2": another name
        run = end
        while _latin_alnum(text, run):
            run += 1
        if text[run : run + 1] == "号" or _after_kind(text, start, words):
            return True
    if not (left or right or latin):
        return False
    explained: set[int] = set()
    for w_start, w_end, concepts in words:
        if (w_end <= start or w_start >= end) and not all(c.startswith(_NAMEABLE) for c in concepts):
            explained.update(range(w_start, w_end))
    if latin and end + 1 not in explained and _after_kind(text, start, words):
        return True  # "start trader night owl 2", "delete trader big money": the name runs on
    left = left and before not in explained
    right = right and after not in explained and not _span_after(text, end)
    if not (left or right):
        return False
    from core.language.phrases import found  # read only on the rare turn a name touches such a character

    glue = found("own_glue", text)
    return (left and not any(e == start and "own_glue.before" in c for _, e, c in glue)) or (
        right and not any(s == end and "own_glue.after" in c for s, _, c in glue)
    )


# A span of time the value grammar reads right after a name ("暂停阿强半天", "阿强两个小时", "多多三天"):
# how long, never more of the name.
_SPANS: Final = frozenset({"duration", "interval"})


def _span_after(text: str, end: int) -> bool:
    from core.language.values import find_values  # read only on the rare turn a name touches such a character

    return any(v.start == 0 and v.kind in _SPANS for v in find_values(text[end:]))


# A record kind's word: a Latin name said right after one runs to the next word no name holds.
_KIND_WORDS: Final = frozenset(f"noun.{kind}" for kind in (*KINDS, "bot"))


def _after_kind(text: str, start: int, words: Sequence[tuple[int, int, frozenset[str]]]) -> bool:
    """Whether a kind's word ("trader", "bot", "交易员") stands right before ``start``, a space
    between or none ("删除交易员big money")."""
    at = start - 1 if text[start - 1 : start] == " " else start
    return any(e == at and c & _KIND_WORDS for _, e, c in words)


# What may follow an act's object in its clause: another name joined, a polite word, a particle,
# its new name ("rename the alert top to exit").
_AFTER_OBJECT: Final = ("and ", "& ", "then ", "please", "pls", "now", "for me", "thanks", "to ")


def _ends_clause(norm: str, end: int) -> bool:
    """Nothing but a mark, a Chinese word or a joining / polite word after ``end`` ("stop max",
    "删掉max吧", "stop max and luna", "delete main please"): the name is the act's whole object."""
    rest = norm[end:].lstrip()
    return not rest or not (rest[0].isascii() and rest[0].isalnum()) or rest.startswith(_AFTER_OBJECT)


def _whole(norm: str, start: int, end: int, key: str) -> bool:
    before = norm[start - 1] if start else " "
    after = norm[end] if end < len(norm) else " "
    return not (
        (key[0].isascii() and key[0].isalnum() and before.isascii() and before.isalnum())
        or (key[-1].isascii() and key[-1].isalnum() and after.isascii() and after.isalnum())
    )


def named_in(key: str, norm: str) -> bool:
    """Whether ``norm`` (normalized) holds ``key`` (a record's name key, a kind's word) as a word:
    whole if it is Latin (no Latin letter or digit right before or after it: "a" is not in
    "account"), anywhere if it is in another script ("币安" in "我的币安账户")."""
    if not key.isascii():
        return key in norm
    at = norm.find(key)
    while at >= 0:
        end = at + len(key)
        if not (_latin_alnum(norm, at - 1) or _latin_alnum(norm, end)):
            return True
        at = norm.find(key, at + 1)
    return False


def _last_word(norm: str, end: int) -> bool:
    """Nothing but marks and pictographs after ``end``."""
    return not any(ch.isalnum() for ch in norm[end:])


def _pictograph(key: str) -> bool:
    """Whether a one-character name is a pictograph ("🚀", "🐢"): no word of any language is one,
    so it names their record wherever it is typed, as a longer name does."""
    return unicodedata.category(key) == "So" and not has_cjk(key)


def _latin_alnum(text: str, at: int) -> bool:
    return 0 <= at < len(text) and text[at].isascii() and text[at].isalnum()
