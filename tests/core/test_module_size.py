"""No module in core/ is longer than a newcomer can hold in mind: 600 lines at most.

A module over it splits along its jobs (trader_management: skill, handlers, present, deps).
The ones still over it are listed with the size they may not grow beyond, until they split."""

from __future__ import annotations

from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"
MAX_LINES = 600
NOT_YET: dict[str, int] = {}  # none left: every core module is within the limit


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_core_module_is_over_600_lines() -> None:
    sizes = {str(p.relative_to(CORE.parent)): lines(p) for p in sorted(CORE.rglob("*.py"))}
    over = {name: n for name, n in sizes.items() if n > NOT_YET.get(name, MAX_LINES)}
    assert over == {}


def test_the_ones_not_split_yet_are_still_over() -> None:
    """Once one is split, its entry goes: the list only shrinks."""
    done = [name for name in NOT_YET if lines(CORE.parent / name) <= MAX_LINES]
    assert done == []
