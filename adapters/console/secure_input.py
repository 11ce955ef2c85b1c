"""Reading the console's next line: a secret is typed without echo when a person is at a terminal.

When the last reply asked for a key (``Reply.expects_secret``), the console reads the answer with
``getpass`` (the terminal does not show what is typed), so the key never appears on the screen or
in the scrollback. Piped input (scripts, tests) is read as it is: there is no screen to hide it from.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from typing import TextIO

PROMPT = "you> "
HIDDEN_PROMPT = "you (typing is hidden)> "


def read_line(
    *,
    secret: bool,
    stdin: TextIO | None = None,
    hidden: Callable[[str], str] = getpass.getpass,
    plain: Callable[[str], str] = input,
) -> str:
    """The next line typed; without echo when ``secret`` and stdin is a terminal.
    Raises EOFError at the end of input, like ``input``."""
    stream = stdin if stdin is not None else sys.stdin
    if secret and stream.isatty():
        return hidden(HIDDEN_PROMPT)
    return plain(PROMPT)
