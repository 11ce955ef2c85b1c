"""A record a trader request names that the person does not have ("create a trader using strategy
Foo", "用 Foo 策略建一个交易员"): the name, read from the request, to be said back with what they
do have, never replaced by another record of theirs."""

from __future__ import annotations

from core import lazy_re as re
from core.routing.normalize import normalize

# slot -> (its noun, in zh and en): "strategy Foo", "Foo strategy", "策略 Foo", "用 Foo 策略"
_NOUNS = {"strategy": ("策略", "strategy"), "account": ("账户", "account"), "model": ("模型", "model")}
_EN_AFTER = r"(?<![a-z]){noun}\s+(?:named\s+|called\s+)?[\"“'「]?(?P<n>[\w\-]{{1,32}})"
_EN_BEFORE = r"(?<![a-z])(?:using|with|on|use)\s+(?:the\s+|my\s+)?(?P<n>[\w\-]{{1,32}})\s+{noun}(?![a-z])"
_ZH_AFTER = (
    r"{noun}\s*(?:叫|名为)?\s*[「“\"]?(?P<n>[A-Za-z0-9_\-\u4e00-\u9fff]{{1,20}}?)"
    r"(?=[」”\"\s，,。]|$|并|来|去|做)"
)
_ZH_BEFORE = r"(?:用|拿|以)\s*[「“\"]?(?P<n>[^\s，,。「」“”\"]{{1,20}}?)[」”\"]?\s*{noun}"
# Words that say a kind or a kind of record, not a name ("the dca strategy", "my binance account").
_NOT_NAMES = frozenset(
    {"a", "an", "the", "my", "this", "that", "new", "default", "dca", "grid", "ai", "定投", "网格", "智能",
     "默认", "这个", "那个", "我的", "一个", "and", "to", "for", "named", "called", "it"}
)  # fmt: skip


_PATTERNS = {
    slot: (
        tuple(re.compile(p.format(noun=zh)) for p in (_ZH_BEFORE, _ZH_AFTER)),
        tuple(re.compile(p.format(noun=en)) for p in (_EN_BEFORE, _EN_AFTER)),
    )
    for slot, (zh, en) in _NOUNS.items()
}


def named(text: str, slot: str) -> str | None:
    """The name ``text`` gives a record of ``slot`` by its noun, or None."""
    zh_patterns, en_patterns = _PATTERNS[slot]
    norm = normalize(text)
    for pattern in zh_patterns:
        found = pattern.search(text)
        if found and found.group("n").strip().lower() not in _NOT_NAMES:
            return found.group("n").strip()
    for pattern in en_patterns:
        found = pattern.search(norm)
        if found and found.group("n") not in _NOT_NAMES:
            name = found.group("n")
            at = text.lower().find(name)  # as typed, to be said back
            return text[at : at + len(name)] if at >= 0 else name
    return None
