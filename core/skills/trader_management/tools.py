"""The trader skill's planner tool: start a trader task with what the model understood."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core.planner.tooling import TaskTool, ToolArgs


class TraderTaskArgs(ToolArgs):
    action: Literal["create", "update", "delete", "start", "stop", "query"] = Field(
        description="create a trader; update it; delete it; start or stop it; query: list them or "
        "say how they are doing"
    )
    target: str | None = Field(
        None, min_length=1, max_length=64, description="The existing trader to act on, by name."
    )
    name: str | None = Field(None, min_length=1, max_length=32, description="A new trader's name, if given.")
    account: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="The exchange account it trades on, as the user named it.",
    )
    strategy: str | None = Field(
        None, min_length=1, max_length=64, description="The strategy it follows, as the user named it."
    )
    model: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="The model config of an AI trader, as the user named it.",
    )
    auto_start: Literal["on", "off"] | None = Field(None, description="Start it right after creating it.")


TRADER_TASK = TaskTool(
    name="trader_task",
    description=(
        "Start a task on the user's own traders (trading agents that follow a strategy on an exchange "
        "account, with a model config for AI strategies): create, change, delete, start, stop, or list "
        "them and how they are doing. deskmate then asks for anything missing, runs the pre-launch "
        "checks and asks the user to confirm risky steps. Pass only what the user said."
    ),
    arguments=TraderTaskArgs,
    guidance=(
        "- trader_task: when the user wants to create, start, stop, change, delete or see their "
        "traders / agents / trading bots."
    ),
)
