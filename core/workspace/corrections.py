"""Corrections typed in the middle of a task (zh + en): "等一下，名字改成 副账户", "算了，改成 OKX",
"不对，是 bybit", "actually make it bybit", "rename it to okx-alt", "change the name to Alt".

A correction says which slot it changes ("名字", "the exchange") or not; the task flow then
updates that slot, or the one answered last (core.workspace.records). It is read only while a
task is collecting its slots, before the routing rules' reading of the same words, so
"等一下" never becomes the name of an account to rename.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from core import lazy_re as re  # patterns compile on first use (start-up time)

# Words that start a correction or an aside; several may come in a row ("哦不对，…").
_OPENERS = (
    r"(?:(?:等一下|等一等|等等|等下|算了|不对|不是|错了|哦|噢|呃|嗯|啊|抱歉|对不起|sorry|oops|wait|hold on|"
    r"actually|no|nope|hmm|oh|ok|okay|hm|err|um|my bad|i mean|i meant)(?![a-z])[\s,，.。!！~～:：;；-]*)"
)
_FIELDS: dict[str, tuple[str, ...]] = {
    "name": ("账户名", "账号名", "名字", "名称", "account name", "the name", "name", "its name"),
    "exchange": ("交易所", "平台", "the exchange", "exchange"),
    "provider": ("服务商", "提供商", "供应商", "the provider", "provider"),
    "model": ("模型名", "model name", "the model", "model"),
    "base_url": ("接口地址", "地址", "base url", "the url", "url", "endpoint"),
    "paper_balance": ("模拟资金", "初始资金", "资金", "余额", "balance", "the balance", "starting balance"),
}
_FIELD_WORDS = sorted(((w, f) for f, ws in _FIELDS.items() for w in ws), key=lambda p: -len(p[0]))
_FIELD_ALT = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w, _ in _FIELD_WORDS)
_FIELD_OF = {re.sub(r"\s+", " ", w): f for w, f in _FIELD_WORDS}

_NEEDS_OPENER = "?"  # a pattern that is a correction only after "不对", "actually" ...
_VALUE = r"(?P<value>\S.*?)"
_END = r"(?:\s*(?:吧|啦|了|呀|哈|instead|please|thanks|thank you|then))*[\s.。!！~～]*$"

# Each pattern reads the whole message after its openers; the field is the one the words name
# (group "field"), else the one the pattern implies, else None.
_PATTERNS: tuple[tuple[re.Pattern[str], str | None], ...] = tuple(
    (re.compile(rf"^{_OPENERS}*{body}{_END}", re.IGNORECASE), implied)
    for body, implied in (
        # 把名字改成 副账户 / 名字改成副账户 / 名字应该是 X / 交易所换成 OKX / 改成 OKX
        (
            rf"(?:把|将)?\s*(?:(?P<field>{_FIELD_ALT})\s*)?"
            rf"(?:改成|改为|换成|换为|改叫|改用|应该是|应该叫|应为)\s*{_VALUE}",
            None,
        ),
        # 名字叫 X / 名字是 X / 交易所是 OKX (the field must be said)
        (rf"(?P<field>{_FIELD_ALT})\s*(?:是|叫|用)\s*{_VALUE}", None),
        # 不对，是 OKX / 不是 binance，是 okx (only after a word that says it is a correction)
        (rf"(?P<strong>不是\s*\S+?\s*[,，]\s*)?是\s*{_VALUE}(?:\s*才对)?", _NEEDS_OPENER),
        # 改名叫 X / 改名为 X
        (rf"(?:改名叫|改名为|改名成|改名|重命名为|重命名成|起名叫|叫它|就叫)\s*{_VALUE}", "name"),
        # change the name to Alt / set the exchange to okx / switch the provider to qwen
        (
            rf"(?:change|set|switch|update|make)\s+(?:the\s+|its\s+|my\s+)?(?P<field>{_FIELD_ALT})\s+"
            rf"(?:to|as|into)\s+{_VALUE}",
            None,
        ),
        # rename it to okx-alt / rename this one as X / call it Trading OKX / name it main
        (
            r"rename\s+(?:it|this|that|this one|that one|the account|the config)\s+(?:to|as|into)\s+"
            + _VALUE,
            "name",
        ),
        (rf"(?:call|name)\s+it\s+{_VALUE}", "name"),
        # with 50000 USDT
        (
            r"(?:with|start with|starting with)\s+(?P<value>\d[\d,.]*\s*(?:k|w|万|千)?\s*(?:usdt|usd|u)?)",
            "paper_balance",
        ),
        # make it bybit / change it to bybit / switch it to okx
        (rf"(?:make|change|switch|set|turn)\s+(?:it|that|this)\s+(?:to\s+|into\s+)?{_VALUE}", None),
        # the name should be X / the exchange is okx / name: X
        (rf"(?:the\s+)?(?P<field>{_FIELD_ALT})\s+(?:should\s+be|is|=|:)\s+{_VALUE}", None),
        # it should be okx / i meant okx / use okx / not binance, okx
        (rf"(?:it\s+should\s+be|should\s+be|it's|it\s+is|use|go\s+with)\s+{_VALUE}", None),
        (rf"not\s+\S+[\s,]+(?:but\s+)?{_VALUE}", None),
    )
)
# After a bare opener only ("actually, bybit", "不对，OKX"): a short value, nothing more.
_BARE = re.compile(rf"^{_OPENERS}+(?P<value>[^\s,，。.!！?？]+(?:\s+[^\s,，。.!！?？]+){{0,2}}){_END}", re.I)
# The openers that make a bare value a correction (not "ok" or "no" alone: those are answers).
_STRONG = re.compile(
    r"等一下|等等|等下|算了|不对|不是|错了|actually|sorry|oops|wait|i mean|i meant|my bad", re.I
)


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction: the slot it names (None: the one answered last) and the new value."""

    field: str | None
    value: str


def read_correction(text: str) -> Correction | None:
    """The correction ``text`` makes, or None when it is no correction."""
    clean = " ".join(unicodedata.normalize("NFKC", text).split())
    if not clean or "?" in clean:
        return None  # a question is a question
    for pattern, implied in _PATTERNS:
        m = pattern.match(clean)
        if m is not None:
            if implied == _NEEDS_OPENER:
                if not (m.group("strong") or _STRONG.search(clean[: m.start("value")])):
                    continue
                implied = None
            value = _tidy(m.group("value"))
            if value:
                said = m.groupdict().get("field")
                field = _FIELD_OF.get(re.sub(r"\s+", " ", said.casefold())) if said else implied
                return Correction(field, value)
    m = _BARE.match(clean)
    if m is not None and _STRONG.search(clean[: m.start("value")]):
        value = _tidy(m.group("value"))
        return Correction(None, value) if value else None
    return None


def _tidy(value: str) -> str:
    return value.strip().strip(",，。.!！~～;；").strip()
