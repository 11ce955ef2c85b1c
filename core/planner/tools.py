"""The planner's tools: their JSON schemas for the model, and strict server-side validation.

A proposed call is only a request. It runs only after its JSON arguments parse, its name is on
the allowlist and its arguments pass a strict pydantic model (no extra fields, no coercion).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from core.market import HISTORY_DAYS
from core.markets import MarketCatalog
from core.planner.ports import ToolCall

CURRENT_PRICE: Final = "get_current_price"
PRICE_HISTORY: Final = "get_price_history"
ToolName = Literal["get_current_price", "get_price_history"]


class ToolErrorCode:
    """Codes the model receives in a tool message when a call was not (successfully) run."""

    INVALID_JSON = "invalid_json"
    UNKNOWN_TOOL = "unknown_tool"
    UNEXPECTED_ARGUMENT = "unexpected_argument"
    MISSING_ARGUMENT = "missing_argument"
    INVALID_ARGUMENTS = "invalid_arguments"
    UNSUPPORTED_SYMBOL = "unsupported_symbol"
    UNSUPPORTED_DAYS = "unsupported_days"
    SECOND_COIN = "one_coin_per_request"
    TOOL_LIMIT = "tool_limit_reached"
    DEADLINE = "deadline_exceeded"


class _CurrentPriceArgs(BaseModel):
    # strict: no "7" -> 7 or 7.0 -> 7 coercion; forbid: an unknown field is an error, not ignored.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    symbol: str


class _PriceHistoryArgs(_CurrentPriceArgs):
    days: int


_ARG_MODELS: dict[str, type[_CurrentPriceArgs]] = {
    CURRENT_PRICE: _CurrentPriceArgs,
    PRICE_HISTORY: _PriceHistoryArgs,
}


@dataclass(frozen=True, slots=True)
class ValidCall:
    call: ToolCall
    name: ToolName
    symbol: str
    days: int | None = None

    @property
    def args(self) -> dict[str, Any]:
        return {"symbol": self.symbol} if self.days is None else {"symbol": self.symbol, "days": self.days}


@dataclass(frozen=True, slots=True)
class RejectedCall:
    call: ToolCall
    code: str
    message: str
    args: dict[str, Any] = field(default_factory=dict)  # whatever parsed, for the trace only


def tool_definitions(catalog: MarketCatalog) -> list[dict[str, Any]]:
    """OpenAI-style function tools; ``additionalProperties: false`` mirrors the server check."""
    symbol = {
        "type": "string",
        "enum": list(catalog.symbols),
        "description": "Exchange symbol of the one supported market the user asked about.",
    }
    return [
        {
            "type": "function",
            "function": {
                "name": CURRENT_PRICE,
                "description": (
                    "Current price of a supported market: the exchange's best ask "
                    "(a reference buying price), fetched now."
                ),
                "parameters": {
                    "type": "object",
                    "properties": {"symbol": symbol},
                    "required": ["symbol"],
                    "additionalProperties": False,
                },
            },
        },
        {
            "type": "function",
            "function": {
                "name": PRICE_HISTORY,
                "description": (
                    f"Daily closing prices (UTC days) of a supported market for the last {HISTORY_DAYS} "
                    "full days before today; days without data are reported as missing."
                ),
                "parameters": {
                    "type": "object",
                    "properties": {
                        "symbol": symbol,
                        "days": {
                            "type": "integer",
                            "enum": [HISTORY_DAYS],
                            "description": f"Number of days; only {HISTORY_DAYS} is supported.",
                        },
                    },
                    "required": ["symbol", "days"],
                    "additionalProperties": False,
                },
            },
        },
    ]


def _reject_validation(call: ToolCall, exc: ValidationError, raw: dict[str, Any]) -> RejectedCall:
    errors = exc.errors()
    extra = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden" and e["loc"]]
    if extra:
        return RejectedCall(
            call, ToolErrorCode.UNEXPECTED_ARGUMENT, f"unexpected argument(s): {', '.join(extra)}", raw
        )
    missing = [str(e["loc"][0]) for e in errors if e["type"] == "missing" and e["loc"]]
    if missing:
        return RejectedCall(
            call, ToolErrorCode.MISSING_ARGUMENT, f"missing argument(s): {', '.join(missing)}", raw
        )
    where = ", ".join(".".join(str(p) for p in e["loc"]) for e in errors) or "arguments"
    return RejectedCall(call, ToolErrorCode.INVALID_ARGUMENTS, f"invalid value for: {where}", raw)


def validate_call(call: ToolCall, catalog: MarketCatalog) -> ValidCall | RejectedCall:
    """Parse and strictly validate one proposed call (the one-coin rule is the runner's)."""
    if call.name not in _ARG_MODELS:
        allowed = ", ".join(_ARG_MODELS)
        return RejectedCall(call, ToolErrorCode.UNKNOWN_TOOL, f"unknown tool {call.name!r}; tools: {allowed}")
    try:
        raw = json.loads(call.arguments) if call.arguments.strip() else {}
    except json.JSONDecodeError as exc:
        return RejectedCall(call, ToolErrorCode.INVALID_JSON, f"arguments are not valid JSON: {exc.msg}")
    if not isinstance(raw, dict):
        return RejectedCall(call, ToolErrorCode.INVALID_JSON, "arguments must be a JSON object")
    try:
        parsed = _ARG_MODELS[call.name].model_validate(raw)
    except ValidationError as exc:
        return _reject_validation(call, exc, raw)
    symbol = parsed.symbol
    if symbol not in catalog.symbols:
        return RejectedCall(
            call,
            ToolErrorCode.UNSUPPORTED_SYMBOL,
            f"{symbol!r} is not supported; supported symbols: {', '.join(catalog.symbols)}",
            raw,
        )
    if isinstance(parsed, _PriceHistoryArgs):
        if parsed.days != HISTORY_DAYS:
            return RejectedCall(
                call, ToolErrorCode.UNSUPPORTED_DAYS, f"only days={HISTORY_DAYS} is supported", raw
            )
        return ValidCall(call, PRICE_HISTORY, symbol, parsed.days)
    return ValidCall(call, CURRENT_PRICE, symbol)
