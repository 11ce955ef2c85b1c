"""exchange_diagnosis: why an exchange account does not work, checked in a fixed order.

For a pasted error: its code, read (Binance, OKX, Bybit, HTTP 418 / 429). For each of the
person's live accounts the message means (its name, its exchange, else all of them, at most
MAX_ACCOUNTS): the record and its key format, the clock offset against the exchange's server time,
a signed read-only call (balances), on a key refusal the other Binance environment (a testnet key
on mainnet, or the reverse), the key's permissions where the exchange tells them, then the symbol.
A check that cannot run because an earlier one failed is skipped, and says so.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from core.clock import Clock
from core.diagnosis.causes import exchange_cause
from core.diagnosis.pasted import PastedError, clean
from core.diagnosis.ports import PermissionReader
from core.diagnosis.report import Checklist, answer, nothing_to_check, say
from core.language.gazetteer import named_in
from core.language.word_scan import EXCHANGE, named
from core.markets import MarketCatalog
from core.reply import Block, DiagnosisBlock
from core.routing.normalize import normalize
from core.secrets import SecretBox, SecretUnavailable
from core.skills.base import OneShotSkill
from core.skills.diagnosis.common import finish, pasted_of, rules_detail, targeted
from core.state import Task
from core.tasks.actions import ActionSpec, Done
from core.tasks.flow import owner_of
from core.tasks.names import name_key
from core.trading.ports import ExchangeClient, ExchangeError, LiveExchanges
from core.turn import Turn
from core.workspace.accounts import ExchangeAccount, ExchangeAccountRepository
from core.workspace.exchanges import EXCHANGES
from core.workspace.masking import mask

SKILL = "exchange_diagnosis"
MAX_ACCOUNTS = 3
DEFAULT_SYMBOL = "BTCUSDT"
# A request stamped more than this ahead of Binance's clock is refused (-1021); one behind by more
# than the receive window (5 s by default) too.
AHEAD_LIMIT_MS = 1000
BEHIND_LIMIT_MS = 5000
_OTHER_ENV = {"binance": "binance_testnet", "binance_testnet": "binance"}
_ENV_CAUSE = {"binance": "testnet_key_on_mainnet", "binance_testnet": "mainnet_key_on_testnet"}
_KEY_REFUSALS = frozenset({"key_ip_permissions", "key_invalid", "key_format", "signature_invalid"})
_KEY_CHARS = re.compile(r"[A-Za-z0-9]+")
_OKX_KEY = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_HTTP = re.compile(r"(?<!\d)(418|429)(?!\d)")
_NO_CONNECTION = re.compile(
    r"cannot connect|connect call failed|connection refused|name or service not known|getaddrinfo|"
    r"nodename nor servname|no route to host|network is unreachable",
    re.IGNORECASE,
)
_BARE_REQUEST = re.compile(r"\w+ (?:GET|POST|PUT|DELETE) \S+")
_LATER_CHECKS = ("server_time", "signed_read", "permissions", "symbol")


def error_cause(source: str, code: str, message: str, fault: str | None = None) -> tuple[str, str]:
    """(the code to show, its cause) for an exchange's error, with HTTP 418 / 429 (which reach
    deskmate as a status, not a code) and a ban announced in words told apart."""
    status = _HTTP.search(message) if not code.lstrip("-").isdigit() else None
    if status:
        code = f"http_{status.group(1)}"
    if "banned" in message.lower() and code in ("-1003", "http_429"):
        return code, "ip_banned"
    if fault in ("unavailable", "network") and (
        _NO_CONNECTION.search(message) or _BARE_REQUEST.fullmatch(message)
    ):
        # Nothing answered at all (ccxt names only the request it could not send): not an outage
        # the exchange announced.
        return code, "exchange_unreachable"
    return code, exchange_cause(source, code, message, fault)


class ExchangeDiagnosisSkill(OneShotSkill):
    private = True  # it reads the person's own records
    name = SKILL

    def __init__(
        self,
        actions: Mapping[str, ActionSpec[Any]],
        accounts: ExchangeAccountRepository,
        secrets: SecretBox,
        live: LiveExchanges | None,
        catalog: MarketCatalog,
        clock: Clock,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(actions)
        self.accounts = accounts
        self.secrets = secrets
        self.live = live
        self.catalog = catalog
        self.clock = clock
        self.monotonic = monotonic

    async def diagnose(self, turn: Turn, task: Task) -> Done:
        pasted = pasted_of(task.slots.get("error"))
        symbol = str(task.slots.get("symbol") or "") or None
        live = [a for a in await self.accounts.owned(owner_of(turn)) if a.exchange != "paper"]
        chosen = targeted(task, live)
        if chosen is None:
            chosen = _chosen(live, turn.text, task.slots, pasted)
        blocks: list[Block] = []
        if pasted is not None and not chosen:
            blocks.append(self._pasted_only(turn, pasted, symbol))
        for account in chosen[:MAX_ACCOUNTS]:
            blocks.append(await self._account(turn, account, pasted, symbol))
        if not blocks:
            blocks.append(self._no_live_account(turn))
        return finish(self.name, turn, task, blocks)

    # -- a pasted error alone ------------------------------------------------------------------

    def _pasted_only(self, turn: Turn, pasted: PastedError, symbol: str | None) -> DiagnosisBlock:
        checks = Checklist(turn.locale)
        code, cause = self._add_pasted(checks, pasted)
        params = self._params(turn, None, pasted, symbol)
        if cause in ("lot_size", "price_filter", "min_notional", "filter_failure", "invalid_symbol"):
            if symbol is None:
                checks.skipped("symbol", say(turn.locale, "dx.detail.no_symbol"))
            else:
                self._symbol(turn, checks, symbol, params)
        return answer(
            SKILL,
            checks,
            title=say(turn.locale, "dx.title.exchange_pasted"),
            happened=_happened(turn, pasted, code),
            ok_cause="exchange_ok",
            params=params,
        )

    def _add_pasted(self, checks: Checklist, pasted: PastedError) -> tuple[str, str]:
        code, cause = error_cause(pasted.source, pasted.code, pasted.message)
        checks.failed("pasted_error", f"{code} {pasted.message}".strip(), code, cause)
        return code, cause

    # -- one account ------------------------------------------------------------------------------

    async def _account(
        self, turn: Turn, account: ExchangeAccount, pasted: PastedError | None, symbol: str | None
    ) -> DiagnosisBlock:
        locale = turn.locale
        checks = Checklist(locale)
        if pasted is not None:
            self._add_pasted(checks, pasted)
        params = self._params(turn, account, pasted, symbol)
        if self._key_format(turn, checks, account):
            client = self.live.client(account) if self.live is not None else None
            if client is None:
                checks.skip_all(_LATER_CHECKS[:-1], say(locale, "dx.detail.perms_unknown"))
            else:
                try:
                    await self._probe(turn, checks, account, client)
                finally:
                    await client.aclose()
        else:
            checks.skip_all(_LATER_CHECKS[:-1])
        self._symbol(turn, checks, symbol or DEFAULT_SYMBOL, params)
        exchange = EXCHANGES[account.exchange].display(locale)
        happened = "dx.happened.exchange_failed"
        if checks.passed:
            unsure = any(c.outcome == "unknown" for c in checks.checks)
            happened = "dx.happened.exchange_partly" if unsure else "dx.happened.exchange_ok"
        return answer(
            SKILL,
            checks,
            title=say(locale, "dx.title.exchange", {"account": account.name}),
            happened=_happened(turn, pasted, pasted.code)
            if pasted is not None and not _probed_failure(checks)
            else say(locale, happened, {"account": account.name, "exchange": exchange}),
            ok_cause="exchange_ok",
            params=params,
        )

    def _key_format(self, turn: Turn, checks: Checklist, account: ExchangeAccount) -> bool:
        """The stored key: present, openable, no stray whitespace, the exchange's shape."""
        locale = turn.locale
        try:
            plain = {f: self.secrets.decrypt(v) for f, v in account.credentials.items()}
        except SecretUnavailable:
            checks.failed(
                "key_format", say(locale, "dx.detail.key_spaces"), "secret_unavailable", "key_format"
            )
            return False
        key = plain.get("api_key", "")
        params = {"key": mask(key), "exchange": EXCHANGES[account.exchange].display(locale)}
        if any(v != v.strip() or any(c.isspace() for c in v) for v in plain.values()) or not key:
            checks.failed("key_format", say(locale, "dx.detail.key_spaces"), "key_format", "key_format")
            return False
        if account.exchange == "okx" and not plain.get("passphrase"):
            checks.failed("key_format", say(locale, "dx.detail.no_passphrase"), "50104", "passphrase_missing")
            return False
        shaped = _OKX_KEY.fullmatch(key) if account.exchange == "okx" else _KEY_CHARS.fullmatch(key)
        if shaped is None:
            detail = say(locale, "dx.detail.key_short", {**params, "length": len(key), "expected": 64})
            checks.failed(
                "key_format", detail, "-2014" if "binance" in account.exchange else "key_format", "key_format"
            )
            return False
        checks.ok("key_format", say(locale, "dx.detail.key_ok", params))
        return True

    async def _probe(
        self, turn: Turn, checks: Checklist, account: ExchangeAccount, client: ExchangeClient
    ) -> None:
        locale = turn.locale
        source = "binance" if account.exchange.startswith("binance") else account.exchange
        # 1. the clock: the exchange's time against ours at the request's midpoint
        before, started = self.clock.now(), self.monotonic()
        try:
            server = await client.server_time()
        except ExchangeError as exc:
            code, cause = error_cause(source, exc.code, exc.message, exc.fault)
            detail = say(locale, "dx.detail.unreachable", {"detail": clean(f"{exc.code} {exc.message}", 160)})
            checks.failed("server_time", detail, code, cause)
            checks.skip_all(("signed_read", "permissions"))
            return
        half = (self.monotonic() - started) / 2
        offset = _offset_ms(before, half, server)
        direction = say(locale, "dx.detail.ahead" if offset >= 0 else "dx.detail.behind")
        detail = say(locale, "dx.detail.offset", {"offset": abs(offset), "direction": direction})
        # The exchange read its clock at some moment of the request: the midpoint is right to
        # within half the round trip, so only an offset past a limit by more than that is a skew
        # (a slow or busy link is no wrong clock).
        slack = round(half * 1000)
        if offset - slack > AHEAD_LIMIT_MS or -offset - slack > BEHIND_LIMIT_MS:
            checks.failed(
                "server_time", detail, "-1021" if source == "binance" else "clock_skew", "clock_skew"
            )
        else:
            checks.ok("server_time", detail)
        # 2. a signed read-only call
        try:
            balances = await client.balances()
        except ExchangeError as exc:
            code, cause = error_cause(source, exc.code, exc.message, exc.fault)
            checks.failed("signed_read", f"{code} {clean(exc.message, 200)}".strip(), code, cause)
            if cause in _KEY_REFUSALS and account.exchange in _OTHER_ENV:
                await self._environment(turn, checks, account)
            checks.skipped("permissions")
            return
        checks.ok("signed_read", say(locale, "dx.detail.assets", {"count": len(balances)}))
        # 3. what the key may do, where the exchange says
        await self._permissions(turn, checks, client)

    async def _environment(self, turn: Turn, checks: Checklist, account: ExchangeAccount) -> None:
        """A refused Binance key, tried on the other environment: a testnet key on mainnet (or
        the reverse) works there."""
        assert self.live is not None
        other = _OTHER_ENV[account.exchange]
        other_name = EXCHANGES[other].display(turn.locale)
        client = self.live.client(replace(account, exchange=other))
        try:
            await client.balances()
        except ExchangeError as exc:
            source = "binance"
            _, cause = error_cause(source, exc.code, exc.message, exc.fault)
            if cause in _KEY_REFUSALS:  # refused there too: a real answer, not a mix-up
                checks.ok("environment", say(turn.locale, "dx.detail.other_env_no", {"other": other_name}))
            else:  # unreachable, rate-limited, down: it says nothing about the key
                detail = clean(f"{exc.code} {exc.message}", 120)
                checks.unknown(
                    "environment",
                    say(turn.locale, "dx.detail.other_env_unknown", {"other": other_name, "detail": detail}),
                )
            return
        finally:
            await client.aclose()
        cause = _ENV_CAUSE[account.exchange]
        checks.failed(
            "environment", say(turn.locale, "dx.detail.other_env_ok", {"other": other_name}), None, cause
        )
        checks.prefer(cause)

    async def _permissions(self, turn: Turn, checks: Checklist, client: ExchangeClient) -> None:
        locale = turn.locale
        perms = None
        if isinstance(client, PermissionReader):
            try:
                perms = await client.key_permissions()
            except ExchangeError as exc:
                detail = clean(f"{exc.code} {exc.message}", 120)
                checks.unknown("permissions", say(locale, "dx.detail.perms_unread", {"detail": detail}))
                return
        if perms is None:
            checks.skipped("permissions", say(locale, "dx.detail.perms_unknown"))
            return

        def flag(value: bool | None) -> str:
            return say(locale, "dx.unknown") if value is None else say(locale, "dx.yes" if value else "dx.no")

        detail = say(
            locale,
            "dx.detail.perms",
            {
                "reading": flag(perms.reading),
                "spot": flag(perms.spot_trading),
                "withdrawals": flag(perms.withdrawals),
                "ip": flag(perms.ip_restricted),
            },
        )
        if perms.withdrawals:
            checks.failed("permissions", detail, "withdrawals_enabled", "withdrawals_enabled")
        elif perms.spot_trading is False or perms.reading is False:
            checks.failed("permissions", detail, "permission_denied", "permission_denied")
        elif None in (perms.reading, perms.spot_trading, perms.withdrawals):
            checks.unknown("permissions", say(locale, "dx.detail.perms_unsaid", {"perms": detail}))
        else:
            checks.ok("permissions", detail)

    def _symbol(self, turn: Turn, checks: Checklist, symbol: str | None, params: dict[str, object]) -> None:
        if not symbol:
            checks.skipped("symbol")
            return
        rules = self.catalog.rules(symbol)
        if rules is None:
            detail = say(turn.locale, "dx.detail.symbol_unknown", {"symbol": symbol})
            checks.failed("symbol", detail, "-1121", "invalid_symbol")
            return
        checks.ok(
            "symbol", say(turn.locale, "dx.detail.symbol_ok", {"symbol": symbol, "rules": params["rules"]})
        )

    # -- nothing to check -----------------------------------------------------------------------

    def _no_live_account(self, turn: Turn) -> DiagnosisBlock:
        return nothing_to_check(
            SKILL,
            turn.locale,
            check="account",
            detail="dx.detail.paper",
            cause="no_live_account",
            title="dx.title.exchange_pasted",
            happened="dx.happened.no_live_account",
            ok_cause="exchange_ok",
        )

    def _params(
        self, turn: Turn, account: ExchangeAccount | None, pasted: PastedError | None, symbol: str | None
    ) -> dict[str, object]:
        if symbol is None and account is None:
            return {
                "account": say(turn.locale, "dx.your_account"),
                "message": pasted.message if pasted is not None else "",
                "symbol": "",
                "rules": say(turn.locale, "dx.detail.no_symbol"),
            }
        shown = symbol or DEFAULT_SYMBOL
        rules = self.catalog.rules(shown)
        rules_text = rules_detail(turn.locale, rules) if rules is not None else "—"
        return {
            "account": account.name if account is not None else say(turn.locale, "dx.your_account"),
            "message": pasted.message if pasted is not None else "",
            "symbol": shown,
            "rules": f"{shown} · {rules_text}",
        }


def _probed_failure(checks: Checklist) -> bool:
    return any(c.outcome == "failed" and c.name != "pasted_error" for c in checks.checks)


def _happened(turn: Turn, pasted: PastedError, code: str) -> str:
    source = say(turn.locale, f"dx.source.{pasted.source}")
    return say(
        turn.locale, "dx.happened.pasted", {"source": source, "code": code, "message": pasted.message or "—"}
    )


def _offset_ms(before: datetime, half_seconds: float, server: datetime) -> int:
    """Our clock minus the exchange's, at the moment the exchange read its own (the request's
    midpoint): positive when this machine is ahead."""
    local_ms = before.timestamp() * 1000 + half_seconds * 1000
    return round(local_ms - server.timestamp() * 1000)


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _chosen(
    live: list[ExchangeAccount], text: str, slots: Mapping[str, Any], pasted: PastedError | None
) -> list[ExchangeAccount]:
    """The live accounts the message means: the one it names, else those of the exchange it
    names (or the pasted error comes from), else every live account; with a pasted error and
    no account named, only an account of that exchange is checked alongside it."""
    by_name = [a for a in live if _names(a.name, text)]
    if by_name:
        return by_name
    exchange = slots.get("exchange") or named(normalize(text), EXCHANGE)
    if exchange is None and pasted is not None and pasted.source in ("binance", "okx", "bybit"):
        exchange = pasted.source
    if exchange is not None:
        family = {exchange, _OTHER_ENV.get(exchange, exchange)} if exchange == "binance" else {exchange}
        return [a for a in live if a.exchange in family]
    return [] if pasted is not None else live


def _names(name: str, text: str) -> bool:
    """The message names the account: its whole name, as a word ("a" is not in "account")."""
    key, said = name_key(name), name_key(text)
    return bool(key) and named_in(key, said)


def actions() -> dict[str, ActionSpec[ExchangeDiagnosisSkill]]:
    return {"diagnose": ActionSpec(run=ExchangeDiagnosisSkill.diagnose, writes=False)}
