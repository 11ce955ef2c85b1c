"""Adding a Binance account on the real Core from a guild channel: the key and the secret go
through modals, the answers stay ephemeral, and neither value shows up anywhere."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import pytest
import simcord

from adapters.demo_market import DemoMarket
from adapters.discord import build_client
from core.clock import FixedClock
from core.engine import Core
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.workspace.memory import MemoryWorkspace
from tests.discord.conftest import CONFIG
from tests.discord.test_secret_modal import API_KEY, API_SECRET, assert_secret_nowhere
from tests.fakes import COMMANDS, full_skills

START = datetime(2024, 5, 8, 9, 30, tzinfo=UTC)


@pytest.fixture
def workspace() -> MemoryWorkspace:
    return MemoryWorkspace()


@pytest.fixture
def simcord_bot(workspace: MemoryWorkspace) -> Any:
    clock = FixedClock(START)
    skills = full_skills(
        DemoMarket(clock), clock, accounts=workspace.accounts, models=workspace.models, audit=workspace.audit
    )
    core = Core(store=MemoryStateStore(), skills=skills, clock=clock)
    return build_client(CONFIG, core, catalog=MarketCatalog(), commands=COMMANDS)


def _buttons(message: simcord.ResponseMessage) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


async def test_adding_a_binance_account_collects_key_and_secret_in_modals(
    env: simcord.Env, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))

    asked = await alice.slash(channel, "ask", text="add a binance account")
    assert asked.ephemeral and asked.response is not None
    message = asked.response
    [suggested] = _buttons(message)  # the name question offers a default name
    await alice.click(message, label=suggested["label"])

    # The key question: private, with the secure-input button bound to alice.
    assert message.ephemeral
    assert [b["custom_id"] for b in _buttons(message)] == [f"dm:s:{alice.id}:en:api_key"]
    key_modal = await alice.click(message, label="Enter securely")
    assert key_modal.modal is not None and key_modal.modal["title"] == "Enter API key securely"
    await alice.submit_modal(key_modal, {"secret": API_KEY})

    assert [b["custom_id"] for b in _buttons(message)] == [f"dm:s:{alice.id}:en:api_secret"]
    secret_modal = await alice.click(message, label="Enter securely")
    await alice.submit_modal(secret_modal, {"secret": API_SECRET})

    assert message.ephemeral and message.components == []
    assert message.content.startswith("Added the exchange account")
    values = [str(f.value) for e in message.embeds for f in e.fields]
    assert "vmPU\\*\\*\\*\\*Eh8A" in values and "NhqP\\*\\*\\*\\*Tj0j" in values  # masked only
    assert not channel.history(viewer=bob)  # nothing of this is visible in the channel
    assert_secret_nowhere(env, caplog, API_KEY, API_SECRET)
