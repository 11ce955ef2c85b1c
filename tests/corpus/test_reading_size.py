"""The reading-code measure counts what it says it counts (tests/corpus/reading_size.py)."""

from __future__ import annotations

from tests.corpus.reading_size import LAYER_IMPORTS, ROOT, USES_THE_LAYER, reading_modules, regexes


def test_regexes_are_the_call_sites_that_make_a_pattern_from_text() -> None:
    source = "\n".join(
        (
            "import re",
            "from core import lazy_re",
            "A = re.compile('a')",
            "B = lazy_re.compile(r'b', re.I)",
            "C = word_pattern('x', 'y')",
            "def f(text, p):",
            "    re.search(f'{text}c', text)",
            "    re.sub('d', '', text)",
            "    p.search(text)",  # a compiled pattern's use makes none
            "    re.search(p, text)",  # nor a pattern made elsewhere
            "    return [re.compile(w) for w in text]",  # one call site
        )
    )
    assert regexes(source) == 6


def test_the_layer_and_every_listed_group_are_found() -> None:
    found = {(group, path.relative_to(ROOT).as_posix()) for group, path in reading_modules()}
    assert ("layer", "core/language/values.py") in found
    assert ("layer", "core/language/tagger.py") in found
    assert len({path for _, path in found}) == len(found)  # each module counted once


def test_readers_moved_onto_the_layer_make_no_pattern_of_their_own() -> None:
    """Their words are lexicon data and their values the value grammar's (issue 21)."""
    for module in (
        "core/skills/price_alert/reading.py",
        "core/skills/guidance/intents.py",
        "core/conversation/references.py",
        "core/tasks/numbered.py",
    ):
        source = (ROOT / module).read_text(encoding="utf-8")
        assert regexes(source) == 0, module
        assert "lazy_re" not in source and "import re" not in source.splitlines(), module


def test_no_reader_defers_its_patterns_any_more() -> None:
    """core/lazy_re.py went with its last user, and core/routing/words.py (word alternations)
    after it: a whole word is found through the layer (core.language.gazetteer.named_in)."""
    assert not (ROOT / "core" / "lazy_re.py").exists()
    assert not (ROOT / "core" / "routing" / "words.py").exists()


def test_every_module_reading_through_the_layer_is_counted() -> None:
    """A reader split out of another (a story's coin, a record's name edges) imports the phrase
    matcher, the tagger or the lexicon; eighteen such modules had gone uncounted (about 2,000 lines)
    before this test listed them."""
    counted = {path.relative_to(ROOT).as_posix() for _, path in reading_modules()}
    uncounted = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "core").rglob("*.py"))
        if any(f"from {name} import" in path.read_text(encoding="utf-8") for name in LAYER_IMPORTS)
        and path.relative_to(ROOT).as_posix() not in counted
        and path.relative_to(ROOT).as_posix() not in USES_THE_LAYER
    ]
    assert uncounted == []
