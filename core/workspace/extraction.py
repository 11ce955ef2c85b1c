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

from dataclasses import dataclass
from typing import Any

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.language.tagger import Tagger
from core.language.values import find_values, one_value
from core.routing.normalize import normalize
from core.routing.words import word_alternation
from core.tasks.answers import looks_secret
from core.tasks.names import MAX_NAME, clean_name
from core.workspace.exchanges import EXCHANGES
from core.workspace.named import find_exchange, find_provider
from core.workspace.providers import exact_provider

_MARK = re.compile(
    r"(?:起名叫|起名为|取名叫|取名为|命名为|名字就叫|名字叫做|名字叫|名字是|名称是|名称为|名叫|名为|叫做|叫"
    r"|(?<![a-z])(?:named|called|call\s+it|name\s+it|with\s+the\s+name|by\s+the\s+name(?:\s+of)?)(?![a-z])"
    r"|(?<![a-z])name\s*[:=])\s*",
    re.IGNORECASE,
)
_PAIRS = {'"': '"', "'": "'", "“": "”", "‘": "’", "「": "」", "『": "』", "《": "》"}
# Where an unquoted name ends.
# A ";" ends a name only before a space or the end: "a&amp;b" is one name.
_LATIN_STOP = re.compile(
    r"\s*(?:[,，。；!！?？\n]|;(?=\s|$)|(?<![^\s])(?:with|and|using|on|at|for|to|in|from|key|api|apikey|secret|"
    r"passphrase|password|balance|starting|please|plz|which|that|it'?s|account|exchange|model|config)"
    r"(?![a-z0-9]))",
    re.IGNORECASE,
)
_CJK_STOP = re.compile(
    r"[,，。；!！?？、]|;(?=\s|$)|的(?=\S*(?:账户|账号|交易所|模型|配置|[a-z]))|吧$|啊$|呢$", re.I
)
# A word that starts the next part of the request, not more of a name: "叫 alpha 用 BTC定投",
# "叫 小号 并启动", "叫 小号 二 的交易员". Another word joins a Chinese name only when it is
# Chinese or a number ("叫 小号 二", "叫 小号 2").
_NEXT_PART = re.compile(
    r"用|在|从|通过|拿|以|并|然后|再|和|跟|与|给|把|将|帮|请|自动|每日汇总|每天汇总|日报|初始|资金|余额|"
    r"本金|密钥|秘钥|的|吧|啊|呢|策略|账户|账号|交易所|模型|交易员|运行|启动|开始|使用|买|卖|投"
)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_WHAT_IT_NAMES = re.compile(r"账户|账号|交易所|模型|配置|策略|交易员")  # "叫 小号 币安账户"
_MAX_WORDS = 4

# A starting balance: after a balance word ("初始资金 5万", "balance of 20000 usdt", "starting with
# 5k"), else the first amount in USDT ("with 50000 USDT", "5万U", "$100,000").
_BALANCE_WORDS = frozenset({"noun.balance", "workspace.starting"})
_BETWEEN = frozenset({"", ":", "：", "为", "是", "of"})

# A model config's base URL and model name given in the request ("base url 是 https://…",
# "模型名 moonshot-v1-32k", "model: gpt-4o"). The URL ends at a space or at punctuation of the
# sentence around it; the model skill checks both like typed answers.
URL = re.compile(r"(?<![\w/])https?://[^\s，,。；;、）)】」』\"“”'<>]+", re.IGNORECASE)
_MODEL = re.compile(
    r"(?:模型名称|模型名字|模型名|模型\s*id|(?<![a-z])model[\s_-]*(?:name|id)(?![a-z]))\s*(?:是|为|用|[:：=]|is)?"
    r"|(?<![a-z])model\s*(?:[:：=]|is(?![a-z]))|模型\s*(?:是|为|用|[:：=])",
    re.IGNORECASE,
)
_MODEL_ID = re.compile(r"\s*[\"“「『]?([A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99})")


NAME_UNSURE = "name_unsure"  # a create slot: a name was given, but not one deskmate could take
# A name in quotes anywhere ("add a paper account “main”").
QUOTED = re.compile(r"[\"“「『](?P<n>[^\"”」』]{1,40})[\"”」』]")


@dataclass(frozen=True, slots=True)
class Named:
    """A name found in a message: the value (None when unsure) and the span the phrase took."""

    value: str | None
    start: int
    end: int


def find_name(text: str) -> Named | None:
    """The name a request gives after "called", "叫", "call it" ..., or None when it gives none."""
    m = _MARK.search(text)
    if m is None:
        return None
    rest = text[m.end() :]
    if not rest:
        return Named(None, m.start(), m.end())
    closing = _PAIRS.get(rest[0])
    if closing is not None:
        end = rest.find(closing, 1)
        if end > 0:
            return _named(rest[1:end], m.start(), m.end() + end + 1)
        rest = rest[1:]  # an opening quote never closed: the name runs as unquoted
        offset = m.end() + 1
    else:
        offset = m.end()
    raw = _unquoted(rest)
    return _named(raw, m.start(), offset + len(raw))


def name_given(text: str) -> Named | None:
    """The name a request gives: after "called", "叫" ... (find_name), else the first quoted one
    ("add a paper account “main”"); None when it gives none."""
    named = find_name(text)
    if named is not None:
        return named
    quoted = QUOTED.search(text)
    return Named(clean_name(quoted.group("n")), quoted.start(), quoted.end()) if quoted else None


def _unquoted(rest: str) -> str:
    if rest[:1].isascii():
        stop = _LATIN_STOP.search(rest)
        words = _name_words((rest[: stop.start()] if stop else rest).split(), chinese=False)
        return " ".join(words[: _MAX_WORDS + 1])  # one too many is caught as unsure
    stop = _CJK_STOP.search(rest)
    words = (rest[: stop.start()] if stop else rest).split()
    return " ".join(_name_words(words, chinese=True)[:_MAX_WORDS])


def _name_words(words: list[str], *, chinese: bool) -> list[str]:
    """The leading words that are the name: up to a Chinese word starting the next part of the
    request, and in a Chinese name up to a word that is neither Chinese nor a number."""
    taken: list[str] = words[:1]
    for word in words[1:]:
        starts_chinese = bool(_CJK.match(word))
        if starts_chinese and (_NEXT_PART.match(word) or _names_something_else(word)):
            break
        if chinese and not (starts_chinese or word.isdigit()):
            break
        taken.append(word)
    return taken


def _names_something_else(word: str) -> bool:
    """A Chinese word about what the request concerns ("币安账户", "DeepSeek", "定投策略")."""
    norm = normalize(word)
    return bool(_WHAT_IT_NAMES.search(word) or find_exchange(norm) or find_provider(norm))


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


def create_slots(raw: str, domain: str) -> dict[str, Any]:
    """What a create request says: the name (whole, or not at all when unsure), the exchange or
    provider outside of that name ("call it Trading OKX" on Binance is no OKX account), and a
    paper account's starting balance."""
    slots: dict[str, Any] = {}
    rest = raw
    named = name_given(raw)
    if named is not None:
        if named.value:
            slots["name"] = named.value
        else:
            slots[NAME_UNSURE] = True  # the flow asks for the name, and says why
        rest = f"{raw[: named.start]} {raw[named.end :]}"
    if domain == "model":
        rest = _model_values(rest, slots)
        provider = find_provider(normalize(rest))
        if provider:
            slots["provider"] = provider
        return slots
    balance, span = find_balance(rest)
    if balance is not None and span is not None:
        slots["paper_balance"] = balance
        rest = f"{rest[: span[0]]} {rest[span[1] :]}"
    exchange = _one_exchange(normalize(rest))
    if exchange:
        slots["exchange"] = exchange
    elif balance is not None and find_exchange(normalize(rest)) is None:
        slots["exchange"] = "paper"  # only a paper account starts with a balance
    return slots


def _model_values(raw: str, slots: dict[str, Any]) -> str:
    """Take the base URL and the model name a model create request gives into ``slots``; the
    message without them, where the provider is looked for ("moonshot" in a URL names none)."""
    url = URL.search(raw)
    if url is not None:
        slots["base_url"] = url.group(0).rstrip(".")
        raw = f"{raw[: url.start()]} {raw[url.end() :]}"
    label = _MODEL.search(raw)
    model = _MODEL_ID.match(raw, label.end()) if label is not None else None
    if label is not None and model is not None:
        value = model.group(1)
        if exact_provider(normalize(value)) is None:  # "模型是 kimi" names the provider, not a model
            slots["model"] = value
            raw = f"{raw[: label.start()]} {raw[model.end() :]}"
    return raw


def _one_exchange(norm: str) -> str | None:
    """The exchange a request names, or None when it names none or several ("binance or okx")."""
    first = find_exchange(norm)
    if first is None:
        return None
    others = norm
    for alias in EXCHANGES[first].aliases:
        others = re.sub(word_alternation((alias,), space=r"\ "), " ", others)
    second = find_exchange(others)
    return first if second is None or second == first else None
