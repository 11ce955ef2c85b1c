"""The glossary's intents: a term (core/language/lexicon/term.toml, or a strategy's kind in
strategy.toml) with a word asking what it means ("什么是逐仓", "what's a testnet", "cross vs
isolated margin", "what is a grid strategy"). "what's" alone also asks ("what's an api key"). The
term is the first one named; a kind said of one's own strategy ("我的网格策略是什么状态") is the
strategy's question, not the word's."""

from __future__ import annotations

from core.language.intents import intent
from core.language.slots import Slots, Word

SKILL = "glossary"
TERMS = {
    "term.margin": "margin", "term.testnet": "testnet", "term.passphrase": "passphrase",
    "term.api_key": "api_key", "strategy.grid": "grid", "strategy.dca": "dca",
    "term.stop_loss": "stop_loss", "term.take_profit": "take_profit", "term.limit_order": "limit_order",
    "term.market_order": "market_order", "term.slippage": "slippage", "term.leverage": "leverage",
    "term.futures": "futures", "term.liquidation": "liquidation",
}  # fmt: skip
# Trading words are also an order's or an account's: said of one's own, of a coin or with a
# number ("what is my stop loss on eth", "合约账户里有什么") they are not the word's question.
TRADING_TERMS = frozenset(TERMS) - {"term.margin", "term.testnet", "term.passphrase", "term.api_key"}
TRADING_AVOIDS = ("filler.mine", "coin", "noun.account", "noun.balance", "noun.holdings", "own.account")
ASKS = ("ask.meaning", "ask.what_is")
# A kind's parameters asked about ("the grid's upper price") are the strategy's, not the word's.
PARAMETERS = [
    f"strategy.{p}" for p in ("quote_amount", "interval", "grids", "lower", "upper", "quote_per_grid")
]
KIND_AVOIDS = ("filler.mine", "own.strategy", "verb.query", "noun.price", *PARAMETERS)


_TERM = Slots(Word("term", TERMS, need=True))  # the first term named
INTENTS = tuple(
    intent(SKILL, "explain", need=[c], one_of=ASKS, fill=_TERM, may=["noun.strategy"], avoid=KIND_AVOIDS)
    if c.startswith("strategy.")
    else intent(SKILL, "explain", need=[c], one_of=ASKS, fill=_TERM, avoid=TRADING_AVOIDS)
    if c in TRADING_TERMS
    else intent(SKILL, "explain", need=[c], one_of=ASKS, fill=_TERM)
    for c in TERMS
)
