"""price_alert: "当 BTC 跌破 80000 提醒我", "alert me when ETH goes above 5000",
"SOL 24小时涨跌超过 5% 告诉我", "/alert btc < 80000", "我设置了哪些价格提醒", "cancel my SOL alert".

Alerts are checked by one job per watched symbol (one quote per check, however many alerts) and
delivered through the outbound port as a card with re-arm / delete buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.jobs.kinds import JobKind
from core.jobs.queue import JOBS
from core.outbound.ports import DELIVERIES
from core.routing.router import Rule
from core.services import CATALOG, MARKET, Services
from core.skills.price_alert.check import AlertChecker
from core.skills.price_alert.intents import INTENTS
from core.skills.price_alert.paused import ResumePausedAlerts
from core.skills.price_alert.ports import PRICE_ALERTS
from core.skills.price_alert.reading import Action
from core.skills.price_alert.rules import SKILL, AlertRule
from core.skills.price_alert.skill import ACTIONS, PriceAlertSkill
from core.skills.price_alert.tools import PRICE_ALERT_TASK
from core.skills.registry import (
    CommandArg,
    CommandSpec,
    HelpSpec,
    LocalText,
    RuleSpec,
    SkillSpec,
)
from core.tasks.audit import AUDIT_LOG
from core.tasks.tokens import BUTTON_TOKENS

__all__ = ["SPEC", "PriceAlertSkill"]


def _build(services: Services) -> PriceAlertSkill:
    return PriceAlertSkill(
        services.get(PRICE_ALERTS),
        services.get(MARKET),
        services.get(CATALOG),
        services.get(AUDIT_LOG),
        services.find(JOBS),
    )


def _jobs(services: Services) -> Sequence[JobKind]:
    checker = AlertChecker(
        services.get(PRICE_ALERTS), services.get(MARKET), services.get(CATALOG), services.find(BUTTON_TOKENS)
    )
    return [checker.kind()]


def _rule(*actions: Action) -> Callable[[Services], Rule]:
    return lambda services: AlertRule(services.get(CATALOG), frozenset(actions))


def _rule_spec(name: str, priority: int, action: Action) -> RuleSpec:
    return RuleSpec(name, priority=priority, build=_rule(action), emits=frozenset({action}))


SPEC = SkillSpec(
    name=SKILL,
    build=_build,
    intents=INTENTS,
    intents_only=True,
    rules=(
        # Questions and cancellations first: "cancel my SOL alert" names a coin, as a new one would.
        _rule_spec("alert list", 192, "query"),
        _rule_spec("alert delete", 191, "delete"),
        _rule_spec("alert create", 190, "create"),
    ),
    actions=ACTIONS,
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
    inbound=lambda services: ResumePausedAlerts(
        services.get(PRICE_ALERTS), services.find(DELIVERIES), services.get(CATALOG)
    ),
)
