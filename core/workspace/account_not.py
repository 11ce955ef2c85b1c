"""An account said not to be used ("buy 0.1 btc, not on paper", "不要用模拟盘，买0.1个btc", "not on
main"): the account a request names (core.workspace.account_named) is then the one excluded, and
every other account of the person's is the one meant, asked with buttons where there are several
(core.tasks.refs.resolve's ``except_alias`` / ``except_name``). Read where the request's account is
read (core/workspace/trade_reading.py), from the words of phrases/account_not.toml and account_ref.toml."""

from __future__ import annotations

from typing import Final

from core.language.phrases import Words
from core.language.tagger import Reading
from core.language.word_scan import EXCHANGE, spans_of

_NOT: Final = Words("account_ref.not")
# What may stand between the "not" and the account: its by-words, its owner ("my", "我的"), "of".
_BETWEEN: Final = (*(Words(f"account_ref.{c}") for c in ("by", "owners", "of")), Words("account_not.mine"))


def excluded(reading: Reading, ref: dict[str, str]) -> dict[str, str]:
    """``ref`` as typed, or its exclusion where a "not" stands right before the account said."""
    text = reading.text
    if not _NOT.spans(text):
        return ref
    if any(_said_not(text, start) for start in _mentions(text, ref)):
        key = "alias" if "alias" in ref else "name"
        return {f"except_{key}": ref[key]}
    return ref


def _mentions(text: str, ref: dict[str, str]) -> list[int]:
    """Where the account ``ref`` names is said: its exchange's words, or its name as typed."""
    if "alias" in ref:
        return [start for start, _, key in spans_of(text, EXCHANGE) if key == ref["alias"]]
    name = ref.get("name", "").lower()
    return [i for i in range(len(text)) if name and text.startswith(name, i)]


def _said_not(text: str, start: int) -> bool:
    """A "not" right before ``start``, only an account's by-words, owners or spaces between."""
    for _, end in _NOT.spans(text):
        if end > start:
            break
        gap = list(text[end:start])
        for words in _BETWEEN:
            for a, b in words.spans(text[end:start]):
                gap[a:b] = " " * (b - a)
        if not "".join(gap).strip():
            return True
    return False
