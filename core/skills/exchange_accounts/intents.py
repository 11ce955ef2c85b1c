"""The exchange accounts' intents: which accounts are bound ("我绑定了哪些交易所" asks, it binds
nothing), and deleting or showing an account whose name holds another kind's word ("删除账户
my traders"); the account rule reads the slots where it can."""

from __future__ import annotations

from core.language.intents import intent
from core.language.slots import After, Slots
from core.language.tagger import EXCHANGE

SKILL = "exchange_management"
ACCOUNT = "noun.account"


_NAMED = Slots(After("target_ref", ACCOUNT, need=True))
ELSEWHERE = (
    "verb.fail",
    "verb.diagnose",
    "ask.why",
    "noun.balance",
    "noun.holdings",
    "noun.trades",
    "verb.notify",
)

INTENTS = (
    intent(
        SKILL, "query", need=[ACCOUNT, "ask.which"], may=["verb.bind", "verb.create"],
        avoid=(*ELSEWHERE, "verb.delete", "verb.update", "noun.trader", "noun.strategy", "noun.model"),
        fill=Slots(),
    ),
    intent(SKILL, "delete", need=["verb.delete", ACCOUNT], avoid=ELSEWHERE, fill=_NAMED, reader_first=True),
    intent(SKILL, "query", need=["verb.query", ACCOUNT], avoid=ELSEWHERE, fill=_NAMED, reader_first=True),
    # Any other account request ("添加一个币安交易所账户", "把主账户的 API key 换一下"), and a record
    # deleted or renamed by its name alone ("delete main": the skill asks which kind when needed);
    # the account rule reads it. Last of the record kinds on a tie.
    intent(
        SKILL, "query", one_of=[ACCOUNT, EXCHANGE, "own.account", "term.api_key", "term.passphrase"],
        priority=1, after_rules=True,
    ),
    intent(SKILL, "delete", one_of=["verb.delete", "verb.update"], avoid=ELSEWHERE, after_rules=True),
)  # fmt: skip
