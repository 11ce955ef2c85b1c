"""Reading a workspace request (zh + en): what it is about (traders, strategies, model configs,
exchange accounts), whether it reports a problem, which action it asks for, and what it already
says (exchange, provider, target name, field, new value).

One reading serves every workspace skill's rule: each rule takes the readings of its own domain,
so "create a trader on my Binance account" is the trader skill's, never the exchange skill's,
whatever the rules' priorities. They all run before the price rule: "create a BTC agent" names
a coin but is no price request.
"""

from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal, cast

from core import lazy_re as re  # patterns compile on first use (start-up time)
from core.language.lexicon import load
from core.language.normalize import normalize_text
from core.language.tagger import EXCHANGE, NAME_WORD, PROVIDER, Tagger
from core.language.tagger import Reading as Tagged
from core.markets import MarketCatalog
from core.planner.redaction import redact
from core.routing.normalize import normalize
from core.routing.words import word_alternation
from core.tasks.answers import looks_secret, secret_value
from core.tasks.given import GIVEN_SECRETS, STRAY_SECRET
from core.tasks.names import MAX_NAME
from core.tasks.refs import is_recent_phrase
from core.workspace.extraction import QUOTED, create_slots, find_name
from core.workspace.given_secrets import find_given

Domain = Literal["trader", "strategy", "model", "exchange"]


def _alt(*words: str) -> str:
    """An alternation: Latin words match whole ("key" not in "keyboard"), CJK as substrings."""
    return word_alternation(words)


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile(_alt(*words), re.IGNORECASE)


# The trader noun as a pattern, for the trader skill's record names (this module reads the kinds
# of records as the lexicon's nouns, _domain).
TRADER = _rx("交易员", "交易机器人", "trader", "traders", "agent", "agents", "trading bot", "trading bots")

# -- the words taken out of a name (_residue), and the guide's (core/skills/guidance) ----------
DELETE = _rx(
    "删除", "删掉", "删了", "删去", "移除", "解绑", "去掉", "remove", "delete", "drop", "unlink", "get rid of"
)
UPDATE = re.compile(
    _alt(
        "更换", "替换", "修改", "更新", "换成", "换一下", "换个", "换掉", "改成", "改为", "改名", "重命名",
        "重置", "轮换", "换", "改", "启用", "禁用", "停用",
        "update", "change", "replace", "rotate", "rename", "edit", "modify", "reset", "enable", "disable",
    )
    + r"|(?<![a-z])set(?![a-z])(?!\s*up)",
    re.IGNORECASE,
)  # fmt: skip
CREATE = re.compile(
    _alt(
        "添加", "新增", "创建", "新建", "加一个", "加个", "绑定", "接入", "录入", "建一个", "配一个", "配个",
        "add", "create", "new", "connect", "configure", "register", "set up", "setup", "link",
    )
    + r"|^配置|配置(?=\s*(?:一个|个|新|一下|[a-z]))",
    re.IGNORECASE,
)  # fmt: skip
QUERY = _rx(
    "查看", "查询", "列出", "列表", "有哪些", "有什么", "哪些", "看看", "看一下", "显示", "展示",
    "查一下", "查", "几个", "多少个", "how many", "count",
    "我的", "list", "show", "view", "display", "see", "what", "which", "my",
)  # fmt: skip
PROBLEM = _rx(
    "为什么", "为啥", "怎么回事", "怎么办", "失败", "报错", "出错", "错误", "异常", "不能用", "用不了",
    "无法",
    "连不上", "不工作", "不行", "超时",
    "why", "won't", "wont", "can't", "cannot", "doesn't", "not working", "broken", "fail", "fails", "failed",
    "failing", "error", "errors", "invalid", "denied", "timeout",
    "diagnose", "diagnosis", "troubleshoot", "what's wrong", "whats wrong", "wrong with",
    "connected", "connection", "connectivity", "test my",
    "诊断", "排查", "出问题", "有问题", "出了什么问题", "什么问题", "连通", "连得上", "能连上",
)  # fmt: skip
# "连接" is a connection's state ("币安账户连接正常吗"), except as what is asked for: "我想连接交易所".
PROBLEM = re.compile(f"{PROBLEM.pattern}|连接(?!\\s*(?:交易所|账户|账号|帐户|帐号))", re.IGNORECASE)
# A message setting an alert or a protective order ("提醒我 BTC 到 10 万", "alert me on my binance
# account", "set a stop loss on my binance account") is theirs, never a record request, and one
# moving money (transfer, withdraw, copy trading: not something deskmate does) is no account's
# either: the record resolver never sees those words as a name. The lexicon's concepts.
ELSEWHERE = frozenset(
    {"verb.notify", "noun.alert", "order.stop_loss", "order.take_profit", "workspace.money_move"}
)

# -- what a message says about its target --------------------------------------------------------
# "#42" only where it starts a word: "账户#2" and "#2" are ids, a passphrase "Pass#42!" is none.
_ID = re.compile(
    r"(?:(?<![a-z0-9#])#|(?<![a-z])id\s*[:：#]?\s*|编号\s*)(?P<id>\d{1,9})(?![0-9])", re.IGNORECASE
)
_VALUE = re.compile(
    # "重命名 main 为 core": a "为" standing alone between the name and the new one
    r"(?:改名为|改名成|改名叫|重命名为|改成|改为|换成|设为|设置为|更新为|(?<=\s)为(?=\s)|"
    r"(?<![a-z])(?:to|as)(?![a-z]))\s*"
    # the new value, whole: "to okx-alt", "to Alt 3", "改成「副 账户」" (at most three words)
    r"[\"“「『]?(?P<v>[^\s\"”」』]+(?:\s+[^\s\"”」』]+){0,2}?)[\"”」』]?\s*$",
    re.IGNORECASE,
)
_GENERIC_TARGET = re.compile(
    r"^(?:交易所账户|交易账户|账户|账号|帐户|帐号|模型配置|模型设定|模型设置|模型|配置"
    r"|account|accounts|config|model)$"
)

_EX_FIELDS = (
    (
        "credentials",
        _rx("凭证", "凭据", "credentials", "密钥对", "key and secret", "key & secret", "key 和 secret"),
    ),
    ("api_secret", _rx("api secret", "secret key", "secret", "密钥", "秘钥", "私钥")),
    ("passphrase", _rx("passphrase", "口令", "密码短语")),
    ("api_key", _rx("api key", "apikey", "key", "公钥", "金钥")),
    ("name", _rx("改名", "重命名", "名字", "名称", "rename", "name")),
)
_MD_FIELDS = (
    ("enabled", _rx("启用", "禁用", "停用", "enable", "disable")),
    ("base_url", _rx("base url", "base_url", "url", "接口地址", "地址", "endpoint")),
    ("api_key", _rx("api key", "apikey", "key", "密钥", "秘钥", "金钥")),
    (
        "model",
        re.compile(
            r"模型名|model\s*name|模型\s*(?:改|换|设)|(?<![a-z])model\s+(?:of\s+(?:\S+\s+){1,3})?to(?![a-z])",
            re.I,
        ),
    ),
    ("name", _rx("改名", "重命名", "名字", "名称", "rename", "name")),
)
_DISABLE = _rx("禁用", "停用", "disable")
VAGUE = "vague"  # a target_ref key: the words left over are no plausible name
_MAX_NAME_WORDS = 3
_SECRET_FIELDS = frozenset({"api_key", "api_secret", "passphrase"})
# "给 main 改名叫 core": the 给 that puts the record before its change (as 把 / 将 do, which are
# filler anywhere); only leading the name, so "删除 给力账户" and "送给你" keep theirs.
_GIVE_TO = re.compile(r"^给\s*(?=\S)")
_BA = re.compile(r"把|将")
_COINS = MarketCatalog()  # "delete btc" names a coin, not an account

# Everything that is not a name, removed to find the name in "删除交易所 主账户".
_FILLER = _rx(
    "把", "将", "帮我", "帮忙", "请", "麻烦", "给我", "我的", "我有", "我", "一下", "一个", "这个",
    "那个", "的", "吧", "呢", "了", "吗", "啊", "有", "都", "所有", "全部", "现在", "目前", "和", "与",
    "please", "the", "a", "an", "my", "of", "for", "me", "i", "want", "to", "with", "can", "you", "all",
    "and",
    "named", "called", "do", "does", "have", "has", "is", "are", "am", "using", "there", "any", "how many",
    "currently", "now",
    # how people start a correction or an aside: "等一下，名字改成 副账户", "actually, ..."
    "等一下", "等等", "等下", "算了", "不对", "不是", "其实", "我是说", "嗯", "哦", "噢", "呃",
    "actually", "wait", "sorry", "oops", "hmm", "oh", "ok", "okay", "no", "i meant", "i mean",
)  # fmt: skip
_NOUNS = _rx(
    "交易所账户", "交易账户", "交易所", "exchange account", "exchange accounts", "exchange", "exchanges",
    "account", "accounts", "模型配置", "模型设定", "模型设置", "大模型", "模型",
    "model config", "model configs", "model", "models", "config", "configs", "llm", "llms",
)  # fmt: skip
_FIELD_WORDS = _rx(
    "api key", "apikey", "api secret", "secret key", "secret", "passphrase", "key", "credentials",
    "base url", "base_url", "url", "endpoint", "name",
    "密钥", "秘钥", "私钥", "公钥", "金钥", "api金钥", "口令", "密码短语", "凭证", "凭据", "接口地址", "地址",
    "名字", "名称", "模型名",
)  # fmt: skip
_WORD = re.compile(r"[^\s,，.。!！?？:：;；、~～\"“”「」『』()（）\[\]]+")
# An account or model config request's verbs, as the lexicon's concepts.
_TAGGER = Tagger()
_KINDS = (("noun.trader", "trader"), ("noun.strategy", "strategy"), ("noun.model", "model"))
_CREDENTIALS = frozenset({"term.api_key", "term.passphrase", "workspace.credentials"})
_PLACES = frozenset({"noun.account", "noun.model", EXCHANGE, PROVIDER})
_UPDATES = frozenset(
    {"verb.update", "verb.rename", "verb.set_to", "verb.switch_on", "verb.switch_off", "workspace.change_to"}
)
_CREATES = frozenset({"verb.create", "verb.bind"})
_QUESTIONS = frozenset({"verb.query", "ask.which", "ask.how_much"})
_MINE = frozenset({"我的", "my"})


@dataclass(frozen=True, slots=True)
class Reading:
    """What a workspace request asks for; ``problem``: it reports something not working."""

    domain: Domain
    action: str
    problem: bool = False
    slots: dict[str, Any] = field(default_factory=dict)


def read(text: str) -> Reading | None:
    """The workspace reading of a message, or None when it is about something else."""
    # Every workspace skill's rule reads the same message, so readings are cached, except
    # those of a message carrying a credential: no key stays in a cache after its turn.
    carries_secret = find_given(_flat(text)).any
    found = _read(text) if carries_secret else _cached_read(text)
    return replace(found, slots=copy.deepcopy(found.slots)) if found is not None else None


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _read(text: str) -> Reading | None:
    if not normalize(text) or normalize(text).startswith("/"):
        return None  # commands are the engine's
    # Credentials typed in the sentence are cut out first: nothing below reads them as a name,
    # an exchange or an action, and only a create or an update may take them.
    given = find_given(_flat(text))
    raw = given.text
    norm = normalize(raw)
    about = _TAGGER.read(_without_names(raw))  # "called “Traders'”" is no trader request
    if not norm or about.concepts & ELSEWHERE or _other_kind_named(about):
        return None
    found = _domain(about)
    if found is None:
        return _bare_record(raw, norm)
    if found in ("trader", "model", "exchange") and PROBLEM.search(norm):
        return Reading(cast(Domain, found), "diagnose", problem=True)
    if found in ("trader", "strategy"):
        return None  # their skills read their requests (core/skills/trader_management, strategy_management)
    weak = found.endswith("?")  # named only by an exchange / provider brand
    domain: Domain = "model" if found.startswith("model") else "exchange"
    action = _action(_TAGGER.read(raw))
    if action is None:
        # Only a credential's word ("密钥密钥密钥", an answer to "your API key?") asks nothing.
        if weak or _residue(raw) or given.any or not about.concepts & _PLACES:
            return None
        return Reading(domain, "query")
    if weak and action == "query":
        return None  # "查看币安币价格" is about a coin, not an account
    if given.any and action not in ("create", "update"):
        # "my api key is sk-…, what can you do?": a key pasted beside a question is not a
        # request to list or delete anything (the unrouted path warns and deletes it).
        return None
    slots = _slots(raw, norm, domain, action)
    if (slots.get("target_ref") or {}).get(VAGUE):
        if action == "query":
            return None  # words about an account that ask for no listing: not ours to guess
        slots.pop("target_ref")  # a change or a delete asks which one
    if action in ("create", "update"):
        typed = slots.pop(GIVEN_SECRETS, {})
        secrets = {**given.slots(domain), **typed}
        if secrets:
            slots[GIVEN_SECRETS] = secrets
        rest = raw
        for value in typed.values():
            rest = rest.replace(value, " ")
        stray = given.stray and redact(rest).changed and not _placed_secret(slots)
        if stray or len(given.slots(domain)) < len(given.found):
            slots[STRAY_SECRET] = True
    return Reading(domain, action, slots=slots)


_cached_read = lru_cache(maxsize=256)(_read)


def _without_names(raw: str) -> str:
    """The message without the names it gives ("called Alt Two", "“My Strategy”", "to trader-1"):
    what it is about is said by the rest."""
    named = find_name(raw)
    if named is not None:
        raw = f"{raw[: named.start]} {raw[named.end :]}"
    raw = QUOTED.sub(" ", raw)
    value = _VALUE.search(raw)
    return raw[: value.start()] if value is not None and UPDATE.search(raw) else raw


def _placed_secret(slots: dict[str, Any]) -> bool:
    """A credential-looking value read as a name or a reference: the flow refuses it by name
    ("that looks like a key, not a name"), which says more than "a stray key"."""
    values = [v for k, v in slots.items() if isinstance(v, str) and k != GIVEN_SECRETS]
    values += list((slots.get("target_ref") or {}).values())
    return any(looks_secret(str(v)) for v in values)


def _bare_record(raw: str, norm: str) -> Reading | None:
    """ "delete main", "rename main to okx-alt": a record named without saying what it is.

    Read as an exchange account (the records most people have); the skill resolves the name
    among the person's accounts and says which ones exist when none matches. Only a delete or
    a rename with a short name that is no coin (alerts and the like never get this far)."""
    said = _TAGGER.read(raw).concepts
    action = "delete" if "verb.delete" in said else "update" if "verb.rename" in said else None
    if action is None:
        return None
    slots = _slots(raw, norm, "exchange", action)
    ref = slots.get("target_ref") or {}
    name = ref.get("name", "")
    if "id" not in ref and (not name or len(name.split()) > 3 or _COINS.resolve(name) is not None):
        return None
    if action == "update" and slots.get("field") != "name":
        return None
    return Reading("exchange", action, slots=slots)


def _other_kind_named(about: Tagged) -> bool:
    """Another kind's word inside the name ("删除账户 my traders"): the intent reads the name after
    the kind (core.language.fills.named_after); "币安交易所账户" is one kind said twice."""
    ours = _own_nouns()
    return any(NAME_WORD in t.concepts and about.text[t.start : t.end] not in ours for t in about.tags)


@lru_cache(maxsize=1)
def _own_nouns() -> frozenset[str]:
    lexicon = load()
    return frozenset(w for c in ("noun.account", "noun.model") for w in lexicon.concepts[c].words)


def _domain(about: Tagged) -> str | None:
    """What a request is about, from the lexicon's nouns and the catalog's names: a provider
    alone is a model config's ("model?": named only by its brand), an exchange alone an account's."""
    said = about.concepts
    for noun, domain in _KINDS:
        if noun in said:
            return domain
    provider, brand = PROVIDER in said, EXCHANGE in said
    credentials = bool(said & _CREDENTIALS)
    if provider and not brand and "noun.account" not in said:
        return "model" if credentials else "model?"
    if credentials or "noun.account" in said:
        return "exchange"
    return "exchange?" if brand else None


def _action(reading: Tagged) -> str | None:
    """What an account or model config request asks, from its verbs (the lexicon's): a delete, a
    change, an addition; a question ("which models have i set up", "看看我绑定的交易所账户"
    adds none), or "my …" alone."""
    said = reading.concepts
    if "verb.delete" in said:
        return "delete"
    if said & _UPDATES:
        return "update"
    asked = said & _QUESTIONS
    if said & _CREATES and not asked:
        return "create"
    mine = any(reading.text[t.start : t.end] in _MINE for t in reading.tags)
    return "query" if asked or mine else None


def _residue(raw: str) -> str:
    """What is left of a message once every known word is removed: the name it mentions, as typed
    ("把主帳戶改名為副帳戶" leaves "主帳戶"). The words are matched in the normalized text."""
    norm = normalize_text(raw)
    text = norm.text
    for pattern in (_FIELD_WORDS, _NOUNS, DELETE, UPDATE, CREATE, QUERY, _FILLER):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return " ".join(norm.typed(m.start(), m.end()) for m in _WORD.finditer(text))


def _slots(raw: str, norm: str, domain: str, action: str) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    if action == "create":
        return create_slots(raw, domain)
    text = raw
    if action == "update":
        value = _new_value(raw)
        field = _field(norm, domain)
        if value is not None:
            text = text[: value[0]]
            if field is None and domain == "exchange":
                field = "name"
        if field == "enabled":
            slots["enabled"] = "false" if _DISABLE.search(norm) else "true"
        if field:
            slots["field"] = field
            if value is not None and field in ("name", "base_url", "model"):
                slots["new_name" if field == "name" else field] = value[1]
            elif value is not None and field in _SECRET_FIELDS and secret_value(value[1]):
                # "change main's api key to vmPU…": the new credential, sealed by the flow
                slots[GIVEN_SECRETS] = {field: value[1]}
    ref = _target(text, changed=action == "update")
    if ref:
        slots["target_ref"] = ref
    return slots


def _new_value(raw: str) -> tuple[int, str] | None:
    """Where an update's change starts in the typed text ("改名為" of "把主帳戶改名為副帳戶") and the
    new value as typed ("副帳戶"): the marker is read in the normalized text."""
    norm = normalize_text(raw)
    found = _VALUE.search(norm.text)
    if found is None:
        return None
    return norm.offsets[found.start()], norm.typed(found.start("v"), found.end("v"))


def _field(norm: str, domain: str) -> str | None:
    fields = _EX_FIELDS if domain == "exchange" else _MD_FIELDS
    found: list[str] = []
    work = norm
    for name, pattern in fields:  # each match is removed: "secret key" is not also a "key"
        if pattern.search(work):
            found.append(name)
            work = pattern.sub(" ", work)
    if domain == "exchange" and "api_key" in found and "api_secret" in found:
        return "credentials"
    return found[0] if found else None


def changed_record(rest: str, text: str) -> str:
    """The name left of the words before an update's change (``text``), without the 给 that
    puts the record first ("给 main 改名叫 core" changes "main"); kept when 把 / 将 already do
    ("把 给力 改名叫 强力" changes "给力")."""
    return rest if _BA.search(text) else _GIVE_TO.sub("", rest)


def _target(text: str, *, changed: bool = False) -> dict[str, str] | None:
    """The record a message names; ``changed``: ``text`` is what precedes an update's change."""
    by_id = _ID.search(text)
    if by_id:
        return {"id": by_id.group("id")}
    if is_recent_phrase(text):
        return {"recent": "1"}
    named = find_name(text)
    if named is not None and named.value:
        return {"name": named.value}
    quoted = QUOTED.search(text)
    if quoted:
        return {"name": quoted.group("n")}
    rest = _residue(text)
    if changed:
        rest = changed_record(rest, text)
    if not rest or _GENERIC_TARGET.match(normalize(rest)):
        return None
    name = _as_typed(text, rest)
    if " " in name:
        name = _without_kind(name)
    # What is left of a sentence is a name only when it could be one: "is my binance account
    # connected" leaves "binance connected", which is no account's name but the rest of a request.
    return {"name": name} if len(name) <= MAX_NAME and len(name.split()) <= _MAX_NAME_WORDS else {VAGUE: "1"}


def _without_kind(rest: str) -> str:
    """The name without a record kind's word standing apart at either end: the kind was said
    ("删除账户 主账户" deletes "主账户", "把 openai 配置改名为 …" renames "openai")."""
    words = rest.split()
    while len(words) > 1 and _GENERIC_TARGET.match(normalize(words[0])):
        words.pop(0)
    while len(words) > 1 and _GENERIC_TARGET.match(normalize(words[-1])):
        words.pop()
    return " ".join(words)


def _as_typed(text: str, rest: str) -> str:
    """The name as the user typed it: "不存在的账户", not the residue "不存在 账户".

    Only when the residue's pieces sit in one unbroken run of the message (a particle such as
    的 between them); pieces separated by spaces or other words stay as the residue."""
    parts = rest.split()
    start = text.find(parts[0])
    end = text.rfind(parts[-1])
    if len(parts) < 2 or start < 0 or end < start:
        return rest
    span = text[start : end + len(parts[-1])]
    return span if not any(c.isspace() for c in span) else rest
