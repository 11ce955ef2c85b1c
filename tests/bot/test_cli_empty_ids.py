"""`deskmate ask --chat '' --user ''` (issue 22): an empty chat or user id is a clear usage error
(exit 2, one line naming the option, zh+en), never a traceback from deep in a turn."""

from __future__ import annotations

import pytest

from bot.cli import main


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["ask", "--chat", "", "--user", "", "BTC price"], "--chat"),
        (["ask", "--user", "  ", "BTC price"], "--user"),
        (["chat", "--chat", ""], "--chat"),
    ],
)
def test_an_empty_chat_or_user_id_is_a_clear_error(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert f"argument {option}: must not be empty (不能为空)" in err
    assert "Traceback" not in err
