"""What a typed answer is: a yes, a no, a cancel, a resume, a question or a secret (zh + en)."""

from __future__ import annotations

import re

from core.planner.redaction import redact
from core.routing.normalize import normalize

_SECRET = re.compile(r"[\x21-\x7e]{8,512}")  # printable ASCII, no spaces
_QUESTION = re.compile(
    r"[?？]$|吗$|呢$|^(?:什么|为什么|为啥|怎么|如何|哪里|哪儿|是不是|能不能|可以|请问)|"
    r"^(?:what|why|how|where|which|who|when|can|could|should|is|are|do|does)\b"
)
CONFIRM_WORDS = frozenset(
    {"确认", "确定", "确认删除", "确认修改", "确认更换", "是", "是的", "好", "好的", "执行", "同意",
     "yes", "y", "yep", "confirm", "confirmed", "ok", "okay", "sure", "do it", "go ahead"}
)  # fmt: skip
CANCEL_WORDS = frozenset(
    {"取消", "算了", "不要了", "不用了", "放弃", "停止", "退出", "cancel", "abort", "never mind", "nevermind",
     "forget it", "quit"}
)  # fmt: skip
DECLINE_WORDS = frozenset({"否", "不", "不是", "不要", "no", "n", "nope"})  # only when a yes/no is pending
# A message that says it leaves the open question for something else ("算了，先帮我买 100U 的 BTC",
# "actually, buy 100U of BTC first"): a value in it answers nothing, the request is a switch.
_SWITCH = re.compile(
    r"^(?:算了|不管了|先不|先|等等|等一下|换个|另外|顺便|对了|话说|"
    r"(?:actually|instead|wait|hold on|never\s*mind|forget (?:it|that)|first|before that|by the way|btw|"
    r"oh and|also)(?![a-z]))"
    r"|先(?:帮|给|替|去)我|(?<![a-z])instead(?![a-z])|(?<![a-z])first[\s.!。！]*$"
)
RESUME_WORDS = frozenset(
    {"继续", "继续吧", "接着来", "接着", "恢复", "resume", "continue", "go on", "carry on"}
)


def secret_value(text: str) -> str | None:
    """The credential in an answer, if the whole answer looks like one."""
    value = text.strip()
    return value if _SECRET.fullmatch(value) else None


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
    return bool(_QUESTION.search(normalize(text)))


def is_switch(text: str) -> bool:
    """The message says it turns to something else rather than answering ("算了，先…", "actually")."""
    return bool(_SWITCH.search(normalize(text)))


def unasked(text: str) -> str | None:
    """An answer with its trailing question mark taken off ("1d?" is "1d, right?"), or None
    when what is left is still a question ("what's the minimum?", "最少多少？")."""
    value = text.strip().rstrip("?？ ").strip()
    return value if value and not looks_like_question(value) else None


def bare(text: str) -> str:
    """Lower-case, width-folded, without trailing punctuation: for one-word answers."""
    return normalize(text).strip(" .。!！~～,，")


def is_confirm(text: str) -> bool:
    return bare(text) in CONFIRM_WORDS


def is_cancel(text: str) -> bool:
    return bare(text) in CANCEL_WORDS


def is_decline(text: str) -> bool:
    return bare(text) in DECLINE_WORDS


def is_resume(text: str) -> bool:
    return bare(text) in RESUME_WORDS
