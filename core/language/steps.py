"""A price step said as money ("a grid that buys every 50 dollars down", "每跌50块买一次", "$50
apart", "50 dollar spacing"): how far the price moves between two buys, never the money each buy
spends. Refused quoting it (reason "step"), so no skill takes it for an amount: a grid's money per
level, a plan's buy, an order's size. So is a move by an amount ("alert me when eth drops 50
dollars", "eth跌50块提醒我"): how far the price goes, never a level at 50. The words are data
(phrases/values.toml step_before, step_after, move_by, step_way after step_every); applied by
the value grammar (core.language.values)."""

from __future__ import annotations

from typing import Final

from core.language.phrases import placed
from core.language.value import Value

_BEFORE: Final = placed("values", "step_before")  # "每跌", "每隔", "间距"
_AFTER: Final = placed("values", "step_after")  # "drop", "apart", "spacing"
_MOVED: Final = placed("values", "move_by")  # "drops", "跌": a move by the amount after it
_WAY: Final = placed("values", "step_way")  # "down", "lower": a step only with every before
_EVERY: Final = placed("values", "step_every")
_MONEY: Final = frozenset({"amount", "number", "price"})  # a coin's amount is no step ("每跌0.1个")


def stepped(norm: str, values: list[Value]) -> list[Value]:
    """``values`` with each money value said as a price step refused, the step's words quoted."""
    out: list[Value] = []
    for value in values:
        if value.kind in _MONEY and value.unit != "base":
            first = _first(norm, value)
            after = _AFTER.after(norm, value.end)
            own = _EVERY.after(norm, value.start, space=False)  # "every 50 dollars", one value
            every = own or _EVERY.before(norm, _back(norm, value.start))
            if after is None and every is not None:
                after = _WAY.after(norm, value.end)  # "every 50 dollars down"
            if first is not None or after is not None:
                start = value.start if first is None else first
                end = value.end if after is None else after[1]
                value = Value("refused", start, end, norm[start:end], value.number, "quote", reason="step")
        out.append(value)
    return out


def _first(norm: str, value: Value) -> int | None:
    """Where a step's word before the number starts: right before it ("每跌50块"), or the value's
    own first word ("每隔50块", read as one value)."""
    own = _BEFORE.after(norm, value.start, space=False)
    if own is not None:
        return value.start
    before = _BEFORE.before(norm, _back(norm, value.start))
    return before if before is not None else _MOVED.before(norm, _back(norm, value.start))


def _back(norm: str, at: int) -> int:
    return len(norm[:at].rstrip())
