"""Reference resolution: id, else exact name, else alias or a recent reference. Never a guess."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.routing.normalize import normalize
from core.tasks.names import name_key


@dataclass(frozen=True, slots=True)
class Target:
    """Something a task can act on, as the resolver sees it."""

    id: str  # opaque: whatever the repository uses, never assumed to be a number
    name: str
    aliases: tuple[str, ...] = ()  # normalized words that also name it (its exchange / provider)


# "刚配的", "刚才那个", "the one I just added", "this account": the thing this conversation
# touched last (ConversationState.recent_refs).
RECENT = re.compile(
    r"刚[才刚]?(?:配|加|添加|创建|建|新建|设置|改|修改|更新)?的|刚才那个|刚刚那个|上一个|这个|那个|"
    r"(?<![a-z])(?:the one i just (?:added|made|created|set up|configured|changed)|"
    r"the (?:new|last|latest) one|"
    r"this (?:one|account|model|config)|that (?:one|account|model|config)|it)(?![a-z])"
)
# Words a reference may carry around the name itself ("主账户" may be stored as "主").
_SUFFIX = re.compile(
    r"(?:交易所账户|交易账户|账户|账号|模型配置|模型|配置|account|model config|model|config)$"
)


def is_recent_phrase(text: str) -> bool:
    return bool(RECENT.search(normalize(text)))


def resolve(ref: dict[str, str], targets: Sequence[Target], recent_id: str | None) -> list[Target]:
    """Every target ``ref`` may mean, best rule first; several results mean "ask which"."""
    if "id" in ref:
        return [t for t in targets if t.id == ref["id"]]
    if ref.get("recent"):
        return [t for t in targets if recent_id is not None and t.id == recent_id]
    name = ref.get("name") or ""
    if name:
        exact = [t for t in targets if name_key(t.name) == name_key(name)]
        if exact:
            return exact
        if is_recent_phrase(name):
            return [t for t in targets if recent_id is not None and t.id == recent_id]
        bare = _SUFFIX.sub("", normalize(name)).strip()
        if bare and bare != normalize(name):
            exact = [t for t in targets if name_key(t.name) == name_key(bare)]
            if exact:
                return exact
        key = bare or normalize(name)
        return [t for t in targets if key in t.aliases]
    alias = ref.get("alias")
    if alias:
        return [t for t in targets if alias in t.aliases]
    return []
