"""Fast start: a process loads a heavy library only when its work needs it.

Each check runs in a fresh interpreter and reports which heavy libraries ended up imported.
(`make bench` measures the time; these tests keep the imports from creeping back.)
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli

HEAVY = (
    "matplotlib", "httpx", "openai", "telegram", "discord", "cryptography", "alembic", "ccxt",
    "sqlalchemy.dialects.postgresql",  # ~20 ms: only a PostgreSQL process loads it
)  # fmt: skip

_REPORT = """
import json, sys
import pytest
{body}
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def loaded_after(body: str, tmp_path: Path, modules: tuple[str, ...] = HEAVY, **env: str) -> list[str]:
    """Which of ``modules`` (the heavy libraries) were imported once ``body`` ran in a new process
    (demo market, own DB)."""
    environment = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
        "DESKMATE_DATA_DIR": str(tmp_path / "data"),
        **env,
    }
    script = _REPORT.format(body=body, heavy=modules)
    proc = subprocess.run(
        [sys.executable, "-c", script],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    loaded: list[str] = json.loads(proc.stdout.strip().splitlines()[-1])
    return loaded


@pytest.mark.process
def test_starting_the_cli_imports_no_heavy_library(tmp_path: Path) -> None:
    assert loaded_after("import bot.cli, bot.wiring, bot.console, adapters.charts", tmp_path) == []


@pytest.mark.process
def test_a_price_question_needs_no_chart_http_model_platform_or_migration_library(tmp_path: Path) -> None:
    assert "alembic" in loaded_after("from bot.cli import main; main(['migrate'])", tmp_path)
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])"
    loaded = loaded_after(ask, tmp_path)
    # cryptography: the secret-key check at start-up (a wrong key must stop the process before
    # it touches data). No alembic: the database is at head, which one query tells.
    assert loaded == ["cryptography"], loaded


# The stores and renderers a price question never uses: made (their modules, with their tables'
# ORM classes, imported) at first use (bot.wiring.Deferred), not by every start.
UNUSED_BY_A_PRICE_QUESTION = (
    "adapters.storage.trading", "adapters.storage.klines", "adapters.storage.pnl",
    "adapters.storage.usage_ledger", "adapters.storage.market_blocks",
    "adapters.storage.market_weights", "adapters.storage.market_catalog",
    "adapters.charts.backtest", "adapters.charts.equity",
)  # fmt: skip


@pytest.mark.process
def test_a_price_question_imports_no_store_it_does_not_use(tmp_path: Path) -> None:
    loaded_after("from bot.cli import main; main(['migrate'])", tmp_path)  # migrating imports all
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])"
    loaded_after(ask, tmp_path)  # the first start writes the key check (looking at every sealed column)
    assert loaded_after(ask, tmp_path, UNUSED_BY_A_PRICE_QUESTION) == []
    order = "from bot.cli import main; main(['ask', '--chat', 'c1', 'buy 0.001 BTC'])"
    assert loaded_after(order, tmp_path, UNUSED_BY_A_PRICE_QUESTION) == ["adapters.storage.trading"]


# What a price question never runs: the other skills' implementations (each skill's package
# declares what routing needs and imports its implementation when it first runs), the models of
# trading, traders, strategies, backtests and P&L (services are provided by their keys' names,
# core.services.Services.provide_later), and the stores nothing in a price question reads.
OTHER_SKILLS_AND_THEIR_MODELS = (
    "core.skills.price_alert.skill", "core.skills.trader_management.skill",
    "core.skills.strategy_management.skill", "core.skills.exchange_accounts.skill",
    "core.skills.model_configs.skill", "core.skills.trade_execution.skill", "core.skills.orders.skill",
    "core.skills.account_query.skill", "core.skills.pnl.skill", "core.skills.backtest.skill",
    "core.skills.diagnosis.exchange", "core.skills.glossary.skill", "core.skills.guidance.skill",
    "core.trading.model", "core.trading.service", "core.traders.model", "core.traders.ports",
    "core.strategies.model", "core.strategies.params", "core.backtest.model", "core.pnl.service",
    "core.diagnosis.report", "core.tables", "core.planner.budget", "adapters.exchanges",
    "adapters.storage.exchange_accounts", "adapters.storage.model_configs", "adapters.storage.traders",
    "adapters.storage.deliveries", "adapters.storage.jobs",
)  # fmt: skip


@pytest.mark.process
def test_a_price_question_imports_no_other_skill_nor_the_models_it_does_not_use(tmp_path: Path) -> None:
    loaded_after("from bot.cli import main; main(['migrate'])", tmp_path)  # migrating imports all
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])"
    loaded_after(ask, tmp_path)  # the first start writes the key check (looking at every sealed column)
    assert loaded_after(ask, tmp_path, (*OTHER_SKILLS_AND_THEIR_MODELS, "core.skills.price.skill")) == [
        "core.skills.price.skill"
    ]
    order = "from bot.cli import main; main(['ask', '--chat', 'c1', 'buy 0.001 BTC'])"
    loaded = loaded_after(order, tmp_path, OTHER_SKILLS_AND_THEIR_MODELS)
    assert "core.skills.trade_execution.skill" in loaded and "core.trading.service" in loaded
    assert "core.skills.backtest.skill" not in loaded and "core.pnl.service" not in loaded


# What a rule-routed turn never runs: the model's tool loop, its reply composer and prose guard
# (core.planner's package loads them on first use; the engine reads only .tooling and .ports).
PLANNER_LOOP = ("core.planner.planner", "core.planner.compose", "core.planner.guard", "bot.planner_wiring")


@pytest.mark.process
def test_a_price_question_does_not_load_the_planner_loop(tmp_path: Path) -> None:
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])"
    assert loaded_after(ask, tmp_path, PLANNER_LOOP) == []


@pytest.mark.process
def test_a_history_question_loads_matplotlib_and_draws_the_chart(tmp_path: Path) -> None:
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'ETH 7 day chart'])"
    loaded = loaded_after(ask, tmp_path)
    assert "matplotlib" in loaded and "httpx" not in loaded and "openai" not in loaded
    [png] = (tmp_path / "out").glob("*.png")
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.process
def test_the_live_market_brings_its_http_client(tmp_path: Path) -> None:
    body = (
        "import asyncio\n"
        "from bot.settings import Settings\n"
        "from bot.wiring import build_app, migrate\n"
        "migrate(Settings())\n"
        "async def start_and_stop():\n"
        "    app = await build_app(Settings())\n"
        "    await app.aclose()\n"
        "asyncio.run(start_and_stop())"
    )
    loaded = loaded_after(body, tmp_path, DESKMATE_MARKET="binance")
    assert "httpx" in loaded and "matplotlib" not in loaded


@pytest.mark.process
def test_a_paper_order_and_a_balance_need_no_exchange_library(tmp_path: Path) -> None:
    """ccxt (most of a second) is for live accounts only: a paper order never loads it."""
    ask = (
        "from bot.cli import main\n"
        "main(['ask', '--chat', 'c1', 'buy 0.001 BTC'])\n"
        "main(['ask', '--chat', 'c1', 'yes'])\n"
        "main(['ask', '--chat', 'c1', 'show my balance'])"
    )
    loaded = loaded_after(ask, tmp_path)
    # alembic migrates the new database (and brings SQLAlchemy's PostgreSQL dialect with it)
    migration = {"alembic", "sqlalchemy.dialects.postgresql"}
    assert "ccxt" not in loaded and set(loaded) <= {*migration, "cryptography"}, loaded


def test_the_collector_is_paused_while_starting_and_restored_after() -> None:
    """In-process (as tests call it) main() leaves the collector as it found it, frozen nothing."""
    frozen = gc.get_freeze_count()
    with cli._collector_paused(own_process=False):
        assert not gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    with cli._collector_paused(own_process=False):
        cli._started()  # a long-running command's app is built
        assert gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() == frozen


@pytest.mark.process
def test_deskmate_own_process_freezes_what_start_up_made_and_keeps_output_and_exit_code(
    tmp_path: Path,
) -> None:
    body = (
        "import gc, sys\n"
        "from bot.cli import main\n"
        "sys.argv = ['deskmate', 'ask', 'BTC price']\n"
        "code = main()\n"
        "print('frozen', gc.get_freeze_count() > 10_000, gc.isenabled(), code)\n"
        "sys.argv = ['deskmate', 'ask', '--locale', 'xx']\n"
        "main()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", body],
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("DESKMATE_")},
            "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
            "DESKMATE_MARKET": "demo",
        },
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 2, proc.stderr  # argparse's exit code for a bad --locale
    assert "BTC/USDT" in proc.stdout and "frozen True True 0" in proc.stdout


# What every start reads and writes (the conversation's tables, the key check's canary) is
# SQLAlchemy Core: declaring them as ORM classes imported the ORM for them. The other storage
# modules' ORM classes register on ``tables.Base``, built at its first import on the same metadata.
@pytest.mark.process
def test_the_conversation_tables_are_core_and_base_is_built_on_their_metadata(tmp_path: Path) -> None:
    body = (
        "import sys\n"
        "from adapters.storage import tables\n"
        "assert 'sqlalchemy.orm' not in sys.modules, 'the ORM imported with the tables'\n"
        "from adapters.storage.tables import Base\n"
        "assert Base.metadata is tables.METADATA and 'conversation_states' in Base.metadata.tables\n"
        "from adapters.storage.tables import Base as again\n"
        "assert again is Base\n"
    )
    assert loaded_after(body, tmp_path, ("sqlalchemy.orm",)) == ["sqlalchemy.orm"]


def test_a_sqlite_file_at_head_is_checked_with_no_event_loop_or_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every `deskmate ask` starts with the check: on a SQLite file it is one query with the
    sqlite3 driver, not an engine, an aiosqlite thread and an event loop of its own."""
    from adapters.storage import migrate

    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    migrate.upgrade(url)

    def no_loop(_make: object) -> None:
        raise AssertionError("an event loop for the at-head check")

    monkeypatch.setattr(migrate, "_blocking", no_loop)
    migrate.upgrade(url)  # at head: nothing to do, and no loop for it


def test_the_key_check_opens_no_connection_of_the_async_engine(tmp_path: Path) -> None:
    """Start-up's key check reads on the engine's shared runner: on a SQLite file, on the
    calling thread with the sqlite3 driver; no aiosqlite connection is opened for it."""
    import asyncio

    from adapters.storage import migrate
    from adapters.storage.engine import SqliteFileEngine, create_engine
    from adapters.storage.runner import close_shared_runner
    from bot.secret_keys import open_secret_box
    from bot.settings import Settings
    from core.clock import SystemClock

    url = f"sqlite+aiosqlite:///{tmp_path / 'x.db'}"
    migrate.upgrade(url)
    settings = Settings(_env_file=None, database_url=url, data_dir=tmp_path / "data", market="demo")  # type: ignore[call-arg]

    async def check_twice() -> int:
        engine = create_engine(url)
        try:
            await open_secret_box(settings, engine, SystemClock())  # a first start: writes the canary
            await open_secret_box(settings, engine, SystemClock())  # then reads it
            assert isinstance(engine, SqliteFileEngine) and not engine.is_made  # no AsyncEngine made
            pool = engine.sync_engine.pool
            return int(pool.checkedin() + pool.checkedout())  # type: ignore[attr-defined]
        finally:
            await close_shared_runner(engine)
            await engine.dispose()

    assert asyncio.run(check_twice()) == 0


# SQLAlchemy's asyncio extension and the ORM it imports (~40 ms of a start): a price question on
# a SQLite file runs its transactions on the sqlite3 driver (adapters.storage.runner), and the
# engine's AsyncEngine half is made only when a store first uses it (engine.SqliteFileEngine).
ASYNC_EXTENSION_AND_ORM = ("sqlalchemy.ext.asyncio", "sqlalchemy.orm")


@pytest.mark.process
def test_a_price_question_on_a_sqlite_file_imports_neither_the_orm_nor_the_asyncio_extension(
    tmp_path: Path,
) -> None:
    loaded_after("from bot.cli import main; main(['migrate'])", tmp_path)  # migrating imports all
    ask = "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])"
    # The first start writes the key check (looking at every sealed column: the ORM's tables);
    # every start after it reads it.
    loaded_after(ask, tmp_path)
    assert loaded_after(ask, tmp_path, ASYNC_EXTENSION_AND_ORM) == []
    # deskmate's own process (the console script's entry, which freezes and exits as it does)
    script = "import sys\nsys.argv = ['deskmate', 'ask', '以太坊多少钱']\nfrom bot.cli import main\nmain()"
    assert loaded_after(script, tmp_path, ASYNC_EXTENSION_AND_ORM) == []


# Costs hidden in how a start is written rather than in what it imports (issue 23): each added
# ~10 ms to every `deskmate ask`, in libraries a price question needs anyway.
@pytest.mark.process
def test_a_price_question_compiles_no_tokenizer_pattern(tmp_path: Path) -> None:
    """pydantic asks every ``default_factory`` for its signature; ``list``'s is parsed from its
    text by the tokenize module, which compiles its large pattern for it (core.state's models
    use a function of their own)."""
    ask = (
        "from bot.cli import main; main(['ask', '--out', 'out', 'BTC price'])\n"
        "import tokenize\n"
        "assert tokenize._compile.cache_info().currsize == 0, 'the tokenizer pattern was compiled'"
    )
    assert loaded_after(ask, tmp_path, ()) == []


def test_dataclass_methods_kept_beside_bytecode_are_the_ones_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bot.dataclass_code: a class made with the kept code has the same methods, code object for
    code object, as one compiled as the standard library does; a cache of another interpreter
    (or another thing) is compiled again."""
    import dataclasses

    from bot.dataclass_code import DataclassCode

    def made() -> type:
        @dataclasses.dataclass(frozen=True, slots=True, order=True)
        class Point:
            x: int
            y: list[int] = dataclasses.field(default_factory=list)

        return Point

    compiled_here = made()
    path = tmp_path / "codes.marshal"
    first = DataclassCode(path)
    monkeypatch.setattr(dataclasses, "exec", first.exec, raising=False)
    kept_first = made()
    first.save()
    assert first.compiled > 0 and path.exists()
    again = DataclassCode(path)
    monkeypatch.setattr(dataclasses, "exec", again.exec, raising=False)
    kept = made()
    assert again.compiled == 0  # every method from the cache
    for cls in (kept_first, kept):
        for name in ("__init__", "__repr__", "__eq__", "__lt__", "__hash__", "__setattr__"):
            made_here, kept_fn = getattr(compiled_here, name), getattr(cls, name)
            assert kept_fn.__code__ == made_here.__code__, name
            # compiled without this module's __future__ flags, as exec in dataclasses compiles
            assert kept_fn.__annotations__ == made_here.__annotations__, name
    p, q = kept(1), kept(1, [2])
    assert repr(q).endswith("<locals>.Point(x=1, y=[2])")
    assert p < q and p == kept(1) and p.y is not kept(1).y
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2  # type: ignore[misc]
    path.write_bytes(b"not marshal")
    assert DataclassCode(path).known == {}


@pytest.mark.process
def test_deskmate_own_process_compiles_no_dataclass_method_a_start_before_compiled(tmp_path: Path) -> None:
    """Some 1,000 functions the dataclasses module writes for the classes a price question
    imports were compiled by every start (~15% of its CPU time): now once, kept beside bytecode."""
    body = (
        "import sys\n"
        "sys.argv = ['deskmate', 'ask', 'BTC price']\n"
        "from bot.cli import main\n"
        "main()\n"
        "from bot import dataclass_code\n"
        "print('compiled', dataclass_code.compiled())"
    )
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if not k.startswith("DESKMATE_") and k != "PYTHONDONTWRITEBYTECODE"
        },
        "DESKMATE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'deskmate.db'}",
        "DESKMATE_MARKET": "demo",
    }
    runs = [
        subprocess.run(
            [sys.executable, "-c", body], env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path
        )
        for _ in range(2)
    ]
    assert all(run.returncode == 0 for run in runs), runs[-1].stderr
    assert "BTC/USDT" in runs[-1].stdout and runs[-1].stdout.strip().endswith("compiled 0"), runs[-1].stdout
