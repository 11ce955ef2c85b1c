"""The diagnosis skills: what went wrong, why, and what to do now (zh + en), from fixed checks
over the person's own records and live probes, or a pasted error message. No model needed."""

from __future__ import annotations

from core.secrets import SECRET_BOX
from core.services import CATALOG, CLOCK, Services
from core.skills.diagnosis.exchange import SKILL as EXCHANGE_SKILL
from core.skills.diagnosis.exchange import ExchangeDiagnosisSkill
from core.skills.diagnosis.exchange import actions as exchange_actions
from core.skills.diagnosis.rules import ExchangeDiagnosisRule
from core.skills.registry import HelpSpec, LocalText, RuleSpec, SkillSpec
from core.trading.ports import LIVE_EXCHANGES
from core.workspace.accounts import EXCHANGE_ACCOUNTS

__all__ = ["EXCHANGE_DIAGNOSIS"]

_EXCHANGE_ACTIONS = exchange_actions()


def _exchange(services: Services) -> ExchangeDiagnosisSkill:
    # The clock offset is measured against the process's clock: in production the system clock,
    # which is also what signs the requests.
    return ExchangeDiagnosisSkill(
        _EXCHANGE_ACTIONS,
        services.get(EXCHANGE_ACCOUNTS),
        services.get(SECRET_BOX),
        services.find(LIVE_EXCHANGES),
        services.get(CATALOG),
        services.get(CLOCK),
    )


EXCHANGE_DIAGNOSIS = SkillSpec(
    name=EXCHANGE_SKILL,
    build=_exchange,
    rules=(
        RuleSpec(
            "exchange problems and pasted exchange errors",
            priority=270,
            build=lambda services: ExchangeDiagnosisRule(EXCHANGE_SKILL, services.get(CATALOG)),
            emits=frozenset({"diagnose"}),
        ),
    ),
    private=True,
    actions=_EXCHANGE_ACTIONS,
    help=HelpSpec(
        LocalText(
            "诊断交易所问题：时间差、签名、权限、IP 白名单、测试网 / 主网，或解读你贴出的错误",
            "diagnose exchange problems: clock, signature, permissions, IP whitelist, testnet vs mainnet, "
            "or a pasted error",
        ),
        examples_zh=("诊断一下我的币安账户",),
        examples_en=("why does binance say invalid signature",),
    ),
)
