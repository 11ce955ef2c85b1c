"""Tasks on one of the person's exchange accounts (trading, account questions): the account is
named ("用模拟账户", "on my binance account"), or asked with buttons when there are several, or
the only one is used silently. A newcomer with no account at all gets a paper account with the
default balance on first use (an order or an account question), and is told so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.clock import Clock
from core.reply import Block, NoticeBlock, Reply, Status
from core.secrets import SecretBox
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec
from core.tasks.audit import AuditLog
from core.tasks.errors import NotFound
from core.tasks.flow import TaskFlow, owner_of
from core.tasks.refs import Target, resolve
from core.trading.service import TradingService, kind_of
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount, ExchangeAccountRepository, NewExchangeAccount
from core.workspace.exchanges import EXCHANGES, PAPER_DEFAULT_BALANCE


class AccountFlow(TaskFlow):
    """A task acting on (or asking about) one exchange account of the person."""

    ref_kind = "exchange_account"  # "the one I just added" means the same account as in the workspace

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        trading: TradingService,
        secrets: SecretBox,
        audit: AuditLog,
        clock: Clock,
    ) -> None:
        super().__init__(actions, secrets, audit, clock)
        self.accounts = accounts
        self.trading = trading

    # -- accounts ----------------------------------------------------------------------------

    async def targets(self, owner: str) -> list[Target]:
        return [as_target(a) for a in await self.accounts.owned(owner)]

    def kind_label(self, turn: Turn) -> str:
        return turn.t("ws.kind.exchange")

    async def account(self, turn: Turn, task: Task) -> ExchangeAccount:
        ref = task.target_ref or {}
        found = await self.accounts.get(owner_of(turn), ref.get("id", "")) if ref.get("id") else None
        if found is None:
            raise NotFound(ref.get("id", ""))
        return found

    async def version(self, turn: Turn, task: Task) -> str | None:
        ref = task.target_ref or {}
        acc = await self.accounts.get(owner_of(turn), ref["id"]) if ref.get("id") else None
        return f"{acc.id}|{acc.exchange}|{acc.created_at.isoformat()}" if acc is not None else None

    async def advance(
        self, turn: Turn, task: Task, *, notes: Sequence[Block] = (), carried_secret: bool = False
    ) -> Reply:
        action = self.action(task)
        unresolved = action is not None and action.target and not (task.target_ref or {}).get("id")
        if unresolved and not await self.accounts.owned(owner_of(turn)):
            first = await self.without_accounts(turn, task)
            if isinstance(first, Reply):
                return first
            notes = [*notes, first]
        return await super().advance(turn, task, notes=notes, carried_secret=carried_secret)

    async def without_accounts(self, turn: Turn, task: Task) -> Reply | Block:
        """A newcomer's first trading request or account question opens their paper account (and
        says so); one naming another account they do not have is told how to start."""
        opened = await self.open_paper_account(turn, task)
        if opened is not None:
            return opened
        if task.is_open:
            self.transition(turn, task, TaskStatus.FAILED)
        text = turn.t("acct.none", balance=PAPER_DEFAULT_BALANCE)
        named = (task.target_ref or {}).get("name")
        if named:  # the name said back: nothing is swapped in for it
            text = f"{turn.t('acct.none_named', name=named)}{text}"
        notice = NoticeBlock(text, "info", "no_accounts")
        return self.private_reply(turn, task, Status.FAILED, (notice,))

    async def open_paper_account(self, turn: Turn, task: Task) -> NoticeBlock | None:
        """Open the newcomer's paper account (audited with it), unless the request names another."""
        name = turn.t("acct.paper_name")
        candidate = Target("new", name, _aliases("paper"))
        ref = {k: v for k, v in (task.target_ref or {}).items() if k != "id"}
        if ref and not resolve(ref, [candidate], None):
            return None
        created = await self.accounts.create(
            NewExchangeAccount(owner_of(turn), name, "paper", {}, PAPER_DEFAULT_BALANCE, turn.now),
            replace(self.audit_entry(turn, task), action="open_paper_account"),
        )
        task.target_ref = {"id": created.id, "name": created.name}
        turn.state.recent_refs[self.ref_kind] = created.id
        return NoticeBlock(
            turn.t("acct.opened_paper", name=created.name, balance=PAPER_DEFAULT_BALANCE),
            "info",
            "paper_account_opened",
        )

    @staticmethod
    def kind(account: ExchangeAccount) -> str:
        return kind_of(account)


def as_target(account: ExchangeAccount) -> Target:
    return Target(account.id, account.name, _aliases(account.exchange))


def _aliases(exchange: str) -> tuple[str, ...]:
    found = EXCHANGES.get(exchange)
    return (exchange, *(found.aliases if found else ()))
