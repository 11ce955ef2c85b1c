"""Settings read from the environment and .env (pydantic-settings): the rules deskmate's settings
always had — names in any case, nested and JSON groups, the environment over .env."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError


@pytest.fixture
def clean(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for name in list(os.environ):
        if name.upper().startswith("DESKMATE_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_defaults_go_through_the_validators(clean: Path) -> None:
    s = Settings()
    assert s.database_url == "sqlite+aiosqlite:///data/deskmate.db" and s.market == "demo"
    assert s.llm.api_key is None and not s.llm.configured and s.jobs.enabled


def test_names_in_any_case_nested_with_two_underscores(clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("deskmate_market", "Binance")
    monkeypatch.setenv("DESKMATE_LLM__API_KEY", "k")
    monkeypatch.setenv("Deskmate_Jobs__Enabled", "false")
    monkeypatch.setenv("DESKMATE_TRADING__TAKER_FEE", "0.002")
    monkeypatch.setenv("DESKMATE_LLM__EXTRA_BODY", '{"thinking": {"type": "disabled"}}')
    monkeypatch.setenv("DESKMATE_NOT_A_SETTING", "ignored")
    s = Settings()
    assert s.market == "binance" and s.llm.configured and not s.jobs.enabled
    assert str(s.trading.taker_fee) == "0.002"
    assert s.llm.extra_body == {"thinking": {"type": "disabled"}}


def test_a_group_as_json_and_its_settings_one_by_one(clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DESKMATE_LLM", '{"model": "m1", "max_requests": 5}')
    monkeypatch.setenv("DESKMATE_LLM__MAX_REQUESTS", "7")
    s = Settings()
    assert (s.llm.model, s.llm.max_requests) == ("m1", 7)
    monkeypatch.setenv("DESKMATE_LLM", "{not json")
    with pytest.raises(SettingsError, match='error parsing value for field "llm"'):
        Settings()


def test_the_environment_over_the_env_file_and_code_over_both(
    clean: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (clean / ".env").write_text(
        "DESKMATE_MARKET=binance\nDESKMATE_LLM__MODEL=from-file\nexport DESKMATE_LOCALE='zh'\n"
        "DESKMATE_LLM__MAX_REQUESTS=9\n# a comment\nOTHER=1\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("DESKMATE_LLM__MODEL", "from-env")
    s = Settings()
    assert (s.market, s.locale, s.llm.model, s.llm.max_requests) == ("binance", "zh", "from-env", 9)
    given = Settings(market="demo", llm={"max_requests": 2})
    assert (given.market, given.llm.model, given.llm.max_requests) == ("demo", "from-env", 2)
    assert Settings(_env_file=None).market == "demo"  # the file not read


def test_the_database_goes_in_the_data_dir_unless_named(clean: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """DESKMATE_DATA_DIR alone moves all local data: the SQLite file went to ./data while the key
    went to the new directory, and the next start refused the database as holding credentials of
    a missing key."""
    monkeypatch.setenv("DESKMATE_DATA_DIR", str(clean / "elsewhere"))
    assert Settings().database_url == f"sqlite+aiosqlite:///{clean / 'elsewhere' / 'deskmate.db'}"
    monkeypatch.setenv("DESKMATE_DATABASE_URL", "sqlite:///other.db")
    assert Settings().database_url == "sqlite+aiosqlite:///other.db"
