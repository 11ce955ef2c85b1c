"""Builds the LLM planner from settings (only called when a model is configured)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adapters.llm import OpenAIChatModel
from adapters.storage.usage_ledger import SqlUsageLedger
from bot.settings import Settings
from core.clock import Clock
from core.markets import MarketCatalog
from core.planner import Planner, PlannerLimits
from core.planner.guard import ProseGuard
from core.skills.registry import SkillSet

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine


def build(
    settings: Settings, engine: AsyncEngine, skills: SkillSet, clock: Clock, catalog: MarketCatalog
) -> tuple[Planner, OpenAIChatModel]:
    """The planner over the registered skills' tools; its prose guard knows every coin of
    ``catalog`` (the process's, which the daily refresh keeps current)."""
    llm = settings.llm
    assert llm.api_key is not None
    model = OpenAIChatModel(
        llm.api_key.get_secret_value(), llm.base_url, llm.model, extra_body=llm.extra_body
    )
    limits = PlannerLimits(
        max_requests=llm.max_requests,
        max_tool_calls=llm.max_tool_calls,
        max_output_tokens=llm.max_output_tokens,
        task_deadline_seconds=llm.task_deadline_seconds,
        request_timeout_seconds=llm.request_timeout_seconds,
        market_timeout_seconds=settings.binance.timeout_seconds,
        user_daily_token_budget=llm.user_daily_token_budget,
        site_daily_token_budget=llm.site_daily_token_budget,
    )
    planner = Planner(
        model,
        skills.toolsets,
        clock=clock,
        ledger=SqlUsageLedger(engine),
        limits=limits,
        guard=ProseGuard(catalog),
    )
    return planner, model
