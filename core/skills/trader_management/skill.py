"""trader_management: create, update, delete, start, stop and query traders.

A trader binds a name, an exchange account, a strategy and, for an ``ai`` strategy, a model
config. Create asks only for what is missing, and takes references anywhere in the task — "用我刚
配的 DeepSeek" answering "which account?" fills the model and asks the account again. Start runs
the pre-launch checks (core.traders.checks) and queues the trader's tick job; a live account's
start is always confirmed. Stop is always confirmed, one trader or all running ones at once;
it cancels nothing already filled. Delete is refused while the trader runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.clock import Clock
from core.coin_index import CoinIndex
from core.i18n import is_zh
from core.language.fills import on_off
from core.language.lexicon import phrases
from core.language.phrases import Words
from core.language.values import Value, find_values, refusal_message
from core.reply import Block, DetailsBlock, NoticeBlock, Reply
from core.routing.normalize import normalize
from core.routing.router import Route
from core.secrets import SecretBox
from core.skills.trader_management.by_strategy import start_of_strategy
from core.skills.trader_management.deps import (
    ALL,
    NO_MODEL,
    REFS,
    STOPPED_STRATEGY,
    SWITCHES,
    TraderDeps,
    TraderRecords,
    stopped_by,
)
from core.skills.trader_management.intents import SKILL
from core.skills.trader_management.mentions import KIND_LABELS, coin_in, label, mentions, owned, resolve_ref
from core.skills.trader_management.named import named
from core.skills.trader_management.present import account_label, account_of, details, task_rows
from core.skills.trader_management.rules import KEPT_FIELDS, REQUEST
from core.state import Task, TaskStatus
from core.strategies import Strategy
from core.strategies.words import FIELDS as STRATEGY_FIELDS
from core.tasks.actions import ActionSpec, SlotSpec
from core.tasks.answers import bare
from core.tasks.audit import AuditLog
from core.tasks.flow import Choice, Parsed, TaskFlow, owner_of
from core.tasks.names import name_key
from core.tasks.refs import Target
from core.traders.model import Trader
from core.trading.service import kind_of
from core.turn import Turn
from core.workspace import correcting, interrupted
from core.workspace.accounts import NewExchangeAccount
from core.workspace.exchanges import PAPER_DEFAULT_BALANCE
from core.workspace.records import Records, labelled_field, preview_record

# The trader noun (core/language/lexicon/phrases/records.toml), taken out of a trader's name so
# the rest is an alias ("启动 BTC定投" finds "BTC定投交易员"); not the lexicon's noun.trader, whose
# "机器人" / "bot" may be the name itself.
TRADER_NOUN = Words("records.trader")
FIELDS = ("name", "account", "strategy", "model", "auto_start", "daily_summary")


class TraderSkill(TaskFlow):
    name = SKILL
    ref_kind = "trader"

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        deps: TraderDeps,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.records = Records(
            TraderRecords(deps.traders),
            kind_key="trader.kind",
            texts="trader",
            code="trader",
            none_code="no_traders",
        )
        self.deps = deps

    # -- the records (core.workspace.records; corrections: core.workspace.correcting) -----------

    async def targets(self, owner: str) -> list[Target]:
        return [self.as_target(r) for r in await self.records.owned(owner)]

    def kind_label(self, turn: Turn) -> str:
        return self.records.kind_label(turn)

    def field_label(self, turn: Turn, slot: str) -> str | None:
        return labelled_field(turn, slot)

    async def recover(self, turn: Turn, task: Task) -> list[Block]:
        """core.conversation.interrupted.Recoverable: the record tells whether it ran."""
        return await interrupted.recover(self, turn, task)

    async def after_correction(self, turn: Turn, task: Task, slot: str, old: Any) -> list[Block]:
        return []  # no slot of this skill's makes another stale

    def shown_value(self, turn: Turn, task: Task, slot: str) -> str:
        return correcting.shown_value(task, slot)

    def as_target(self, record: Trader) -> Target:
        # "启动 BTC定投" finds "BTC定投交易员": the rule reads "交易员" as the noun, not the name.
        bare_name = normalize(TRADER_NOUN.sub(" ", record.name)).strip()
        return Target(record.id, record.name, (bare_name,) if bare_name else ())

    async def version(self, turn: Turn, task: Task) -> str | None:
        rec = await self.records.current(turn, task)
        if rec is None:
            return None
        # The state is part of it: a confirmation to stop a trader that has stopped meanwhile is stale.
        return f"{rec.id}|{rec.name}|{rec.run}|{rec.state.value}|{rec.updated_at.isoformat()}"

    # -- the task's start: what the request already says ---------------------------------------

    async def start(self, turn: Turn, task: Task) -> Reply:
        request = str(task.slots.pop(REQUEST, "") or "")
        if task.action == "create" and request:
            money = _money_in(request, CoinIndex(self.deps.catalog))
            if money is not None:
                return self._fail(turn, task, _money_refusal(turn, money), "no_amount", [])
            norm = normalize(request)
            symbol = coin_in(norm, self.deps.catalog)
            if symbol and "symbol" not in task.slots:
                task.slots["symbol"] = symbol
            found = await mentions(self.deps, owner_of(turn), request)
            for slot, value in found.items():
                task.slots.setdefault(slot, value)
            missing = await self._named_missing(turn, task, request, found)
            if missing is not None:
                return missing
        unsure = correcting.take_name_unsure(task)
        return correcting.name_unsure(turn, task, await super().start(turn, task), unsure)

    async def _named_missing(
        self, turn: Turn, task: Task, request: str, found: dict[str, str]
    ) -> Reply | None:
        """A strategy, account or model the request names that the person does not have: said
        back with what they have, never swapped for another of their records."""
        owner = owner_of(turn)
        for slot in ("strategy", "account", "model"):
            name = named(request, slot)
            if name is None or slot in found:
                continue
            records = await owned(self.deps, owner, slot)
            if not any(name_key(r.name) == name_key(name) for r in records):
                return self._not_found(turn, task, name, slot, records)
        return None

    def _not_found(self, turn: Turn, task: Task, said: str, slot: str, records: Sequence[Any]) -> Reply:
        """``said`` names none of their records of ``slot``'s kind: said back with what they have."""
        names = ("、" if is_zh(turn.locale) else ", ").join(r.name for r in records) or "—"
        text = turn.t("flow.not_found", ref=said, kind=turn.t(KIND_LABELS[slot]), names=names)
        return self._fail(turn, task, text, "not_found", [])

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply:
        if task.is_open and task.action in ("stop", "query") and (task.target_ref or {}).get("all"):
            task.target_ref = {"id": ALL, "name": turn.t("trader.field.state")}
        said = (task.target_ref or {}).get("strategy")
        if task.is_open and task.action in ("stop", "start") and said and "id" not in (task.target_ref or {}):
            strategies = await self.deps.strategies.owned(owner_of(turn))
            meant = meant_strategies(strategies, task)
            if len(meant) > 1:  # "stop my btc dca" with two DCAs on BTC: which one, with buttons
                return await self.ask(turn, task, STOPPED_STRATEGY, notes)
            if not meant:
                return self._not_found(turn, task, said, "strategy", strategies)
            if task.action == "start":  # "restart my eth grid": the trader running it
                pending = await start_of_strategy(self, turn, task, meant[0], notes)
                if pending is not None:
                    return pending
            else:
                task.target_ref = {"id": ALL, "name": meant[0].name, "strategy": meant[0].id}
        if task.is_open and task.action == "create":
            refusal = await self._cannot_create(turn, task)
            if refusal is not None:
                return refusal
        return await super().advance(turn, task, notes=notes, carried_secret=carried_secret)

    async def _cannot_create(self, turn: Turn, task: Task) -> Reply | None:
        owner = owner_of(turn)
        strategies = await self.deps.strategies.owned(owner)
        if not strategies:
            return self._fail(turn, task, turn.t("trader.no_strategy"), "no_strategy", [])
        chosen = next((s for s in strategies if s.id == task.slots.get("strategy")), None)
        if chosen is None and "strategy" not in task.slots:
            chosen = await self._pick_strategy(owner, task)  # what the flow will infer
        if chosen is not None:
            task.slots["kind"] = chosen.kind
            if chosen.kind == "ai" and not await self.deps.model_configs.owned(owner):
                return self._fail(turn, task, turn.t("trader.no_model"), "no_model", [])
        return None

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        """An answer may name another of the task's records than the one asked ("which
        account?" -> "用我刚配的 DeepSeek"): it fills that one and the task goes on."""
        if (
            task.status is TaskStatus.COLLECTING
            and task.action == "create"
            and task.asking in REFS
            and (route is None or route.followup)
        ):
            found = await mentions(self.deps, owner_of(turn), turn.text)
            if found and task.asking not in found:
                notes: list[Block] = []
                for slot, value in found.items():
                    task.slots[slot] = value
                    name = await label(self.deps, owner_of(turn), slot, value)
                    notes.append(
                        NoticeBlock(
                            turn.t("trader.noted", what=turn.t(f"trader.field.{slot}"), name=name),
                            code="noted",
                        )
                    )
                return await self.advance(turn, task, notes=notes)
        fixed = await correcting.corrected(self, self.records.domain, turn, task, route)
        return fixed if fixed is not None else await super().continue_text(turn, task, route)

    # -- questions and answers -----------------------------------------------------------------

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        if task.action in ("stop", "start") and spec.name == "strategy":
            said = (task.target_ref or {}).get("strategy", "")
            return turn.t("flow.ambiguous", ref=said, kind=turn.t(KIND_LABELS["strategy"]))
        if spec.name == "field":
            return turn.t("trader.ask_field", name=(task.target_ref or {}).get("name", ""))
        if spec.name == "new_name":
            return turn.t("ws.ask_new_name", name=(task.target_ref or {}).get("name", ""))
        if spec.name in SWITCHES:
            return f"{turn.t(f'trader.field.{spec.name}')}: {turn.t('trader.ask_switch')}"
        return turn.t(f"trader.ask_{spec.name}")

    async def choices(self, turn: Turn, task: Task, spec: SlotSpec) -> list[Choice]:
        owner = owner_of(turn)
        if spec.name == "account":
            return [Choice(a.id, account_label(turn, a)) for a in await self.deps.accounts.owned(owner)]
        if spec.name == "strategy" and task.action in ("stop", "start"):
            return [
                Choice(s.id, s.name) for s in meant_strategies(await self.deps.strategies.owned(owner), task)
            ]
        if spec.name == "strategy":
            return [Choice(s.id, s.name) for s in await self._strategy_candidates(owner, task)]
        if spec.name == "model":
            return [Choice(c.id, c.name) for c in await self.deps.model_configs.owned(owner) if c.enabled]
        if spec.name == "field":
            return [Choice(f, turn.t(f"trader.field.{f}")) for f in FIELDS]
        if spec.name in SWITCHES:
            return [Choice("on", turn.t("trader.on")), Choice("off", turn.t("trader.off"))]
        return []

    async def _pick_strategy(self, owner: str, task: Task) -> Strategy | None:
        """The strategy a create uses unless told: the default one (among those for the coin the
        request names), else the only candidate."""
        candidates = await self._strategy_candidates(owner, task)
        chosen = next((s for s in candidates if s.is_default), None)
        if chosen is None and len(candidates) == 1:
            chosen = candidates[0]
        return chosen

    async def _strategy_candidates(self, owner: str, task: Task) -> list[Strategy]:
        strategies = await self.deps.strategies.owned(owner)
        symbol = task.slots.get("symbol")
        fitting = [s for s in strategies if symbol in s.symbols]
        return fitting or strategies

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        if spec.name in REFS:
            found = await resolve_ref(self.deps, turn, owner_of(turn), spec.name, text.strip())
            return Parsed(found) if found else Parsed(error=f"trader.bad_{spec.name}")
        if spec.name in ("name", "new_name"):
            return await self.records.parse_name(turn, task, text)
        if spec.name in SWITCHES:
            on = on_off(text)
            return Parsed(error="trader.bad_switch") if on is None else Parsed("on" if on else "off")
        if spec.name == "field":
            field = _answer(text, FIELDS)
            return Parsed(field) if field else Parsed(error="trader.bad_field")
        if spec.name == "symbol":
            symbol = text.upper() if self.deps.catalog.is_supported(text) else self.deps.catalog.resolve(text)
            return Parsed(symbol) if symbol else Parsed()
        if spec.name in ("kind", "paper_opened"):
            return Parsed(text)
        if spec.name == "asked":  # "how": a start asked how it is done (actions.ASKED_HOW)
            return Parsed(text) if text == "how" else Parsed()
        if spec.name == "parameter":  # "interval:4h": a strategy's parameter (actions.PARAMETER_SAID)
            field, _, _value = text.partition(":")
            return Parsed(text) if field in STRATEGY_FIELDS else Parsed()
        if spec.name == "kept":  # "account:main": what a start was told to use (actions.KEPT_SAID)
            field, _, name = text.partition(":")
            return Parsed(text) if field in KEPT_FIELDS and name else Parsed()
        return Parsed(error="flow.invalid")

    async def infer(self, turn: Turn, task: Task, spec: SlotSpec) -> str | None:
        owner = owner_of(turn)
        if spec.name == "account":
            accounts = await self.deps.accounts.owned(owner)
            if len(accounts) == 1:
                return accounts[0].id
            if not accounts:  # a newcomer trades on paper, as with a first order
                name = turn.t("acct.paper_name")
                created = await self.deps.accounts.create(
                    NewExchangeAccount(owner, name, "paper", {}, PAPER_DEFAULT_BALANCE, turn.now),
                    replace(self.audit_entry(turn, task), skill=SKILL, action="open_paper_account"),
                )
                task.slots["paper_opened"] = created.name
                return created.id
            return None
        if spec.name == "strategy":
            chosen = await self._pick_strategy(owner, task)
            if chosen is not None:
                task.slots["kind"] = chosen.kind
                return chosen.id
            return None
        if spec.name == "model":
            if task.slots.get("kind") not in (None, "ai"):
                return NO_MODEL
            enabled = [c for c in await self.deps.model_configs.owned(owner) if c.enabled]
            return enabled[0].id if len(enabled) == 1 else None
        if spec.name == "name":
            return await self._default_name(turn, task)
        return None

    async def _default_name(self, turn: Turn, task: Task) -> str:
        owner = owner_of(turn)
        strategy = await self.deps.strategies.get(owner, str(task.slots.get("strategy", "")))
        base = self.deps.catalog.base_of(strategy.symbols[0]) if strategy and strategy.symbols else "BTC"
        kind = turn.t(f"trader.kind.{strategy.kind}") if strategy else "AI"
        if is_zh(turn.locale) and kind.isascii():
            kind = f" {kind}"  # "BTC AI助手", not "BTCAI助手"
        stem = turn.t("trader.default_name", base=base, kind=kind)
        taken = {name_key(t.name) for t in await self.deps.traders.owned(owner)}
        for n in range(1, 1000):
            name = stem if n == 1 else f"{stem} {n}"
            if name_key(name) not in taken:
                return name
        return f"{stem} {turn.now:%H%M%S}"

    # -- checks and confirmations --------------------------------------------------------------

    async def on_target(self, turn: Turn, task: Task) -> None:
        if task.action == "start":
            trader = await self.records.current(turn, task)
            account = await account_of(self.deps, trader) if trader else None
            task.slots["live"] = "1" if account is not None and kind_of(account) == "live" else "0"

    async def preview(self, turn: Turn, task: Task) -> tuple[str, DetailsBlock]:
        if task.action == "stop":
            ref = task.target_ref or {}
            if ref.get("id") == ALL:
                running = [t for t in await self.records.owned(owner_of(turn)) if stopped_by(t, ref)]
                rows = tuple((t.name, turn.t(f"trader.state.{t.state.value}")) for t in running)
                title = turn.t("trader.list_title", count=len(running))
                key = "trader.confirm_stop_strategy" if ref.get("strategy") else "trader.confirm_stop_all"
                text = turn.t(key, count=len(running), name=ref.get("name", ""))
                return text, DetailsBlock(title, rows)
            trader = await self.records.current(turn, task)
            name = trader.name if trader else (task.target_ref or {}).get("name", "")
            return turn.t("trader.confirm_stop", name=name), await details(self.deps, turn, trader, name)
        if task.action == "start":
            trader = await self.records.current(turn, task)
            account = await account_of(self.deps, trader) if trader else None
            name = trader.name if trader else ""
            text = turn.t("trader.confirm_start", name=name, account=account.name if account else "")
            return text, await details(self.deps, turn, trader, name)
        if task.action == "create":
            account = await self.deps.accounts.get(owner_of(turn), str(task.slots.get("account", "")))
            name = str(task.slots.get("name", ""))
            text = turn.t("trader.confirm_create", name=name, account=account.name if account else "")
            return text, DetailsBlock(
                turn.t("trader.title", name=name), await task_rows(self.deps, turn, task)
            )
        if task.action == "update":
            trader = await self.records.current(turn, task)
            name = trader.name if trader else ""
            return turn.t("ws.confirm_update", name=name, fields=""), await details(
                self.deps, turn, trader, name
            )
        return await preview_record(self, turn, task)

    async def preview_update(
        self, turn: Turn, task: Task, record: Trader | None, name: str
    ) -> tuple[str, DetailsBlock]:
        return turn.t("ws.confirm_update", name=name, fields=""), await details(self.deps, turn, record, name)

    def rows(self, turn: Turn, trader: Trader) -> tuple[tuple[str, str], ...]:
        return (
            (turn.t("trader.field.name"), trader.name),
            (turn.t("trader.field.state"), turn.t(f"trader.state.{trader.state.value}")),
        )

    def line(self, turn: Turn, trader: Trader) -> str:
        return turn.t(f"trader.state.{trader.state.value}")

    def describe(self, turn: Turn, task: Task) -> str:
        what = turn.t(f"trader.describe.{task.action}")
        name = (task.target_ref or {}).get("name")
        if not name or (task.target_ref or {}).get("id") == ALL:
            return what
        return f"{what}（{name}）" if is_zh(turn.locale) else f"{what} ({name})"


def meant_strategies(strategies: Sequence[Strategy], task: Task) -> list[Strategy]:
    """The strategies a stop means: the one chosen when asked, else the one named so, else those of
    the coin and kind said ("stop my btc dca": their DCAs on BTC, whatever their names)."""
    ref, chosen = task.target_ref or {}, task.slots.get("strategy")
    if chosen:
        return [s for s in strategies if s.id == chosen]
    named = [s for s in strategies if name_key(s.name) == name_key(ref.get("strategy", ""))]
    if named or "kind" not in ref:
        return named
    symbol = ref.get("symbol")
    return [s for s in strategies if s.kind == ref["kind"] and (symbol is None or symbol in s.symbols)]


def _money_in(request: str, coins: CoinIndex) -> Value | None:
    """Money said in a create request ("初始资金-1000U", "with 1e4 usdt", "with 1000 usdt"): a
    trader has no amount of its own, so it is never dropped without a word."""
    said = find_values(request, coins)
    # A coin's amount only in digits: "创建一个ETH交易员" is one trader of ETH, not 1 ETH.
    return next((v for v in said if v.unit == "quote" or (v.unit == "base" and _digits(v.typed))), None)


def _digits(typed: str) -> bool:
    return any(c.isdigit() for c in typed)


def _money_refusal(turn: Turn, money: Value) -> str:
    """A sign or exponent refused quoting it; a well-read amount: a trader has no starting amount."""
    if money.refused:
        return refusal_message(turn.locale, money.reason or "separators", money.typed)
    return turn.t("trader.no_amount", typed=money.typed)


def _answer(text: str, choices: Sequence[str]) -> str | None:
    """The field a one-word answer is a word of (core/language/lexicon/phrases/trader_answer.toml:
    "策略" -> strategy), whole; on or off is the layer's (core.language.fills.on_off)."""
    word, lexicon = bare(text), phrases("trader_answer")
    return next((c for c in choices if word in lexicon.concepts[f"trader_answer.{c}"].words), None)
