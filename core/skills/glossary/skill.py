"""Short answers to side questions asked in the middle of a task ("全仓和逐仓有什么区别?").

Deterministic and model-free: a handful of terms the workspace flows mention. Anything else goes
to the planner (when configured) like any unrecognised message.
"""

from __future__ import annotations

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.routing.normalize import normalize
from core.routing.router import Route
from core.skills.base import OneShotSkill
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.transitions import move
from core.turn import Turn

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


class GlossarySkill(OneShotSkill):
    name = SKILL

    async def explain(self, turn: Turn, task: Task) -> Done:
        term = str(task.slots.get("term", ""))
        move(task, TaskStatus.EXECUTING, turn.now)
        move(task, TaskStatus.COMPLETED, turn.now)
        reply = Reply(
            Status.COMPLETED,
            (NoticeBlock(turn.t(f"ws.glossary.{term}"), code="glossary"),),
            turn.locale,
            route=RouteInfo(SKILL, "explain", {"term": term}, by=task.origin),
        )
        return Done(reply)


ACTIONS: dict[str, ActionSpec[GlossarySkill]] = {
    "explain": ActionSpec(run=GlossarySkill.explain, writes=False)
}
