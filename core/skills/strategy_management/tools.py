"""The strategy skill's planner tool: start a strategy task with what the model understood.

Like every task tool it only starts the task: each value is checked exactly like one read from
the user's message, anything missing is asked, and a delete still waits for the confirm button.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from core.planner.tooling import TaskTool, ToolArgs


def _amount(description: str) -> Any:
    """A decimal string (never a float: amounts stay exact), up to 20 characters."""
    return Field(None, min_length=1, max_length=20, description=description)


class StrategyTaskArgs(ToolArgs):
    action: Literal["create", "update", "delete", "activate", "deactivate", "duplicate", "query"] = Field(
        description="create a strategy; update one setting; delete; activate (make it the default one); "
        "deactivate (no default); duplicate (copy under a new name); query (list or show)"
    )
    kind: Literal["dca", "grid", "ai"] | None = Field(
        None, description="A new strategy's kind: dca (fixed buys), grid (range), ai (the model decides)."
    )
    target: str | None = Field(
        None, min_length=1, max_length=64, description="The existing strategy acted on, by name."
    )
    name: str | None = Field(
        None, min_length=1, max_length=32, description="A new strategy's name, or a duplicate's."
    )
    symbol: str | None = Field(
        None, min_length=1, max_length=20, description="dca / grid: the coin, e.g. BTC."
    )
    symbols: str | None = Field(
        None, min_length=1, max_length=80, description="ai: the coins, comma separated, e.g. 'BTC, ETH'."
    )
    quote_amount: str | None = _amount("dca: USDT per buy, as a decimal string.")
    interval: str | None = Field(
        None, min_length=1, max_length=20, description="dca / ai: how often, e.g. 1h, 4h, 1d, 1w."
    )
    max_total: str | None = _amount("dca: total USDT to stop at, if said.")
    lower: str | None = _amount("grid: the lower price in USDT.")
    upper: str | None = _amount("grid: the upper price in USDT.")
    grids: str | None = _amount("grid: the number of grids (2-200).")
    quote_per_grid: str | None = _amount("grid: USDT per grid.")
    max_position_pct: str | None = _amount("ai: the largest position as a % of equity, e.g. '20'.")
    max_order_notional: str | None = _amount("ai: the largest order in USDT.")
    notes: str | None = Field(None, min_length=1, max_length=500, description="ai: notes for the model.")
    field: (
        Literal[
            "name", "symbol", "symbols", "quote_amount", "interval", "max_total", "lower", "upper", "grids",
            "quote_per_grid", "max_position_pct", "max_order_notional", "notes",
        ]
        | None
    ) = Field(None, description="What an update changes; its new value goes in that field.")  # fmt: skip
    new_name: str | None = Field(None, min_length=1, max_length=32, description="The new name of a rename.")


STRATEGY_TASK = TaskTool(
    name="strategy_task",
    description=(
        "Start a task on the user's own trading strategies (DCA, grid or AI): create one, change one "
        "setting, delete, make one the default, clear the default, copy one under a new name, or list / "
        "show them. deskmate checks every value against the exchange's rules, asks for anything missing "
        "and confirms a delete. Pass only what the user said; leave the rest out."
    ),
    arguments=StrategyTaskArgs,
    guidance=(
        "- strategy_task: when the user wants to set up, change, copy, delete, activate or see a "
        "trading strategy (定投/DCA, 网格/grid, AI). A strategy is only parameters; a trader runs it."
    ),
)
