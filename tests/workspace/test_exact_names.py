"""An answer that is an exchange's or a provider's name ("币安", "OKX", "binance_testnet",
"DeepSeek") is read by one lookup of every name and key: it holds only while no name belongs to
two entries or is another entry's key (then an answer would have two meanings)."""

from __future__ import annotations

from core.workspace.exchanges import EXCHANGES, exact_exchange
from core.workspace.providers import PROVIDERS, exact_provider
from tests.cases import each


@each(
    "entries",
    [
        [(e.key, e.aliases) for e in EXCHANGES.values()],
        [(p.key, p.aliases) for p in PROVIDERS.values()],
    ],
)
def test_no_name_has_two_meanings(entries: list[tuple[str, tuple[str, ...]]]) -> None:
    owner: dict[str, str] = {}
    for key, aliases in entries:
        for name in (key, *aliases):
            assert owner.setdefault(name, key) == key, name


def test_a_whole_answer_is_read_as_the_name_it_is() -> None:
    assert exact_exchange("币安") == "binance"
    assert exact_exchange("okx。") == "okx"
    assert exact_exchange("binance_testnet") == "binance_testnet"
    assert exact_exchange("币安账户") is None  # more than a name: no exact answer
    assert exact_provider("deepseek!") == "deepseek"
    assert exact_provider("deep") is None
