"""The trader skill's routing rule: the workspace readings about traders ("agents"), with what
the request says besides: its target ("alpha", "all of them"), a status question ("how is my
agent doing"), "auto start", a daily summary, and the raw text for the create task to find the
account, strategy and model it names ("用我刚配的 DeepSeek")."""

from __future__ import annotations

import unicodedata
from typing import Any

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.language.normalize import simplified
from core.routing.normalize import normalize
from core.routing.router import Route
from core.tasks.refs import RECENT
from core.workspace.extraction import name_given
from core.workspace.reading import CREATE, DELETE, QUERY, TRADER, UPDATE, changed_record, read

SKILL = "trader_management"
ACTIONS_EMITTED = frozenset({"create", "update", "delete", "start", "stop", "query"})
REQUEST = "request"  # the slot carrying the create request's text (read, then dropped)

STATUS = re.compile(
    r"怎么样|如何了|咋样|运行情况|运行状态|表现|状态|收益|盈亏|赚了|亏了|"
    r"(?<![a-z])(?:how(?:'s| is| are)|doing|status|performance|performing|p&l|pnl|profit)(?![a-z])",
    re.IGNORECASE,
)
ALL = re.compile(r"所有|全部|都|(?<![a-z])(?:all|every|everything)(?![a-z])", re.IGNORECASE)
AUTO_START = re.compile(
    r"自动启动|自动开始|自动运行|并启动|然后启动|直接启动|马上启动|立即启动|建好就启动|"
    r"(?<![a-z])(?:auto[- ]?start|start it|and start|start right away|start immediately)(?![a-z])",
    re.IGNORECASE,
)
DAILY = re.compile(
    r"每日汇总|每天汇总|日报|每天报告|每日报告|(?<![a-z])daily (?:summary|summaries|report)", re.I
)
# The new value: "改成 …", "改名叫 beta" (not read as the target's name), "重命名 alpha 为 beta" (a
# lone 为 between the names), "rename alpha to / as beta".
_VALUE = re.compile(
    r"(?:改成|改为|换成|设为|设置为|更新为|改名为|改名成|改名叫|重命名为|重命名成|(?<=\s)为(?=\s)|"
    r"(?<![a-z])(?:to|as)(?![a-z]))\s*(?P<v>.+?)\s*$",
    re.I,
)
STOP = re.compile(
    r"停止|暂停|停掉|停了|停下|停一下|关闭|关掉|(?<![a-z])(?:stop|pause|halt|kill)(?![a-z])", re.I
)
START = re.compile(
    r"启动|开始运行|运行|开启|开始|跑起来|恢复|(?<![a-z])(?:start|run|launch|resume)(?![a-z])", re.I
)
_ACTION_WORDS = re.compile(
    r"停止|暂停|停掉|停了|停下|关闭|关掉|启动|开始运行|运行得|运行|开启|开始|跑起来|恢复|"
    r"(?<![a-z])(?:stop|pause|halt|kill|start|run|launch|resume)(?![a-z])",
    re.IGNORECASE,
)
_FILLER = re.compile(
    r"把|将|帮我|帮忙|请|麻烦|给我|我的|我|一下|一个|这个|那个|得|的|吧|呢|了|吗|啊|都|所有|全部|现在|"
    r"(?<![a-z])(?:please|the|a|an|my|of|for|me|i|want|to|can|you|all|named|called|now|every|everything|"
    r"it|them)(?![a-z])",
    re.IGNORECASE,
)
_FIELDS = (
    ("auto_start", re.compile(r"自动启动|auto[- ]?start", re.I)),
    ("daily_summary", re.compile(r"每日汇总|日报|daily summar", re.I)),
    ("name", re.compile(r"改名|重命名|名字|名称|rename|(?<![a-z])name(?![a-z])", re.I)),
    ("account", re.compile(r"账户|账号|交易所|(?<![a-z])(?:account|exchange)(?![a-z])", re.I)),
    ("strategy", re.compile(r"策略|(?<![a-z])strateg(?:y|ies)(?![a-z])", re.I)),
    ("model", re.compile(r"模型|(?<![a-z])(?:model|llm)(?![a-z])", re.I)),
)
_VALUED = ("account", "strategy", "model", "auto_start", "daily_summary")
_SWITCH_WORDS = re.compile(
    r"打开|开启|启用|关闭|关掉|取消|停用|(?<![a-z])(?:on|off|enable|disable|turn)(?![a-z])", re.I
)
_PUNCT = re.compile(r"[\s,，.。!！?？:：;；、~～\"“”「」『』()（）\[\]]+")


def read_trader(text: str) -> Route | None:
    norm = normalize(text)
    if not norm or norm.startswith("/") or not TRADER.search(norm):
        return None
    reading = read(text)
    if reading is not None and (reading.problem or reading.domain != "trader"):
        return None  # "why won't my trader start" is a diagnosis
    raw = " ".join(unicodedata.normalize("NFKC", text).split())
    action = _action(norm)
    if action is None:
        return None
    slots: dict[str, Any] = {}
    # "我的agent运行得怎么样" reads as "run": it asks how they are doing.
    if action in ("start", "query") and STATUS.search(norm) and not CREATE.search(norm):
        action = "query"
        slots["status"] = "1"
    if action == "create":
        slots[REQUEST] = raw
        name = _name(raw)
        if name:
            slots["name"] = name
        if AUTO_START.search(norm):
            slots["auto_start"] = "on"
        if DAILY.search(norm):
            slots["daily_summary"] = "on"
        return Route(SKILL, action, slots)
    target_text = raw
    if action == "update":
        value = _VALUE.search(raw)
        for field, pattern in _FIELDS:
            if pattern.search(norm):
                slots["field"] = field
                break
        if value is not None:
            target_text = raw[: value.start()]
            if slots.get("field") == "name":
                slots["new_name"] = value.group("v")
            elif slots.get("field") in _VALUED:
                slots[str(slots["field"])] = value.group("v")
        if "field" in slots and slots["field"] in ("auto_start", "daily_summary") and "value" not in slots:
            off = re.search(r"关闭|关掉|取消|停用|(?<![a-z])(?:off|disable|stop)(?![a-z])", norm, re.I)
            on = re.search(r"打开|开启|启用|(?<![a-z])(?:on|enable)(?![a-z])", norm, re.I)
            if off or on:
                slots[str(slots["field"])] = "off" if off else "on"
    if action in ("stop", "query", "start") and ALL.search(norm) and not _target(raw):
        slots["target_ref"] = {"all": "1"}
    else:
        ref = _target(target_text, changed=action == "update")
        if ref:
            slots["target_ref"] = ref
    return Route(SKILL, action, slots)


def _action(norm: str) -> str | None:
    """Which action, first match wins: delete; create (a create that also starts is a create);
    a switch of auto start or the daily summary (an update, though it says "关闭"); stop; start;
    update; query; and a bare "my agents" is a query."""
    if DELETE.search(norm):
        return "delete"
    if CREATE.search(norm):
        return "create"
    if any(pattern.search(norm) for field, pattern in _FIELDS if field in ("auto_start", "daily_summary")):
        return "update"
    if STOP.search(norm):
        return "stop"
    if START.search(norm):
        return "start"
    if UPDATE.search(norm):
        return "update"
    return "query"


def _name(text: str) -> str | None:
    """The name a request gives, read whole by the shared reader ("called Alt Two", "叫 小号 二",
    "“Alt Two”"); None when it gives none, or none deskmate can take (the flow asks)."""
    named = name_given(text)
    return named.value if named is not None else None


def _target(text: str, *, changed: bool = False) -> dict[str, str] | None:
    """The trader a request names; ``changed``: ``text`` is what precedes an update's change
    ("给 alpha 改名叫 beta" changes "alpha")."""
    name = _name(text)
    if name:
        return {"name": name}
    if RECENT.search(normalize(text)):
        return {"recent": "1"}
    # The words are matched in simplified characters, the name kept as typed ("刪除交易員 alpha").
    plain = simplified(text)
    for pattern in (
        TRADER,
        DELETE,
        UPDATE,
        CREATE,
        _ACTION_WORDS,
        STATUS,
        QUERY,
        _SWITCH_WORDS,
        *(p for _, p in _FIELDS),
        _FILLER,
    ):
        plain = pattern.sub(lambda m: " " * len(m.group(0)), plain)
    rest = "".join(typed if kept != " " else " " for typed, kept in zip(text, plain, strict=True))
    rest = _PUNCT.sub(" ", rest).strip()
    if changed:
        rest = changed_record(rest, text)
    return {"name": rest} if rest else None


class TraderRule:
    def route(self, text: str) -> Route | None:
        return read_trader(text)
