"""The name and the starting balance a create request gives ("called Alt Two", "名字叫 小号",
"call it Trading OKX", "with 50000 USDT", "初始资金 5万U").

A name is taken whole: a quoted one exactly as quoted (a trailing apostrophe included); an
unquoted Latin one word by word up to a comma or a word that starts the next part of the request
("with", "and", "key", "用" ...); an unquoted Chinese one up to punctuation, "的" before what it
names ("叫小号的币安账户"), or a word that is not more of it ("叫 小号 二" is "小号 二", "叫 小号
用币安账户" is "小号"). When the words after the marker cannot be a name (too long,
nothing left, a credential) the name is not taken: the flow asks for it instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import takewhile
from string import ascii_letters, digits
from typing import Any, Final

from core.language.lexicon import phrases
from core.language.normalize import has_cjk, normalize_text
from core.language.phrases import Words
from core.language.picks import one_value
from core.language.tagger import Tagger, words
from core.language.values import find_values
from core.language.word_scan import EXCHANGE, PROVIDER, every_named, named
from core.routing.normalize import normalize
from core.tasks.answers import looks_secret
from core.tasks.names import MAX_NAME, PAIRS, clean_name
from core.workspace.providers import exact_provider

# The words of core/language/lexicon/phrases/names.toml: what says a name comes next, what ends an
# unquoted one (a Latin word only after a space), what is no more of a Chinese one.
_MARK = Words("names.marker")
_LATIN_STOP = Words("names.latin_stop", lambda low, start, end: start == 0 or low[start - 1].isspace())
# A kind's word ("account", "model") at a word's bounds: it ends the name only before another value.
_LATIN_KIND = Words(
    "names.latin_kind",
    lambda low, start, end: (start == 0 or low[start - 1].isspace()) and low[end : end + 1] in ("", " "),
)
_NEXT_PART = Words("names.next_part")
_LATIN_TAIL = frozenset({"now", "instead"})  # a last word after a name, ending the message
_WHAT_IT_NAMES = Words("names.what_it_names")  # "叫 小号 币安账户"
_GLUED_STOP = Words("names.glued_stop")  # "叫阿飞带日报"
_LATIN_STOPS = ",，。；!！?？\n"
_CJK_STOPS = ",，。；!！?？、"
_MAX_WORDS = 4

# A starting balance: after a balance word ("初始资金 5万", "balance of 20000 usdt", "starting with
# 5k") or what an account is made with ("a paper account with 10k", "用 5万 开个模拟账户"), else the
# first amount in USDT ("5万U", "$100,000").
_BALANCE_WORDS = frozenset({"noun.balance", "workspace.starting", "filler.using"})
_BETWEEN = frozenset({"", ":", "：", "为", "是", "of"})

# A model config's base URL and model name given in the request ("base url 是 https://…",
# "模型名 moonshot-v1-32k", "model: gpt-4o"). The URL ends at a space or at punctuation of the
# sentence around it; the model skill checks both like typed answers.
URL = re.compile(r"(?<![\w/])https?://[^\s，,。；;、）)】」』\"“”'<>]+", re.IGNORECASE)
_MODEL_LABEL = Words("names.model_label")  # the model name follows, "是" / "is" / ":" or not
_MODEL_WORD = Words("names.model_word")  # "model" / "模型": only before "是" / "is" / ":"
_MODEL_IS = Words("names.model_is")
_MODEL_ID = frozenset(f"{ascii_letters}{digits}._:/@+-")
_MAX_MODEL_ID = 100


NAME_UNSURE = "name_unsure"  # a create slot: a name was given, but not one deskmate could take
# A name in quotes anywhere ("add a paper account “main”"): any closing mark closes it.
OPENING, CLOSING = frozenset('"“「『'), frozenset('"”」』')
_MAX_QUOTED = 40


@dataclass(frozen=True, slots=True)
class Named:
    """A name found in a message: the value (None when unsure) and the span the phrase took."""

    value: str | None
    start: int
    end: int


def find_name(text: str, marker: Words = _MARK) -> Named | None:
    """The name a request gives after "called", "叫", "call it" ... (``marker``'s words), or None
    when it gives none. Its words are read in the layer's normalized text ("名稱為" as "名称为", "叫
    小號 餘額" ends at 余额); the name is taken as typed ("小號") and its span is the typed text's."""
    norm = normalize_text(text)
    low = norm.text
    found = marker.search(low)
    if found is None:
        return None
    start, end = found.start(), len(low) - len(low[found.end() :].lstrip())
    rest = low[end:]
    if not rest:
        return Named(None, norm.offsets[start], norm.offsets[end])
    closing = PAIRS.get(rest[0])  # a name quoted whole, as core.tasks.names drops its quotes
    if closing is not None:
        closed = rest.find(closing, 1)
        if closed > 0:
            return _named(
                norm.typed(end + 1, end + closed), norm.offsets[start], norm.offsets[end + closed + 1]
            )
        rest = rest[1:]  # an opening quote never closed: the name runs as unquoted
        end += 1
    stop = end + len(_unquoted(rest))
    return _named(norm.typed(end, stop), norm.offsets[start], norm.offsets[stop])


def name_given(text: str) -> Named | None:
    """The name a request gives: after "called", "叫" ... (find_name), else the first quoted one
    ("add a paper account “main”"); None when it gives none."""
    given = find_name(text)
    if given is not None:
        return given
    found = next(quoted(text), None)
    return Named(clean_name(text[found[0] + 1 : found[1] - 1]), *found) if found else None


# An answer that only gives a name ("call it pancake", "就叫它阿旺吧", "叫佢做豬肉佬啦"), typed while a
# record's flow asks one: the name is the words after the ones giving it, never the whole answer (a
# trader called "call it pancake"); before and after it only a yes, a filler or a polite word.
_MARKERS: Final = (Words("names.it_marker"), Words("names.marker"))
# What may stand around the name in such an answer: a yes, a filler, a polite word, "就" / "那就".
_AROUND: Final = ("filler.", "answer.yes", "trade.answer_word")


def given_name(text: str) -> str | None:
    """The name ``text`` gives when it says nothing else, or None."""
    for marker in _MARKERS:
        named = find_name(text, marker)
        if named is None or not named.value or (marker is _MARKERS[1] and _acts(named.value)):
            continue  # "叫他停下": a bare 叫 before an act tells someone to do it
        if _only_around(text[: named.start]) and _only_around(text[named.end :]):
            return named.value
    return None


def _acts(name: str) -> bool:
    first = words(name).tags[:1]
    return bool(first) and first[0].start == 0 and any(c.startswith("verb.") for c in first[0].concepts)


def _only_around(said: str) -> bool:
    if not said.strip(" ,，.。!！~～"):
        return True
    reading = words(said)
    return not reading.rest() and all(c.startswith(_AROUND) for t in reading.tags for c in t.concepts)


def quoted(text: str) -> Iterator[tuple[int, int]]:
    """The spans of the names in quotes in ``text``, quotes included, in order: a straight single
    quote too where one opens a word after a space and another closes one ("new trader 'the intern',
    daily summary on"), never an apostrophe inside a word ("wife's money", "don't")."""
    at = 0
    while at < len(text):
        if text[at] in OPENING:
            end = next(
                (i for i in range(at + 1, min(len(text), at + _MAX_QUOTED + 2)) if text[i] in CLOSING), 0
            )
            if end > at + 1:
                yield at, end + 1
                at = end
        elif text[at] == "'" and _opens(text, at):
            ends = range(at + 2, min(len(text), at + _MAX_QUOTED + 2))
            end = next((i for i in ends if _closes(text, i)), 0)
            if end:
                yield at, end + 1
                at = end
        at += 1


def _opens(text: str, at: int) -> bool:
    """A single quote at ``at`` starts a quoted word: after a space, before a letter (a message
    quoted whole, "'exchange'", or code, "main(['migrate'])", names nothing)."""
    return text[at - 1 : at] == " " and text[at + 1 : at + 2].isalnum()


def _closes(text: str, at: int) -> bool:
    """A single quote at ``at`` ends a quoted word: after a letter, before a space, a mark or the end."""
    before, after = text[at - 1 : at], text[at + 1 : at + 2]
    return text[at] == "'" and before.isalnum() and (not after or not after.isalnum())


def _unquoted(rest: str) -> str:
    if rest[:1].isascii():
        word = _LATIN_STOP.search(rest)
        stop = min(_stop(rest, _LATIN_STOPS), len(rest) if word is None else word.start())
        stop = _of_what_it_names(rest, stop)  # "新建一个叫Bolt的机器人": Bolt
        stop = next((s for s, e in _LATIN_KIND.spans(rest[:stop]) if rest[e:stop].strip()), stop)
        words = _name_words(rest[:stop].split(), chinese=False)
        if stop == len(rest) and len(words) > 1 and words[-1] in _LATIN_TAIL:
            words = words[:-1]  # "call it buy zone now": the message's last word says when, no name's
        return " ".join(words[: _MAX_WORDS + 1])  # one too many is caught as unsure
    words = rest[: _cjk_stop(rest)].split()
    return " ".join(_name_words(words, chinese=True)[:_MAX_WORDS])


def _stop(rest: str, marks: str) -> int:
    """Where the first of ``marks`` is, or a ";" before a space or the end ("a&amp;b" is one name)."""
    ends = [rest.find(m) for m in marks] + [
        i for i, c in enumerate(rest) if c == ";" and rest[i + 1 : i + 2] in ("", " ")
    ]
    return min((i for i in ends if i >= 0), default=len(rest))


def _cjk_stop(rest: str) -> int:
    """Where an unquoted Chinese name ends: at punctuation, "的" before what it names ("叫小号的币安
    账户", "的 okx"), or a closing 吧 / 啊 / 呢, a closing 的 ("新建一个叫老李的")."""
    stop = _stop(rest, _CJK_STOPS)
    glued = _GLUED_STOP.search(rest[:stop])
    stop = stop if glued is None else glued.start()
    of = _of_what_it_names(rest, stop)
    if of < stop:
        return of
    if stop < len(rest):
        return stop
    stop -= 1 if rest[-1:] in _closing() else 0
    # "然后新建一个叫老李的": the one called 老李, 的 ending the message names nothing more
    return stop - 1 if stop > 1 and rest[stop - 1] == "的" else stop


def _of_what_it_names(rest: str, stop: int) -> int:
    """Where "的" before what the name names stands ("叫小号的币安账户", "的 okx", "叫Bolt的机器人"),
    before ``stop``; else ``stop``."""
    for at, ch in enumerate(rest[:stop]):
        if ch == "的":
            after = rest[at + 1 :].split(maxsplit=1)[0] if rest[at + 1 : at + 2].strip() else ""
            if _WHAT_IT_NAMES.search(after) or any(c.isascii() and c.isalpha() for c in after):
                return at
    return stop


@cache
def _closing() -> frozenset[str]:
    """The particles closing a message after a Chinese name (phrases/names.toml closing)."""
    return frozenset(phrases("names").concepts["names.closing"].words)


def _name_words(words: list[str], *, chinese: bool) -> list[str]:
    """The leading words that are the name: up to a Chinese word starting the next part of the
    request, and in a Chinese name up to a word that is neither Chinese nor a number."""
    taken: list[str] = words[:1]
    for word in words[1:]:
        starts_chinese = has_cjk(word[:1])
        if starts_chinese and (_NEXT_PART.prefix(word) or _names_something_else(word)):
            break
        if chinese and not (starts_chinese or word.isdigit()):
            break
        taken.append(word)
    return taken


def _names_something_else(word: str) -> bool:
    """A Chinese word (normalized) about what the request concerns ("币安账户", "DeepSeek", "定投策略")."""
    return bool(_WHAT_IT_NAMES.search(word) or named(word, EXCHANGE) or named(word, PROVIDER))


def _named(raw: str, start: int, end: int) -> Named:
    name = raw.strip()
    unsure = (
        not name
        or len(name.split()) > _MAX_WORDS
        or len(name) > MAX_NAME
        or looks_secret(name)
        or clean_name(name) is None
    )
    if name and looks_secret(name):
        return Named(name, start, end)  # kept for the flow to refuse by name, never stored
    return Named(None if unsure else clean_name(name), start, end)


def find_balance(text: str) -> tuple[str | None, tuple[int, int] | None]:
    """A starting balance in USDT ("with 50000 USDT", "5万U", "初始资金 20000"), as a decimal
    string, and its span; (None, None) when the message gives none. The lexicon says where it
    is; the value grammar reads it, so "-5000" or "50000,5" is a refusal's slot text, never 5000."""
    values = find_values(text)
    reading = Tagger().read(text)
    for tag in reading.tags:
        if not tag.concepts & _BALANCE_WORDS:
            continue
        start, after = reading.norm.offsets[tag.start], reading.norm.offsets[tag.end]
        at = next((i for i, v in enumerate(values) if v.start >= after), None)
        if at is None or text[after : values[at].start].strip().casefold() not in _BETWEEN:
            continue
        value = values[at]
        if value.kind not in ("number", "amount", "refused") or value.unit == "base":
            return None, None
        if at + 1 < len(values) and not text[value.end : values[at + 1].start].strip():
            value = one_value(values[at : at + 2], ("number", "amount"), text) or value  # "5000 6000"
        return value.slot, (start, value.end)
    quote = next((v for v in values if v.unit == "quote"), None)
    return (quote.slot, (quote.start, quote.end)) if quote is not None else (None, None)


_CLAUSE_MARKS = ",，;；:："


def said_alone(text: str) -> tuple[str | None, tuple[int, int] | None]:
    """A sum said as a clause of its own after a paper account's request ("set me up with a paper
    account, 50k", "开个模拟账户，5万"): a number or USDT alone (polite words at most) after a
    mark or right after the account's noun, to the end or the next mark (a coin's amount is none),
    as ``find_balance`` gives it."""
    for value in find_values(text):
        if value.kind not in ("number", "amount", "refused") or value.unit == "base":
            continue
        before, after = _given_dropped(text[: value.start].rstrip()), text[value.end :]
        end = next((i for i, ch in enumerate(after) if ch in _CLAUSE_MARKS), len(after))
        rest = Tagger().read(after[:end])
        polite = all(c.startswith("filler.") for t in rest.tags for c in t.concepts) and not rest.rest()
        if (before[-1:] in _CLAUSE_MARKS or _after_account_noun(before)) and polite:
            return value.slot, (value.start, value.end)
    return None, None


def _given_dropped(before: str) -> str:
    """``before`` without a give word ending it ("开个模拟账户，给我10万", "paper account, give me 50k"):
    the sum given is said alone all the same."""
    reading = Tagger().read(before)
    last = reading.tags[-1] if reading.tags else None
    if last is not None and "verb.give" in last.concepts and reading.norm.offsets[last.end] == len(before):
        return before[: reading.norm.offsets[last.start]].rstrip()
    return before


def _after_account_noun(before: str) -> bool:
    """The text before a sum ends with an account's noun or name ("new paper account 50k",
    "开个模拟账户 5万"): the sum right after it is what the account starts with."""
    reading = Tagger().read(before)
    return any(
        t.concepts & {"noun.account", "exchange"} and reading.norm.offsets[t.end] == len(before)
        for t in reading.tags
    )


def create_slots(raw: str, domain: str) -> dict[str, Any]:
    """What a create request says: the name (whole, or not at all when unsure), the exchange or
    provider outside of that name ("call it Trading OKX" on Binance is no OKX account), and a
    paper account's starting balance."""
    slots: dict[str, Any] = {}
    rest = raw
    given = name_given(raw)
    if given is not None:
        if given.value:
            slots["name"] = given.value
        else:
            slots[NAME_UNSURE] = True  # the flow asks for the name, and says why
        rest = f"{raw[: given.start]} {raw[given.end :]}"
    if domain == "model":
        rest = _model_values(rest, slots)
        provider = named(normalize(rest), PROVIDER)
        if provider:
            slots["provider"] = provider
        return slots
    balance, span = find_balance(rest)
    if balance is None and _one_exchange(normalize(rest)) == "paper":
        balance, span = said_alone(rest)
    if balance is not None and span is not None:
        slots["paper_balance"] = balance
        rest = f"{rest[: span[0]]} {rest[span[1] :]}"
    exchange = _one_exchange(normalize(rest))
    if exchange:
        slots["exchange"] = exchange
    elif balance is not None and named(normalize(rest), EXCHANGE) is None:
        slots["exchange"] = "paper"  # only a paper account starts with a balance
    return slots


def _model_values(raw: str, slots: dict[str, Any]) -> str:
    """Take the base URL and the model name a model create request gives into ``slots``; the
    message without them, where the provider is looked for ("moonshot" in a URL names none)."""
    url = URL.search(raw)
    if url is not None:
        slots["base_url"] = url.group(0).rstrip(".")
        raw = f"{raw[: url.start()]} {raw[url.end() :]}"
    label = _model_label(raw)
    if label is not None:
        at = len(raw) - len(raw[label[1] :].lstrip())
        at += raw[at : at + 1] in OPENING
        value = "".join(takewhile(_MODEL_ID.__contains__, raw[at : at + _MAX_MODEL_ID]))
        end = at + len(value)
        if value[:1].isascii() and value[:1].isalnum() and exact_provider(normalize(value)) is None:
            slots["model"] = value  # "模型是 kimi" names the provider, not a model
            raw = f"{raw[: label[0]]} {raw[end:]}"
    if "model" not in slots:
        said = model_id_said(raw)
        if said is not None:  # "add my openai key, want to use gpt-4o": the model it is for
            slots["model"] = said[2]
            rest = f"{raw[: said[0]]} {raw[said[1] :]}"
            raw = rest if named(normalize(rest), PROVIDER) else raw  # "add gpt-4o": openai's
    return raw


def model_id_said(raw: str) -> tuple[int, int, str] | None:
    """The one model id typed anywhere in ``raw`` (start, end, id as typed): a word that starts
    with a provider's name and says more, a digit or a separator ("gpt-4o", "deepseek-chat",
    "claude-3.5-sonnet"), never a provider's name alone ("openai") nor a key ("sk-…")."""
    norm = normalize_text(raw)
    low, found = norm.text, []
    for tag in Tagger().read(raw).tags:
        if PROVIDER not in tag.concepts or (tag.start and low[tag.start - 1] in _MODEL_ID):
            continue
        value = "".join(takewhile(_MODEL_ID.__contains__, low[tag.start : tag.start + _MAX_MODEL_ID]))
        if len(value) > tag.end - tag.start and _model_id_like(value) and not looks_secret(value):
            end = tag.start + len(value)
            found.append((norm.offsets[tag.start], norm.offsets[end], norm.typed(tag.start, end)))
    return found[0] if len(found) == 1 else None


def _model_label(raw: str) -> tuple[int, int] | None:
    """Where the words saying a model name follows are: "模型名是", "model name:", "model is"
    (read in the layer's normalized text: "模型名稱"), as offsets into ``raw``."""
    norm = normalize_text(raw)
    low = norm.text
    labels = [(s, e, True) for s, e in _MODEL_LABEL.spans(low)] + [
        (*s, False) for s in _MODEL_WORD.spans(low)
    ]
    for start, end, alone in sorted(labels):
        after = len(low) - len(low[end:].lstrip())
        said = _MODEL_IS.prefix(low[after:])
        if said is not None or alone or _model_id_like(low[after : after + _MAX_MODEL_ID]):
            return norm.offsets[start], norm.offsets[end if said is None else after + said]
    return None


def _model_id_like(text: str) -> bool:
    """ "model gpt-4o": what follows "model" alone is a model id when it looks like one, letters with
    a digit or a separator ("deepseek-chat", "glm4"), not a word of the sentence ("model for me")."""
    value = "".join(takewhile(_MODEL_ID.__contains__, text))
    return (
        value[:1].isalnum()
        and any(c.isalpha() for c in value)
        and any(c.isdigit() or c in "-._/:" for c in value)
    )


def _one_exchange(norm: str) -> str | None:
    """The exchange a request names, or None when it names none or several ("binance or okx")."""
    found = every_named(norm, EXCHANGE)
    return next(iter(found)) if len(found) == 1 else None
