"""The exchange types deskmate can hold accounts for, and the credentials each needs."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from core.i18n import Locale, localized

PAPER_DEFAULT_BALANCE = Decimal("10000")  # USDT a new paper account starts with


@dataclass(frozen=True, slots=True)
class ExchangeType:
    key: str
    name_zh: str
    name_en: str
    fields: tuple[str, ...]  # credential fields, asked in this order; all are secrets
    aliases: tuple[str, ...]  # lower-case words that name it in a message

    def display(self, locale: Locale) -> str:
        return localized({"zh": self.name_zh, "en": self.name_en}, locale)


EXCHANGES: dict[str, ExchangeType] = {
    e.key: e
    for e in (
        # Paper first: the default for newcomers (no keys, no risk).
        ExchangeType(
            "paper",
            "模拟账户",
            "Paper (simulated)",
            (),
            # "practice" only as an account's ("the best practice" is none); money said fake is
            # the paper account's ("how do i practice with fake money")
            (
                "paper",
                "模拟账户",
                "模拟盘",
                "模拟仓",
                "模拟",
                "simulated",
                "simulate",
                "practice account",
                "practice accounts",
                "fake money",
                "play money",
                "virtual money",
                "paper money",
                "demo account",
                # A mode or a way to try without real money ("is there a sandbox mode so i don't
                # torch real cash", "is there a way to practice first without using real money?"):
                # the paper account's.
                "sandbox mode",
                "demo mode",
                "practice mode",
                "practice first",
                "without real money",
                "without using real money",
                "without risking real money",
                "without real cash",
                "without risking real cash",
            ),
        ),
        ExchangeType("binance", "币安", "Binance", ("api_key", "api_secret"), ("binance", "币安")),
        ExchangeType(
            "binance_testnet",
            "币安测试网",
            "Binance Testnet",
            ("api_key", "api_secret"),
            ("binance_testnet", "binance testnet", "币安测试网", "testnet", "测试网"),
        ),
        ExchangeType(
            "okx", "欧易 OKX", "OKX", ("api_key", "api_secret", "passphrase"), ("okx", "okex", "欧易")
        ),
        ExchangeType("bybit", "Bybit", "Bybit", ("api_key", "api_secret"), ("bybit", "拜比特")),
    )
}

CREDENTIAL_FIELDS = ("api_key", "api_secret", "passphrase")

# Every name of each, and its key itself (no name is two entries', nor another's key).
_NAMES = {name: e.key for e in EXCHANGES.values() for name in (e.key, *e.aliases)}


def exact_exchange(normalized: str) -> str | None:
    """The exchange type when the whole answer is its name ("币安", "OKX", "binance_testnet")."""
    return _NAMES.get(normalized.strip(" .。!！"))
