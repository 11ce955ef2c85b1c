"""Secrets never reach the model: the redactor, and the exact messages sent."""

from __future__ import annotations

from core.i18n import t
from core.planner import redact
from core.reply import NoticeBlock, Status
from tests.cases import each
from tests.planner.conftest import MakePlanner
from tests.planner.llm_server import ScriptedLLMServer, completion

BINANCE_KEY = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
BINANCE_SECRET = "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j"


@each(
    ("text", "expected"),
    [
        ("my key sk-proj-abcDEF1234567890xyz please", "my key [REDACTED] please"),
        ("deepseek sk-0123456789abcdef0123456789abcdef", "deepseek [REDACTED]"),
        (f"api key: {BINANCE_KEY}", "api key: [REDACTED]"),
        ("API_KEY=AbC123xyz789", "API_KEY=[REDACTED]"),
        ("secret: hunter2hunter2", "secret: [REDACTED]"),
        ("my api key is AKIAIOSFODNN7EXAMPLE", "my api key is [REDACTED]"),
        ("密钥：abcdef123456 谢谢", "密钥：[REDACTED] 谢谢"),
        (BINANCE_KEY, "[REDACTED]"),
        ("0x" + "ab12" * 16, "[REDACTED]"),
        ("token " + "dGhpcyBpcyBhIHNlY3JldCB0b2tlbg1234==", "token [REDACTED]"),
        ("-----BEGIN PRIVATE KEY-----\nMIIEv\n-----END PRIVATE KEY-----", "[REDACTED]"),
    ],
)
def test_secrets_are_redacted(text: str, expected: str) -> None:
    assert redact(text).text == expected
    assert redact(text).changed


@each(
    "text",
    [
        "获取当前 BTC 价格",
        "BTC price and 7 day history?",
        "token: BTC",
        "what is the api key management page?",
        "order 1234567890123 done",
        "https://www.binance.com/en/trade/BTC_USDT",
        "supercalifragilisticexpialidocious",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert redact(text).text == text
    assert not redact(text).changed


async def test_secrets_never_reach_the_model(llm: ScriptedLLMServer, make_planner: MakePlanner) -> None:
    llm.add(completion("Please never share keys. Which coin's price do you want?"))
    text = f"here are my binance keys: api key: {BINANCE_KEY} secret {BINANCE_SECRET}, what's btc?"

    reply = await make_planner().run(text=text, locale="en", user_id="u1")

    sent = llm.raw[0].decode()
    assert BINANCE_KEY not in sent and BINANCE_SECRET not in sent
    assert llm.requests[0]["messages"][1] == {
        "role": "user",
        "content": "here are my binance keys: api key: [REDACTED] secret [REDACTED], what's btc?",
    }
    assert reply.delete_inbound is True  # the adapter deletes the message that carried them
    assert NoticeBlock(t("en", "planner.secret_redacted"), "warning", "secret_redacted") in reply.blocks
    assert reply.status is Status.NEEDS_INPUT  # the model asks back which coin
