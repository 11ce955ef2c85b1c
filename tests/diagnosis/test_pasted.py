"""Pasted error messages, as people's tools print them, read into source, code and message."""

from __future__ import annotations

from core.diagnosis.pasted import parse_pasted
from tests.cases import each


@each(
    ("text", "source", "code", "message"),
    [
        (
            '{"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}',
            "binance",
            "-2015",
            "Invalid API-key, IP, or permissions for action.",
        ),
        (
            "APIError(code=-1022): Signature for this request is not valid.",
            "binance",
            "-1022",
            "Signature for this request is not valid.",
        ),
        (
            'binance {"code":-1013,"msg":"Filter failure: LOT_SIZE"}',
            "binance",
            "-1013",
            "Filter failure: LOT_SIZE",
        ),
        ("下单失败 -1013 Filter failure: NOTIONAL", "binance", "-1013", "Filter failure: NOTIONAL"),
        (
            "Timestamp for this request is outside of the recvWindow.",
            "binance",
            "-1021",
            "Timestamp for this request is outside of the recvWindow.",
        ),
        ('{"code":"50113","msg":"Invalid Sign","data":[]}', "okx", "50113", "Invalid Sign"),
        (
            '{"code":"1","msg":"","data":[{"sCode":"51008","sMsg":"Order failed. Insufficient balance"}]}',
            "okx",
            "51008",
            "Order failed. Insufficient balance",
        ),
        ("okx 报错 50105", "okx", "50105", ""),
        (
            '{"retCode":10003,"retMsg":"API key is invalid.","result":{}}',
            "bybit",
            "10003",
            "API key is invalid.",
        ),
        (
            "Error code: 402 - {'error': {'message': 'Insufficient Balance', 'type': 'unknown_error'}}",
            "model",
            "http_402",
            "Insufficient Balance",
        ),
        (
            '{"error":{"message":"You exceeded your current quota","type":"insufficient_quota",'
            '"code":"insufficient_quota"}}',
            "model",
            "http_429",
            "You exceeded your current quota",
        ),
        ("HTTP 429 Too Many Requests", "http", "http_429", ""),
    ],
)
def test_pasted_errors_are_read(text: str, source: str, code: str, message: str) -> None:
    found = parse_pasted(text)
    assert found is not None
    assert (found.source, found.code, found.message) == (source, code, message)


def test_a_bare_status_counts_only_when_the_message_is_about_a_failure() -> None:
    assert parse_pasted("buy 402 USDT of BTC") is None
    found = parse_pasted("deepseek 返回 402")
    assert found is not None and (found.code, found.status) == ("http_402", 402)
    assert parse_pasted("deepseek 402", bare_status=True) is not None


def test_words_of_a_known_error_keep_the_exchange_text_not_the_users() -> None:
    found = parse_pasted("why does binance say invalid signature")
    assert found is not None and found.code == "-1022"
    assert found.message == "Signature for this request is not valid."


def test_a_key_in_a_pasted_log_is_masked() -> None:
    key = "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A"
    found = parse_pasted(f'{{"code":-2015,"msg":"Invalid API-key {key}"}}')
    assert found is not None and key not in found.message and "vmPU****Eh8A" in found.message


def test_nothing_to_read() -> None:
    assert parse_pasted("BTC price") is None
    assert parse_pasted("{not json at all}") is None


@each(
    ("text", "code"),
    [
        ("The model `gpt-5` does not exist", "http_404"),
        ("the model does not exist", "http_404"),  # read since the words are data (was missed)
        ("okx: passphrase 填写错误", "50105"),
        ("You are being rate limited", "http_429"),
        ("ＲＡＴＥ　ＬＩＭＩＴ", "http_429"),  # full width, as the layer reads every word
    ],
)
def test_known_errors_are_read_by_their_words(text: str, code: str) -> None:
    found = parse_pasted(text)
    assert found is not None and found.code == code


def test_words_are_found_spaced_as_written() -> None:
    # Binance's exchangeInfo has "rateLimits": no rate limit was hit.
    assert parse_pasted('{"timezone":"UTC","rateLimits":[]}') is None


@each(
    "text",
    [
        '币安报错 {{"code":-2015,"msg":"Invalid API-key"}}',
        'binance says {{"code":-2015,"msg":"Invalid API-key"}}',
    ],
)
def test_a_body_in_double_braces_is_read_not_a_crash(text: str) -> None:
    """A template's "{{...}}" pasted: Python reads it as a set holding a dict and raised TypeError,
    which failed the whole turn; the Binance code in it is read instead."""
    error = parse_pasted(text)
    assert error is not None and (error.source, error.code) == ("binance", "-2015")


def test_statuses_and_codes_read_by_scanning_as_the_patterns_did() -> None:
    """The cases the eight patterns drew lines at (pasted.py now scans the text)."""
    read = {t: parse_pasted(t, bare_status=True) for t in ("x-1022", "a.-2015", "-20155", "HTTP/1.1 402")}
    assert [e and e.code for e in read.values()] == [None, None, None, "http_402"]
    for text, status in (("status code: 429", 429), ("错误码：403", 403), ("ERROR  CODE: 500", 500)):
        assert (error := parse_pasted(text)) is not None and error.status == status, text
    for text in ("4.02", "402%", "1-402", "402.5", "510"):
        assert parse_pasted(text, bare_status=True) is None, text
    bybit = parse_pasted("retCode: 1000345")
    assert bybit is not None and (bybit.source, bybit.code) == ("bybit", "100034")
    assert parse_pasted("okx 501134") is None and (okx := parse_pasted("欧易 50113")) and okx.code == "50113"


@each(
    ("typed", "as_simplified"),
    [
        ("kimi 餘額不足", "kimi 余额不足"),
        ("deepseek 狀態碼 429", "deepseek 状态码 429"),
        ("簽名錯誤", "签名错误"),
        ('歐易 {"code":"50113","msg":"Invalid Sign"}', '欧易 {"code":"50113","msg":"Invalid Sign"}'),
    ],
)
def test_an_error_said_in_traditional_chinese_is_read_as_in_simplified(
    typed: str, as_simplified: str
) -> None:
    # The lexicon's words are simplified; the paste is read in simplified characters one for one.
    assert parse_pasted(as_simplified) is not None
    assert parse_pasted(typed) == parse_pasted(as_simplified)


def test_the_message_of_a_traditional_chinese_paste_is_quoted_as_typed() -> None:
    found = parse_pasted("下單失敗 -2010 帳戶餘額不足")
    assert found is not None and (found.source, found.code) == ("binance", "-2010")
    assert found.message == "帳戶餘額不足"  # what was typed, not its simplified form
