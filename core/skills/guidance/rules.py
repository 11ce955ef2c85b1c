"""How-to questions read: "where do I get a DeepSeek API key", "币安API权限应该勾选哪些", "what is
paper trading" (zh + en) name a guide's topic and aspect; a request that configures something or
reports a problem is not one. Its words are data (core/language/lexicon/phrases/guide.toml), read
only by this rule."""

from __future__ import annotations

from core.language.phrases import Words
from core.language.tagger import words as read_words
from core.routing.normalize import normalize
from core.routing.router import Route
from core.skills.guidance.catalog import topics
from core.skills.guidance.intents import SKILL
from core.workspace.extraction import URL
from core.workspace.given_secrets import find_given
from core.workspace.named import find_exchange, find_provider

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
