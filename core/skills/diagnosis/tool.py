"""The diagnosis skills' planner tool, ``diagnose``: a problem report no rule recognised ("my bot
stopped buying, why?") starts the same diagnosis task a rule would start.

The model says what the problem is about (``kind``) and, if the person named one, which of their
records (``name``). Both are checked on the server before anything runs: the kind against the
six diagnoses (the schema), the name against the person's own accounts, model configs, traders or
strategies (this run's owner), or an exchange or model provider they have one of. An unknown
name goes back to the model as an error naming what the person does have, and nothing starts. A
person with none of that kind gets the diagnosis's own "nothing to check" answer, as from a rule.

A valid call ends the planner's loop: the engine starts the diagnosis task (same privacy rule,
same checks, same checklist answer). Only the checklist is shown as facts; what the model wrote
beside the call becomes its labelled, guarded note (ToolDefinition.keeps_note).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Final, Literal, Protocol

from pydantic import Field

from core.i18n import Locale
from core.planner.tooling import (
    Findings,
    Rejection,
    ToolArgs,
    ToolDefinition,
    ToolOutput,
    ToolRun,
    schema_of,
)
from core.routing.normalize import normalize
from core.routing.router import Route
from core.services import Services
from core.skills.diagnosis.exchange import SKILL as EXCHANGE_SKILL
from core.skills.diagnosis.model import SKILL as MODEL_SKILL
from core.skills.diagnosis.orders import BALANCE_SKILL, ORDER_SKILL
from core.skills.diagnosis.traders import STRATEGY_SKILL, TRADER_SKILL
from core.strategies import STRATEGIES
from core.tasks.names import name_key
from core.traders.ports import TRADERS
from core.workspace.accounts import EXCHANGE_ACCOUNTS
from core.workspace.exchanges import exact_exchange
from core.workspace.model_configs import MODEL_CONFIGS
from core.workspace.providers import exact_provider

log = logging.getLogger(__name__)

DIAGNOSE: Final = "diagnose"
NAMES = (DIAGNOSE,)
UNKNOWN_NAME = "unknown_name"
LOOKUP_FAILED = "lookup_failed"
_LISTED = 10  # names offered back to the model after an unknown one

Kind = Literal["exchange", "model", "order_execution", "balance_position", "trader", "strategy"]
SKILL_OF: Final[dict[str, str]] = {
    "exchange": EXCHANGE_SKILL,
    "model": MODEL_SKILL,
    "order_execution": ORDER_SKILL,
    "balance_position": BALANCE_SKILL,
    "trader": TRADER_SKILL,
    "strategy": STRATEGY_SKILL,
}
_NOUN = {
    "exchange": "live exchange account",
    "model": "model config",
    "order_execution": "exchange account",
    "balance_position": "exchange account",
    "trader": "trader",
    "strategy": "strategy",
}


class DiagnoseArgs(ToolArgs):
    kind: Kind = Field(
        description="What the problem is about: exchange (an exchange account: keys, signature, "
        "permissions, clock, connection); model (a model config: key, balance, model name, base URL); "
        "order_execution (an order that failed or was rejected); balance_position (balances, "
        "positions or trade history that do not add up); trader (a trader / agent / bot that does "
        "not start, buy, sell or trade); strategy (a strategy that never trades)."
    )
    name: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="Only if the user named one: their account, model config, trader or strategy "
        "by its name, or the exchange (binance, okx, bybit) or model provider (deepseek, openai, ...).",
    )


class _Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class DiagnoseTools:
    """The Toolset: one task-starting tool, checked against the person's own records."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def definitions(self) -> Sequence[ToolDefinition]:
        return (
            ToolDefinition(
                DIAGNOSE,
                "Diagnose a problem the user reports with their own setup: deskmate runs fixed checks "
                "(records, live probes, the exchange's and provider's codes) and shows them as a "
                "checklist with the cause and what to do now. Starting it ends your turn.",
                schema_of(DiagnoseArgs),
                DiagnoseArgs,
                keeps_note=True,
            ),
        )

    def guidance(self) -> str:
        return (
            f"- {DIAGNOSE}: when the user says something of theirs does not work or asks why (a trader "
            "that stopped buying, an order that failed, a key the exchange refuses, a model that "
            "errors, balances that do not add up, a strategy that never trades). Pass name only if "
            "the user named one; without it every one of that kind is checked. The checks find the "
            "cause: do not guess one. Anything you write beside the call is shown to the user as "
            "your note under the checklist: keep it to one short sentence, or write nothing."
        )

    def check(self, name: str, args: ToolArgs) -> Rejection | None:
        return None  # the kind is the schema's; the name needs the person's records (the run)

    def start(self, user_id: str) -> ToolRun:
        return DiagnoseRun(self.services, user_id)


class DiagnoseRun:
    """One planner task's diagnose call: the name resolved against ``owner``'s records."""

    def __init__(self, services: Services, owner: str) -> None:
        self.services = services
        self.owner = owner

    def accept(self, name: str, args: ToolArgs) -> Rejection | None:
        return None

    async def execute(self, name: str, args: ToolArgs) -> ToolOutput | Route:
        assert isinstance(args, DiagnoseArgs)
        skill = SKILL_OF[args.kind]
        if args.name is None:
            return Route(skill, "diagnose", by="model")
        try:
            items = await self._owned(args.kind)
        except Exception as exc:  # a store that cannot answer: say so, start nothing
            log.warning("diagnose tool: looking up %s failed: %s", args.kind, type(exc).__name__)
            return ToolOutput({"ok": False, "error": {"code": LOOKUP_FAILED}}, LOOKUP_FAILED)
        if not items:
            # Nothing of that kind to name: the diagnosis says so itself (core.diagnosis.report.
            # nothing_to_check), exactly as when a rule started it.
            return Route(skill, "diagnose", by="model")
        slots = _resolve(args.kind, args.name, items)
        if slots is None:
            names = ", ".join(repr(i.name) for i in items[:_LISTED])
            message = (
                f"the user has no {_NOUN[args.kind]} named {args.name!r}; theirs: {names}. Call "
                f"{DIAGNOSE} again with one of these names, or without a name to check them all."
            )
            return ToolOutput(
                {"ok": False, "error": {"code": UNKNOWN_NAME, "message": message}},
                UNKNOWN_NAME,
                {"kind": args.kind},
            )
        return Route(skill, "diagnose", slots, by="model")

    async def _owned(self, kind: str) -> list[Any]:
        services, owner = self.services, self.owner
        if kind in ("exchange", "order_execution", "balance_position"):
            accounts = await services.get(EXCHANGE_ACCOUNTS).owned(owner)
            # The exchange diagnosis checks live keys only: a paper account has none.
            return [a for a in accounts if a.exchange != "paper"] if kind == "exchange" else accounts
        if kind == "model":
            return list(await services.get(MODEL_CONFIGS).owned(owner))
        if kind == "trader":
            return list(await services.get(TRADERS).owned(owner))
        return list(await services.get(STRATEGIES).owned(owner))

    def timed_out(self, name: str, args: ToolArgs) -> ToolOutput:
        return ToolOutput({"ok": False, "error": {"code": "deadline_exceeded"}}, "deadline_exceeded")

    async def findings(self, locale: Locale) -> Findings:
        return Findings()  # a valid call hands the task off; a refused one shows nothing


def _resolve(kind: str, said: str, items: Sequence[Any]) -> dict[str, Any] | None:
    """The slots naming what ``said`` means among ``items``: one of them by name (its id, so the
    diagnosis checks exactly that one), else an exchange or provider one of them is on; None
    when it means none of them."""
    key = name_key(said)
    named: list[_Named] = [i for i in items if name_key(i.name) == key]
    if named:
        return {"target_ref": {"id": str(named[0].id), "name": named[0].name}}
    if kind in ("exchange", "order_execution", "balance_position"):
        exchange = exact_exchange(normalize(said))
        # "binance" also means a Binance testnet account, as the exchange diagnosis reads it.
        family = (exchange, f"{exchange}_testnet") if kind == "exchange" else (exchange,)
        if exchange is not None and any(i.exchange in family for i in items):
            return {"exchange": exchange}
    if kind == "model":
        provider = exact_provider(normalize(said))
        if provider is not None and any(i.provider == provider for i in items):
            return {"provider": provider}
    return None
