"""How much code reads people's words (issue 21: "the reading code at most 2,000 lines plus its
data"): ``python -m tests.corpus.reading_size``.

The reading modules are listed below by path pattern, each group with what it reads; a module
deleted drops out of the count by itself. Lines are physical lines (``wc -l``). Regexes are the
call sites that make a pattern from source text, found in the syntax tree: ``re.compile(...)``
(``lazy_re``'s too), ``word_pattern(...)`` and ``re.search / match / fullmatch / findall /
finditer / sub / subn / split`` given a pattern written in place (a string or an f-string). A
call site in a loop or a comprehension counts once; the patterns the modules make when imported
(those built in a loop counted each) are counted too, in a new interpreter.

So that nothing is hidden by the choice of list, every other module under ``core/`` that makes a
regex is listed after the total, not counted: patterns over what is not the person's message (a
model's prose, an exchange's error text, stored formats).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# (group, what it reads, path patterns relative to ROOT)
READING: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "layer",
        "normalize, lexicon, tagger, coins, values, intents, router",
        ("core/language/*.py", "core/routing/*.py", "core/coin_index.py"),
    ),
    (
        "skills",
        "each skill's intents (tables) and its own readers of slots",
        (
            "core/skills/*/intents.py",
            "core/skills/*/rules.py",
            "core/skills/*/reading.py",
            "core/skills/*/reader.py",
            "core/skills/*/words.py",
            "core/skills/price/coins.py",
            "core/skills/price/ranges.py",
            "core/skills/exchange_accounts/kinds.py",
            "core/skills/diagnosis/names.py",
            "core/skills/trader_management/mentions.py",
            "core/skills/trader_management/named.py",
            "core/skills/price_alert/targets.py",
            "core/skills/price_alert/listing.py",
            "core/skills/strategy_management/changed.py",
        ),
    ),
    (
        "workspace",
        "records' names, fields, secrets, corrections, trades and expiries in a message",
        (
            "core/workspace/reading.py",
            "core/workspace/extraction.py",
            "core/workspace/corrections.py",
            "core/workspace/given_secrets.py",
            "core/workspace/trade_reading.py",
            "core/workspace/trade_money.py",
            "core/workspace/limit_price.py",
            "core/workspace/account_named.py",
            "core/workspace/account_not.py",
            "core/workspace/order_expiry.py",
            "core/workspace/text.py",
            "core/workspace/wallets.py",
            "core/workspace/bare_names.py",
            "core/workspace/counted_one.py",
            "core/workspace/key_owner.py",
            "core/workspace/name_edges.py",
            "core/workspace/place_named.py",
            "core/workspace/told_move.py",
            "core/workspace/trade_shares.py",
            "core/workspace/update_fields.py",
        ),
    ),
    (
        "conversation",
        "pronouns, clauses, greetings, suggestions, answers to a question",
        (
            "core/conversation/reading.py",
            "core/conversation/references.py",
            "core/conversation/clauses.py",
            "core/conversation/joins.py",
            "core/conversation/remarks.py",
            "core/conversation/from_before.py",
            "core/conversation/one_request.py",
            "core/conversation/each_coin.py",
            "core/conversation/after_alert.py",
            "core/conversation/suggestions.py",
            "core/conversation/carried.py",
            "core/conversation/validation.py",
            "core/tasks/answers.py",
            "core/tasks/refs.py",
            "core/tasks/names.py",
            "core/tasks/numbered.py",
            "core/conversation/across.py",
            "core/conversation/apart.py",
            "core/conversation/beside.py",
            "core/conversation/lent_coin.py",
            "core/conversation/listed.py",
            "core/conversation/naming.py",
            "core/conversation/spaces.py",
            "core/conversation/story.py",
        ),
    ),
    (
        "strategies",
        "a strategy's kind and interval words",
        ("core/strategies/words.py", "core/strategies/intervals.py"),
    ),
    ("diagnosis", "an error pasted into a message", ("core/diagnosis/pasted.py",)),
)
# Modules that use the layer without reading a message of their own, so not counted: the registry
# builds it; /lang's words; a skill's flow that looks up one answer's word in the lexicon ("key",
# "secret") or hands the layer's values on. Any other module that imports the phrase matcher, the
# tagger or the lexicon is a reader and must be listed above (tests/corpus/test_reading_size.py),
# so the count cannot fall behind as readers are split out.
USES_THE_LAYER = (
    "core/skills/registry.py",
    "core/conversation/commands.py",
    "core/skills/exchange_accounts/skill.py",
    "core/skills/model_configs/skill.py",
    "core/skills/strategy_management/skill.py",
    "core/skills/trader_management/skill.py",
)
LAYER_IMPORTS = ("core.language.phrases", "core.language.tagger", "core.language.lexicon")

DATA = (
    "core/language/lexicon/*.toml",
    "core/language/lexicon/phrases/*.toml",
    "core/language/lexicon/intents/*.toml",
)

_MATCHERS = frozenset({"search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"})


def regexes(source: str) -> int:
    """The call sites in ``source`` that make a regex from pattern text (see the module doc)."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) else ""
        if name == "word_pattern" or (owner in {"re", "_re", "lazy_re"} and name == "compile"):
            count += 1
        elif owner in {"re", "_re", "lazy_re"} and name in _MATCHERS and node.args:
            first = node.args[0]
            count += isinstance(first, ast.JoinedStr) or (
                isinstance(first, ast.Constant) and isinstance(first.value, str)
            )
    return count


# Run in a new interpreter: re.compile counted while every reading module is
# imported, for a call made from one of them (a pattern built in a loop counts once per pattern).
_AT_IMPORT = """
import importlib, json, re, sys
files = set(json.loads(sys.argv[1]))
made = [0]
def counting(real):
    def compile(pattern, flags=0):
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_filename in files:
                made[0] += 1
                break
            frame = frame.f_back
        return real(pattern, flags)
    return compile
re.compile = counting(re.compile)
for name in json.loads(sys.argv[2]):
    importlib.import_module(name)
print(made[0])
"""


def made_at_import(paths: list[Path]) -> int:
    """How many regexes the reading modules make when they are imported (a new interpreter)."""
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths]
    names = [n.removesuffix(".__init__") for n in names]
    done = subprocess.run(
        [sys.executable, "-c", _AT_IMPORT, json.dumps([str(p) for p in paths]), json.dumps(names)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return int(done.stdout.split()[-1])


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def reading_modules() -> list[tuple[str, Path]]:
    """(group, path) of every reading module present, each once, in the order listed."""
    seen: dict[Path, str] = {}
    for group, _, patterns in READING:
        for pattern in patterns:
            for path in sorted(ROOT.glob(pattern)):
                if path.name != "__init__.py" or path.stat().st_size > 0:
                    seen.setdefault(path, group)
    return [(group, path) for path, group in seen.items()]


def main(argv: list[str]) -> None:
    quiet = "--total" in argv
    counted = reading_modules()
    totals: dict[str, list[int]] = {}
    rows = []
    for group, path in counted:
        source = path.read_text(encoding="utf-8")
        lines, found = len(source.splitlines()), regexes(source)
        totals.setdefault(group, [0, 0, 0])
        totals[group][0] += 1
        totals[group][1] += lines
        totals[group][2] += found
        rows.append((group, path.relative_to(ROOT).as_posix(), lines, found))
    if not quiet:
        print(f"{'group':13} {'module':52} {'lines':>6} {'regexes':>8}")
        for group, name, lines, found in rows:
            print(f"{group:13} {name:52} {lines:6} {found:8}")
        print()
        for group, what, _ in READING:
            if group in totals:
                files, lines, found = totals[group]
                print(f"{group:13} {files:3} modules {lines:6} lines {found:5} regexes  ({what})")
    lines = sum(t[1] for t in totals.values())
    found = sum(t[2] for t in totals.values())
    outside = sum(t[1] for g, t in totals.items() if g != "layer")
    outside_re = sum(t[2] for g, t in totals.items() if g != "layer")
    data = sum(_lines(p) for pattern in DATA for p in ROOT.glob(pattern))
    made = made_at_import([path for _, path in counted])
    print(
        f"reading code: {len(counted)} modules, {lines} lines, {found} regexes "
        f"(outside the layer: {outside} lines, {outside_re} regexes); {made} regexes made at import; "
        f"lexicon data {data} lines"
    )
    if quiet:
        return
    known = {path for _, path in counted}
    others = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        if path not in known:
            found = regexes(path.read_text(encoding="utf-8"))
            if found:
                others.append((path.relative_to(ROOT).as_posix(), _lines(path), found))
    print("\nnot counted, other core modules that make regexes (not the person's words):")
    for name, lines, found in others:
        print(f"  {name:62} {lines:6} {found:8}")


if __name__ == "__main__":
    main(sys.argv[1:])
