"""An act of one's own said as the time something else happens is told, never asked: "says lot size
when i sell doge", "when i sell doge it says lot size", "what fee do i pay when i sell doge",
"我卖doge的时候提示lot size", "賣doge嗰陣話lot size" tell what happens at a sale (an error, a fee);
none is to be done (a trade's word beside a problem tells the order, diagnosis.order). The act's
words lose their act from "when i" to the end of its clause, or from the clause's start to the
Chinese "…的时候" that closes it. A condition's order stands: the act after the time
("btc涨到9万的时候卖掉", "when it hits 0.5, sell my doge", "sell doge when it hits 0.5": no "i"
after the "when"). Applied by the tagger's conditions (core.language.conditions)."""

from __future__ import annotations

import re
from typing import Final

from core.language.phrases import Words
from core.language.spans import ASKED_ACTS, COIN_RANK, Span, acts_lost_at, clause_break

# English: the person's own act right after the time word ("when i", "whenever we", "every time i").
_WHEN_I: Final = re.compile(
    r"(?:^|(?<=[\s,，.。!！?？;；]))(?:when|whenever|every ?time|each time) (?:i|we)\b"
)
# Chinese: the time word closing the act's clause ("卖doge的时候", Hong Kong's "賣doge嗰陣"), and
# a bare 时 right after what is traded ("卖doge时": never 小时, 及时, 随时).
_CLOSING: Final = Words("when_done.closing")  # 嗰陣 reads 那阵
_BARE: Final = Words("when_done.bare")
_ASKED_BEFORE: Final = Words("when_done.asked_before")  # "什么时候卖btc", "是时候卖了"
# A trade told so is the order something happened to (a diagnosis reads what it says happened).
_TRADES: Final = frozenset({"verb.buy", "verb.sell"})
# The order, and that it is told as the time of what happened (AT_TRADE: "says lot size when i sell
# doge" names the error an order met, as "my sell failed" would).
AT_TRADE: Final = "diagnosis.at_trade"
_TOLD: Final = frozenset({"diagnosis.order", AT_TRADE})
_PROBLEM: Final = frozenset({"verb.fail", "error.code", "verb.report", "verb.unfilled", "verb.diagnose"})


def said(scanned: str) -> bool:
    """Cheap: a time word that may close or open one's own act is in the message at all."""
    closing = (*_CLOSING.words, *_BARE.words)
    return "when" in scanned or "time " in scanned or any(w in scanned for w in closing)


def when_done(scanned: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the acts said as the time of something else."""
    acts = sorted(s for s in spans if any(c.startswith(ASKED_ACTS) for c in s[3]))
    if not acts:
        return spans
    lost: set[int] = set()
    for m in _WHEN_I.finditer(scanned):  # from "when i" to the end of its clause
        lost |= {s[0] for s in acts if s[0] >= m.end() and not clause_break(scanned, m.end(), s[0])}
    for end in _closings(scanned, spans):  # from the clause's start to "的时候"
        lost |= {s[0] for s in acts if s[1] <= end and not clause_break(scanned, s[1], end)}
    problem = any(s[3] & _PROBLEM for s in spans)
    told = {s[0] for s in spans if problem and s[0] in lost and s[3] & _TRADES}
    spans = acts_lost_at(spans, lost, ASKED_ACTS)
    return [(a, b, r, c | _TOLD, v) if a in told else (a, b, r, c, v) for a, b, r, c, v in spans]


def _closings(scanned: str, spans: list[Span]) -> list[int]:
    """Where each Chinese time word closing an act's clause starts."""
    out = [m.start() for w in _CLOSING.words for m in re.finditer(re.escape(w), scanned)]
    coins_end = {s[1] for s in spans if s[2] == COIN_RANK}
    bare = (m.start() for w in _BARE.words for m in re.finditer(re.escape(w), scanned))
    out += [at for at in bare if at in coins_end]
    # "什么时候卖btc", "是时候卖了": a time asked or said before the act closes none
    return [at for at in out if not scanned[:at].endswith(_ASKED_BEFORE.words)]
