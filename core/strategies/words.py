"""How people name strategies and their kinds (zh + en): what makes a sentence about a strategy
rather than an order ("创建一个BTC定投策略，每天买50U" is no buy order)."""

from __future__ import annotations

import re
from typing import Final

from core.routing.words import word_alternation
from core.strategies.params import Kind


def _alt(*words: str) -> str:
    return word_alternation(words)


KIND_WORDS: Final[dict[Kind, tuple[str, ...]]] = {
    "dca": ("定投", "定期定额", "定期买入", "定期投资", "dca", "dollar cost averaging",
            "dollar-cost averaging", "dollar cost average", "recurring buy", "recurring buys"),
    "grid": ("网格", "低买高卖", "高抛低吸", "grid", "grids", "grid trading"),
    "ai": ("ai策略", "ai 策略", "智能策略", "ai", "a.i.", "ai-driven", "ai driven", "llm-driven", "模型决策"),
}  # fmt: skip
KIND_RX: Final = {kind: re.compile(_alt(*words), re.IGNORECASE) for kind, words in KIND_WORDS.items()}
STRATEGY_NOUN: Final = re.compile(_alt("策略", "strategy", "strategies"), re.IGNORECASE)
# A sentence naming a strategy, or a DCA / grid plan, is the strategy skill's, never an order.
STRATEGY_TALK: Final = re.compile(
    _alt("策略", "strategy", "strategies", *KIND_WORDS["dca"], *KIND_WORDS["grid"]),
    re.IGNORECASE,
)


def find_kind(norm: str) -> Kind | None:
    """The kind a (normalized) sentence names first, if any."""
    found: list[tuple[int, Kind]] = []
    for kind, rx in KIND_RX.items():
        hit = rx.search(norm)
        if hit:
            found.append((hit.start(), kind))
    return min(found)[1] if found else None
