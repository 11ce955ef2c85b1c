"""Secrets are collected in a modal: an ephemeral prompt, a button only the asker can use,
a modal whose value goes to the core and into no message, no request and no log record.

simcord simulates modals (the MODAL callback, ``InteractionResult.modal`` and
``MemberActor.submit_modal``), so everything here runs through real discord.py dispatch.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any

import discord
import pytest
import simcord
from simcord.backend import serializers

from adapters.discord import build_client
from adapters.discord.log_redaction import GATEWAY_LOGGER
from adapters.discord.render import render
from adapters.discord.secret_input import SecretButton, SecretPrompt
from core.events import ChatKind, Inbound, TextMessage
from core.i18n import Locale, parse_locale
from core.ports import ProgressSink
from core.reply import Button, DetailsBlock, NoticeBlock, Reply, Status
from tests.discord.conftest import CONFIG
from tests.discord.fakes import ScriptedHandler
from tests.fakes import COMMANDS

API_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
API_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j"
QUESTIONS = {
    "api_key": {"en": "Please send the Binance API key.", "zh": "请发送币安 API Key。"},
    "api_secret": {"en": "Please send the Binance API secret.", "zh": "请发送币安 API Secret。"},
}


@dataclass
class SecretFlow:
    """A scripted core: "add binance" asks for api_key, then api_secret, then shows a masked summary.

    ``fail_on_secret``: raise an exception that quotes the value (as careless code might).
    """

    locale: Locale | None = None
    fail_on_secret: bool = False
    events: list[Inbound] = field(default_factory=list)
    collected: dict[str, str] = field(default_factory=dict)
    asking: str | None = None

    async def handle(self, event: Inbound, progress: ProgressSink | None = None) -> Reply:
        self.events.append(event)
        locale: Locale = self.locale or parse_locale(event.locale_hint) or "en"
        assert isinstance(event, TextMessage)
        if self.asking is None:
            assert event.text == "add binance"
            return self._ask("api_key", locale)
        if self.fail_on_secret:
            raise ValueError(f"cannot parse {event.text!r}")
        self.collected[self.asking] = event.text
        if self.asking == "api_key":
            return self._ask("api_secret", locale)
        self.asking = None
        masked = {k: f"{v[:4]}****{v[-4:]}" for k, v in self.collected.items()}
        return Reply(
            Status.COMPLETED,
            (
                NoticeBlock("Added the exchange account “main”."),
                DetailsBlock("main", tuple(masked.items())),
            ),
            locale,
            audience="private",
        )

    def _ask(self, slot: str, locale: Locale) -> Reply:
        self.asking = slot
        return Reply(
            Status.NEEDS_INPUT,
            (NoticeBlock(QUESTIONS[slot][locale], code=f"ask_{slot}"),),
            locale,
            audience="private",
            expects_secret=slot,
        )


@pytest.fixture
def flow() -> SecretFlow:
    return SecretFlow()


@pytest.fixture
def simcord_bot(flow: SecretFlow) -> Any:
    return build_client(CONFIG, flow, catalog=ScriptedHandler().catalog, commands=COMMANDS)


@pytest.fixture(autouse=True)
def debug_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """Every test records every log line, discord.py's debug output included."""
    caplog.set_level(logging.DEBUG)
    return caplog


def _world(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    guild = env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    return channel, alice, bob


def _buttons(message: simcord.ResponseMessage) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


def _text_inputs(modal: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(label text, text input) pairs of a modal payload."""
    out = []
    for component in modal["components"]:
        if component["type"] == 18:  # a Label wrapping one control
            out.append((component["label"], component["component"]))
        elif component["type"] == 1:  # a legacy action row
            out.extend((c.get("label", ""), c) for c in component["components"])
    return out


def assert_secret_nowhere(env: simcord.Env, caplog: pytest.LogCaptureFixture, *secrets: str) -> None:
    """No stored message (any channel, ephemeral or not), no request the bot made, no log record."""
    backend = env.backend
    stored = [
        str(serializers.message_payload(backend, message))
        for channel in backend.messages.values()
        for message in channel.values()
    ]
    requests = [f"{r.method} {r.path} {r.params} {r.json}" for r in env.http_requests]
    logged = [f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records]
    assert stored and requests  # the checks below looked at something
    for secret in secrets:
        assert not [m for m in stored if secret in m]
        assert not [r for r in requests if secret in r]
        assert not [line for line in logged if secret in line]


async def _prompt(
    env: simcord.Env, channel: simcord.ChannelHandle, member: simcord.MemberActor
) -> simcord.ResponseMessage:
    asked = await member.slash(channel, "ask", text="add binance")
    assert asked.response is not None
    return asked.response


async def test_a_secret_question_is_ephemeral_with_an_enter_securely_button(
    env: simcord.Env, flow: SecretFlow
) -> None:
    channel, alice, bob = _world(env)

    prompt = await _prompt(env, channel, alice)

    assert prompt.ephemeral
    assert prompt.content == "Please send the Binance API key."
    [button] = _buttons(prompt)
    assert button["label"] == "Enter securely"
    assert button["emoji"]["name"] == "🔒"
    assert button["style"] == discord.ButtonStyle.primary.value
    assert button["custom_id"] == f"dm:s:{alice.id}:en:api_key"
    assert all(m.id != prompt.id for m in channel.history(viewer=bob))


async def test_pressing_the_button_opens_a_modal_with_one_short_required_input(
    env: simcord.Env, flow: SecretFlow
) -> None:
    channel, alice, _ = _world(env)
    prompt = await _prompt(env, channel, alice)

    shown = await alice.click(prompt, label="Enter securely")

    assert shown.modal is not None
    assert shown.modal["title"] == "Enter API key securely"
    [(text, field_)] = _text_inputs(shown.modal)
    assert text == "API key"
    assert field_["style"] == discord.TextStyle.short.value
    assert field_["required"] is True
    assert field_["max_length"] == 256
    assert shown.response is None and shown.followups == []  # a modal, no message
    assert len(flow.events) == 1  # opening the modal does not talk to the core


async def test_submitting_the_modal_gives_the_core_the_value_and_answers_privately(
    env: simcord.Env, flow: SecretFlow, debug_logs: pytest.LogCaptureFixture
) -> None:
    channel, alice, bob = _world(env)
    prompt = await _prompt(env, channel, alice)
    shown = await alice.click(prompt, label="Enter securely")

    submitted = await alice.submit_modal(shown, {"secret": API_KEY})

    [ask, answer] = flow.events
    assert isinstance(answer, TextMessage)
    assert answer.text == API_KEY
    assert answer.secret_slot == "api_key"  # the core takes it only as that question's answer
    assert answer.chat_kind is ChatKind.PRIVATE  # only the person and the bot see a modal
    assert answer.key == ask.key  # the same task thread as /ask in this channel
    assert answer.key.chat_id == str(channel.id) and answer.key.user_id == str(alice.id)
    assert answer.event_id.startswith("dc:") and answer.event_id != ask.event_id
    # The private prompt became the next question; its old button is gone.
    assert submitted.acknowledged
    assert prompt.ephemeral
    assert prompt.content == "Please send the Binance API secret."
    assert [b["custom_id"] for b in _buttons(prompt)] == [f"dm:s:{alice.id}:en:api_secret"]

    second = await alice.click(prompt, label="Enter securely")
    assert second.modal is not None and second.modal["title"] == "Enter API secret securely"
    await alice.submit_modal(second, {"secret": API_SECRET})

    assert flow.collected == {"api_key": API_KEY, "api_secret": API_SECRET}
    assert prompt.ephemeral and prompt.components == []
    assert prompt.content == "Added the exchange account “main”."
    assert [f.value for f in prompt.embeds[0].fields] == ["vmPU\\*\\*\\*\\*Eh8A", "NhqP\\*\\*\\*\\*Tj0j"]
    assert all(m.id != prompt.id for m in channel.history(viewer=bob))
    assert_secret_nowhere(env, debug_logs, API_KEY, API_SECRET)


async def test_prompt_and_modal_speak_the_replys_language(env: simcord.Env, flow: SecretFlow) -> None:
    flow.locale = "zh"  # e.g. after /lang zh, whatever the Discord client language
    channel, alice, _ = _world(env)
    prompt = await _prompt(env, channel, alice)

    shown = await alice.click(prompt, label="安全输入")

    assert prompt.content == "请发送币安 API Key。"
    assert _buttons(prompt)[0]["custom_id"] == f"dm:s:{alice.id}:zh:api_key"
    assert shown.modal is not None
    assert shown.modal["title"] == "安全输入 API Key"
    [(text, field_)] = _text_inputs(shown.modal)
    assert text == "API Key"
    assert field_["placeholder"] == "在此粘贴"


async def test_another_member_cannot_open_someone_elses_secret_input(
    env: simcord.Env, flow: SecretFlow, debug_logs: pytest.LogCaptureFixture
) -> None:
    channel, alice, bob = _world(env)
    prompt = await _prompt(env, channel, alice)

    # Discord shows an ephemeral prompt to its addressee only: bob cannot even press it.
    with pytest.raises(simcord.SetupError, match="not visible"):
        await bob.click(prompt, label="Enter securely")

    # Were alice's button ever in front of bob (a public message), pressing it opens nothing.
    view = discord.ui.View(timeout=None)
    view.add_item(SecretButton(SecretPrompt(owner_id=alice.id, slot="api_key", locale="en")))
    bot_channel = env.bot.get_channel(channel.id)
    assert isinstance(bot_channel, discord.TextChannel)
    public = await bot_channel.send("Alice's key prompt", view=view)

    refused = await bob.click(public, label="Enter securely")

    assert refused.modal is None
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == (
        "This input is for someone else: only the person who was asked can use it."
    )
    assert len(flow.events) == 1  # nothing reached the core
    mine = await alice.click(public, label="Enter securely")
    assert mine.modal is not None and mine.modal["title"] == "Enter API key securely"
    answered = await alice.submit_modal(mine, {"secret": API_KEY})
    # Opened from a public message, the answer still goes to alice alone.
    assert flow.collected == {"api_key": API_KEY}
    assert answered.ephemeral and answered.response is not None
    assert answered.response.content == "Please send the Binance API secret."
    assert all(m.id != answered.response.id for m in channel.history(viewer=bob))
    assert_secret_nowhere(env, debug_logs, API_KEY)


async def test_the_button_works_after_a_restart(env: simcord.Env, flow: SecretFlow) -> None:
    channel, alice, _ = _world(env)
    prompt = await _prompt(env, channel, alice)
    restarted = SecretFlow(asking="api_key")  # a new process, the task state persisted
    await env.restart_bot(
        build_client(CONFIG, restarted, catalog=ScriptedHandler().catalog, commands=COMMANDS)
    )

    shown = await alice.click(prompt, label="Enter securely")
    await alice.submit_modal(shown, {"secret": API_KEY})

    assert restarted.collected == {"api_key": API_KEY}
    assert prompt.content == "Please send the Binance API secret."


async def test_a_failing_core_gets_a_private_apology_and_never_logs_the_value(
    env: simcord.Env, flow: SecretFlow, debug_logs: pytest.LogCaptureFixture
) -> None:
    channel, alice, _ = _world(env)
    prompt = await _prompt(env, channel, alice)
    flow.fail_on_secret = True
    shown = await alice.click(prompt, label="Enter securely")

    submitted = await alice.submit_modal(shown, {"secret": API_KEY})

    [apology] = submitted.followups
    assert apology.ephemeral
    assert apology.content == "Sorry, something went wrong while answering. Please try again."
    # The prompt keeps its button, so alice can try again.
    assert [b["label"] for b in _buttons(prompt)] == ["Enter securely"]
    failures = [r for r in debug_logs.records if "secret submit failed" in r.getMessage()]
    assert len(failures) == 1 and "ValueError" in failures[0].getMessage()
    assert_secret_nowhere(env, debug_logs, API_KEY)


async def test_only_spaces_are_not_sent_to_the_core(env: simcord.Env, flow: SecretFlow) -> None:
    channel, alice, _ = _world(env)
    prompt = await _prompt(env, channel, alice)
    shown = await alice.click(prompt, label="Enter securely")

    submitted = await alice.submit_modal(shown, {"secret": "   "})

    [note] = submitted.followups
    assert note.ephemeral and note.content == "Nothing was entered. Press the button to try again."
    assert len(flow.events) == 1
    assert [b["label"] for b in _buttons(prompt)] == ["Enter securely"]


def test_gateway_debug_lines_of_a_modal_submission_are_redacted(
    simcord_bot: Any, debug_logs: pytest.LogCaptureFixture
) -> None:
    """discord.py logs every received gateway event at DEBUG; a modal submission carries the value."""
    submission: dict[str, Any] = {
        "op": 0,
        "t": "INTERACTION_CREATE",
        "d": {
            "type": 5,
            "id": "1",
            "data": {
                "custom_id": "abc",
                "components": [
                    {"type": 18, "component": {"type": 4, "custom_id": "secret", "value": API_SECRET}}
                ],
            },
        },
    }
    command = {"op": 0, "t": "INTERACTION_CREATE", "d": {"type": 2, "data": {"name": "price"}}}

    gateway = logging.getLogger(GATEWAY_LOGGER)
    gateway.debug("For Shard ID %s: WebSocket Event: %s", None, submission)
    gateway.debug("For Shard ID %s: WebSocket Event: %s", None, command)

    [modal_line, command_line] = [r.getMessage() for r in debug_logs.records if r.name == GATEWAY_LOGGER]
    assert API_SECRET not in modal_line and "[redacted]" in modal_line
    assert "'custom_id': 'secret'" in modal_line  # the rest of the event is still there
    assert command_line == f"For Shard ID None: WebSocket Event: {command}"
    assert submission["d"]["data"]["components"][0]["component"]["value"] == API_SECRET  # not mutated


def test_gateway_debug_lines_of_a_slash_command_hide_its_typed_options(
    simcord_bot: Any, debug_logs: pytest.LogCaptureFixture
) -> None:
    """/ask free text may carry a pasted key: its option values never reach the debug log."""
    ask = {
        "op": 0,
        "t": "INTERACTION_CREATE",
        "d": {
            "type": 2,
            "id": "2",
            "data": {"name": "ask", "options": [{"name": "text", "type": 3, "value": API_SECRET}]},
        },
    }
    logging.getLogger(GATEWAY_LOGGER).debug("For Shard ID %s: WebSocket Event: %s", None, ask)
    [line] = [r.getMessage() for r in debug_logs.records if r.name == GATEWAY_LOGGER]
    assert API_SECRET not in line and "[redacted]" in line and "'name': 'ask'" in line


def test_rendering_a_secret_question_needs_the_asker_and_is_always_private() -> None:
    question = Reply(
        Status.NEEDS_INPUT,
        (NoticeBlock("Key?"),),
        "en",
        buttons=(Button("Cancel", "tok1"),),
        expects_secret="api_key",
    )

    with pytest.raises(ValueError, match="asker"):
        render(question)
    rendered = render(question, asker=42, ephemeral=False)

    assert rendered.ephemeral
    view = rendered.view()
    assert view is not None and view.is_persistent()
    assert [c["custom_id"] for row in view.to_components() for c in row["components"]] == [
        "dm:s:42:en:api_key",
        "dm:b:tok1",
    ]
    with pytest.raises(ValueError, match="slot"):
        render(replace(question, expects_secret="api key!"), asker=42).view()
