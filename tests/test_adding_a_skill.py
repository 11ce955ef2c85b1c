"""A skill defined only here — its own repository, rule, action, command, help example and planner
tool — registered like bot.wiring registers deskmate's own, shows up everywhere the registry is
derived: /help, the Telegram menus, the Discord command tree, the console and the planner's tools.
Nothing under core/ or adapters/ knows it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any, Final, Literal, Protocol

import pytest
import simcord
from pydantic import Field

from adapters.discord import DiscordConfig, build_client, sync_tree
from adapters.llm import OpenAIChatModel
from adapters.telegram import TelegramConfig, build_application, set_commands
from bot.console import banner, command_names, to_event
from bot.skills import build_registry
from bot.wiring import build_skills
from core.clock import FixedClock
from core.engine import Core
from core.events import Command, ConversationKey
from core.markets import MarketCatalog
from core.memory_store import MemoryStateStore
from core.planner import Planner
from core.planner.tooling import TaskTool, ToolArgs
from core.planner.tools import ToolBox
from core.reply import NoticeBlock, Reply, Status
from core.routing.router import Route
from core.secrets import SECRET_BOX
from core.services import CLOCK, ServiceKey, Services
from core.skills.registry import CommandArg, CommandSpec, HelpSpec, LocalText, RuleSpec, SkillSet, SkillSpec
from core.state import Task
from core.tasks.actions import ActionSpec, Done, SlotSpec
from core.tasks.audit import AUDIT_LOG, AuditEntry, AuditLog
from core.tasks.flow import Parsed, TaskFlow, owner_of
from core.turn import Turn
from tests.fakes import NOW, Chat, ScriptedMarket, memory_stores
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.telegram.fakes import TOKEN, RecordingRequest

# -- the skill: its port, its memory adapter, its rule, its flow, its spec ---------------------


class ReminderBook(Protocol):
    async def add(self, owner: str, what: str, audit: AuditEntry) -> str: ...


REMINDERS: Final = ServiceKey[ReminderBook]("reminder book")


class MemoryReminders:
    def __init__(self, audit: AuditLog) -> None:
        self.audit = audit
        self.items: list[tuple[str, str]] = []

    async def add(self, owner: str, what: str, audit: AuditEntry) -> str:
        rid = f"r{len(self.items) + 1}"
        await self.audit.record(replace(audit, target_id=rid, target_name=what))  # with the change
        self.items.append((owner, what))
        return rid


_ASK = re.compile(r"^(?:/remind_me|remind me to|提醒我)\s*(?P<what>.*)$", re.IGNORECASE)


class RemindRule:
    def route(self, text: str) -> Route | None:
        found = _ASK.match(text.strip())
        if found is None:
            return None
        what = found["what"].strip()
        return Route("reminder", "create", {"what": what} if what else {})


class ReminderSkill(TaskFlow):
    name = "reminder"
    private = False  # as its spec: a public skill, answered where it was asked

    def __init__(self, services: Services) -> None:
        super().__init__(ACTIONS, services.get(SECRET_BOX), services.get(AUDIT_LOG), services.get(CLOCK))
        self.book = services.get(REMINDERS)

    def question(self, turn: Turn, task: Task, spec: SlotSpec) -> str:
        return "What should I remind you of?"

    async def parse(self, turn: Turn, task: Task, spec: SlotSpec, text: str) -> Parsed:
        return Parsed(text.strip()[:80]) if text.strip() else Parsed(error="flow.invalid")

    def describe(self, turn: Turn, task: Task) -> str:
        return "a reminder"

    def kind_label(self, turn: Turn) -> str:
        return "reminder"

    async def add(self, turn: Turn, task: Task) -> Done:
        what = str(task.slots["what"])
        await self.book.add(owner_of(turn), what, self.audit_entry(turn, task))
        notice = NoticeBlock(f"I'll remind you to {what}.", code="reminder_set")
        return Done(Reply(Status.COMPLETED, (notice,), turn.locale, route=self.route_info(task)))


ACTIONS: dict[str, ActionSpec[ReminderSkill]] = {
    "create": ActionSpec(run=ReminderSkill.add, slots=(SlotSpec("what", "text", infer=("message",)),)),
}


class ReminderTaskArgs(ToolArgs):
    action: Literal["create"]
    what: str | None = Field(None, min_length=1, max_length=80, description="What to be reminded of.")


SPEC = SkillSpec(
    name="reminder",
    build=ReminderSkill,
    rules=(RuleSpec("reminders", 400, lambda services: RemindRule(), emits=frozenset({"create"})),),
    resumable=True,
    actions=ACTIONS,
    help=HelpSpec(
        LocalText("设提醒", "set reminders"),
        examples_zh=("提醒我 喝水",),
        examples_en=("remind me to stretch",),
    ),
    commands=(
        CommandSpec(
            "remind_me",
            LocalText("提醒我", "remind_me"),
            LocalText("设一个提醒", "Set a reminder"),
            CommandArg("text", LocalText("内容", "what"), LocalText("提醒什么", "What to remind you of")),
            order=40,
        ),
    ),
    tools=(TaskTool("reminder_task", "Set a reminder for the user.", ReminderTaskArgs),),
)

# -- deskmate with it registered -----------------------------------------------------------------


def skills_with_reminders() -> tuple[SkillSet, MemoryReminders]:
    """deskmate's own composition (bot.wiring.build_skills) with one more skill and its store."""
    stores = memory_stores()
    reminders = MemoryReminders(stores.audit)
    skills = build_skills(
        stores,
        clock=FixedClock(NOW),
        market=ScriptedMarket(),
        catalog=MarketCatalog(),
        extra=Services().provide(REMINDERS, reminders),
        registry=build_registry().register(SPEC),
    )
    return skills, reminders


@pytest.fixture
def desk() -> Iterator[tuple[SkillSet, MemoryReminders, Core]]:
    skills, reminders = skills_with_reminders()
    yield skills, reminders, Core(store=MemoryStateStore(), skills=skills, clock=FixedClock(NOW))


async def test_its_rule_action_and_slot_filling_run_through_the_engine(
    desk: tuple[SkillSet, MemoryReminders, Core],
) -> None:
    _, reminders, core = desk
    chat = Chat(core)
    asked = await chat.command("remind_me")
    assert [b.code for b in asked.blocks if isinstance(b, NoticeBlock)] == ["ask_what"]
    done = await chat.say("stretch")
    assert done.route.skill == "reminder" and done.route.by == "rule"
    assert reminders.items == [("console:user-1", "stretch")]
    assert (await chat.say("BTC price")).route.skill == "price"  # the others still route


async def test_it_is_in_help(desk: tuple[SkillSet, MemoryReminders, Core]) -> None:
    reply = await Chat(desk[2]).command("help")
    text = reply.blocks[0].text  # type: ignore[attr-defined]
    assert "· set reminders" in text and "· remind me to stretch" in text and "/remind_me what" in text


async def test_it_is_in_the_telegram_menus(desk: tuple[SkillSet, MemoryReminders, Core]) -> None:
    skills, _, core = desk
    api = RecordingRequest()
    app = build_application(TelegramConfig(token=TOKEN), core, commands=skills.commands, request=api)
    await app.initialize()
    try:
        await set_commands(app.bot, skills.commands)
    finally:
        await app.shutdown()
    menus = {c.params.get("language_code"): c.params["commands"] for c in api.of("setMyCommands")}
    assert set(menus) == {None, "zh", "en"}
    assert {"command": "remind_me", "description": "设一个提醒"} in menus["zh"]
    assert {"command": "remind_me", "description": "Set a reminder"} in menus["en"]


@pytest.fixture
def simcord_bot(desk: tuple[SkillSet, MemoryReminders, Core]) -> Any:
    skills, _, core = desk
    return build_client(
        DiscordConfig(token="unused"), core, catalog=MarketCatalog(), commands=skills.commands
    )


async def test_it_is_in_the_discord_command_tree(
    simcord_env: simcord.Env, desk: tuple[SkillSet, MemoryReminders, Core]
) -> None:
    await sync_tree(simcord_env.bot.tree, None)  # type: ignore[attr-defined]
    synced = {c["name"]: c for c in simcord_env.backend.commands[None].values()}
    remind = synced["remind_me"]
    assert remind["name_localizations"]["zh-CN"] == "提醒我"
    [option] = remind["options"]
    assert (option["name"], option["name_localizations"]["zh-CN"]) == ("what", "内容")
    channel = simcord_env.create_guild().create_text_channel("general")
    alice = channel.guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "remind_me", what="stretch")
    assert result.response is not None and "I'll remind you to stretch." in str(result.response.content)
    assert desk[1].items == [(f"discord:{alice.id}", "stretch")]


def test_it_is_in_the_console_command_list(desk: tuple[SkillSet, MemoryReminders, Core]) -> None:
    skills = desk[0]
    key = ConversationKey("console", "c", "u")
    event = to_event(key, "/remind_me stretch", None, command_names(skills.commands))
    assert isinstance(event, Command) and (event.name, event.args) == ("remind_me", "stretch")
    assert "/remind_me what" in banner(skills, "demo", "en")


@pytest.fixture
def llm() -> Iterator[ScriptedLLMServer]:
    server = ScriptedLLMServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def model(llm: ScriptedLLMServer) -> AsyncIterator[OpenAIChatModel]:
    chat = OpenAIChatModel("sk-test-not-real-0123456789", llm.base_url, "deepseek-chat")
    yield chat
    await chat.aclose()


async def test_its_tool_is_offered_to_the_planner_and_starts_its_task(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    skills, reminders = skills_with_reminders()
    definitions = {d["function"]["name"]: d["function"] for d in ToolBox(skills.toolsets).definitions()}
    parameters = definitions["reminder_task"]["parameters"]
    assert parameters["properties"]["action"] == {"const": "create", "type": "string"}
    assert set(parameters["properties"]) == {"action", "what"} and parameters["additionalProperties"] is False

    llm.add(completion(None, [tool_call("c1", "reminder_task", {"action": "create", "what": "drink water"})]))
    planner = Planner(model, skills.toolsets, clock=FixedClock(NOW))
    core = Core(store=MemoryStateStore(), skills=skills, clock=FixedClock(NOW), planner=planner)

    reply = await Chat(core).say("I keep forgetting to hydrate, can you nudge me?")

    assert (reply.route.skill, reply.route.action, reply.route.by) == ("reminder", "create", "model")
    assert reminders.items == [("console:user-1", "drink water")]
    assert [t["function"]["name"] for t in llm.requests[0]["tools"]].count("reminder_task") == 1
    assert len(llm.requests) == 1  # the task tool ended the loop
