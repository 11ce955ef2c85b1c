"""What a typed answer is: a yes, a no, a cancel, a resume, a question, a secret or a greeting
(zh + en)."""

from __future__ import annotations

from core.i18n import Locale
from core.language.phrases import Words, found
from core.language.tagger import words
from core.planner.redaction import redact
from core.routing.normalize import normalize
from core.routing.router import Route
from core.state import Task

MAX_SECRET = 512


# The words are data: core/language/lexicon/phrases/reply.toml. A Latin word counts whole only
# ("what's" starts with "what", "whatever" does not).
_QUESTION = Words("reply.question")
_QUESTION_END = Words("reply.question_end", lambda low, start, end: end == len(low), whole=False)
_SWITCH = Words("reply.switch")
_SWITCH_INSIDE = Words("reply.switch_inside")
_SWITCH_LAST = Words("reply.switch_last", lambda low, start, end: not low[end:].strip(" .!。！"))


def secret_value(text: str) -> str | None:
    """The credential in an answer, if the whole answer looks like one: 8 to MAX_SECRET
    printable ASCII characters, no space."""
    value = text.strip()
    return value if 8 <= len(value) <= MAX_SECRET and all("!" <= c <= "~" for c in value) else None


def secret_problem(text: str) -> str:
    """Why a typed answer is not a key: the message key naming the real reason."""
    value = text.strip()
    if any(c.isspace() for c in value):
        return "flow.secret_invalid.spaces"
    if not value.isascii():
        return "flow.secret_invalid.non_ascii"
    if len(value) < 8:
        return "flow.secret_invalid.short"
    return "flow.secret_invalid"


def looks_secret(text: str) -> bool:
    """A free-text answer (a name, a model name, a URL) that looks like a credential.

    The planner's redaction decides; path separators split the text first so that a model id
    such as "org/Model-8x7B-Instruct-v0.1" is judged by its parts, not as one long key."""
    return redact(text.replace("/", " ")).changed


def looks_like_question(text: str) -> bool:
    norm = normalize(text)
    return bool(_QUESTION_END.spans(norm) or _QUESTION.prefix(norm) is not None)


def is_switch(text: str) -> bool:
    """The message says it turns to something else rather than answering ("算了，先…", "actually")."""
    norm = normalize(text)
    return bool(_SWITCH.prefix(norm) is not None or _SWITCH_INSIDE.spans(norm) or _SWITCH_LAST.spans(norm))


def unasked(text: str) -> str | None:
    """An answer with its trailing question mark taken off ("1d?" is "1d, right?"), or None
    when what is left is still a question ("what's the minimum?", "最少多少？")."""
    value = text.strip().rstrip("?？ ").strip()
    return value if value and not looks_like_question(value) else None


def bare(text: str) -> str:
    """Lower-case, width-folded, without trailing punctuation: for one-word answers."""
    return normalize(text).strip(" .。!！~～,，")


def is_confirm(text: str) -> bool:
    return bare(text) in Words("reply.confirm").words


def is_cancel(text: str) -> bool:
    """A cancel word, alone or with only "it" / "that" / a particle after it ("cancel it", "取消它吧",
    "cancel 咗佢": phrases/reply.toml's cancel_it)."""
    said = bare(text)
    for word in Words("reply.cancel").words:
        glued = word[-1:].isascii() and said[len(word) : len(word) + 1].isalpha()  # "cancellation"
        if said.startswith(word) and not glued:
            rest = said[len(word) :].strip()
            if not rest or rest in Words("reply.cancel_it").words:
                return True
    return False


def is_decline(text: str) -> bool:
    return bare(text) in Words("reply.decline").words


def is_resume(text: str) -> bool:
    return bare(text) in Words("reply.resume").words


# A greeting may come with small words ("hi there", "你好呀") but nothing else.
_SMALL_TALK = frozenset({"filler.greeting", "filler.polite", "filler.article"})


def is_greeting(text: str) -> bool:
    """The message is greetings or thanks and nothing else (the lexicon's filler.greeting, with
    its polite words and articles)."""
    reading = words(text)
    small = all(t.concepts & _SMALL_TALK for t in reading.tags)
    return reading.has("filler.greeting") and small and not reading.rest()


def asks_capabilities(text: str) -> bool:
    """The message asks what deskmate can do ("what can you do?", "hey bot, 你能做什么"): the
    phrase (phrases/reply.toml's capabilities) with only greetings, polite words and marks."""
    reading = words(text)
    said = Words("reply.capabilities").spans(reading.text)
    small = [(t.start, t.end) for t in reading.tags if t.concepts <= _SMALL_TALK]
    rest = list(reading.text)
    for start, end in (*said[:1], *small):
        rest[start:end] = " " * (end - start)
    return bool(said) and not "".join(rest).strip(" ?？!！.。~～,，呀啊呢吗")


_LANGUAGES: dict[str, Locale] = {"language.zh_hant": "zh-Hant", "language.zh": "zh", "language.en": "en"}


def language_choice(text: str) -> Locale | None:
    """The reply language a message chooses ("用繁體回答", "reply in traditional chinese", "说英文"):
    one language, a word asking to be answered in it, small words and nothing else
    (phrases/language.toml); None for any other message."""
    low = normalize(text)
    kept: list[tuple[int, int, frozenset[str]]] = []
    for start, end, names in found("language", low):  # leftmost-longest: "繁体中文" over "中文"
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, names))
    chosen = {_LANGUAGES[c] for _, _, names in kept for c in names if c in _LANGUAGES}
    asked = any("language.ask" in names for _, _, names in kept)
    rest, at = [], 0
    for start, end, _ in kept:
        rest.append(low[at:start])
        at = end
    rest.append(low[at:])
    if len(chosen) != 1 or not asked or any(ch.isalnum() for ch in "".join(rest)):
        return None
    return chosen.pop()


def coins_answered(task: Task, route: Route | None) -> list[str] | None:
    """The coins a bare-coin message names ("ETH", "那 ETH 呢": a follow-up route, which only the
    price rule gives) when ``task`` asks "which coin?"; None when the message is no such answer.
    The price skill and the alert skill ask it alike."""
    if task.asking != "symbol" or route is None or not route.followup:
        return None
    return list(route.slots.get("symbols", []))


def asked_alone(task: Task, slot: str, route: Route | None) -> str | None:
    """The value of ``slot`` when ``route`` is the task's own action saying that slot only ("买50u"
    while a buy of ETH asks how much): the answer, no new request; else None."""
    if route is None or route.action != task.action or set(route.slots) - {"followup"} != {slot}:
        return None
    return str(route.slots[slot])
