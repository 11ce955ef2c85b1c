"""Settings from the environment (prefix DESKMATE_, nested delimiter __) and an optional .env."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict, SettingsError
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bot.errors import ConfigError

DEFAULT_DATA_DIR = Path("data")
ENV_PREFIX = "DESKMATE_"
# The async driver each supported backend runs on; a URL naming the backend alone (or the
# usual synchronous driver) is read as meaning it.
ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
}
SYNC_DRIVERS = ("pysqlite", "psycopg2")


class BinanceSettings(BaseModel):
    base_url: str = "https://api.binance.com"
    timeout_seconds: float = 8.0
    # Live trading (ccxt): where signed calls go; tests point them at a local fake.
    testnet_base_url: str | None = None
    # The request weight all deskmate processes on the database may use a minute (Binance allows
    # 6,000 per IP; the rest is room for live trading's signed calls). core.market_guard.
    weight_per_minute: int = Field(default=4000, ge=20, le=6000)


class ExchangeSettings(BaseModel):
    """A live exchange's REST base URLs for trading (None: ccxt's own)."""

    base_url: str | None = None
    testnet_base_url: str | None = None


class TradingSettings(BaseModel):
    """The paper exchange's fee, and the risk caps of accounts that set none of their own."""

    taker_fee: Decimal = Field(default=Decimal("0.001"), ge=0, lt=Decimal("0.05"))
    max_order_notional: Decimal = Field(default=Decimal(10_000), gt=0)
    max_equity_share: Decimal = Field(default=Decimal("0.5"), gt=0, le=1)
    confirm_twice_share: Decimal = Field(default=Decimal("0.25"), gt=0, le=1)
    price_tolerance: Decimal = Field(default=Decimal("0.01"), gt=0, lt=1)
    exchange_timeout_seconds: float = Field(default=10.0, gt=0)


class TelegramSettings(BaseModel):
    token: SecretStr | None = None
    base_url: str = "https://api.telegram.org/bot"  # python-telegram-bot's form: token is appended
    base_file_url: str = "https://api.telegram.org/file/bot"
    webhook_url: str | None = None  # set: webhook mode; unset: long polling
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    webhook_secret_token: SecretStr | None = None
    bot_username: str | None = None  # learnt from getMe when unset
    # The bot-wide pace deskmate keeps: Telegram's limit is about 30 messages a second per bot.
    messages_per_second: int = Field(default=30, ge=1)


class DiscordSettings(BaseModel):
    token: SecretStr | None = None
    dev_guild_id: int | None = None  # sync commands to one guild at once (development)


class LLMSettings(BaseModel):
    api_key: SecretStr | None = None
    base_url: str = "https://api.deepseek.com"
    model: str = "deepseek-chat"  # DeepSeek's general chat model (non-thinking); names change
    # Provider-specific request fields, e.g. '{"thinking": {"type": "disabled"}}' where a
    # provider's thinking mode would eat the output budget.
    extra_body: dict[str, Any] | None = None
    max_requests: int = 3
    max_tool_calls: int = 4
    max_output_tokens: int = 800
    task_deadline_seconds: float = 45.0
    request_timeout_seconds: float = 20.0
    user_daily_token_budget: int = 50_000
    site_daily_token_budget: int = 2_000_000

    @property
    def configured(self) -> bool:
        return self.api_key is not None and bool(self.api_key.get_secret_value())


class JobsSettings(BaseModel):
    """The background job runner that `deskmate run|telegram|discord` start beside the platforms."""

    enabled: bool = True  # False: this process runs no jobs (another process does)
    poll_seconds: float = Field(default=1.0, gt=0)  # how often an idle runner looks for due jobs
    lease_seconds: float = Field(default=60.0, gt=0)  # a crashed runner's jobs are free again after this
    concurrency: int = Field(default=4, ge=1)  # jobs run at once by this process
    shutdown_grace_seconds: float = Field(default=10.0, ge=0)  # running jobs may finish on shutdown


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=ENV_PREFIX,
        env_nested_delimiter="__",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
    )

    # Unset: the SQLite file in ``data_dir`` (_database_in_data_dir), beside the key that opens
    # its credentials.
    database_url: str = Field(
        default_factory=lambda: f"sqlite+aiosqlite:///{DEFAULT_DATA_DIR / 'deskmate.db'}"
    )
    market: Literal["binance", "demo"] = "demo"
    locale: Literal["zh", "zh-Hant", "en"] = "en"  # DESKMATE_LOCALE=zh-TW (zh-HK, zh-Hant) is zh-Hant
    data_dir: Path = DEFAULT_DATA_DIR
    secret_key: SecretStr | None = None  # Fernet key for credentials at rest; else a key file in data_dir
    log_level: str = "INFO"
    binance: BinanceSettings = BinanceSettings()
    okx: ExchangeSettings = ExchangeSettings()
    bybit: ExchangeSettings = ExchangeSettings()
    trading: TradingSettings = TradingSettings()
    telegram: TelegramSettings = TelegramSettings()
    discord: DiscordSettings = DiscordSettings()
    llm: LLMSettings = LLMSettings()
    jobs: JobsSettings = JobsSettings()

    @field_validator("locale", mode="before")
    @classmethod
    def _locale(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        from core.i18n import parse_locale

        return parse_locale(value) or value.strip().lower()[:2]

    @field_validator("market", mode="before")
    @classmethod
    def _market(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value  # BINANCE means binance

    @model_validator(mode="after")
    def _database_in_data_dir(self) -> Settings:
        """No database named: the SQLite file goes in ``data_dir`` with the secret key, so
        DESKMATE_DATA_DIR alone moves all of deskmate's local data (a database left in ./data
        while the key went elsewhere was refused as holding credentials of a missing key)."""
        if "database_url" not in self.model_fields_set:
            self.database_url = f"sqlite+aiosqlite:///{self.data_dir / 'deskmate.db'}"
        return self

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        """A SQLite or PostgreSQL URL on its async driver: "sqlite:///x.db" and
        "postgresql://..." are read as meaning aiosqlite and asyncpg."""
        value = value.strip()
        try:
            url = make_url(value)
        except ArgumentError:
            raise ValueError("is not a database URL (e.g. sqlite+aiosqlite:///data/deskmate.db)") from None
        backend, _, driver = url.drivername.partition("+")
        wanted = ASYNC_DRIVERS.get(backend)
        if wanted is None:
            raise ValueError(f"names an unsupported database {backend!r} (use sqlite or postgresql)")
        if driver not in ("", wanted.partition("+")[2], *SYNC_DRIVERS):
            raise ValueError(f"names the driver {driver!r}; deskmate runs on {wanted}")
        if backend == "sqlite" and not url.database:
            raise ValueError("names no SQLite file (e.g. sqlite+aiosqlite:///data/deskmate.db)")
        return wanted + value[len(url.drivername) :]  # the rest exactly as given


def load_settings() -> Settings:
    """Settings from the environment and .env; ConfigError (one line, naming the variables and
    never their values) when any is malformed."""
    try:
        return Settings()
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            name = ENV_PREFIX + "__".join(str(part).upper() for part in error["loc"])
            problems.append(f"{name}: {error['msg'].removeprefix('Value error, ')}")
        raise ConfigError("; ".join(problems)) from None
    except SettingsError as exc:
        raise ConfigError(str(exc)) from None
