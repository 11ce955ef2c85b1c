"""The price alert skill's planner tool: start an alert task with what the model understood.

Like every task tool it only starts the task: the values are checked exactly as when a rule read
them (supported coin, tick size, range, an alert that already holds asks first)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core.planner.tooling import TaskTool, ToolArgs


class PriceAlertTaskArgs(ToolArgs):
    action: Literal["create", "query", "delete"] = Field(
        description="create: set a price alert; query: list the alerts here; delete: remove one"
    )
    symbol: str | None = Field(
        None,
        min_length=1,
        max_length=40,
        description="The coin, as the user named it (BTC, 以太坊, SOLUSDT).",
    )
    condition: Literal["above", "below", "move"] | None = Field(
        None, description="above / below a price level, or a % move either way over a window"
    )
    level: str | None = Field(
        None,
        pattern=r"^\d+(\.\d+)?$",
        max_length=24,
        description="The price level (above / below), or the percent of a move, as digits: '80000', '5'.",
    )
    times: str | None = Field(
        None,
        pattern=r"^\d+(\.\d+)?$",
        max_length=12,
        description=(
            "A level said as a multiple of the price now, as digits: '2' for doubles / 翻倍 / 2x, "
            "'0.5' for halves / 腰斩, '3' for 3倍. Not with level."
        ),
    )
    from_now: str | None = Field(
        None,
        pattern=r"^\d+(\.\d+)?$",
        max_length=12,
        description=(
            "A percent counted from the price now, as digits ('moves 5% from now' is '5'), with "
            "condition above / below, or move for either way. Not with level."
        ),
    )
    window: Literal["1h", "24h"] | None = Field(None, description="A move's window, if the user said one.")
    repeat: bool | None = Field(None, description="True when the user wants it every time, not once.")
    cooldown: int | None = Field(
        None, ge=5, le=10080, description="Minutes between two firings of a repeating alert, if said."
    )
    alert_id: str | None = Field(
        None, pattern=r"^[0-9a-f]{8}$", description="The 8-character id of the alert to delete, if given."
    )
    name: str | None = Field(
        None,
        min_length=1,
        max_length=32,
        description=(
            "The alert's name as the user gave it: a create's ('call it dip buyer', '叫它抄底线'), or "
            "the one to delete or ask about ('delete dip buyer')."
        ),
    )


PRICE_ALERT_TASK = TaskTool(
    name="price_alert_task",
    description=(
        "Set, list or delete price alerts: tell the user (or this group) when a coin goes above or "
        "below a price, or moves a percent within 1h or 24h. deskmate checks the level, asks when the "
        "condition already holds, and delivers the alert later. Pass only what the user said."
    ),
    arguments=PriceAlertTaskArgs,
    guidance=(
        "- price_alert_task: when the user wants to be told later about a price (an alert, a "
        "notification, 提醒), or to see or cancel such alerts. Not for the price now."
    ),
)
