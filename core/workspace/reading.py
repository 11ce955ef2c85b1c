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

from core.language.gazetteer import Gazetteer, named_in
from core.language.normalize import normalize_text
from core.language.phrases import Words
from core.language.slots import Rules, When, first
from core.language.tagger import NAME_WORD, RECORD_NOUNS, Tagger, with_phrases, words
from core.language.tagger import Reading as Tagged
from core.language.typed_names import concepts_at, untagged
from core.language.values import Value, find_values
from core.language.word_scan import EXCHANGE, PROVIDER, named
from core.markets import MarketCatalog
from core.planner.redaction import redact
from core.routing.normalize import normalize
from core.routing.router import Route, RouteContext
from core.tasks.answers import looks_secret, secret_value
from core.tasks.given import GIVEN_SECRETS, STRAY_SECRET
from core.tasks.names import MAX_NAME
from core.tasks.numbered import numbered
from core.tasks.refs import bare_name, is_recent_phrase, name_in, points_back_one, without_pointing_back
from core.workspace.exchanges import EXCHANGES
from core.workspace.extraction import URL, create_slots, find_name, model_id_said, quoted
from core.workspace.given_secrets import find_given
from core.workspace.key_owner import key_owner
from core.workspace.name_edges import first_clause, unglued_kind, without_kind
from core.workspace.place_named import with_place
from core.workspace.update_fields import changed_record, field_named, new_value, set_to_start
from core.workspace.wallets import wallet_named

Domain = Literal["trader", "strategy", "model", "exchange"]


def _connection(low: str, start: int, end: int) -> bool:
    """ "连接" is a connection's state ("币安账户连接正常吗"), not what is asked for ("我想连接交易所",
    "我想连接币安账号": the exchange named between the verb and the account); "connected" before the
    account's word says which ones ("list connected exchanges"), no state."""
    if low[start:end] == "connected":  # "list connected exchanges": the bound ones, no problem
        return not low[end:].lstrip().startswith(("exchange", "account"))
    if low[start:end] != "连接":
        return True
    after = low[end:].lstrip()
    named_first = max((len(a) for a in _EXCHANGE_WORDS if after.startswith(a)), default=0)
    after = after[named_first:].lstrip().removeprefix("的")
    return not after.startswith(("交易所", "账户", "账号", "帐户", "帐号"))


# The words naming an exchange (core/workspace/exchanges.py), read between "连接" and the account.
_EXCHANGE_WORDS = tuple({w for e in EXCHANGES.values() for w in (*e.aliases, e.name_zh.lower())})


# The words of core/language/lexicon/phrases/records.toml: a problem reported.
PROBLEM = Words("records.problem", _connection)

# A message setting an alert or a protective order ("提醒我 BTC 到 10 万", "alert me on my binance
# account", "set a stop loss on my binance account") is theirs, never a record request, and one
# moving money (transfer, withdraw, copy trading: not something deskmate does) is no account's
# either: the record resolver never sees those words as a name. Nor is a change only supposed
# ("what if i delete my okx account", "如果我把kimi配置删了会怎样"). The lexicon's concepts.
ELSEWHERE = frozenset(
    {
        "verb.notify",
        "noun.alert",
        "order.stop_loss",
        "order.take_profit",
        "workspace.money_move",
        "backtest.supposed",
    }
)

# -- what a message says about its target --------------------------------------------------------


GENERIC = Words("records.generic")  # a record's kind said alone: no name
UNWANTED = Words("records.unwanted")  # "kimi测试不要了": said last of one of theirs, its delete
_KIND_WORDS = frozenset({GENERIC.concept, "records.trader"})
_KIND_SAID: dict[str, str] = {"exchange": "noun.account", "model": "noun.model"}


_DONT = "filler.dont"  # told not to do it ("别动", "不要删", "don't touch")
VAGUE = "vague"  # a target_ref key: the words left over are no plausible name
_MAX_NAME_WORDS = 3
_SECRET_FIELDS = frozenset({"api_key", "api_secret", "passphrase"})
_CREDENTIAL_FIELDS = _SECRET_FIELDS | {"credentials"}
_LEAD_IN = 6  # the characters of a word before pasted credentials ("here's", "给你")
_COINS = MarketCatalog()  # "delete btc" names a coin, not an account
# An account or model config request's verbs, as the lexicon's concepts. Its own tagger, not the
# layer's words(), which keeps its last 64 texts: a message may carry a stray credential.
_TAGGER = Tagger()
_CREDENTIALS = frozenset({"term.api_key", "term.passphrase", "workspace.credentials"})
_PLACES = frozenset({"noun.account", "noun.model", EXCHANGE, PROVIDER})
_UPDATES = frozenset(
    {
        "verb.update",
        "verb.rename",
        "verb.set_to",
        "verb.switch_on",
        "verb.switch_off",
        "workspace.change_to",
        "verb.point",
    }
)
_USE = frozenset({"verb.make", "filler.using"})  # a model id used by a config ("use", "用", "with")
_QUESTIONS = frozenset({"verb.query", "ask.which", "ask.how_much"})
_MINE = frozenset({"我的", "my"})
# What a request is about, the first that holds: a kind's noun; a provider alone a model config's
# ("model?": named only by its brand); credentials or an account an exchange account's; an exchange.
_DOMAINS: Rules = (
    ("trader", When(any=["noun.trader"])),
    ("strategy", When(any=["noun.strategy"])),
    ("model", When(any=["noun.model"])),
    ("model", When(all=[PROVIDER], any=_CREDENTIALS, none=[EXCHANGE, "noun.account"])),
    ("model?", When(all=[PROVIDER], none=[EXCHANGE, "noun.account"])),
    ("exchange", When(any=[*_CREDENTIALS, "noun.account"])),
    ("exchange?", When(any=[EXCHANGE])),
)
# What it asks, from its verbs: a delete, a change, an addition, a question ("which models have i
# set up", "看看我绑定的交易所账户" adds none; "取消绑定" unbinds); else "my …" alone is a question (_action).
_ACTIONS: Rules = (
    ("delete", When(any=["verb.delete"])),
    ("delete", When(all=["verb.cancel", "verb.bind"])),  # "取消 okx 的绑定": a binding cancelled
    ("update", When(any=_UPDATES)),
    ("create", When(any=["verb.create", "verb.bind"], none=_QUESTIONS)),
    ("create", When(all=["verb.link", EXCHANGE], none=_QUESTIONS)),
    ("query", When(any=_QUESTIONS)),
)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a workspace request asks for; ``problem``: it reports something not working."""

    domain: Domain
    action: str
    problem: bool = False
    slots: dict[str, Any] = field(default_factory=dict)


def read(text: str, own: tuple[str, ...] = (), kind: str = "") -> Reading | None:
    """The workspace reading of a message, or None when it is about something else. ``own``: the
    names of the person's records of the kind asked about the layer found in it (as stored), each
    taken whole where it names the target ("删除账户 我的主号" is theirs, not "主号"). ``kind``: the
    domain ``own`` are records of, when nothing else in the message says one ("老张的脑子换成
    deepseek-chat": their model config by its name)."""
    # Every workspace skill's rule reads the same message, so readings are cached, except
    # those of a message carrying a credential: no key stays in a cache after its turn.
    carries_secret = find_given(_flat(text)).any
    found = _read(text, own, kind) if carries_secret else _cached_read(text, own, kind)
    return replace(found, slots=copy.deepcopy(found.slots)) if found is not None else None


def _flat(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


# A model said beside the bot it is for ("add chatgpt as the brain for my bot", phrases/brain.toml).
_FOR_BOT = Words("brain.for_bot")
_BRAINS = frozenset({"noun.model", PROVIDER})


def _read(text: str, own: tuple[str, ...], kind: str = "") -> Reading | None:
    if not normalize(text) or normalize(text).startswith("/"):
        return None  # commands are the engine's
    # Credentials typed in the sentence are cut out first: nothing below reads them as a name,
    # an exchange or an action, and only a create or an update may take them.
    given = find_given(_flat(text))
    raw = given.text
    norm = normalize(raw)
    about = _TAGGER.read(_without_names(raw, own))  # "called “Traders'”" is no trader request
    if about.concepts & _BRAINS and (bot := _FOR_BOT.search(raw)) is not None:
        # "add chatgpt as the brain for my bot": the model config, the bot only whom it is for
        raw = f"{raw[: bot.start()]} {raw[bot.end() :]}"
        norm = normalize(raw)
        about = _TAGGER.read(_without_names(raw, own))
    if not norm or about.concepts & ELSEWHERE or _other_kind_named(about):
        return None
    found = first(_DOMAINS, about.concepts)
    if found is None and own and kind:
        found = kind  # their record by its name alone ("大白改用 gpt-4o-mini")
    elif found is None:
        return _bare_record(raw, norm, own)
    if found in ("trader", "model", "exchange") and PROBLEM.search(norm):
        return Reading(cast(Domain, found), "diagnose", problem=True)
    if found in ("trader", "strategy"):
        return None  # their skills read their requests (core/skills/trader_management, strategy_management)
    # named only by an exchange / provider brand, not by one of theirs ("看下kimi测试的配置": kimi测试)
    weak = found.endswith("?") and not (kind and any(_TAGGER.read(name).rest() for name in own))
    domain: Domain = "model" if found.startswith("model") else "exchange"
    said = _TAGGER.read(raw, _configs(own, domain))  # "point ds at …": a change of theirs
    action = _action(said)
    if action in (None, "query") and domain == "model" and switched_apart(said):
        action = "update"  # "turn the deepseek model back on": its enabled flag
    kind_said = _KIND_SAID[domain] in said.concepts
    if action is None and (own or kind_said) and _unwanted_last(norm) and not field_named(norm, domain)[0]:
        # "kimi测试不要了": one of theirs named, no longer wanted (not a field of it); so is an
        # account or a config said by its kind ("okx 嗰個帳戶唔要了")
        action = "delete"
    if given.found and first(_ACTIONS, said.concepts) is None and _only_a_place(said, raw):
        # Labelled credentials pasted for an exchange or provider named, nothing else said
        # ("here's my binance api key: …", "币安api：…"): an account given (sealed by the flow).
        action = "create"
    field = field_named(norm, domain)[0] if action == "create" and own else None
    if field and (given.found or new_value(raw) or field in _CREDENTIAL_FIELDS):
        # "设置 main 模型为 gpt-4o", "设置 main 的 api key 为 …": a field of theirs set; a new key for
        # one of theirs ("new api key for main2") is its key changed, the flow asking for it.
        action = "update"
    owner = None if given.any else key_owner(raw, action)
    if domain == "model" and owner:  # a model's key said of a name: only "new … for my X" reads here
        owner = None
    action = "update" if owner is not None else action  # "main's api key expired, put in a new one"
    verbs = first(_ACTIONS, said.concepts)
    if verbs in ("create", None) and domain == "model" and _model_used_for_theirs(said, raw):
        action = "update"  # "use gpt-4o for my openai setup instead": their config's model
    if action is None:
        # Only a credential's word ("密钥密钥密钥", an answer to "your API key?") asks nothing.
        if weak or _rest(raw) or given.any or not about.concepts & _PLACES:
            return None
        return Reading(domain, "query")
    if weak and action == "query":
        return None  # "查看币安币价格" is about a coin, not an account
    if action == "query" and _DONT in said.concepts:
        # "先不要動我的帳戶 我只是看看而已", "don't touch my account": told not to touch it, nothing
        # asked of it (the don't's verb asks nothing); the words left are no record's name.
        return None
    if given.any and action not in ("create", "update"):
        # "my api key is sk-…, what can you do?": a key pasted beside a question is not a
        # request to list or delete anything (the unrouted path warns and deletes it).
        return None
    slots = _slots(raw, norm, domain, action, own)
    if owner and (slots.get("target_ref") or {}).get("name") not in own:  # "": theirs, unnamed
        slots["target_ref"] = {"name": owner}  # said as its key's owner, before the words left over
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


class RecordRule:
    """A workspace skill's routing rule: the readings of its ``domain``, their records of
    ``own`` (the layer's own.<kind>) named in the message read whole ("删除账户 我的主号")."""

    def __init__(self, domain: Domain, skill: str, own: str) -> None:
        self.domain, self.skill, self.own = domain, skill, own

    def route_reading(self, reading: Tagged, context: RouteContext) -> Route | None:
        return self.route(reading.norm.original, tuple(reading.values(self.own)))

    def route(self, text: str, own: tuple[str, ...] = ()) -> Route | None:
        found = read(text, own, self.domain if self.domain == "model" else "")
        if found is None or found.problem or found.domain != self.domain:
            return None
        return Route(self.skill, found.action, found.slots)


def _without_names(raw: str, own: tuple[str, ...] = ()) -> str:
    """The message without the names it gives ("called Alt Two", "“My Strategy”", "to trader-1"),
    nor those of their records holding a kind's word ("remove the traders club account": an
    account's, no trader said): what it is about is said by the rest."""
    raw = their_kinds_out(raw, own)
    named = find_name(raw)
    if named is not None:
        raw = f"{raw[: named.start]} {raw[named.end :]}"
    for start, end in reversed(list(quoted(raw))):
        raw = f"{raw[:start]} {raw[end:]}"
    value = new_value(raw)
    return raw[: value[0]] if value is not None and _TAGGER.read(raw).concepts & _UPDATES else raw


# The kinds no account or model config is: their words inside one of those records' names say none.
_OTHER_KINDS = RECORD_NOUNS - {"noun.account", "noun.model"}


def their_kinds_out(raw: str, own: tuple[str, ...]) -> str:
    """``raw`` without the names of their records (``own``) that hold another kind's word ("traders
    club", "交易员之家"): a word inside one of their names says no kind of record."""
    for name in own:
        at = raw.casefold().find(name.casefold()) if _TAGGER.read(name).concepts & _OTHER_KINDS else -1
        if at >= 0 and len(name.casefold()) == len(name):
            raw = f"{raw[:at]} {raw[at + len(name) :]}"
    return raw


def _placed_secret(slots: dict[str, Any]) -> bool:
    """A credential-looking value read as a name or a reference: the flow refuses it by name
    ("that looks like a key, not a name"), which says more than "a stray key"."""
    values = [v for k, v in slots.items() if isinstance(v, str) and k != GIVEN_SECRETS]
    values += list((slots.get("target_ref") or {}).values())
    return any(looks_secret(str(v)) for v in values)


def _bare_record(raw: str, norm: str, own: tuple[str, ...]) -> Reading | None:
    """ "delete main", "rename main to okx-alt", "把 main 的名字改成 core" (main one of theirs): a
    record named without saying what it is.

    Read as an exchange account (the records most people have); the skill resolves the name
    among the person's accounts and says which ones exist when none matches. Only a delete or
    a change of its name, with a short name that is no coin (alerts and the like never get this far)."""
    said = _TAGGER.read(raw).concepts
    renamed = "verb.rename" in said or (own and "noun.name" in said and said & _UPDATES)  # 的名字改成
    # A credential of an account of theirs changed, the account by its name ("更新一下main的secret"):
    # an account's field word (phrases/account_field.toml) with a change's verb.
    refreshed = own and said & _UPDATES and field_named(norm, "exchange")[0] in _CREDENTIAL_FIELDS
    unwanted = own and _unwanted_last(norm) and not field_named(norm, "exchange")[0]  # "main2不要了"
    action = "delete" if "verb.delete" in said or unwanted else "update" if renamed or refreshed else None
    if action is None:
        return None
    slots = _slots(raw, norm, "exchange", action, own)
    ref = slots.get("target_ref") or {}
    name = ref.get("name", "")
    if (
        "id" not in ref
        and not _last_one(raw, action, ref)
        and (not name or len(name.split()) > 3 or _COINS.resolve(name) is not None)
    ):
        return None
    if action == "update" and slots.get("field") != "name" and not refreshed:
        return None
    return Reading("exchange", action, slots=slots)


def _other_kind_named(about: Tagged) -> bool:
    """Another kind's word inside the name ("删除账户 my traders"): the intent reads the name after
    the kind (core.language.slots.After); "币安交易所账户" is one kind said twice."""
    ours = {"noun.account", "noun.model"}
    return any(NAME_WORD in t.concepts and not concepts_at(about, t) & ours for t in about.tags)


def _only_a_place(said: Tagged, raw: str) -> bool:
    """An exchange or a provider named and, beside the credentials' labels, at most a word of
    lead-in ("here's my …"): no question ("is my binance api key … valid?"), no story ("binance
    keeps kicking me out, here's my key …")."""
    places = {said.text[t.start : t.end] for t in said.tags if t.concepts & {EXCHANGE, PROVIDER}}
    asked = "?" in raw or "？" in raw or any(c.startswith("ask.") for c in said.concepts)
    rest = [w for w in untagged(said, 0, len(said.text)).split() if w.lower() not in places]
    return bool(places) and not asked and len(rest) <= 1 and len("".join(rest)) <= _LEAD_IN


def switched_apart(reading: Tagged) -> str | None:
    """ "on" or "off" for a switch said around what it switches ("turn the deepseek model back on",
    "shut kimi off"): the verb (verb.turn_apart), then its on or off (answer.on, answer.off, "back
    on"); None when none is."""
    verb = reading.first("verb.turn_apart")
    if verb is None:
        return None
    for tag in reading.tags:
        typed = reading.text[tag.start : tag.end]
        if tag.start > verb.end and ("answer.off" in tag.concepts or typed.endswith(" off")):
            return "off"
        if tag.start > verb.end and ("answer.on" in tag.concepts or typed.endswith(" on")):
            return "on"
    return None


def _action(reading: Tagged) -> str | None:
    """What an account or model config request asks, from its verbs (_ACTIONS), or "my …" alone."""
    mine = any(reading.text[t.start : t.end] in _MINE for t in reading.tags)
    return first(_ACTIONS, reading.concepts) or ("query" if mine else None)


def _request_words(text: str) -> Tagged:
    """``text`` tagged with the words of a records request (phrases/records.toml: its verbs, kinds,
    fields and filler) through the layer's matcher: what no tag explains is the name it mentions,
    as typed ("把主帳戶改名為副帳戶" leaves "主帳戶"). Not the lexicon's words, whose single
    characters (给, 在, 不) are parts of Chinese names ("给力账户", "不存在的账户"); nor a kind's word
    said alone ("账户"), which may end a name ("主账户": _as_typed and _without_kind decide)."""
    tagged = with_phrases(Tagged(normalize_text(text), ()), ("records",))
    return replace(tagged, tags=tuple(t for t in tagged.tags if t.concepts - _KIND_WORDS))


def _rest(text: str) -> str:
    request = _request_words(text)
    return untagged(request, 0, len(request.text))


def _slots(raw: str, norm: str, domain: str, action: str, own: tuple[str, ...]) -> dict[str, Any]:
    slots: dict[str, Any] = {}
    if action == "create":
        return create_slots(raw, domain)
    text = raw
    if action == "update":
        value = new_value(raw, _configs(own, domain))
        field, said = field_named(norm, domain)
        if value is not None:
            text = text[: value[0]]
            if field is None and domain == "exchange":
                field = "name"
            elif field is None and domain == "model" and URL.fullmatch(value[1].strip().rstrip(".")):
                field = "base_url"  # "point ds at https://api.deepseek.com/v1": an address is the URL
            elif field is None and domain == "model" and _model_id(value[1]):
                field = "model"  # "switch my openai config to gpt-4o": a model's id is the model
            elif field is None and domain == "model" and (used := model_id_said(value[1])) is not None:
                field, value = "model", (value[0], used[2])  # "… config to use deepseek-reasoner"
        elif field is None and domain == "model" and (used := model_id_said(raw)) is not None:
            field = "model"  # "use gpt-4o for my openai setup instead": the model id said
            slots["model"] = used[2]
            text = _provider_typed(f"{raw[: used[0]]} {raw[used[1] :]}")  # the config: "my openai setup"
        if field is None and domain == "model" and (apart := switched_apart(_TAGGER.read(raw))):
            field, said = "enabled", said | {"disable"} if apart == "off" else said
        if value is None and field == "name" and (at := set_to_start(raw, _configs(own, domain))) is not None:
            text = text[:at]  # a new name too long to read is asked; the record is the one named before it
        if field == "enabled":
            slots["enabled"] = "false" if "disable" in said else "true"
        if field:
            slots["field"] = field
            if value is not None and field in ("name", "base_url", "model"):
                slots["new_name" if field == "name" else field] = value[1]
            elif value is not None and field in _SECRET_FIELDS and secret_value(value[1]):
                # "change main's api key to vmPU…": the new credential, sealed by the flow
                slots[GIVEN_SECRETS] = {field: value[1]}
    ref = with_place(_target(text, changed=action == "update", own=own), text, domain, action, own)
    if ref:
        # one of theirs by its name ("delete the account named binance") is that one, never every
        # account on the exchange of that name
        theirs = ref.get("name") in own
        slots["target_ref"] = _by_exchange(ref) if domain == "exchange" and not theirs else ref
    return slots


_ONE = Words("conversation.named_one")  # "one" / 那个 standing for a kind's noun
# Hong Kong's possessive (个: "我個 okx 帳戶") and Mandarin's, said before an exchange's name.
_OWNED_BEFORE = ("我个", "我的", "个")


def _by_exchange(ref: dict[str, str]) -> dict[str, str]:
    """An account named by its exchange alone ("删除我的币安账户", "delete my binance account"):
    the exchange's accounts (an alias), not one called "币安账户"; a name of theirs said whole was
    read before (``own``)."""
    bare = bare_name(normalize(ref.get("name", "")))[1]
    # a possessive before the exchange's name is none of it ("刪咗我個 okx 帳戶": my okx account)
    bare = next((bare[len(p) :].lstrip() for p in _OWNED_BEFORE if bare.startswith(p)), bare)
    # "one" after the exchange's name stands for its account ("delete the bybit one")
    bare = next((bare[: -len(w)].rstrip() for w in _ONE.words if bare.endswith(f" {w}")), bare)
    key = named(bare, EXCHANGE)
    if key is None or bare not in {normalize(alias) for alias in EXCHANGES[key].aliases}:
        return ref
    return {"alias": key}


def _provider_typed(text: str) -> str:
    """The provider named in ``text`` as typed ("for my OpenAI setup": "OpenAI"), the config
    changed; "" when none is."""
    reading = _TAGGER.read(text)
    tag = next((t for t in reading.tags if PROVIDER in t.concepts), None)
    return "" if tag is None else reading.norm.typed(tag.start, tag.end)


def _model_used_for_theirs(said: Tagged, raw: str) -> bool:
    """A model id used ("use gpt-4o", "用 gpt-4o", "我的openai配置用gpt-4o", "with gpt-4o") for a
    config of theirs: a create's word said only after "my" ("for my openai setup", "配置" of "我的
    openai配置") names their record, no new one ("add my openai key, want to use gpt-4o" adds one)."""
    used = model_id_said(raw)
    if used is None:
        return False
    mine = [t.start for t in said.tags if said.text[t.start : t.end] in _MINE]
    created = [t.start for t in said.tags if "verb.create" in t.concepts]
    # "use gpt-4o", "用 gpt-4o", "使用 gpt-4o", "with gpt-4o": what the config is made to use
    make = [t for t in said.tags if t.concepts & _USE and said.norm.offsets[t.end] <= used[0]]
    beside = any(not raw[said.norm.offsets[t.end] : used[0]].strip() for t in make)
    return beside and bool(mine) and all(at > mine[0] for at in created)


def _model_id(value: str) -> bool:
    """One word that starts with a provider's name and says more than it ("gpt-4o",
    "deepseek-chat"): a model's id, not a config's new name ("openai" alone, "ds-main")."""
    word = value.strip()
    tags = _TAGGER.read(word).tags
    if " " in word or not tags or PROVIDER not in tags[0].concepts:
        return False
    return tags[0].start == 0 and tags[0].end < len(word)


def _unwanted_last(norm: str) -> bool:
    """The message ends on a not-wanted-any-more word ("kimi测试不要了", "main2 不用了啊")."""
    found = UNWANTED.spans(norm, every=True)
    return bool(found) and not norm[found[-1][1] :].strip(" 。.!！~～啊呀吧哈")


def _configs(own: tuple[str, ...], domain: str) -> Gazetteer | None:
    """Their model configs named in the message, read as theirs ("point" is a change before one)."""
    return Gazetteer.of({"model": own}) if own and domain == "model" else None


def _target(text: str, *, changed: bool = False, own: tuple[str, ...] = ()) -> dict[str, str] | None:
    """The record a message names; ``changed``: ``text`` is what precedes an update's change;
    ``own``: names of the person's records the layer found in the message (see read)."""
    if numbered(text, bare=True):
        return {VAGUE: "1"}  # "删除3号和4号": two records named, never one (core.tasks.numbered)
    by_id = next((v for v in find_values(text) if v.kind == "id" and _record_id(text, v)), None)
    if by_id is not None:
        return {"id": by_id.ident}
    mine = next((name for name in own if named_in(normalize(name), normalize(text))), None)
    if mine is not None:
        return {"name": mine}
    head = first_clause(text)  # "delete the okx account, i dont use it": okx, the "it" said after it
    if head and is_recent_phrase(text) and not is_recent_phrase(head):
        found = _target(head, changed=changed, own=own)
        if found is not None:
            return found
    # The request's words are matched once (~25 us a text): the name beside "那个" and the name
    # left are both read from them.
    request = _request_words(text)
    rest = untagged(request, 0, len(request.text))
    beside = _named_beside_recent(text, rest)
    if is_recent_phrase(text) and not beside:
        return {"recent": "1"}
    named = name_in(request)
    if named:
        return {"name": named}
    if changed:
        rest = changed_record(rest, text)
    if beside:
        rest = without_kind(rest)  # "删掉小号这个账户": 小号, the kind's word after 这个 no part of it
    if not rest or normalize(rest) in GENERIC.words:
        return None
    name = without_pointing_back(unglued_kind(_as_typed(text, rest)))  # "moonboy 刪咗佢": moonboy
    if points_back_one(name):
        return {"recent": "1"}  # "删掉它": the record touched last, never one called 它
    if " " in name:
        name = without_kind(name)
    if wallet_named(name):
        return None  # "what's in my futures account": an account's wallet (core.workspace.wallets)
    # What is left of a sentence is a name only when it could be one: "is my binance account
    # connected" leaves "binance connected", which is no account's name but the rest of a request.
    return {"name": name} if len(name) <= MAX_NAME and len(name.split()) <= _MAX_NAME_WORDS else {VAGUE: "1"}


def _last_one(raw: str, action: str, ref: dict[str, str]) -> bool:
    """A delete of the last record, of whichever kind it was, saying nothing else ("删掉刚配的那个",
    "delete the one i just made", "delete it"): no word the lexicon does not explain is left."""
    rest = words(raw).rest()  # "删掉它": the pronoun is no word of the lexicon, and no name
    return action == "delete" and "recent" in ref and (not rest or points_back_one(rest))


def _named_beside_recent(text: str, rest: str) -> bool:
    """A name right beside the words pointing back ("删掉openai那个模型配置", "删掉那个 openai 模型",
    "主账户这个删了"): they point at the record named, not at the last one the conversation touched.
    ``rest``: what the request's words leave of ``text`` (_rest)."""
    rest = without_kind(rest)  # "删掉小号这个账户": the kind's word said after is no name
    if not rest or normalize(rest) in GENERIC.words or is_recent_phrase(rest):
        return False
    reading, said = words(text), normalize(rest)  # "刪掉小號這個賬戶": found as read, 小号
    start = reading.text.find(said)
    if start < 0:
        return False
    end = start + len(said)
    after = len(reading.text) - len(reading.text[end:].lstrip(" "))
    before = len(reading.text[:start].rstrip(" "))
    beside = (t for t in reading.tags if t.start == after or t.end == before)
    return any("filler.recent" in t.concepts for t in beside)


def _record_id(text: str, value: Value) -> bool:
    """A record's id: "#42" only where it starts a word ("账户#2", not a passphrase "Pass#42!")."""
    lead = text[: value.start]
    glued = lead.endswith("#") and lead[-2:-1].isascii() and (lead[-2:-1].isalnum() or lead[-2:-1] == "#")
    return value.ident.isdigit() and len(value.ident) <= 9 and not glued


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
