"""guidance: step-by-step answers to "where do I get a DeepSeek API key", "币安API权限应该勾选哪些",
"what is paper trading" (zh + en), from the topic files. Public and model-free: asked in the
middle of a task, it is a side question, answered before the open task's question comes back.
Its words are data (core/language/lexicon/phrases/guide.toml), read only by this skill's rule."""

from __future__ import annotations

from core.i18n import Locale
from core.language.phrases import Words
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

SKILL = "guidance"


HOW, SUBJECT, FACT = Words("guide.how"), Words("guide.subject"), Words("guide.fact")
PERMISSIONS, PAPER, ABOUT = Words("guide.permissions"), Words("guide.paper"), Words("guide.about")
TESTNET, ASKING = Words("guide.testnet"), Words("guide.asking")
# The lexicon's concepts of a problem reported, a request that changes a record, one that adds one.
PROBLEM = frozenset({"verb.fail", "verb.diagnose", "ask.why", "diagnosis.not_done"})
CHANGES = frozenset({"verb.update", "verb.delete", "verb.rename", "verb.set_to"})
CREATES = frozenset({"verb.create", "verb.bind"})


def _how(norm: str) -> bool:
    """Asking how ("怎么申请", "where do i get"), or whether something is needed ("需要 … 吗")."""
    need = norm.find("需要")
    return bool(HOW.search(norm)) or (need >= 0 and "吗" in norm[need + 2 : need + 15])


class GuidanceRule:
    def route(self, text: str) -> Route | None:
        norm = normalize(text)
        if not norm or norm.startswith("/"):
            return None
        said = read_words(norm).concepts
        if said & PROBLEM:
            return None  # "okx passphrase 错误怎么办" reports a problem: a diagnosis, not a guide
        if _configures(text, norm, said):
            return None  # the model or exchange skill takes it, with the values it gives
        topic = _topic(norm)
        if topic == "paper":
            return Route(SKILL, "explain", {"topic": "paper"}) if ABOUT.search(norm) else None
        # "should i enable withdrawals on my key" asks advice: a question, whatever verb it names.
        advice = "outside.advice" in said
        # "币安测试网怎么用": the testnet of an exchange named is its own subject ("what's a testnet"
        # alone is the glossary's).
        testnet = topic == "binance_testnet" and find_exchange(TESTNET.sub(" ", norm)) == "binance"
        if topic is None or not (SUBJECT.search(norm) or testnet):
            return None
        if said & CHANGES and not advice:
            return None  # "把 deepseek 的 base url 改成 …" changes a config: not a question
        if not (_how(norm) or advice) and not (FACT.search(norm) and topics()[topic].kind == "model"):
            return None
        permissions = PERMISSIONS.search(norm) is not None and topics()[topic].kind == "exchange"
        return Route(SKILL, "explain", {"topic": topic, "aspect": "permissions" if permissions else "setup"})


def _configures(text: str, norm: str, said: frozenset[str]) -> bool:
    """A request to set something up that names a guide's words ("配置 kimi 模型，base url 是
    https://…，key 是 sk-…", "add a qwen model, model name qwen-plus"), not a how-to: it carries a
    credential (never answered with a guide while the key sits in the chat), or it gives a URL or
    says "add / configure" without asking anything."""
    if find_given(text).any:
        return True
    return bool(URL.search(norm) or said & CREATES) and ASKING.search(norm) is None


def _topic(norm: str) -> str | None:
    exchange = find_exchange(norm)
    paper = PAPER.search(norm) is not None
    if exchange == "paper" or (exchange is None and paper):
        return "paper" if paper or exchange == "paper" else None
    testnet = TESTNET.search(norm) is not None
    if exchange == "binance" and testnet:
        return "binance_testnet"
    if exchange is not None:
        return exchange if exchange in topics() else None
    if testnet:
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
