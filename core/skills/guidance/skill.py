"""guidance: step-by-step answers to "where do I get a DeepSeek API key", "币安API权限应该勾选哪些",
"what is paper trading" (zh + en), from the topic files. Public and model-free: asked in the
middle of a task, it is a side question, answered before the open task's question comes back."""

from __future__ import annotations

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.i18n import Locale
from core.language.tagger import words as read_words
from core.reply import NoticeBlock, Reply, RouteInfo, Status
from core.routing.normalize import normalize
from core.routing.router import Route
from core.skills.base import OneShotSkill
from core.skills.guidance.catalog import Topic, topics
from core.state import Task, TaskStatus
from core.tasks.actions import ActionSpec, Done
from core.tasks.transitions import move
from core.turn import Turn
from core.workspace.extraction import URL
from core.workspace.given_secrets import find_given
from core.workspace.named import find_exchange, find_provider
from core.workspace.reading import CREATE, DELETE, PROBLEM, UPDATE

SKILL = "guidance"


_HOW = re.compile(
    r"怎么|怎样|如何|咋|去哪|哪里|在哪|哪儿|申请|获取|获得|拿到|开通|生成|教程|步骤|流程|勾选|勾哪|"
    r"哪些权限|什么权限|权限|需要什么|要填|填什么|是多少|是什么|需要.{0,12}吗|"
    r"(?<![a-z])(?:how|where|get|obtain|generate|apply|tutorial|guide|steps?|permissions?|tick|which|"
    r"what(?:'s| is| are)?)(?![a-z])",
    re.IGNORECASE,
)
_SUBJECT = re.compile(
    r"api|密钥|秘钥|key|base\s*url|接口地址|地址|模型名|model\s*names?|权限|permissions?|passphrase|"
    r"白名单|whitelist|endpoint",
    re.IGNORECASE,
)
# A model fact asked by its name alone ("kimi model name", "deepseek base url").
_FACT = re.compile(r"base\s*url|接口地址|模型名|model\s*names?|endpoint", re.IGNORECASE)
_PERMISSIONS = re.compile(
    r"权限|勾选|勾哪|白名单|提现|提币|permissions?|tick|whitelist|withdrawals?", re.IGNORECASE
)
_PAPER = re.compile(
    r"模拟交易|模拟盘|模拟账户|(?<![a-z])paper(?:\s*|-)(?:trading|trade|account)(?![a-z])", re.IGNORECASE
)
_ABOUT = re.compile(
    r"什么|啥|是什么|介绍|怎么|如何|区别|(?<![a-z])(?:what|how|explain|mean|means|difference)(?![a-z])",
    re.IGNORECASE,
)
_TESTNET = re.compile(r"测试网|(?<![a-z])testnet(?![a-z])", re.IGNORECASE)
# What makes a message a question rather than a request: "配置 kimi 模型，base url 是多少" asks;
# "配置 kimi 模型，base url 是 https://…" tells.
_ASKING = re.compile(
    r"怎么|怎样|如何|咋|去哪|哪里|在哪|哪儿|教程|步骤|流程|多少|什么|啥|哪些|哪个|吗|[?？]|"
    r"(?<![a-z])(?:how|where|what(?:'s)?|which|tutorial|guide|steps?)(?![a-z])",
    re.IGNORECASE,
)


class GuidanceRule:
    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/"):
            return None
        if PROBLEM.search(norm):
            return None  # "okx passphrase 错误怎么办" reports a problem: a diagnosis, not a guide
        if _configures(text, norm):
            return None  # the model or exchange skill takes it, with the values it gives
        topic = _topic(norm)
        if topic == "paper":
            return Route(SKILL, "explain", {"topic": "paper"}) if _ABOUT.search(norm) else None
        # "should i enable withdrawals on my key" asks advice: a question, whatever verb it names.
        advice = read_words(norm).has("outside.advice")
        # "币安测试网怎么用": the testnet of an exchange named is its own subject ("what's a testnet"
        # alone is the glossary's).
        testnet = topic == "binance_testnet" and find_exchange(_TESTNET.sub(" ", norm)) == "binance"
        if topic is None or not (_SUBJECT.search(norm) or testnet):
            return None
        if (UPDATE.search(norm) or DELETE.search(norm)) and not advice:
            return None  # "把 deepseek 的 base url 改成 …" changes a config: not a question
        if not (_HOW.search(norm) or advice) and not (_FACT.search(norm) and topics()[topic].kind == "model"):
            return None
        aspect = (
            "permissions" if _PERMISSIONS.search(norm) and topics()[topic].kind == "exchange" else "setup"
        )
        return Route(SKILL, "explain", {"topic": topic, "aspect": aspect})


def _configures(text: str, norm: str) -> bool:
    """A request to set something up that names a guide's words ("配置 kimi 模型，base url 是
    https://…，key 是 sk-…", "add a qwen model, model name qwen-plus"), not a how-to: it carries a
    credential (never answered with a guide while the key sits in the chat), or it gives a URL or
    says "add / configure" without asking anything."""
    if find_given(text).any:
        return True
    return bool(URL.search(norm) or CREATE.search(norm)) and not _ASKING.search(norm)


def _topic(norm: str) -> str | None:
    exchange = find_exchange(norm)
    if exchange == "paper" or (exchange is None and _PAPER.search(norm)):
        return "paper" if _PAPER.search(norm) or exchange == "paper" else None
    if exchange == "binance" and _TESTNET.search(norm):
        return "binance_testnet"
    if exchange is not None:
        return exchange if exchange in topics() else None
    if _TESTNET.search(norm):
        return "binance_testnet"
    provider = find_provider(norm)
    return provider if provider in topics() else None


class GuidanceSkill(OneShotSkill):
    name = SKILL

    async def explain(self, turn: Turn, task: Task) -> Done:
        key = str(task.slots.get("topic", ""))
        topic = topics().get(key)
        move(task, TaskStatus.EXECUTING, turn.now)
        if topic is None:  # a rule only routes known topics; a stale task may not
            move(task, TaskStatus.FAILED, turn.now)
            reply = Reply(
                Status.FAILED,
                (NoticeBlock(turn.t("button.unknown"), "warning", "unknown_topic"),),
                turn.locale,
            )
            return Done(reply, ok=False)
        move(task, TaskStatus.COMPLETED, turn.now)
        aspect = str(task.slots.get("aspect", "setup"))
        text = answer(topic, turn.locale, permissions_only=aspect == "permissions")
        reply = Reply(
            Status.COMPLETED,
            (NoticeBlock(text, "info", f"guidance.{topic.key}"),),
            turn.locale,
            route=RouteInfo(SKILL, "explain", dict(task.slots), by=task.origin),
        )
        return Done(reply)


def answer(topic: Topic, locale: Locale, *, permissions_only: bool = False) -> str:
    """The guide as text: the title, numbered steps, then permissions, what to fill in, notes,
    and when the facts were written down. A permissions question gets the permissions first
    and a pointer to the whole walk-through."""
    from core.i18n import t

    text = topic.text(locale)
    lines: list[str] = []
    if permissions_only and text.permissions:
        lines.append(t(locale, "guide.permissions_title", title=text.title))
        lines.extend(f"• {p}" for p in text.permissions)
        if text.notes:
            lines.append(t(locale, "guide.notes") + ":")
            lines.extend(f"• {n}" for n in text.notes)
        lines.append(t(locale, "guide.steps_hint", ask=t(locale, f"guide.ask.{topic.key}")))
    else:
        lines.append(text.title)
        lines.extend(f"{n}. {step}" for n, step in enumerate(text.steps, 1))
        for heading, items in (("guide.permissions", text.permissions), ("guide.facts", text.facts)):
            if items:
                lines.append(t(locale, heading) + ":")
                lines.extend(f"• {item}" for item in items)
        if text.notes:
            lines.append(t(locale, "guide.notes") + ":")
            lines.extend(f"• {n}" for n in text.notes)
    lines.append(t(locale, "guide.checked", date=topic.checked.isoformat(), source=topic.source))
    return "\n".join(lines)


ACTIONS: dict[str, ActionSpec[GuidanceSkill]] = {
    "explain": ActionSpec(run=GuidanceSkill.explain, writes=False)
}
