"""The skills' intent tables are data (core/language/lexicon/intents/*.toml), checked when loaded:
a concept, a set or a fill that does not exist is an error naming the file and the intent, never
an intent that silently holds for nothing."""

from __future__ import annotations

from typing import Any

import pytest

from core.language.intents import IntentTableError, parse_table
from core.language.slots import Slots
from tests.cases import each

FILL = Slots()


def _table(data: dict[str, Any], fills: dict[str, Any] | None = None) -> Any:
    return parse_table("demo", data, {"f": FILL} if fills is None else fills, source="intents/demo.toml")


def test_a_table_reads_sets_takes_out_and_names_its_fill() -> None:
    table = _table(
        {
            "sets": {"avoid": ["verb.buy", "verb.sell"], "more": ["@avoid", "noun.alert"]},
            "intent": [
                {
                    "action": "go",
                    "need": ["coin"],
                    "avoid": ["@more", "-verb.sell"],
                    "fill": "f",
                    "priority": 3,
                },
                {"action": "ask", "one_of": ["own.trader", "exchange"], "after_rules": True},
            ],
        }
    )
    first, second = table.intents
    assert (first.skill, first.action, first.need) == ("demo", "go", frozenset({"coin"}))
    assert first.avoid == frozenset({"verb.buy", "noun.alert"}) and first.priority == 3 and first.fill is FILL
    assert (
        second.fill is None and second.after_rules and second.one_of == frozenset({"own.trader", "exchange"})
    )
    assert table.sets["more"] == ("verb.buy", "verb.sell", "noun.alert")


@each(
    ("data", "fills", "problem"),
    [
        ({"intent": [{"action": "go", "need": ["verb.buyy"]}]}, {}, "'verb.buyy' is no concept"),
        ({"sets": {"a": ["noun.nothing"]}}, {}, "sets.a: 'noun.nothing'"),
        ({"intent": [{"action": "go", "need": ["@missing"]}]}, {}, "no set 'missing'"),
        ({"intent": [{"action": "go", "need": ["coin", "-verb.buy"]}]}, {}, "taken out but not listed"),
        ({"intent": [{"action": "go", "need": ["coin"], "fill": "g"}]}, {}, "no fill 'g'"),
        (
            {"intent": [{"action": "go", "need": ["coin"]}]},
            None,
            r"fill\(s\) \['f'\] given, used by no intent",
        ),
        ({"intent": [{"action": "go", "needs": ["coin"]}]}, {}, "intent 1: an action and only the keys"),
        ({"intent": [{"need": ["coin"]}]}, {}, "intent 1: an action"),
        ({"intents": []}, {}, "unknown key"),
        ({"intent": [{"action": "go", "need": "coin"}]}, {}, "must be a list of concept names"),
    ],
)
def test_a_table_naming_what_does_not_exist_is_refused_at_load(
    data: dict[str, Any], fills: dict[str, Any] | None, problem: str
) -> None:
    with pytest.raises(IntentTableError, match=problem) as raised:
        _table(data, fills)
    assert "intents/demo.toml" in str(raised.value)


def test_every_shipped_table_loads_into_the_registry() -> None:
    from bot.skills import build_registry

    specs = build_registry().specs
    assert sum(len(s.intents) for s in specs.values()) >= 100
    assert any(i.action == "weekly" for i in specs["pnl"].intents)
