"""Two worker processes, one conversation, hundreds of interleaved turns: no update is lost.

The rounds reproduce what a reliability review saw with two processes on one database:
- "/lang zh" handled by one process while the other answers a price question: the language
  choice must survive (it was lost in 6 of 8 rounds when the later save overwrote the state);
- an API key answered in one process while the other answers "BTC price", then the secret: the
  account must hold that key and that secret (the secret was stored as the key in 3 of 5).
The market answers after 15 ms in both processes, as an exchange would, so turns overlap.
Each test prints its counts (tried / held, and how many rounds really overlapped: one turn had to
wait for the other) and asserts that every round held.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.secrets import FernetSecretBox
from tests.reliability.conftest import stored
from tests.reliability.harness import FERNET_KEY, Worker, notice_codes, together, waited

pytestmark = pytest.mark.process  # starts other Python processes

LANG_ROUNDS = 50  # 3 turns each
KEY_ROUNDS = 30  # 5 turns each (two of them concurrent)
MARKET_MS = 15
# Whether two turns sent together really overlap depends on the machine (faster turns, fewer
# overlaps): rounds go on past the number above until a quarter of that many did race, up to
# four times as many rounds, so the test proves races on a quiet machine as on a loaded one.
MORE_ROUNDS = 4


def rounds(at_least: int, overlapped: list[int]) -> Iterator[int]:
    """Round numbers: ``at_least`` of them, then more until ``overlapped[0]`` (the rounds that
    raced so far) reaches a quarter of ``at_least``, at most MORE_ROUNDS times as many."""
    i = 0
    while i < at_least or (overlapped[0] < at_least // 4 and i < at_least * MORE_ROUNDS):
        yield i
        i += 1


@pytest.fixture
def pair(db_url: str, user: str) -> Iterator[tuple[Worker, Worker]]:
    a = Worker(db_url, user=user, market_ms=MARKET_MS)
    b = Worker(db_url, user=user, market_ms=MARKET_MS)
    try:
        yield a, b
    finally:
        a.close()
        b.close()


def api_key(i: int) -> str:
    return f"K{i:04d}" + "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91d"


def api_secret(i: int) -> str:
    return f"S{i:04d}" + "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5f"


def test_language_choice_survives_a_concurrent_price_turn(
    db_url: str, user: str, pair: tuple[Worker, Worker]
) -> None:
    held = tried = 0
    overlapped = [0]
    for i in rounds(LANG_ROUNDS, overlapped):
        lang, price = pair if i % 2 == 0 else pair[::-1]
        lang.ask(command="lang", args="en")
        chose, quoted = together((lang, {"command": "lang", "args": "zh"}), (price, {"say": "BTC price"}))
        assert notice_codes(chose) == ["locale_set"] and chose["status"] == "completed"
        assert quoted["status"] == "completed" and quoted["blocks"][0]["type"] == "quote"
        state, _, _ = stored(db_url, user)
        held += state.locale == "zh"
        tried += 1
        overlapped[0] += waited(chose) or waited(quoted)
    print(
        f"\n/lang zh beside 'BTC price', two processes: {tried} tried, {held} held "
        f"({overlapped[0]} overlapped)"
    )
    assert held == tried
    assert overlapped[0] >= LANG_ROUNDS // 4  # the rounds did race


def test_api_key_beside_a_price_question_is_kept(db_url: str, user: str, pair: tuple[Worker, Worker]) -> None:
    owner, other = pair
    created = tried = 0
    overlapped = [0]
    for i in rounds(KEY_ROUNDS, overlapped):
        assert notice_codes(owner.ask(say="添加一个币安交易所账户")) == ["ask_name"]
        assert notice_codes(owner.ask(say=f"acct-{i}")) == ["ask_api_key"]
        key_reply, price_reply = together((owner, {"say": api_key(i)}), (other, {"say": "BTC price"}))
        assert price_reply["blocks"][0]["type"] == "quote"
        overlapped[0] += waited(key_reply) or waited(price_reply)
        tried += 1
        done = owner.ask(say=api_secret(i))
        if notice_codes(done) == ["account_created"]:
            created += 1
        else:  # the key was lost: the secret went in as the key; start the next round afresh
            owner.ask(command="cancel")
        owner, other = other, owner  # the next round starts in the other process
    state, accounts, audit = stored(db_url, user)
    box = FernetSecretBox(FERNET_KEY.encode())
    by_name = {a.name: a for a in accounts}
    held = sum(
        1
        for i in range(tried)
        if (acc := by_name.get(f"acct-{i}")) is not None
        and box.decrypt(acc.credentials["api_key"]) == api_key(i)
        and box.decrypt(acc.credentials["api_secret"]) == api_secret(i)
    )
    print(
        f"\nAPI key beside 'BTC price', then the secret, two processes: {tried} tried, {held} held "
        f"({overlapped[0]} overlapped)"
    )
    assert held == created == len(accounts) == tried
    assert overlapped[0] >= KEY_ROUNDS // 4
    assert sorted(e.target_name or "" for e in audit if e.action == "create" and e.outcome == "ok") == sorted(
        f"acct-{i}" for i in range(tried)
    )
    assert state.active is None and state.resume_stack == []
