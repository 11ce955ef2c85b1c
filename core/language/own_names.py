"""Loading one person's record names for the tagger (core.language.gazetteer), from whichever
record stores this process has."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from core.language.gazetteer import Gazetteer
from core.language.lexicon import load
from core.services import Services

EVERYDAY = "outside.everyday"  # things bought in everyday life, none of deskmate's words
# Feelings exclaimed ("冲冲冲", "awesome"): no act of deskmate's either, so a record may be so named;
# so may someone else ("老豆", a trader called dad): a record of theirs so named is theirs, the
# someone-else reading is for a name that is no record of theirs; so may a newcomer's word ("小白",
# "noob": a trader called 小白 is started, stopped, asked its P&L), telling one is new asks no act.
# So may a dream or a remark of slang ("暴富" getting rich, "起飞" taking off): a trader called 暴富 is
# theirs ("暴富绑到okx主号上"), no dream told.
NAMEABLE = frozenset(
    {EVERYDAY, "outside.feeling", "outside.others", "outside.hypothetical", "outside.remark", "ask.newcomer"}
)


@lru_cache(maxsize=1)
def plain_words() -> frozenset[str]:
    """A record named like a lexicon word ("stop", "查") is never read as that record; but an
    exchange's wallet word may be an account's name ("futures": wallet.toml's words are the
    exchanges', and a wallet is said only with an account's word after it), also where the word
    is another group's too (term.toml's "futures", asked about as a word). A word that is a
    concept's only right before its object ("test" of "test a sol grid") is no plain word: an
    account named "test" is theirs wherever it is said. Nor is an everyday thing's word only
    (outside.everyday: "coffee", "pizza"): a trader called "coffee" is theirs ("coffee isnt buying
    anything"), never a story of spending; nor a feeling's exclaimed (outside.feeling): a strategy
    called "冲冲冲" is theirs ("复制一个冲冲冲"), no cheer."""
    from core.workspace.exchanges import EXCHANGES

    concepts = load().concepts.values()
    words = [(word, c.name) for c in concepts for word in c.words if word not in c.before_object]
    wallets = {word for word, concept in words if concept.startswith("wallet.")}
    # An exchange's own name is a name, as 币安 is: a strategy or trader called 模拟盘 or testnet is
    # theirs where it is said whole ("模拟盘不要了 删了"); with none so named it is the exchange's.
    wallets |= {alias for e in EXCHANGES.values() for alias in (e.key, *e.aliases)}
    everyday = {word for word, concept in words if concept in NAMEABLE}
    everyday -= {word for word, concept in words if concept not in NAMEABLE}
    return frozenset(word for word, _ in words if word not in wallets and word not in everyday)


async def load_names(
    services: Services, owner: str, more: Mapping[str, Sequence[str]] | None = None
) -> Gazetteer:
    """The owner's traders, strategies, exchange accounts and model configs, by name, and ``more``
    (the skills' own records named: their alerts, core.skills.base.OwnNames)."""
    from core.strategies.model import STRATEGIES
    from core.traders.ports import TRADERS
    from core.workspace.accounts import EXCHANGE_ACCOUNTS
    from core.workspace.model_configs import MODEL_CONFIGS

    names: dict[str, list[str]] = {}
    traders = services.find(TRADERS)
    if traders is not None:
        names["trader"] = [t.name for t in await traders.owned(owner)]
    strategies = services.find(STRATEGIES)
    if strategies is not None:
        names["strategy"] = [s.name for s in await strategies.owned(owner)]
    accounts = services.find(EXCHANGE_ACCOUNTS)
    if accounts is not None:
        names["account"] = [a.name for a in await accounts.owned(owner)]
    models = services.find(MODEL_CONFIGS)
    if models is not None:
        names["model"] = [m.name for m in await models.owned(owner)]
    for kind, named in (more or {}).items():
        names.setdefault(kind, []).extend(named)
    return Gazetteer.of(names, plain=plain_words())
