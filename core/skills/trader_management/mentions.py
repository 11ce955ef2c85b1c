"""The account, strategy and model a trader request or answer names: by name, by exchange or
provider, by strategy kind; "刚配的" / "just added" picks the most recent of several. Functions
over the skill's ``TraderDeps``, used by its flow hooks (core.skills.trader_management.skill)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.language.gazetteer import named_in
from core.language.lexicon import load
from core.language.word_scan import EXCHANGE, PROVIDER, named
from core.markets import MarketCatalog
from core.routing.normalize import normalize
from core.skills.trader_management.deps import TraderDeps
from core.strategies import Strategy
from core.tasks.names import name_key
from core.tasks.refs import Target, is_recent_phrase, resolve
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount
from core.workspace.exchanges import EXCHANGES
from core.workspace.model_configs import ModelConfig
from core.workspace.trade_reading import CoinNames

KIND_LABELS = {"account": "ws.kind.exchange", "strategy": "strategy.sm.kind", "model": "ws.kind.model"}
_REF_KINDS = {"account": "exchange_account", "strategy": "strategy", "model": "model_config"}
# slot -> its kind's word, with which "刚配的" / "just added" picks the latest of several ("刚配的模型").
_SAID = {"account": "noun.account", "model": "noun.model", "strategy": ""}

Referenced = ExchangeAccount | Strategy | ModelConfig


def _store(deps: TraderDeps, slot: str) -> Any:
    """The repository of the records ``slot`` holds (each has ``owned`` and ``get``)."""
    return {"account": deps.accounts, "strategy": deps.strategies, "model": deps.model_configs}[slot]


async def owned(deps: TraderDeps, owner: str, slot: str) -> Sequence[Referenced]:
    """The person's records of the kind ``slot`` (one of REFS) holds."""
    found: Sequence[Referenced] = await _store(deps, slot).owned(owner)
    return found


def _kind_of(norm: str, slot: str, record: Referenced) -> bool:
    """The text names the record's kind: its exchange, its provider, its strategy kind's word."""
    if isinstance(record, ExchangeAccount):
        return named(norm, EXCHANGE) == record.exchange
    if isinstance(record, ModelConfig):
        return named(norm, PROVIDER) == record.provider
    return _says(norm, f"strategy.{record.kind}")


async def mentions(deps: TraderDeps, owner: str, text: str) -> dict[str, str]:
    """The account, strategy and model ``text`` names unambiguously, by slot: their ids."""
    norm = normalize(text)
    recent = is_recent_phrase(text)
    found: dict[str, str] = {}
    for slot, noun in _SAID.items():
        records = await owned(deps, owner, slot)
        picked = _named(norm, records) or [r for r in records if _kind_of(norm, slot, r)]
        if not picked and recent and noun and _says(norm, noun):
            picked = list(records)  # "刚配的模型": the latest of them
        one = _one(picked, recent)
        if one is not None:
            found[slot] = one.id
    return found


async def resolve_ref(deps: TraderDeps, turn: Turn, owner: str, slot: str, text: str) -> str | None:
    """A typed answer for one record slot: its id, or None."""
    records = await owned(deps, owner, slot)
    if any(r.id == text for r in records):
        return text
    mentioned = (await mentions(deps, owner, text)).get(slot)
    if mentioned:
        return mentioned
    targets = [Target(r.id, r.name, _aliases(r)) for r in records]
    matches = resolve({"name": text}, targets, turn.state.recent_refs.get(_REF_KINDS[slot]))
    return matches[0].id if len(matches) == 1 else None


async def label(deps: TraderDeps, owner: str, slot: str, value: str) -> str:
    """The name of the record ``slot`` holds (its id ``value``), or the id when it is gone."""
    rec: Referenced | None = await _store(deps, slot).get(owner, value)
    return rec.name if rec is not None else value


def coin_in(norm: str, catalog: MarketCatalog) -> str | None:
    """The one supported coin a create request names ("BTC agent"), or None."""
    # The shared coin reader: "for me" names no coin ME, "以太经典" is ETC and not ETH.
    found = {s for s in CoinNames(catalog).all(norm) if catalog.is_supported(s)}
    return found.pop() if len(found) == 1 else None


def _says(norm: str, concept: str) -> bool:
    """A word of the lexicon's ``concept`` is in the text (anywhere in a typed answer such as "eth
    grid" or "刚配的模型", which the tagger would read as a name)."""
    return any(named_in(word, norm) for word in load().concepts[concept].words)


def _aliases(record: Referenced) -> tuple[str, ...]:
    if isinstance(record, ExchangeAccount):
        exchange = EXCHANGES.get(record.exchange)
        return (record.exchange, *(exchange.aliases if exchange else ()))
    if isinstance(record, ModelConfig):
        return (record.provider,)
    return (record.kind,)


def _named(norm: str, records: Sequence[Any]) -> list[Any]:
    """Records whose name the text contains (names of two characters or more)."""
    text = name_key(norm)
    return [r for r in records if len(name_key(r.name)) >= 2 and name_key(r.name) in text]


def _one(records: Sequence[Any], recent: bool) -> Any | None:
    """One record; of several, the most recent when the text says "just added"; else None."""
    if len(records) == 1:
        return records[0]
    if records and recent:
        return max(records, key=lambda r: (r.updated_at, r.created_at, int(r.id) if r.id.isdigit() else 0))
    return None
