"""Workspace conversations that follow what people say (issue 12, part 2), zh and en, each turn a
new `deskmate ask` app on one SQLite file: credentials in the opening sentence, corrections
mid-flow, names and amounts taken whole, and words that are no account names.

Every case here was first reproduced with `deskmate ask` and failed before the change.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from adapters.secrets.log_mask import uninstall
from bot.cli import main
from tests.workspace.conftest import masked

BYBIT_KEY = "BYBk3yQ7xT2mN8vR4wZ6pL1sD9fG5hJ0"
BYBIT_SECRET = "BYBs3cA8bC7dE6fG5hI4jK3lM2nO1pQ0"
OKX_KEY = "OKXk3y9f8e7d6c5b4a3f2e1d0c9b8a7f"
OKX_SECRET = "OKXs3c1a2b3c4d5e6f7a8b9c0d1e2f3a"
OKX_PASS = "Pass1234#42!"
KIMI_KEY = "sk-kimi9f8e7d6c5b4a3f2e1d0c9b8a7"
STRAY_KEY = "sk-7f3c9a1e5b2d4f6a8c0e1b3d5f7a9c2e"
SECRETS = (BYBIT_KEY, BYBIT_SECRET, OKX_KEY, OKX_SECRET, OKX_PASS, KIMI_KEY, STRAY_KEY)

Ask = Callable[..., dict[str, Any]]


@pytest.fixture
def ask(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> Iterator[Ask]:
    """`deskmate ask --json` as the command line runs it (bot.cli.main: settings from the
    environment, a new app built on the SQLite file each turn, closed after it), in this process:
    what persists from one turn to the next is only what the file holds. A new interpreter a turn
    cost some 2 s of CPU each; tests/workspace/test_cli_ask_workspace.py keeps real processes."""
    for name in [n for n in os.environ if n.startswith("DESKMATE_")]:
        monkeypatch.delenv(name)
    env = {
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'db' / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
        # Nothing here may reach the internet: a diagnosis's exchange checks find a closed port.
        **{
            f"DESKMATE_{name}__{kind}BASE_URL": "http://127.0.0.1:9"
            for name in ("BINANCE", "OKX", "BYBIT")
            for kind in ("", "TESTNET_")
        },
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    caplog.set_level(logging.DEBUG)  # every line any turn logs is checked for the secrets

    def run(*args: str) -> dict[str, Any]:
        capsys.readouterr()
        code = main(["ask", "--json", "--chat", "c1", "--user", "u1", *args])
        stdout, stderr = capsys.readouterr()
        assert code == 0, stderr
        out: dict[str, Any] = json.loads(stdout)
        for secret in SECRETS:  # never echoed, traced or logged, whatever the turn
            assert secret not in stdout and secret not in stderr and secret not in caplog.text, secret
        return out

    yield run
    uninstall()  # the masking main() installs is left as the other tests found it


def codes(out: dict[str, Any]) -> list[str]:
    return [b["code"] for b in out["blocks"] if b["type"] == "notice"]


def rows(out: dict[str, Any]) -> dict[str, str]:
    found: dict[str, str] = {}
    for block in out["blocks"]:
        if block["type"] == "details":
            found.update({k: v for k, v in block["rows"]})
    return found


def texts(out: dict[str, Any]) -> str:
    return " ".join(b.get("text", "") for b in out["blocks"])


def stored_states(tmp_path: Path) -> str:
    with sqlite3.connect(tmp_path / "db" / "deskmate.db") as db:
        return " ".join(str(r[0]) for r in db.execute("SELECT * FROM conversation_states"))


# -- credentials in the opening sentence ----------------------------------------------------------


def test_zh_account_with_name_key_and_secret_in_one_sentence(ask: Ask, tmp_path: Path) -> None:
    done = ask(f"帮我加个bybit账户，名字叫 小号，key是 {BYBIT_KEY}，secret是 {BYBIT_SECRET}")
    assert done["status"] == "completed", codes(done)
    assert done["delete_inbound"] is True  # the key must not stay in the chat
    assert codes(done) == ["secrets_taken", "account_created"]
    assert rows(done)["名称"] == "小号" and rows(done)["交易所"] == "Bybit"
    assert rows(done)["API Key"] == masked(BYBIT_KEY) and rows(done)["API Secret"] == masked(BYBIT_SECRET)
    assert done["route"]["slots"]["api_key"] == "<secret>"
    # The finished task keeps no sealed copy of the keys in the conversation state.
    assert "gAAAAA" not in stored_states(tmp_path)


def test_zh_model_config_with_its_key_in_the_request(ask: Ask) -> None:
    done = ask(f"配置 kimi 模型，key 是 {KIMI_KEY}")
    assert done["status"] == "completed" and done["delete_inbound"] is True
    assert codes(done) == ["secrets_taken", "model_created"]
    assert rows(done)["API Key"] == masked(KIMI_KEY)


def test_en_key_in_the_request_then_the_rest_is_asked(ask: Ask, tmp_path: Path) -> None:
    first = ask(f"add my okx account, api key is {OKX_KEY}")
    assert first["status"] == "needs_input" and first["delete_inbound"] is True
    assert codes(first) == ["secrets_taken", "ask_name"]  # the key is not asked again
    assert ask("main")["expects_secret"] == "api_secret"
    assert ask(OKX_SECRET)["expects_secret"] == "passphrase"
    done = ask(OKX_PASS)
    assert done["status"] == "completed"
    assert rows(done)["API key"] == masked(OKX_KEY)
    assert rows(done)["Passphrase"] == "P****!"  # 2 of its 12 characters, not 8
    assert "gAAAAA" not in stored_states(tmp_path)


def test_a_key_with_a_question_is_not_an_account_listing(ask: Ask) -> None:
    out = ask(f"my api key is {STRAY_KEY}, what can you do for me?")
    assert out["route"]["skill"] is None  # not the exchange-account list
    assert out["delete_inbound"] is True
    assert "secret_redacted" in codes(out) and "no_accounts" not in codes(out)
    assert any(b["type"] == "text" for b in out["blocks"])  # what deskmate can do


# -- corrections mid-flow -----------------------------------------------------------------------------


def test_zh_corrections_change_the_slot_they_name_or_the_one_they_fit(ask: Ask) -> None:
    ask("添加一个币安交易所账户")
    renamed = ask("等一下，名字改成 副账户")
    assert renamed["route"]["action"] == "create" and codes(renamed) == ["corrected", "ask_api_key"]
    assert renamed["route"]["slots"]["name"] == "副账户"
    moved = ask("算了，改成 OKX")
    assert codes(moved) == ["corrected", "ask_api_key"]
    assert moved["route"]["slots"] == {"exchange": "okx", "name": "副账户"}
    ask(OKX_KEY)
    fixed = ask("不对，是 bybit")  # the key given for OKX is dropped with it
    assert fixed["route"]["slots"]["exchange"] == "bybit" and "keys_dropped" in codes(fixed)
    assert fixed["expects_secret"] == "api_key"
    ask(BYBIT_KEY)
    done = ask(BYBIT_SECRET)
    assert done["status"] == "completed"
    assert rows(done)["名称"] == "副账户" and rows(done)["交易所"] == "Bybit"
    assert rows(done)["API Key"] == masked(BYBIT_KEY)


def test_en_corrections_are_never_read_as_names(ask: Ask) -> None:
    first = ask("add a binance account")
    assert codes(first) == ["ask_name"]
    moved = ask("actually make it bybit")  # was saved as the account's name
    assert moved["route"]["slots"] == {"exchange": "bybit"} and codes(moved) == ["corrected", "ask_name"]
    ask("main")
    renamed = ask("rename it to okx-alt")  # was "no account"
    assert renamed["route"]["slots"]["name"] == "okx-alt" and renamed["expects_secret"] == "api_key"
    again = ask("change the name to Alt Two")
    assert again["route"]["slots"]["name"] == "Alt Two"
    ask(BYBIT_KEY)
    done = ask(BYBIT_SECRET)
    assert done["status"] == "completed" and rows(done)["Name"] == "Alt Two"
    assert rows(done)["Exchange"] == "Bybit"


def test_a_key_given_with_its_label_mid_flow_fills_that_slot(ask: Ask) -> None:
    ask("添加一个币安交易所账户，名字叫 主账户")
    both = ask(f"key是 {BYBIT_KEY}，secret是 {BYBIT_SECRET}")
    assert both["status"] == "completed" and both["delete_inbound"] is True
    assert rows(both)["API Secret"] == masked(BYBIT_SECRET)


# -- names and amounts, whole -----------------------------------------------------------------------


def test_en_names_and_amounts_are_taken_whole(ask: Ask) -> None:
    alt = ask("add a binance account called Alt Two")
    assert alt["route"]["slots"]["name"] == "Alt Two"
    ask("cancel")
    assert ask("add a paper account called main")["status"] == "completed"
    second = ask("add a paper account called main 2")  # was "the name main is taken"
    assert second["status"] == "completed" and rows(second)["Name"] == "main 2"
    trading = ask("add a binance account, call it Trading OKX")  # was ignored
    assert trading["route"]["slots"] == {"exchange": "binance", "name": "Trading OKX"}
    ask("cancel")
    rich = ask("add a paper account with 50000 USDT")  # was always 10000
    assert codes(rich) == ["ask_name"]
    done = ask("demo")
    assert rows(done)["Paper balance"] == "50000 USDT"
    quoted = ask('add a paper account called "Traders\'"')  # the trailing quote is kept
    assert rows(quoted)["Name"] == "Traders'"


def test_zh_name_and_balance_in_one_sentence(ask: Ask) -> None:
    done = ask("加一个模拟账户，初始资金 5万U，名字叫 测试")
    assert done["status"] == "completed"
    assert rows(done)["名称"] == "测试" and rows(done)["模拟资金"] == "50000 USDT"


# -- words that are no account names -------------------------------------------------------------------


def test_diagnosis_ids_and_bare_names(ask: Ask) -> None:
    diagnose = ask("diagnose my binance account")  # was 'No exchange account called "diagnose binance"'
    assert diagnose["route"]["skill"] == "exchange_diagnosis"
    ask("add a paper account called main")
    by_id = ask("show account #42")
    assert by_id["status"] == "failed" and "#42" in texts(by_id)  # was 'called ""'
    delete = ask("delete main")  # was not understood
    assert delete["status"] == "awaiting_confirmation"
    assert delete["route"]["skill"] == "exchange_management" and delete["route"]["action"] == "delete"
    token = delete["buttons"][0]["token"]
    assert codes(ask("--press", token)) == ["account_deleted"]
