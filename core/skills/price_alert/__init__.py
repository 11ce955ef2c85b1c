"""price_alert: "当 BTC 跌破 80000 提醒我", "alert me when ETH goes above 5000",
"SOL 24小时涨跌超过 5% 告诉我", "/alert btc < 80000", "我设置了哪些价格提醒", "cancel my SOL alert".

Alerts are checked by one job per watched symbol (one quote per check, however many alerts) and
delivered through the outbound port as a card with re-arm / delete buttons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.services import CATALOG, MARKET, Services
from core.skills.price_alert.intents import INTENTS, SKILL
from core.skills.price_alert.ports import PRICE_ALERTS
from core.skills.price_alert.tools import PRICE_ALERT_TASK
from core.skills.registry import (
    CommandArg,
    CommandSpec,
    HelpSpec,
    LazyActions,
    LocalText,
    RuleSpec,
    SkillSpec,
)

if TYPE_CHECKING:
    from core.jobs.kinds import JobKind
    from core.routing.router import Rule
    from core.skills.base import InboundHook, OwnNames
    from core.skills.price_alert.skill import PriceAlertSkill

# What routing and the registry need is declared here; the skill's implementation (its reader,
# cards and checker) is imported when it first runs (core.skills.spec.LazyActions). Its inbound
# hook runs for every message, and imports only what it needs.

__all__ = ["SPEC"]


def _build(services: Services) -> PriceAlertSkill:
    from core.jobs.queue import JOBS
    from core.skills.price_alert.skill import PriceAlertSkill
    from core.tasks.audit import AUDIT_LOG

    return PriceAlertSkill(
        services.get(PRICE_ALERTS),
        services.get(MARKET),
        services.get(CATALOG),
        services.get(AUDIT_LOG),
        services.find(JOBS),
    )


def _jobs(services: Services) -> Sequence[JobKind]:
    from core.skills.price_alert.check import AlertChecker
    from core.tasks.tokens import BUTTON_TOKENS

    checker = AlertChecker(
        services.get(PRICE_ALERTS), services.get(MARKET), services.get(CATALOG), services.find(BUTTON_TOKENS)
    )
    return [checker.kind()]


def _inbound(services: Services) -> InboundHook:
    from core.outbound.ports import DELIVERIES
    from core.skills.price_alert.paused import ResumePausedAlerts

    return ResumePausedAlerts(services.get(PRICE_ALERTS), services.find(DELIVERIES), services.get(CATALOG))


def _names(services: Services) -> OwnNames:
    from core.skills.price_alert.named import AlertNames

    return AlertNames(services.get(PRICE_ALERTS))


def _rule(services: Services) -> Rule:
    from core.skills.price_alert.reading import AlertRule

    return AlertRule(services.get(CATALOG))


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    # One reading, one action: a question or a cancellation ("cancel my SOL alert") names a coin
    # as a new alert would; the reader tells them apart.
    rules=(
        RuleSpec(
            "alerts", priority=191, build=_rule, emits=frozenset({"create", "query", "delete", "rename"})
        ),
    ),
    actions=LazyActions.at(("create", "query", "delete", "rename"), "core.skills.price_alert.skill:ACTIONS"),
    help=HelpSpec.of("help.price_alert"),
    commands=(
        CommandSpec(
            "alert",
            LocalText.of("cmd.alert.title"),
            LocalText.of("cmd.alert.description"),
            arg=CommandArg(
                "text",
                LocalText.of("cmd.alert.arg.title"),
                LocalText.of("cmd.alert.arg.description"),
            ),
            order=40,  # after the price commands
        ),
    ),
    tools=(PRICE_ALERT_TASK,),
    jobs=_jobs,
    inbound=_inbound,
    names=_names,
)
