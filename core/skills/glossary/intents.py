"""The glossary's intents: a table (core/language/lexicon/intents/glossary.toml), a term with a word
asking what it means; the fill reads the first term named."""

from __future__ import annotations

from core.language.intents import table
from core.language.slots import Slots, Word

SKILL = "glossary"
TERMS = {
    "term.margin": "margin", "term.testnet": "testnet", "term.passphrase": "passphrase",
    "term.api_key": "api_key", "strategy.grid": "grid", "strategy.dca": "dca",
    "term.stop_loss": "stop_loss", "term.take_profit": "take_profit", "term.limit_order": "limit_order",
    "term.market_order": "market_order", "term.stop_limit": "stop_limit", "term.slippage": "slippage",
    "term.leverage": "leverage", "term.futures": "futures", "term.liquidation": "liquidation",
    "term.funding_rate": "funding_rate", "term.long_short": "long_short",
    "term.trailing_stop": "trailing_stop", "term.reduce_only": "reduce_only",
    "term.maker_taker": "maker_taker", "term.drawdown": "drawdown", "term.backtest": "backtest",
    "term.pnl": "pnl", "term.pnl_ratio": "pnl_ratio", "term.win_rate": "win_rate",
}  # fmt: skip
INTENTS = table(SKILL, "glossary", {"term": Slots(Word("term", TERMS, need=True))}).intents
