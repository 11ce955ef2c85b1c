"""A local OpenAI-compatible chat completions endpoint on 127.0.0.1 that answers from a script:
what an ai trader's model config points at in tests (no internet, no key). The server is the
shared tests.local_server; the answers are built like the planner's scripted model's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tests.local_server import LocalJsonServer, Reply
from tests.planner.llm_server import completion

HOLD = '{"action": "hold", "symbol": "BTCUSDT"}'
LATE = '{"action": "hold", "symbol": "BTCUSDT", "reason": "late"}'


@dataclass
class Script:
    answers: list[str | float] = field(default_factory=list)  # a float: that many seconds late
    requests: list[dict[str, Any]] = field(default_factory=list)


@contextmanager
def openai_server(script: Script) -> Iterator[str]:
    """Serve ``script``; yields the base URL ("http://127.0.0.1:<port>/v1")."""

    def respond(method: str, target: str, body: str, headers: dict[str, str]) -> Reply:
        request = json.loads(body)
        if request.get("max_tokens", 0) <= 5:
            return Reply(payload=completion("OK").body)  # the pre-launch check
        script.requests.append(request)
        step = script.answers.pop(0) if script.answers else HOLD
        if isinstance(step, float):  # answered after the client stopped waiting
            return Reply(payload=completion(LATE).body, delay=step)
        return Reply(payload=completion(step).body)

    with LocalJsonServer(respond) as server:
        yield f"{server.base_url}/v1"
