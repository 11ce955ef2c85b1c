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
