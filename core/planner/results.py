"""Tool results as the model reads them: compact JSON."""

from __future__ import annotations

import json
from typing import Any


def error_result(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def encode(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))
