"""The diagnosis skills' planner tool ``diagnose``, through the real openai SDK against a scripted
OpenAI-compatible server: a problem report no rule routes starts the very diagnosis a rule starts,
the name is checked against the person's own records before anything runs, the answer is the
checklist (the model's words only as a guarded, labelled note), and no secret reaches the model."""

from __future__ import annotations

import json
from typing import Any

from adapters.llm import OpenAIChatModel
from core.clock import Clock, SystemClock
from core.engine import Core
from core.events import ChatKind
from core.i18n import t
from core.memory_store import MemoryStateStore
from core.planner import Planner
from core.planner.tools import ToolBox
from core.reply import DiagnosisBlock, NoteBlock, Reply, Status
from core.routing.router import RouteContext
from core.skills.registry import SkillSet
from core.traders.model import NewTrader, TraderState
from tests.diagnosis.conftest import ScriptedExchanges
from tests.diagnosis.conftest import make_desk as diagnosis_desk
from tests.diagnosis.test_trader_strategy_diagnosis import AUDIT, trader
from tests.planner.conftest import note_of
from tests.planner.llm_server import ScriptedLLMServer, completion, tool_call
from tests.traders.conftest import TraderDesk, dca, grid
from tests.traders.conftest import make_desk as trader_desk
from tests.workspace.conftest import Chat, codes

SECRET_WORDS = ("key", "secret", "passphrase", "password", "token", "credential")
API_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
API_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j"


def with_model(core: Core, model: OpenAIChatModel, clock: Clock, kind: ChatKind = ChatKind.PRIVATE) -> Chat:
    """A conversation on the same skills and records, with a planner over their tools."""
    skills: SkillSet = core.skills
    planner = Planner(model, skills.toolsets, clock=clock)
    return Chat(Core(store=MemoryStateStore(), skills=skills, clock=clock, planner=planner), kind=kind)


def unrouted(core: Core, text: str) -> bool:
    return core.skills.router.route(text, RouteContext()) is None


def diagnosed(reply: Reply) -> list[DiagnosisBlock]:
    return [b for b in reply.blocks if isinstance(b, DiagnosisBlock)]


def tool_messages(llm: ScriptedLLMServer, n: int) -> list[dict[str, Any]]:
    """The error payloads the server's request ``n`` (0-based) carried back to the model."""
    return [json.loads(m["content"]) for m in llm.requests[n]["messages"] if m["role"] == "tool"]


async def stopped_alpha(desk: TraderDesk) -> None:
    who = await trader(desk, "alpha", dca())
    await desk.traders.transition(
        desk.owner, who.id, {TraderState.RUNNING}, TraderState.ERROR, desk.clock.now(), AUDIT,
        error="-2010 Account has insufficient balance",
    )  # fmt: skip


async def alpha_desk(model: OpenAIChatModel, kind: ChatKind = ChatKind.PRIVATE) -> tuple[TraderDesk, Chat]:
    """A person whose trader alpha stopped on an error, and a conversation with a model."""
    desk = trader_desk()
    await stopped_alpha(desk)
    return desk, with_model(desk.core, model, desk.clock, kind)


def test_the_diagnose_tool_is_strict_and_takes_no_secret(model: OpenAIChatModel) -> None:
    desk = trader_desk()
    toolbox = ToolBox(desk.core.skills.toolsets)
    tools = {d["function"]["name"]: d["function"] for d in toolbox.definitions()}
    parameters = tools["diagnose"]["parameters"]
    assert parameters["additionalProperties"] is False and parameters["required"] == ["kind"]
    assert parameters["properties"]["kind"]["enum"] == [
        "exchange",
        "model",
        "order_execution",
        "balance_position",
        "trader",
        "strategy",
    ]
    assert set(parameters["properties"]) == {"kind", "name"}
    assert not [p for p in parameters["properties"] if any(w in p for w in SECRET_WORDS)]


async def test_an_unrouted_report_in_english_starts_the_same_diagnosis_a_rule_starts(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    desk, chat = await alpha_desk(model)
    text = "my alpha helper went quiet, any idea?"
    assert unrouted(desk.core, text)
    llm.add(
        completion(
            "I have started your trader alpha again. Let me look at what happened.",
            [tool_call("d1", "diagnose", {"kind": "trader", "name": "Alpha"})],
        )
    )

    reply = await chat.say(text)

    route = reply.route
    assert (route.skill, route.action, route.by) == ("trader_diagnosis", "diagnose", "model")
    # Partial: the guard took the model's false claim out of its note (issue 24).
    assert reply.status is Status.PARTIAL and reply.audience == "private"
    by_rule = await desk.chat.say("why isn't my trader alpha trading")
    assert by_rule.route.by == "rule"
    assert diagnosed(reply) == diagnosed(by_rule)  # the very checklist a rule's task gives
    block = diagnosed(reply)[0]
    assert block.cause_code == "trader_error" and "-2010" in block.checks[0].detail
    # The model's words: a labelled note after the checklist, its false claim removed.
    assert note_of(reply) == "Let me look at what happened."
    (note,) = [b for b in reply.blocks if isinstance(b, NoteBlock)]
    assert reply.blocks.index(note) > reply.blocks.index(block)
    assert note.label == t("en", "planner.note_label")
    assert "claim_removed" in codes(reply)
    assert len(llm.requests) == 1
    offered = [d["function"]["name"] for d in llm.requests[0]["tools"]]
    assert "diagnose" in offered
    assert [s.name for s in reply.trace if s.kind == "tool"] == ["diagnose"]


async def test_an_unrouted_report_in_chinese_checks_the_trader_it_names(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    desk, chat = await alpha_desk(model)
    strategy = await desk.strategy("beta-s", grid())
    account = (await desk.workspace.accounts.owned(desk.owner))[0]
    await desk.traders.create(
        NewTrader(desk.owner, "beta", account.id, strategy.id, None, False, False, desk.clock.now()), AUDIT
    )
    # A report no rule reads ("alpha 最近一单都没动静" is now read by rule: "没动" is a failure).
    text = "alpha 最近安静得出奇"
    assert unrouted(desk.core, text)
    llm.add(completion("我来看看。", [tool_call("d1", "diagnose", {"kind": "trader", "name": "alpha"})]))

    reply = await chat.say(text)

    assert reply.route.skill == "trader_diagnosis" and reply.route.by == "model"
    blocks = diagnosed(reply)
    assert len(blocks) == 1 and "alpha" in blocks[0].title  # beta is not checked
    assert reply.locale == "zh" and "错误" in blocks[0].cause
    note = [b for b in reply.blocks if isinstance(b, NoteBlock)]
    assert note and note[0].text == "我来看看。" and note[0].label == t("zh", "planner.note_label")
    # Without a name, every trader of the person's is checked (as from a rule).
    llm.add(completion(None, [tool_call("d2", "diagnose", {"kind": "trader"})]))
    reply = await chat.say("我的小助手好几天没动静了")
    assert len(diagnosed(reply)) == 2 and note_of(reply) is None


async def test_a_bad_kind_or_an_unknown_name_is_an_error_to_the_model_and_nothing_runs(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    _, chat = await alpha_desk(model)
    llm.add(
        completion(
            None,
            [
                tool_call("d1", "diagnose", {"kind": "wallet"}),
                tool_call("d2", "diagnose", {"kind": "trader", "name": "gamma"}),
                tool_call("d3", "diagnose", {"kind": "trader", "api_key": "x"}),
            ],
        ),
        completion(None, [tool_call("d4", "diagnose", {"kind": "trader", "name": "alpha"})]),
    )

    reply = await chat.say("my alpha helper went quiet, any idea?")

    errors = [p["error"] for p in tool_messages(llm, 1)]
    assert [e["code"] for e in errors] == ["invalid_arguments", "unknown_name", "unexpected_argument"]
    assert "'exchange'" in errors[0]["message"] and "'strategy'" in errors[0]["message"]
    assert "gamma" in errors[1]["message"] and "'alpha'" in errors[1]["message"]
    steps = [(s.name, s.outcome, s.error_code) for s in reply.trace if s.kind == "tool"]
    assert steps[:3] == [
        ("diagnose", "error", "invalid_arguments"),
        ("diagnose", "error", "unknown_name"),
        ("diagnose", "error", "unexpected_argument"),
    ]
    # The corrected call starts alpha's diagnosis, and only that.
    assert reply.route.skill == "trader_diagnosis" and len(diagnosed(reply)) == 1


async def test_a_model_that_asks_back_after_an_unknown_name_needs_input(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    _, chat = await alpha_desk(model)
    llm.add(
        completion(None, [tool_call("d1", "diagnose", {"kind": "trader", "name": "gamma"})]),
        completion("You have no trader called gamma. Did you mean alpha?"),
    )

    reply = await chat.say("gamma stopped buying, why?")

    assert reply.status is Status.NEEDS_INPUT and not diagnosed(reply)
    assert note_of(reply) == "You have no trader called gamma. Did you mean alpha?"


async def test_a_person_with_nothing_of_that_kind_gets_the_diagnosis_own_answer(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    desk = trader_desk()
    llm.add(completion(None, [tool_call("d1", "diagnose", {"kind": "trader", "name": "alpha"})]))
    chat = with_model(desk.core, model, desk.clock)

    reply = await chat.say("my alpha helper went quiet, any idea?")

    blocks = diagnosed(reply)
    assert reply.route.skill == "trader_diagnosis" and [b.cause_code for b in blocks] == ["no_traders"]


async def test_in_a_group_the_model_started_diagnosis_is_private_as_a_rule_started_one(
    llm: ScriptedLLMServer, model: OpenAIChatModel
) -> None:
    _, chat = await alpha_desk(model, ChatKind.GROUP)
    llm.add(completion(None, [tool_call("d1", "diagnose", {"kind": "trader"})]))

    reply = await chat.say("my alpha helper went quiet, any idea?")

    assert not diagnosed(reply) and reply.status is Status.FAILED


async def test_no_secret_reaches_the_model(llm: ScriptedLLMServer, model: OpenAIChatModel) -> None:
    scripts = ScriptedExchanges({"binance": {}})
    desk = diagnosis_desk(live=scripts)
    account = await desk.account("main", "binance", api_key=API_KEY, api_secret=API_SECRET)
    pasted = "sk-live-0123456789abcdefABCDEF0123"
    text = f"binance keeps kicking me out when I log main in, here's my key {pasted}"
    assert unrouted(desk.core, text)
    llm.add(
        completion(None, [tool_call("d1", "diagnose", {"kind": "exchange", "name": "mian"})]),
        completion(None, [tool_call("d2", "diagnose", {"kind": "exchange", "name": "main"})]),
    )
    chat = with_model(desk.core, model, SystemClock())

    reply = await chat.say(text)

    assert reply.route.skill == "exchange_diagnosis" and reply.route.by == "model"
    assert [b.skill for b in diagnosed(reply)] == ["exchange_diagnosis"]
    assert scripts.opened == ["binance"]  # the checks ran, on the adapter side, for "main" only
    assert "secret_redacted" in codes(reply)
    sent = b"".join(llm.raw).decode()
    assert "'main'" in tool_messages(llm, 1)[0]["error"]["message"]
    for secret in (API_KEY, API_SECRET, pasted, *account.credentials.values()):
        assert secret not in sent
    assert len(llm.requests) == 2
