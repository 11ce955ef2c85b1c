"""The exchange account skill's planner tool: start an account task with what the model understood.

A skill-level tool, not CRUD: the task it starts asks for whatever is missing and confirms risky
changes exactly as when a rule started it. Credentials are never arguments: deskmate asks for
them itself, privately.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core.planner.tooling import TaskTool, ToolArgs

ExchangeKey = Literal["paper", "binance", "binance_testnet", "okx", "bybit"]  # core.workspace.exchanges


class ExchangeAccountTaskArgs(ToolArgs):
    action: Literal["create", "update", "delete", "query"] = Field(
        description="create: add an account; update: rename it or replace its keys; delete; "
        "query: list or show"
    )
    exchange: ExchangeKey | None = Field(
        None, description="The exchange of a new account, if the user named it."
    )
    name: str | None = Field(
        None, min_length=1, max_length=32, description="The new account's name, if given."
    )
    target: str | None = Field(
        None,
        min_length=1,
        max_length=64,
        description="The existing account to change, delete or show, by name.",
    )
    field: Literal["name", "api_key", "api_secret", "passphrase", "credentials"] | None = Field(
        None, description="What an update changes ('credentials': all the account's keys)."
    )
    new_name: str | None = Field(None, min_length=1, max_length=32, description="The new name of a rename.")


EXCHANGE_ACCOUNT_TASK = TaskTool(
    name="exchange_account_task",
    description=(
        "Start a task on the user's own exchange accounts: add one, rename it or replace its keys, "
        "delete one, or list / show them. deskmate then asks the user for anything missing (keys "
        "and secrets always privately, never through this tool) and asks them to confirm risky "
        "changes. Pass only what the user said; leave the rest out."
    ),
    arguments=ExchangeAccountTaskArgs,
    guidance=(
        "- exchange_account_task: when the user wants to add, change, delete or see their exchange "
        "accounts (paper, Binance, Binance Testnet, OKX, Bybit). Never put an API key, secret or "
        "passphrase in its arguments."
    ),
)
