"""Workspace test helpers: a Core wired with the workspace (memory or SQL stores) and a chat."""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.demo_market import DemoMarket
from core.clock import FixedClock
from core.engine import Core
from core.events import ButtonPress, ChatKind, Command, ConversationKey, TextMessage
from core.memory_store import MemoryStateStore
from core.planner import Planner
from core.ports import StateStore
from core.reply import Button, DetailsBlock, NoticeBlock, Reply
from core.secrets import SecretBox
from core.tasks.audit import AuditEntry, AuditLog
from core.workspace.accounts import ExchangeAccountRepository
from core.workspace.memory import MemorySecretBox, MemoryWorkspace
from core.workspace.model_configs import ModelConfigRepository
from tests.fakes import NOW, full_skills

# Distinctive, realistic-looking credentials: tests grep for them wherever they must not be.
API_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
API_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j"
NEW_API_KEY = "Q2h4bmV3a2V5Zm9ydGhlbWFpbmFjY291bnQxMjM0NTY3ODkwYWJjZGVmZ2hpams"
MODEL_KEY = "sk-7f3c9a1e5b2d4f6a8c0e1b3d5f7a9c2e"


def audit_entry(owner: str, action: str = "create", skill: str = "exchange_management") -> AuditEntry:
    """An "ok" audit entry, as a skill hands a repository with a change."""
    return AuditEntry(owner, f"console:chat:{owner}:", NOW, skill, action, None, None, "ok")


def masked(secret: str) -> str:
    """As a secret must show: a quarter of it at most, never more than 4 characters at each end."""
    keep = min(4, len(secret) // 8)
    return f"{secret[:keep]}****{secret[-keep:]}" if keep else "****"


@dataclass
class Chat:
    """One user in one private conversation with a Core (plus other users' presses)."""

    core: Core
    key: ConversationKey = field(default_factory=lambda: ConversationKey("console", "chat-1", "user-1"))
    kind: ChatKind = ChatKind.PRIVATE
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def _id(self) -> str:
        # Unique across Core instances too: a new "process" must not look like a redelivery.
        return f"{self.key.user_id}-e{next(self._ids)}-{uuid.uuid4().hex[:8]}"

    async def say(self, text: str) -> Reply:
        return await self.core.handle(TextMessage(self._id(), self.key, self.kind, text=text))

    async def command(self, name: str, args: str = "") -> Reply:
        return await self.core.handle(Command(self._id(), self.key, self.kind, name=name, args=args))

    async def press(self, button: Button | str, user_id: str | None = None) -> Reply:
        token = button.token if isinstance(button, Button) else button
        key = self.key if user_id is None else ConversationKey(self.key.platform, self.key.chat_id, user_id)
        return await self.core.handle(ButtonPress(self._id(), key, self.kind, token=token))


class Workspace(Protocol):
    """The workspace repositories a desk runs on (MemoryWorkspace, or the SQL ones)."""

    accounts: ExchangeAccountRepository
    models: ModelConfigRepository
    audit: AuditLog


@dataclass
class SqlWorkspace:
    accounts: ExchangeAccountRepository
    models: ModelConfigRepository
    audit: AuditLog


def sql_workspace(engine: AsyncEngine) -> SqlWorkspace:
    from adapters.storage.audit_log import SqlAuditLog
    from adapters.storage.exchange_accounts import SqlExchangeAccounts
    from adapters.storage.model_configs import SqlModelConfigs

    return SqlWorkspace(SqlExchangeAccounts(engine), SqlModelConfigs(engine), SqlAuditLog(engine))


@dataclass
class Desk:
    core: Core
    workspace: Workspace
    states: StateStore
    secrets: SecretBox
    clock: FixedClock
    chat: Chat


def make_desk(
    *,
    workspace: Workspace | None = None,
    states: StateStore | None = None,
    secrets: SecretBox | None = None,
    clock: FixedClock | None = None,
    planner: object | None = None,
    model: object | None = None,
) -> Desk:
    """A Core with every registered skill (as bot.wiring registers them) on the given stores.
    ``model``: a ChatModel for a real planner over the registered skills' tools."""
    clock = clock or FixedClock(NOW)
    workspace = workspace or MemoryWorkspace()
    states = states or MemoryStateStore()
    secrets = secrets or MemorySecretBox()
    skills = full_skills(
        DemoMarket(clock),
        clock,
        secrets=secrets,
        accounts=workspace.accounts,
        models=workspace.models,
        audit=workspace.audit,
    )
    if model is not None:
        planner = Planner(model, skills.toolsets, clock=clock)  # type: ignore[arg-type]
    core = Core(store=states, skills=skills, clock=clock, planner=planner)  # type: ignore[arg-type]
    return Desk(core, workspace, states, secrets, clock, Chat(core))


@pytest.fixture
def desk() -> Desk:
    return make_desk()


def codes(reply: Reply) -> list[str | None]:
    return [b.code for b in reply.blocks if isinstance(b, NoticeBlock)]


def text_of(reply: Reply) -> str:
    parts: list[str] = []
    for b in reply.blocks:
        if isinstance(b, NoticeBlock):
            parts.append(b.text)
        elif isinstance(b, DetailsBlock):
            parts.append(b.title)
            parts.extend(f"{k}: {v}" for k, v in b.rows)
    return "\n".join(parts)


def details(reply: Reply) -> dict[str, str]:
    rows: dict[str, str] = {}
    for b in reply.blocks:
        if isinstance(b, DetailsBlock):
            rows.update(dict(b.rows))
    return rows


def button(reply: Reply, label: str) -> Button:
    found = [b for b in reply.buttons if b.label == label]
    assert found, f"no button {label!r} in {[b.label for b in reply.buttons]}"
    return found[0]


async def add_binance_account(
    chat: Chat, name: str = "主账户", key: str = API_KEY, secret: str = API_SECRET
) -> Reply:
    await chat.say("添加一个币安交易所账户")
    await chat.say(name)
    await chat.say(key)
    return await chat.say(secret)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"


# -- SQL backends ------------------------------------------------------------------------------


async def _clear_all(url: str) -> None:
    from adapters.storage.audit_log import audit_log
    from adapters.storage.engine import create_engine
    from adapters.storage.exchange_accounts import exchange_accounts
    from adapters.storage.market_blocks import market_blocks
    from adapters.storage.model_configs import model_configs
    from adapters.storage.sealed import secret_canary
    from adapters.storage.tables import action_tokens, conversation_states, processed_events
    from adapters.storage.traders import traders

    engine = create_engine(url)
    try:
        async with engine.begin() as conn:
            for table in (traders, audit_log, exchange_accounts, model_configs, action_tokens,
                          processed_events, conversation_states, secret_canary, market_blocks):  # fmt: skip
                await conn.execute(table.delete())
    finally:
        await engine.dispose()


@pytest.fixture(scope="session")
def pg_workspace_url() -> Iterator[str]:
    from adapters.storage import migrate
    from tests.storage.conftest import scratch_pg_database

    with scratch_pg_database() as url:
        migrate.upgrade(url)
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated, empty database on each backend (PostgreSQL skips when unreachable)."""
    from adapters.storage import migrate

    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}"
        migrate.upgrade(url)
        return url
    pg_url: str = request.getfixturevalue("pg_workspace_url")
    asyncio.run(_clear_all(pg_url))
    return pg_url
