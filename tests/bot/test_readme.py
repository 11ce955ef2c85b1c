"""The README's reference parts are complete: every setting in its configuration table, every
Discord command in its Discord section."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from bot.settings import ENV_PREFIX, Settings
from bot.skills import build_registry

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def variables(model: type[BaseModel], prefix: str = ENV_PREFIX) -> list[str]:
    names = []
    for name, field in model.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            names += variables(kind, f"{prefix}{name.upper()}__")
        else:
            names.append(f"{prefix}{name.upper()}")
    return names


def documented(table: str) -> set[str]:
    """The variables the table's rows name: `DESKMATE_X__A` / `__B` names both A and B."""
    names: set[str] = set()
    for row in table.splitlines():
        cells = row.split("|")
        tokens = re.findall(r"`([A-Z0-9_]+)`", cells[1]) if len(cells) > 2 else []
        if not tokens or not tokens[0].startswith(ENV_PREFIX):
            continue
        names.add(tokens[0])
        group = tokens[0].rpartition("__")[0]
        names |= {group + token for token in tokens[1:] if token.startswith("__")}
    return names


def test_every_setting_is_in_the_configuration_table() -> None:
    missing = set(variables(Settings)) - documented(section("Configuration"))
    assert not missing, f"README's configuration table lacks {sorted(missing)}"


def test_the_configuration_table_names_no_setting_that_does_not_exist() -> None:
    unknown = documented(section("Configuration")) - set(variables(Settings))
    assert not unknown, f"README's configuration table names {sorted(unknown)}, which bot/settings.py lacks"


def test_every_discord_command_is_in_the_discord_section() -> None:
    text = section("Discord")
    for command in build_registry().commands():
        if command.on("discord"):
            option = f" {command.arg.name.en}" if command.arg is not None else ""  # as Discord shows it
            assert f"`/{command.name}{option}`" in text, command.name
            assert f"`/{command.title.zh}`" in text, command.name
