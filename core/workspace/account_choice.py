"""Which of the person's exchange accounts a task acts on (trading, account questions): the
account is named ("用模拟账户", "on my binance account"), or asked with buttons when there are
several, or the only one is used silently. A newcomer with no account at all gets a paper account
with the default balance on first use (an order or an account question), and is told so.

A part, not a layer of classes: a skill acting on an account holds an ``AccountChoice`` built
from its ``AccountDeps`` and calls it from its flow hooks (targets, version, kind_label, advance)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.jobs.queue import JOBS, JobQueue
from core.markets import MarketCatalog
from core.reply import Block, NoticeBlock, Reply, Status
from core.services import CATALOG, Services
from core.state import Task, TaskStatus
from core.tasks.errors import NotFound
from core.tasks.flow import TaskFlow, owner_of
from core.tasks.refs import Target, resolve
from core.trading.ports import ORDERS, OrderStore
from core.trading.service import TRADING, TradingService
from core.turn import Turn
from core.workspace.accounts import (
    EXCHANGE_ACCOUNTS,
    ExchangeAccount,
    ExchangeAccountRepository,
    NewExchangeAccount,
)
from core.workspace.exchanges import EXCHANGES, PAPER_DEFAULT_BALANCE

ACCOUNT_REF = "exchange_account"  # "the one I just added" means the same account as in the workspace


@dataclass(frozen=True, slots=True)
class AccountDeps:
    """What a skill acting on an exchange account works with, built once from the services."""

    accounts: ExchangeAccountRepository
    trading: TradingService
    orders: OrderStore
    catalog: MarketCatalog
    jobs: JobQueue | None = None  # None: no job runner in this composition


def account_deps(services: Services) -> AccountDeps:
    return AccountDeps(
        services.get(EXCHANGE_ACCOUNTS),
        services.get(TRADING),
        services.get(ORDERS),
        services.get(CATALOG),
        services.find(JOBS),
    )


@dataclass(frozen=True, slots=True)
class AccountChoice:
    """The task's account: the targets offered, the one chosen, and the newcomer's first account."""

    accounts: ExchangeAccountRepository

    async def targets(self, owner: str) -> list[Target]:
        return [as_target(a) for a in await self.accounts.owned(owner)]

    @staticmethod
    def kind_label(turn: Turn) -> str:
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
        return account_version(acc) if acc is not None else None

    async def first_use(self, flow: TaskFlow, turn: Turn, task: Task) -> Reply | tuple[Block, ...]:
        """Before the flow resolves the account: a person with none gets their paper account (the
        notice saying so, to show first), or the reply that ends the task; else nothing."""
        action = flow.action(task)
        unresolved = action is not None and action.target and not (task.target_ref or {}).get("id")
        if unresolved and not await self.accounts.owned(owner_of(turn)):
            first = await self.without_accounts(flow, turn, task)
            return first if isinstance(first, Reply) else (first,)
        return ()

    async def without_accounts(self, flow: TaskFlow, turn: Turn, task: Task) -> Reply | Block:
        """A newcomer's first trading request or account question opens their paper account (and
        says so); one naming another account they do not have is told how to start."""
        opened = await self.open_paper_account(flow, turn, task)
        if opened is not None:
            return opened
        if task.is_open:
            flow.transition(turn, task, TaskStatus.FAILED)
        text = turn.t("acct.none", balance=PAPER_DEFAULT_BALANCE)
        named = (task.target_ref or {}).get("name")
        if named:  # the name said back: nothing is swapped in for it
            text = f"{turn.t('acct.none_named', name=named)}{text}"
        notice = NoticeBlock(text, "info", "no_accounts")
        return flow.private_reply(turn, task, Status.FAILED, (notice,))

    async def open_paper_account(self, flow: TaskFlow, turn: Turn, task: Task) -> NoticeBlock | None:
        """Open the newcomer's paper account (audited with it), unless the request names another."""
        name = turn.t("acct.paper_name")
        candidate = Target("new", name, _aliases("paper"))
        ref = {k: v for k, v in (task.target_ref or {}).items() if k != "id"}
        if ref and not resolve(ref, [candidate], None):
            return None
        created = await self.accounts.create(
            NewExchangeAccount(owner_of(turn), name, "paper", {}, PAPER_DEFAULT_BALANCE, turn.now),
            replace(flow.audit_entry(turn, task), action="open_paper_account"),
        )
        task.target_ref = {"id": created.id, "name": created.name}
        turn.state.recent_refs[ACCOUNT_REF] = created.id
        return NoticeBlock(
            turn.t("acct.opened_paper", name=created.name, balance=PAPER_DEFAULT_BALANCE),
            "info",
            "paper_account_opened",
        )


def as_target(account: ExchangeAccount) -> Target:
    return Target(account.id, account.name, _aliases(account.exchange))


def _aliases(exchange: str) -> tuple[str, ...]:
    found = EXCHANGES.get(exchange)
    return (exchange, *(found.aliases if found else ()))


def account_version(account: ExchangeAccount) -> str:
    """What a confirmation remembers of its account: another account under the same name (deleted
    and added again) is not the one confirmed."""
    return f"{account.id}|{account.exchange}|{account.created_at.isoformat()}"
