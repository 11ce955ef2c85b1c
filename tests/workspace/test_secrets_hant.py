"""Credentials labelled in traditional Chinese ("密鑰是 …", "API金鑰是 …", "密碼是 …") are found as
in simplified: the labels are read in the language layer's normalized text, the value taken exactly
as typed. Before session 37 they were matched as typed only: a key after "密鑰是" was a stray one
(the message deleted, the key asked again) and a short passphrase after "密碼是" was not seen at
all, left in the message's text."""

from __future__ import annotations

from core.workspace.given_secrets import find_given
from tests.cases import each
from tests.workspace.conftest import API_KEY, API_SECRET


@each(
    ("text", "expected"),
    [
        (f"新增幣安帳戶，API金鑰是 {API_KEY}", {"key": API_KEY}),
        (f"新增幣安帳戶，公鑰是 {API_KEY}，密鑰是 {API_SECRET}", {"key": API_KEY, "secret": API_SECRET}),
        (f"新增币安账户，公钥是 {API_KEY}，密钥是 {API_SECRET}", {"key": API_KEY, "secret": API_SECRET}),
        (
            f"add a binance account, api key is {API_KEY}, secret: {API_SECRET}",
            {"key": API_KEY, "secret": API_SECRET},
        ),
        ("新增OKX帳戶，密碼是 Pass#42x!", {"passphrase": "Pass#42x!"}),
        ("新增OKX账户，密码是 Pass#42x!", {"passphrase": "Pass#42x!"}),
        ("密碼短語為 Pass#42x!", {"passphrase": "Pass#42x!"}),
        ("passphrase = Pass#42x!", {"passphrase": "Pass#42x!"}),
    ],
)
def test_a_credential_labelled_in_either_script_is_found_exactly(text: str, expected: dict[str, str]) -> None:
    given = find_given(text)
    assert dict(given.found) == expected
    assert not any(v in given.text for v in expected.values())
    assert not given.stray
