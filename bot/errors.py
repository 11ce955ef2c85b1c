"""Problems that stop deskmate before it serves anyone: said in one line, never a traceback."""

from __future__ import annotations


class StartupError(Exception):
    """deskmate cannot start (a database it cannot reach, a platform refusing it). Exit code 1."""

    exit_code = 1


class ConfigError(StartupError):
    """The configuration is wrong (a malformed setting, a wrong or missing key). Exit code 2."""

    exit_code = 2
