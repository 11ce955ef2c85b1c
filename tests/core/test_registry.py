"""The registry refuses declarations that would misbehave, and nothing undeclared ever runs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import pytest

from bot.wiring import build_skills
from core.clock import FixedClock
from core.engine import Core
from core.events import ChatKind, ConversationKey
from core.memory_store import MemoryStateStore
from core.planner.tooling import TaskTool, ToolArgs
from core.reply import NoticeBlock, Reply, Status
from core.routing.router import Route
from core.services import CLOCK, MissingService, ServiceKey, Services
from core.skills.base import OneShotSkill
from core.skills.registry import (
    CommandArg,
    CommandSpec,
    LazyActions,
    LocalText,
    Registry,
    RegistryError,
    RuleSpec,
    SkillSpec,
)
from core.state import ConversationState, Task, TaskStatus
from core.tasks.actions import ActionSpec, Confirm, Done
from core.tasks.transitions import move
from core.turn import Turn
from tests.fakes import NOW, Chat, memory_stores
from tests.workspace.conftest import add_binance_account, make_desk


class Toy(OneShotSkill):
    """A skill that records which executor ran."""

    name = "toy"

    def __init__(self) -> None:
        super().__init__(ACTIONS)
        self.ran: list[str] = []

    async def delete(self, turn: Turn, task: Task) -> Done:
        self.ran.append("delete")
        move(task, TaskStatus.EXECUTING, turn.now)
        move(task, TaskStatus.COMPLETED, turn.now)
        return Done(Reply(Status.COMPLETED, (NoticeBlock("deleted", code="deleted"),), turn.locale))


ACTIONS: dict[str, ActionSpec[Toy]] = {"delete": ActionSpec(run=Toy.delete, confirm=Confirm.ALWAYS)}


class LyingRule:
    """Declares it emits "delete" but routes "activate": the engine must not run anything."""

    def route(self, text: str) -> Route | None:
        return Route("toy", "activate") if text == "activate the toy" else None


def spec(**changes: Any) -> SkillSpec:
    base: dict[str, Any] = {
        "name": "toy",
        "build": lambda services: Toy(),
        "rules": (RuleSpec("toy", 500, lambda services: LyingRule(), emits=frozenset({"delete"})),),
        "actions": ACTIONS,
    }
    return SkillSpec(**{**base, **changes})


def command(name: str = "toy", **changes: Any) -> CommandSpec:
    base: dict[str, Any] = {
        "name": name,
        "title": LocalText(name, name),
        "description": LocalText("玩具", "A toy"),
    }
    return CommandSpec(**{**base, **changes})


class ToyArgs(ToolArgs):
    action: Literal["delete", "activate"]


class KeyArgs(ToolArgs):
    action: Literal["delete"]
    api_key: str


CASES: list[tuple[str, Callable[[], SkillSpec], str]] = [
    (
        "an action without an executor",
        lambda: spec(actions={**ACTIONS, "activate": ActionSpec(run=None)}),
        "action 'activate' has no executor",
    ),
    (
        "a rule that may emit an undeclared action",
        lambda: spec(rules=(RuleSpec("r", 500, lambda s: LyingRule(), emits=frozenset({"activate"})),)),
        "may emit the undeclared action 'activate'",
    ),
    (
        "a bare follow-up without a default action",
        lambda: spec(rules=(RuleSpec("r", 500, lambda s: LyingRule(), emits=frozenset({None})),)),
        "no default action",
    ),
    (
        "a rule with the price rule's priority",
        lambda: spec(rules=(RuleSpec("r", 100, lambda s: LyingRule(), emits=frozenset({"delete"})),)),
        "priority 100, as price.price has",
    ),
    ("a default action it does not declare", lambda: spec(default_action="activate"), "default action"),
    ("no action at all", lambda: spec(actions={}, rules=()), "declares no action"),
    ("the name of another skill", lambda: spec(name="price"), "already registered"),
    ("a command another skill owns", lambda: spec(commands=(command("price"),)), "/price is already"),
    ("a command Telegram would refuse", lambda: spec(commands=(command("Toy-Cmd"),)), "1-32 lower case"),
    (
        "a localized name Discord would refuse",
        lambda: spec(commands=(command(title=LocalText("玩 具", "toy")),)),
        "not a valid command name",
    ),
    (
        "a description Discord would refuse",
        lambda: spec(commands=(command(description=LocalText("x" * 101, "A toy")),)),
        "1-100 characters",
    ),
    (
        "a choice argument without choices",
        lambda: spec(
            commands=(command(arg=CommandArg("choice", LocalText("项", "item"), LocalText("项", "Item"))),)
        ),
        "choices go with a choice argument",
    ),
    (
        "an engine command outside the system spec",
        lambda: spec(commands=(command(kind="engine"),)),
        "only the system spec",
    ),
    (
        "a task tool that may start an undeclared action",
        lambda: spec(tools=(TaskTool("toy_task", "Start a toy task.", ToyArgs),)),
        "undeclared action(s) ['activate']",
    ),
    (
        "a task tool taking a credential",
        lambda: spec(tools=(TaskTool("toy_task", "Start a toy task.", KeyArgs),)),
        "secrets are never tool arguments",
    ),
    (
        "a planner tool name already offered",
        lambda: spec(tools=(TaskTool("get_current_price", "Start a toy task.", KeyArgs),)),
        "already offered",
    ),
    (
        "rules without a skill to run them",
        lambda: spec(build=None),
        "need a skill to run them",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), CASES, ids=[c[0] for c in CASES])
def test_registration_refuses(what: str, make: Callable[[], SkillSpec], message: str) -> None:
    from core.skills import price

    registry = Registry().register(price.SPEC)
    with pytest.raises(RegistryError) as refused:
        registry.register(make())
    assert message in str(refused.value)
    assert "toy" not in registry.specs  # nothing half-registered


def test_a_valid_spec_registers_and_its_rule_runs_by_priority() -> None:
    from core.skills import price

    registry = Registry().register(price.SPEC, spec())
    assert [s for s in registry.specs] == ["system", "price", "toy"]
    services = Services().provide(CLOCK, FixedClock(NOW))
    skills = registry.build(services)  # each skill is built at its first use
    with pytest.raises(MissingService, match="market"):  # the price skill needs its services
        skills.skill("price")
    with pytest.raises(MissingService, match="market"):  # build_all builds every one now
        skills.build_all()


def test_services_are_typed_and_provided_once() -> None:
    answer: ServiceKey[int] = ServiceKey("answer")
    services = Services().provide(answer, 42)
    assert services.get(answer) == 42 and services.find(ServiceKey[str]("other")) is None
    with pytest.raises(ValueError, match="already provided"):
        services.provide(answer, 43)
    with pytest.raises(MissingService, match="no service provides other"):
        services.get(ServiceKey[str]("other"))


def test_a_service_provided_by_its_keys_name_is_made_when_first_asked_for() -> None:
    import core.clock

    made: list[int] = []
    services = Services().provide_later("core.services:CLOCK", lambda: made.append(1) or FixedClock(NOW))
    services.provide_later("core.clock:NO_SUCH_KEY", lambda: 0)
    assert made == []  # providing makes nothing
    assert services.get(CLOCK).now() == NOW and services.get(CLOCK) is services.get(CLOCK) and made == [1]
    assert services.find(ServiceKey[int]("other")) is None  # a key no name refers to
    assert not hasattr(core.clock, "NO_SUCH_KEY")
    with pytest.raises(ValueError, match="already provided"):
        services.provide_later("core.clock:NO_SUCH_KEY", lambda: 1)
    with pytest.raises(ValueError, match="names no key"):
        services.provide_later("CLOCK", lambda: 1)


def test_every_service_the_composition_root_names_is_found_by_its_key() -> None:
    """bot.wiring provides most services by their key's name (so that a process loads a key's
    module only when a skill asks): each name must be the key's, or the skill finds nothing."""
    from core.diagnosis.ports import MODEL_PROBE
    from core.jobs.queue import JOBS
    from core.outbound.ports import DELIVERIES
    from core.strategies import STRATEGIES
    from core.tasks.audit import AUDIT_LOG
    from core.tasks.tokens import BUTTON_TOKENS
    from core.traders.ports import DECISION_MODELS, MODEL_BUDGET, TRADERS
    from core.trading.ports import LIVE_EXCHANGES, ORDERS
    from core.trading.service import TRADING
    from core.workspace.accounts import EXCHANGE_ACCOUNTS
    from core.workspace.model_configs import MODEL_CONFIGS

    everything = {n: object() for n in ("live", "decision_models", "model_budget", "jobs", "deliveries")}
    services = build_skills(
        memory_stores(), clock=FixedClock(NOW), market=object(), catalog=object(),  # type: ignore[arg-type]
        button_tokens=object(), model_probe=object(), **everything,  # type: ignore[arg-type]
    ).services  # fmt: skip
    keys = (
        EXCHANGE_ACCOUNTS, MODEL_CONFIGS, STRATEGIES, TRADERS, AUDIT_LOG, ORDERS, LIVE_EXCHANGES,
        DECISION_MODELS, MODEL_BUDGET, JOBS, DELIVERIES, BUTTON_TOKENS, MODEL_PROBE, TRADING,
    )  # fmt: skip
    assert [k.name for k in keys if services.find(k) is None] == []


async def test_a_route_to_an_undeclared_action_runs_nothing() -> None:
    skills = Registry().register(spec()).build(Services())
    core = Core(store=MemoryStateStore(), skills=skills, clock=FixedClock(NOW))
    toy = skills.skill("toy")
    assert isinstance(toy, Toy)

    reply = await Chat(core).say("activate the toy")

    assert reply.status is Status.FAILED
    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["undeclared_action"]
    assert (reply.route.skill, reply.route.action) == ("toy", "activate")
    assert toy.ran == []  # never fell through to "delete"


async def test_a_record_skill_never_turns_an_undeclared_action_into_a_delete() -> None:
    """The old RecordSkill.execute ran anything but create / update as a delete."""
    desk = make_desk()
    await add_binance_account(desk.chat)
    (account,) = await desk.workspace.accounts.owned("console:user-1")
    skill = desk.core.skills.skill("exchange_management")
    assert skill is not None
    task = Task(
        id="t-activate",
        skill="exchange_management",
        action="activate",
        target_ref={"id": account.id, "name": account.name},
        created_at=NOW,
        updated_at=NOW,
    )
    key = ConversationKey("console", "chat-1", "user-1")
    turn = Turn(key, ChatKind.PRIVATE, ConversationState(), "en", NOW, desk.states)

    reply = await skill.start(turn, task)

    assert [b.code for b in reply.blocks if isinstance(b, NoticeBlock)] == ["undeclared_action"]
    assert task.status is TaskStatus.FAILED
    assert [a.name for a in await desk.workspace.accounts.owned("console:user-1")] == [account.name]


# -- job kinds: a skill's background work enters the app through its spec ---------------------


async def _noop(job: Any, ctx: Any) -> Any:
    from core.jobs import DONE

    return DONE


def test_a_skills_job_kinds_are_built_from_its_services() -> None:
    from core.jobs import JobKind

    built: list[Services] = []

    def kinds(services: Services) -> list[JobKind]:
        built.append(services)
        return [JobKind("toy.check", _noop, timeout=5)]

    services = Services().provide(CLOCK, FixedClock(NOW))
    skills = Registry().register(spec(jobs=kinds)).build(services)
    assert [k.name for k in skills.job_kinds] == ["toy.check"]
    assert built == [services]


def test_a_job_kind_named_for_another_skill_is_refused() -> None:
    from core.jobs import JobKind

    with pytest.raises(RegistryError, match="must start with its name"):
        Registry().register(spec(jobs=lambda s: [JobKind("alert.check", _noop)])).build(
            Services()
        ).build_all()


# -- skills built at their first use -----------------------------------------------------------


def test_every_skill_of_deskmate_builds_and_its_lazy_declarations_match_its_implementation() -> None:
    """Each skill declares its action names (and its fact tools') and imports its implementation
    at its first use; building everything loads every one and checks it against the declaration."""
    skills = make_desk().core.skills.build_all()
    for declared in skills.specs():
        if declared.build is not None:
            assert skills.skill(declared.name) is not None
        if isinstance(declared.actions, LazyActions):
            assert declared.actions.is_loaded


def test_lazy_actions_that_differ_from_the_declared_ones_are_refused_at_their_first_use() -> None:
    lazy = LazyActions(("delete", "activate", "extra"), lambda: ACTIONS)
    registry = Registry().register(spec(actions=lazy))  # names are all registration needs
    skills = registry.build(Services())
    assert "extra" in lazy and not lazy.is_loaded
    with pytest.raises(RegistryError, match="declared"):
        skills.build_all()
    no_executor = LazyActions(("delete",), lambda: {"delete": ActionSpec(run=None)})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no executor"):
        no_executor["delete"]


def _toy_actions() -> Mapping[str, ActionSpec[Any]]:
    return ACTIONS


def test_lazy_actions_at_a_path_load_a_mapping_or_what_a_function_returns() -> None:
    by_name = LazyActions.at(tuple(ACTIONS), "tests.core.test_registry:ACTIONS")
    by_function = LazyActions.at(tuple(ACTIONS), "tests.core.test_registry:_toy_actions")
    assert not by_name.is_loaded and not by_function.is_loaded
    assert by_name.loaded() is ACTIONS and by_function.loaded() is ACTIONS
    missing = LazyActions.at(("delete",), "tests.core.no_such_module:ACTIONS")
    assert "delete" in missing  # declared names need no import
    with pytest.raises(ModuleNotFoundError):
        missing.loaded()


async def test_a_skill_is_built_when_it_is_first_used() -> None:
    built: list[str] = []

    def build(services: Services) -> Toy:
        built.append("toy")
        return Toy()

    skills = Registry().register(spec(build=build)).build(Services())
    assert built == []  # registering and building the set builds no skill
    assert skills.skill("toy") is skills.skill("toy") and built == ["toy"]  # once
