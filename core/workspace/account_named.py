"""The account an order or an account question names (zh + en): "用模拟账户买0.01个比特币" ->
{"name": "模拟账户"}, "币安账户余额" / "balance on my binance account" -> {"alias": "binance"},
"on main" -> {"name": "main"}. Read for the trades (core/workspace/trade_reading.py) and for the
account questions: balance, positions, trades (core/skills/account_query)."""

from __future__ import annotations

from core.language.phrases import Words
from core.language.tagger import NAME_WORD, PUNCT, Reading, Tag, with_phrases
from core.language.told_names import EXCEPTED_OF
from core.language.word_scan import EXCHANGE, named
from core.routing.normalize import normalize


def account_ref(reading: Reading, *, question: bool = False) -> dict[str, str] | None:
    """The account a request names, read from its tags (with the person's own names when the turn
    loaded them): by its name ("用主账户", "主账户的余额", "on my Main account", "balance of Main"),
    else one of theirs named alone ("测试的余额"), else by its exchange ("币安"). A name is read
    whether or not the person has it, as typed, so that one they do not have is said back, never
    swapped for another record; a coin closing an order ("yolo 50 usdt on doge") names none.
    ``question``: the message asks about an account, no order ("how much money is in main")."""
    reading = with_phrases(reading, ("account_ref",))
    tags = [_noun_in(reading, t) if EXCHANGE in t.concepts else t for t in reading.tags]
    tags = [t for t in tags if _word_of(t)]
    for i, tag in enumerate(tags):
        name = _around(reading, tags, i) if _NOUN in tag.concepts else None
        if name:
            return {"name": name}
    own = reading.first("own.account")
    if own is not None:
        return {"name": own.value}
    spared = reading.first(_EXCEPTED)  # "别用主力账户，买0.1个btc": told not to be used
    if spared is not None:
        return {"except_name": spared.value}
    exchange = named(reading.text, EXCHANGE)  # inside another word too ("我的币安账户": 我的币)
    if exchange is not None:
        return {"alias": exchange}
    name = _tail(reading, tags, question=question)
    return {"name": name} if name else None


# The words around an account's name (phrases/account_ref.toml), as their tags' concepts.
_NOUN, _BY, _TAIL_BY, _OF, _ASKED, _OWNER = (
    f"account_ref.{c}" for c in ("noun", "by", "tail_by", "of", "asked", "owners")
)
_EXCEPTED = f"{EXCEPTED_OF}account"  # one of their accounts told not to be used (core.language.told_names)
_ASKING = ("verb.query", "filler.")  # words opening a question before the account it names
_MAX_ZH, _MAX_EN = 20, 32
GENERIC = Words("records.generic")  # a record's kind said alone: "交易账户" (phrases/records.toml)


def _word_of(tag: Tag) -> bool:
    """A tag of the request's words: a coin, an exchange, a record of theirs or a word of a name
    ("use account 主账户") may be part of an account's name."""
    return any("." in c and not c.startswith("own.") and c != NAME_WORD for c in tag.concepts)


def _exchange_before(text: str, tag: Tag, at: int) -> bool:
    """An exchange's name said right before ``at`` (spaces between): "my binance account", "the
    paper account" (paper trading, as "on paper" is: no account of theirs called "paper" unless
    they have one, then tagged as theirs)."""
    return EXCHANGE in tag.concepts and tag.end <= at and not text[tag.end : at].strip()


def _exchange_ending(tag: Tag, noun: Tag) -> bool:
    """An exchange's name ending with the account's word ("practice account": paper trading's)."""
    return EXCHANGE in tag.concepts and tag.start < noun.start and tag.end == noun.end


def _around(reading: Reading, tags: list[Tag], i: int) -> str | None:
    """The name at the account's word ``tags[i]``, as typed: "用主账户", "用账户2", "主账户的余额"
    (opening the message after its asking words: "查一下主账户的余额"), "with account main", "on
    my paper account"."""
    noun, text, typed = tags[i], reading.text, reading.norm.typed
    start = tags[i - 1].end if i else 0
    before = text[start : noun.start].strip()
    after = text[noun.end : tags[i + 1].start if i + 1 < len(tags) else len(text)].split()
    by = _by(tags, i - 1)
    zh = not text[noun.start].isascii()
    if not before and by is not None and after:  # "用账户2", "用账户 main", "with account main"
        at, word = text.index(after[0], noun.end), _named(after[0])
        if not zh:
            return typed(at, at + len(word)) if word else None
        return typed(noun.start, at + len(word)) if word and word.isascii() else None
    if not zh:
        # "balance on my binance account", "sell 500 doge on the paper account": an exchange's
        # accounts (its alias), paper trading's too
        if any(_exchange_before(text, t, noun.start) or _exchange_ending(t, noun) for t in reading.tags):
            return None  # "my practice account", "a demo account": the name's own account word
        if before and _word(before) and by is not None:
            return typed(start, noun.start)  # "on my paper account"
        # "on my A account": a filler word of the lexicon's (a wallet's is none: "on my spot account")
        one = tags[i - 1] if i and not before and is_filler(tags[i - 1]) else None
        if one is not None and _word(text[one.start : one.end]) and _by(tags, i - 2) is not None:
            return typed(one.start, one.end)
        return None
    if not before or len(before) > _MAX_ZH or PUNCT.search(before):
        return None
    gap = text[start : noun.start]
    first, last = start + len(gap) - len(gap.lstrip()), noun.start - (len(gap) - len(gap.rstrip()))
    # "老韭菜 账户": a space sets the account's word apart, the name is the word before it
    said = typed(start, noun.end) if last == noun.start else typed(first, last)
    if any(t.start == first and t.end == last and "own.account" in t.concepts for t in reading.tags):
        return typed(first, last)  # "用老婆本账户", "看下 老韭菜 账户": their account 老婆本, 老韭菜
    if by is not None:
        return said
    if any(EXCHANGE in t.concepts and text[t.start : t.end] == before for t in reading.tags):
        return None  # "OKX 帳戶的餘額": an exchange's accounts (its alias), as "币安账户余额" is
    opening = all(any(c.startswith(_ASKING) for c in t.concepts) for t in tags[:i])
    if not opening or "的" in before or reading.rest(spans=[(start, len(text))]):
        return None  # not the words opening a question before the name
    # "main账户有多少钱" names main without 的, by words the lexicon does not know ("币安账户" is
    # an exchange's, "交易账户" the kind alone).
    known = any(not _theirs(t) for t in reading.tags if start <= t.start < noun.start)
    theirs = text[noun.end : noun.end + 1] == "的" or not (known or normalize(said) in GENERIC.words)
    return said if theirs else None


def _noun_in(reading: Reading, tag: Tag) -> Tag:
    """An exchange's name ending with the account's word ("模拟账户": the paper exchange) has that
    word in it: the name is read around it as around the word alone ("用模拟账户")."""
    word = reading.text[tag.start : tag.end]
    noun = next((w for w in Words("account_ref.noun").words if word.endswith(w) and w != word), "")
    return Tag(tag.end - len(noun), tag.end, frozenset({_NOUN})) if noun else tag


def is_filler(tag: Tag) -> bool:
    return all(c.startswith("filler.") for c in tag.concepts)


def _theirs(tag: Tag) -> bool:
    """A record of theirs: part of a name, no word of the request."""
    return all(c.startswith("own.") for c in tag.concepts)


def _by(tags: list[Tag], j: int) -> Tag | None:
    """``tags[j]`` (or the one before it, past "my" / "the") when it says which account a request
    is done with or asks about ("用", "on", "with", "of")."""
    if j >= 0 and _OWNER in tags[j].concepts:
        j -= 1
    return tags[j] if j >= 0 and tags[j].concepts & {_BY, "filler.using"} else None


def _tail(reading: Reading, tags: list[Tag], *, question: bool) -> str | None:
    """The bare name closing a request: "... on Main", "balance of my Main?"; ``question``: it
    asks about an account ("how much money is in main"), no order."""
    text = reading.text
    start = tags[-1].end if tags else 0
    last = text[start:].strip().rstrip("?.!").strip()
    if not _word(last) or not all(_theirs(t) for t in reading.tags if t.start >= start):
        return None  # a coin closing an order ("yolo 50 usdt on doge") names no account
    j = len(tags) - 1 - (bool(tags) and _OWNER in tags[-1].concepts)  # "of my Main"
    if j < 0:
        return None
    by = tags[j].concepts
    asked = _OF in by and j > 0 and _ASKED in tags[j - 1].concepts
    if not (_TAIL_BY in by or asked or (question and _OF in by)):
        return None
    at = text.index(last, start)
    name = reading.norm.typed(at, at + len(last))
    return None if last in Words("account_ref.not_names").words else name


def _word(text: str) -> bool:
    return 0 < len(text) <= _MAX_EN and all(c.isalnum() or c in "_-" for c in text)


def _named(word: str) -> str:
    """The name a word closing the span starts with ("main," -> "main"), or ""."""
    end = next((i for i, c in enumerate(word) if not (c.isalnum() or c in "_-")), len(word))
    return word[:end] if _word(word[:end]) and not word[end : end + 1].isalpha() else ""
