"""Where a space may cut a message as a mark does: after Chinese (past any emoji said with it),
with no join beside it (core.conversation.clauses cuts the message there)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from core.language.normalize import has_cjk
from core.language.phrases import Words


def cut_spaces(
    text: str, joins: tuple[tuple[int, int], ...], told: Callable[[str], bool] | None = None
) -> tuple[tuple[int, int], ...]:
    """Where a space after Chinese may end one ask and begin the next ("ETH幾錢 升穿4000叫我": the
    price, then an alert), as a mark does (core.language.conditions reads a clause so too): each
    run of spaces after a Chinese character, inside the text, with no join beside it."""
    out: list[tuple[int, int]] = []
    for run in _SPACE_RUN.finditer(text, 1):  # one scan, not a look at each character in Python
        start, end = run.span()
        if not text[end:].strip() or not (
            has_cjk(text[_past_emoji(text, start) - 1]) or _put_off_before(text, start, end, joins)
        ):
            continue  # no cut here whatever is beside it: the story before it is not read
        beside = any(not text[e:start].strip() or not text[end:s].strip() for s, e in joins)
        if beside and told is not None:
            # beside a join only where one is next to it; else a story told before it ends there
            # ("剛下課，晚餐還沒吃 先幫我查一下 BNB 現價": the dinner told, then the price asked)
            near = any(
                (e <= start and not text[e:start].strip()) or (end <= s and not text[end:s].strip())
                for s, e in joins
            )
            since = max((e for s, e in joins if e <= start), default=0)
            beside = near or not told(text[since:start])
        if not beside:
            out.append((start, end))
    return tuple(out)


def _put_off_before(text: str, start: int, end: int, joins: tuple[tuple[int, int], ...]) -> bool:
    """A space after a Latin word ending a clause put off, Chinese after it ("晚点再删rex 先把阿福停了":
    the delete put off, then the stop asked): cut as after Chinese."""
    if not has_cjk(text[end]):
        return False
    since = max((e for s, e in joins if e <= start), default=0)
    return bool(_PUT_OFF.spans(text[since:start]))


_PUT_OFF = Words("conversation.put_off_first")  # "晚点再", "遲啲先"


def _past_emoji(text: str, at: int) -> int:
    """Where the emoji right before ``at`` begin ("晚餐還沒吃🥲 先幫我查": the space is after Chinese,
    the emoji a feeling said with it); at least 1, so a character is still before it."""
    while at > 1 and unicodedata.category(text[at - 1]) in _EMOJI_CATEGORIES:
        at -= 1
    return at


_EMOJI_CATEGORIES = frozenset({"So", "Sk", "Mn", "Cf"})  # a symbol, its skin tone, joiner, variant


# A run of spaces (\s is what str.isspace() says is one, any Unicode space); looked for from the
# second character, as a space opening the text is no place to cut.
_SPACE_RUN = re.compile(r"\s+")
