"""A trade put to a condition no level tells: "if btc dips, buy 0.1 btc", "如果btc跌了。买0.1个btc",
"buy 0.1 btc if it dips", "萬一btc跌咗，買0.1個btc" (萬一 before it only: after it a hedge, "买点btc，
万一涨了呢"), "btc跌了的话买0.1个btc". deskmate watches a price, never a dip: the trade is held, not
asked now, and no order is read (a miss, never a buy at the market now; held by a move, a refusal
saying why), whether the condition is said in the trade's sentence or in one of its own
(core.conversation.after_alert keeps a piece read alone from making it). A condition with its level
("if btc drops to 90k, buy", "要是大饼跌到5万就帮我买0.1个", "if it dips, buy 0.1 btc at 90k": a limit
waits for its price) stays an order at that level; a trade held by a move with no level, said as its
"if" ("buy 0.05 eth if it dips", "如果sol漲咗就賣") or as its time ("buy 100u of doge when it drops",
"buy eth on the next dip", "等btc回调再买50u", "狗狗币跌下来买100u"): held, never a market order now.
So does a request put politely ("if you can, buy 0.1 btc", "如果可以帮我买"). Applied by the
tagger's conditions (core.language.conditions), after a supposing "if i sell…"
(core.language.supposed) took its acts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from core.language.normalize import CLAUSE_MARKS
from core.language.phrases import Words
from core.language.phrases import said as said_in
from core.language.spans import RECORD_VERBS, Span
from core.language.supposed import SUPPOSED

if TYPE_CHECKING:
    from core.coin_index import CoinIndex
    from core.language.value import Value

_IF: Final = Words("trade_money.held_if")
_IF_BEFORE: Final = Words("trade_money.held_if_before")
_UNLESS: Final = Words("trade_money.held_unless")
_IF_AFTER: Final = Words("trade_money.held_if_after")
_POLITE: Final = Words("trade_money.if_polite")
_WHEN: Final = Words("trade_money.held_when")
_WHEN_BEFORE: Final = Words("trade_money.held_when_before")
_MOVE: Final = Words("trade_money.held_move")
_MOVE_BEFORE: Final = Words("trade_money.held_move_before")
_HOLDING: Final = (_IF, _IF_BEFORE, _IF_AFTER, _UNLESS, _WHEN, _WHEN_BEFORE, _MOVE_BEFORE)
# ... and a move's size then its 就 ("doge涨50%就卖": _sized), read only where 就 and a percent are said.
_SAID: Final = frozenset(w.concept for w in _HOLDING)
_SIZED: Final = frozenset({"trade_money.then"})
_TRADES: Final = ("verb.buy", "verb.sell", "amount.sell_all", "order.")
# A value in the condition that is its level ("跌到三万", "dips below 90k"), and one anywhere that is
# an order's price ("at 90k", "在9万"): watched. A percent is a move's size ("sell doge if it pumps
# 50%"), no level: the trade is held, the percent never its share.
_LEVELS: Final = frozenset({"price", "number", "amount", "refused"})
_PRICE: Final = "price"
_PERCENT: Final = "percent"  # a move's size ("pumps 50%", "涨50%就卖"): no level, the trade held
_HELD: Final = frozenset({SUPPOSED})
# The order's own outcome, its "if" / "when" said in the word ("if it fails", "once it fills"): a notice.
_OUTCOME: Final = frozenset({"order.outcome", "order.outcome_heard"})
# A record's act said after a condition nobody watches ("如果阿强停了就删掉它", "if rex loses money, stop
# it", "万一btc跌了就停掉阿强"): deskmate watches no such thing, so it is never done now; the layer
# refuses it saying why (core.routing.layer, slot "later", reason "condition"). A condition on how
# things stand now ("如果阿强还在跑就停了它", "if rex is still running, stop it": trade_money.held_if_now)
# can be met now, and a request put politely ("如果可以帮我停了阿强") is one: both stand.
HELD_IF: Final = "trade.held_if"
_NOW_SAID: Final = Words("trade_money.held_if_now")
_SENTENCE_ENDS: Final = frozenset("。!！?？;；")


def held_records(scanned: str, spans: list[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` with the record's act said after a condition nobody watches marked ``HELD_IF``; one
    with a level ("if doge tanks below 0.09 stop me out") is a price's, watched."""
    acts = sorted(s[0] for s in spans if any(c.startswith(RECORD_VERBS) for c in s[3]))
    if not acts:
        return spans
    from core.language.values import find_values

    levels = [v for v in find_values(scanned, coins) if v.kind in _LEVELS]
    opened = [b for _, b in _IF.spans(scanned, every=True)]
    opened += [b for a, b in _IF_BEFORE.spans(scanned, every=True) if a < acts[0]]
    held: set[int] = set()
    for at in opened:
        if _polite(scanned, at):
            continue
        end = _end(scanned, at, set(acts))
        said = scanned[at:end]
        if not said.strip() or _NOW_SAID.search(said) is not None or _polite(said, 0):
            continue
        if any(at <= v.start and v.end <= end for v in levels):
            continue
        after = next((a for a in acts if a >= end), None)
        gap = scanned[end:after] if after is not None else ""
        if after is not None and not _SENTENCE_ENDS.intersection(gap) and ". " not in gap:
            held.add(after)
    if not held:
        return spans
    return [(a, b, r, c | {HELD_IF}, v) if a in held else (a, b, r, c, v) for a, b, r, c, v in spans]


# A trade held for a move with no level said as its time: the order intents answer it, saying why
# nothing is placed and asking its price (intents/trade_execution.toml, fill "held_move").
HELD_MOVE: Final = "trade.held_move"
_THEN: Final = Words("trade_money.then")  # the condition ends, its order follows
_MARKS: Final = CLAUSE_MARKS | frozenset(".")


def said(scanned: str) -> bool:
    """Cheap: a condition's word may be in the message."""
    if said_in("trade_money", scanned, _SAID):  # one of the four's words, in one look
        return True
    return ("%" in scanned or "百分之" in scanned) and said_in("trade_money", scanned, _SIZED)


def unwatched(scanned: str, spans: list[Span], coins: CoinIndex | None) -> list[Span]:
    """``spans`` with their trades supposed where a condition with no level holds them."""
    trades = {s[0] for s in spans if any(c.startswith(_TRADES) for c in s[3])}
    if not trades:
        return spans
    from core.language.values import find_values  # the value grammar reads the tagger's words

    if _UNLESS.search(scanned) is not None:
        return _held(spans, trades)  # "sell my eth unless it's above 3000": 3000 is no order's price
    values = find_values(scanned, coins)
    if any(v.kind == _PRICE for v in values):
        return spans
    conditions = [(b, _end(scanned, b, trades)) for _, b in _IF.spans(scanned, every=True)]
    first = min(trades)
    before = [(a, b) for a, b in _IF_BEFORE.spans(scanned, every=True) if a < first]
    conditions += [(b, _end(scanned, b, trades)) for _, b in before]
    conditions = [(a, b) for a, b in conditions if not _polite(scanned, a)]
    conditions += [(_start(scanned, a), a) for a, _ in _IF_AFTER.spans(scanned, every=True)]
    # A move with no level said as the trade's time ("when it drops", "等btc回调再买"), and in
    # Chinese a move said right before the trade ("狗狗币跌下来买100u").
    moves = [(b, _end(scanned, b, trades)) for _, b in _WHEN.spans(scanned, every=True)]
    whens = [b for a, b in _WHEN_BEFORE.spans(scanned, every=True) if a < first]
    moves += [(b, _end(scanned, b, trades)) for b in whens]
    before_trade = [a for a, _ in _MOVE_BEFORE.spans(scanned, every=True) if a < first]
    moves += [(_start(scanned, a), _end(scanned, a, trades)) for a in before_trade]
    moved = [(a, b) for a, b in moves if _moved(scanned, a, b)]
    moved += _sized(scanned, values, first)
    outcomes = [(s[0], s[1]) for s in spans if s[3] & _OUTCOME]
    for start, end in conditions + moved:
        if not scanned[start:end].strip() or _polite(scanned[start:end], 0):
            continue
        if any(a < start < b for a, b in outcomes):
            continue  # "buy 0.1 btc, if it fails tell me": the order's own outcome, no market's move
        if _asked_between(spans, trades, start):
            continue  # "buy 0.1 btc and alert me when fees drop": the alert's time, not the trade's
        if not any(start <= v.start and v.end <= end for v in values if v.kind in _LEVELS):
            # held by a move, said as its time or its "if" ("buy 0.05 eth if it dips"): its reason
            return _held(spans, trades, move=(start, end) in moved or _moved(scanned, start, end))
    return spans


# An ask of its own between a trade and a condition after it ("alert me", "tell me"): the condition is its.
_ASKS_OWN: Final = frozenset({"noun.alert", "verb.notify"})


def _asked_between(spans: list[Span], trades: set[int], start: int) -> bool:
    """An alert asked after every trade and before the condition at ``start``."""
    last = max(trades)
    return last < start and any(last < s[0] < start and s[3] & _ASKS_OWN for s in spans)


def _held(spans: list[Span], trades: set[int], *, move: bool = False) -> list[Span]:
    """Said as supposed, as "what if i buy 1 eth" is: the trade intents refuse it, and its coin is
    no price asked either; held for a move, marked so its refusal says why."""
    held = _HELD | {HELD_MOVE} if move else _HELD
    return [(a, b, r, c | held, v) if a in trades else (a, b, r, c, v) for a, b, r, c, v in spans]


# Between a move and its size ("涨了50%就卖", "跌咗10%就买"): 了 / 咗 and spaces.
_MOVE_GAP: Final = " 了咗"


def _sized(scanned: str, values: list[Value], first: int) -> list[tuple[int, int]]:
    """A move said with its size, then 就, before the trade ("doge涨50%就卖", "eth跌咗10%就买"): the
    percent is how far the price moves, a condition with no level, never a share of the holding."""
    out: list[tuple[int, int]] = []
    for a, b in _MOVE.spans(scanned[:first], every=True):
        at = b + len(scanned[b:first]) - len(scanned[b:first].lstrip(_MOVE_GAP))
        size = next((v for v in values if v.start == at and v.kind == _PERCENT), None)
        if size is None:
            continue
        rest = scanned[size.end : first].lstrip()
        if any(_word_at(rest, 0, w) for w in _THEN.words):
            out.append((_start(scanned, a), size.end))
    return out


def _moved(scanned: str, start: int, end: int) -> bool:
    """A market's move said in ``scanned[start:end]`` ("it drops", "btc回调", "跌下来")."""
    part = scanned[start:end]
    return _MOVE.search(part) is not None or _MOVE_BEFORE.search(part) is not None


def _polite(scanned: str, at: int) -> bool:
    """A request put politely right after the "if" ("if you can", "如果可以")."""
    rest = scanned[at:].lstrip()
    opened = _IF.prefix(rest)  # "如果可以的话": the 的话's clause opens with its "if"
    if opened is not None:
        rest = rest[opened:].lstrip()
    return _POLITE.prefix(rest) is not None


def _end(scanned: str, at: int, trades: set[int]) -> int:
    """Where the condition opened at ``at`` ends: a mark, its "then", or the trade said."""
    end = len(scanned)
    for k in range(at, len(scanned)):
        ch = scanned[k]
        if ch in _MARKS and (ch != "." or scanned[k + 1 : k + 2] in (" ", "")):
            end = k
            break
        if k in trades or (k > at and any(_word_at(scanned, k, w) for w in _THEN.words)):
            end = k
            break
    return end


def _start(scanned: str, at: int) -> int:
    """Where the clause ending with the condition's "的话" at ``at`` begins."""
    return max((scanned.rfind(m, 0, at) for m in CLAUSE_MARKS), default=-1) + 1


def _word_at(scanned: str, k: int, word: str) -> bool:
    if not scanned.startswith(word, k):
        return False
    if word.isascii():
        before, after = scanned[k - 1 : k], scanned[k + len(word) : k + len(word) + 1]
        return not before.isalnum() and not after.isalnum()
    return True
