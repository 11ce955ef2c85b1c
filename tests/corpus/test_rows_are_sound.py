"""The corpus itself: every row well formed, in a language it names, said once; every skill and
every action it can take has rows, in Chinese and English; pending rows say why and whose."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from bot.skills import build_registry
from core.i18n import is_traditional
from tests import corpus
from tests.corpus.expect import expected_slots, forbidden

LANGS = frozenset({"zh", "zh-Hant", "en"})
OWNERS = frozenset(
    {
        "i21-layer",
        "i21-values",
        "i21-conv",
        "i24",
        "s41-freshd",
        "s41-freshe",
        "s41-freshf",
        "s41-freshg",
        "s42-freshh",
        "s42-freshi",
    }
)  # s41-freshd .. s42-freshi: sets D's, E's, F's, G's, H's and I's misses left
_CJK = re.compile(r"[\u3400-\u9fff]")
# Characters only traditional writing uses (their simplified forms differ): a zh-Hant row has one.


@cache
def _emits() -> dict[str, frozenset[str]]:
    """Each skill's actions its rules or intents may route to (from the registry, so a new one
    needs rows)."""
    return {
        name: frozenset(a for rule in spec.rules for a in rule.emits if a is not None)
        | frozenset(i.action for i in spec.intents)
        for name, spec in build_registry().specs.items()
        if spec.rules or spec.intents
    }


def _all() -> list[corpus.Row]:
    return corpus.corpus_rows() + corpus.pending_rows()


def test_every_row_is_well_formed() -> None:
    emits = _emits()
    for row in _all():
        where = f"{row['_file']}:{row['_line']} {row['text']!r}"
        expect = row["expect"]
        assert row["text"].strip(), where
        assert row.get("lang", "zh") in LANGS, where
        for target in [expect, *forbidden(expect)]:
            skill = target.get("skill")
            assert skill is None or skill in emits, f"{where}: no skill {skill!r}"
            if skill is not None and target.get("action") is not None:
                assert target["action"] in emits[skill], f"{where}: {skill} has no action {target['action']}"
        assert "skill" in expect or "not" in expect, where
        assert not (expect.get("skill") is None and expected_slots(expect)), f"{where}: slots of no route"


def test_rows_are_in_the_language_they_name() -> None:
    for row in _all():
        where = f"{row['_file']}:{row['_line']} {row['text']!r}"
        lang = corpus.lang_of(row)
        if lang == "en":
            assert not _CJK.search(row["text"]), where
        else:
            assert _CJK.search(row["text"]), where
        if lang == "zh-Hant":
            # The product's own rule (core.i18n): its text changes under traditional -> simplified.
            assert is_traditional(row["text"]), f"{where}: no traditional character"


def test_every_phrase_is_said_once() -> None:
    """Once per context: "7d" alone is a chart, "7d" while a question waits is its answer;
    "stop" is no request, "stop" from someone with a trader called "stop" still none."""
    said = Counter((row["text"], row.get("awaiting"), repr(row.get("names"))) for row in _all())
    assert [text for text, n in said.items() if n > 1] == []


def test_a_second_ask_is_a_list_of_expectations() -> None:
    """A row's later asks ("then") are checked in order after its first, as the engine reads
    several asks (core.conversation.reading): each one names its skill."""
    for row in [*corpus.corpus_rows(), *corpus.pending_rows()]:
        then = row.get("then")
        if then is not None:
            assert isinstance(then, list) and then, row["text"]
            assert all(isinstance(t, dict) and t.get("skill") for t in then), row["text"]


def test_pending_rows_say_why_and_whose() -> None:
    for row in corpus.pending_rows():
        where = f"{row['_file']}:{row['_line']} {row['text']!r}"
        assert row.get("reason", "").strip(), where
        assert row.get("owner") in OWNERS, where


def test_every_skill_and_action_has_rows_in_chinese_and_english() -> None:
    """A skill or action added to the registry needs corpus rows: add them to tests/corpus/rows."""
    rows = [r for r in _all() if r["expect"].get("skill")]
    missing = []
    for skill, actions in sorted(_emits().items()):
        for action in sorted(actions):
            said = [r for r in rows if (r["expect"]["skill"], r["expect"].get("action")) == (skill, action)]
            langs = {corpus.lang_of(r) for r in said}
            if not ({"en"} <= langs and langs & {"zh", "zh-Hant"}):
                missing.append(f"{skill}.{action} ({', '.join(sorted(langs)) or 'none'})")
    assert missing == []
