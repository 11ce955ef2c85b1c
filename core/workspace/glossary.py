"""Short answers to side questions asked in the middle of a task ("全仓和逐仓有什么区别?").

Deterministic and model-free: a handful of terms the workspace flows mention. Anything else goes
to the planner (when configured) like any unrecognised message.
"""

from __future__ import annotations

import re
from typing import Any

from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.routing.normalize import normalize
from core.routing.router import Route
from core.state import Task, TaskStatus
from core.turn import Turn
from core.workspace import messages as _messages  # noqa: F401

SKILL = "glossary"

_TERMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("margin", re.compile(r"全仓|逐仓|(?<![a-z])(?:cross|isolated)[\s-]*margin(?![a-z])")),
    ("testnet", re.compile(r"测试网|(?<![a-z])testnet(?![a-z])")),
    ("passphrase", re.compile(r"(?<![a-z])passphrase(?![a-z])|密码短语")),
    ("paper", re.compile(r"模拟账户|模拟盘|(?<![a-z])paper (?:account|trading)(?![a-z])")),
    ("api_key", re.compile(r"(?<![a-z])api[\s_-]*(?:key|secret)(?![a-z])|密钥|秘钥")),
)
_ASKING = re.compile(
    r"区别|不同|是什么|什么是|什么意思|啥意思|是啥|有什么用|干什么用|干嘛的|怎么理解|"
    r"(?<![a-z])(?:difference|differences|what is|what's|what are|meaning|mean|explain|vs)(?![a-z])"
)


class GlossaryRule:
    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not _ASKING.search(norm):
            return None
        for term, pattern in _TERMS:
            if pattern.search(norm):
                return Route(SKILL, "explain", {"term": term})
        return None


class GlossarySkill:
    name = SKILL
    private = False

    async def start(self, turn: Turn, task: Task) -> Reply:
        term = str(task.slots.get("term", ""))
        task.status = TaskStatus.COMPLETED
        return Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t(f"ws.glossary.{term}"), code="glossary"),),
            turn.locale,
            route=RouteInfo(SKILL, "explain", {"term": term}, by="rule"),
        )

    async def continue_text(self, turn: Turn, task: Task, route: Route | None) -> Reply | None:
        return None

    async def on_button(self, turn: Turn, task: Task | None, payload: dict[str, Any]) -> Reply:
        return Reply(
            Status.FAILED, (NoticeBlock(turn.t("button.unknown"), "warning", "button_unknown"),), turn.locale
        )
