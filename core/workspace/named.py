"""The exchange type or the model provider a message names, read by the language layer's one
matcher (core.language.tagger.named: the longest name, "币安测试网" over "币安", inside another
word's tag too). Apart from core.workspace.exchanges / providers, whose names the tagger reads."""

from __future__ import annotations

from core.language.tagger import EXCHANGE, PROVIDER, named


def find_exchange(normalized: str) -> str | None:
    """The exchange type a (normalized) message names, longest name first ("币安测试网")."""
    return named(normalized, EXCHANGE)


def find_provider(normalized: str) -> str | None:
    """The model provider a (normalized) message names, longest name first."""
    return named(normalized, PROVIDER)
