"""Every skill package is covered by the import contracts that keep skills plugins."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _contract(name: str) -> dict[str, list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == name)


def test_every_skill_package_is_in_both_contracts() -> None:
    packages = sorted(
        f"core.skills.{p.name}" for p in (ROOT / "core" / "skills").iterdir() if (p / "__init__.py").is_file()
    )
    assert "core.skills.price" in packages
    forbidden = _contract("the engine and the shared core import no concrete skill")
    independent = _contract("skill packages are independent of each other")
    assert sorted(forbidden["forbidden_modules"]) == packages
    assert sorted(independent["modules"]) == packages
    assert {"core.engine", "core.conversation", "core.tasks"} <= set(forbidden["source_modules"])
