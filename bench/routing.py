"""Routing cost per message over every routing corpus file (tests/corpus/**, and the shared
corpus when the checkout has it beside it), in the same run, messages interleaved:
- the message read as the engine reads it (core.conversation.reading.read_asks: the router, then
  its pronouns, its clauses and several asks, a story beside an ask, an act taken back): what
  ships, each clause routed again on its own;
- the router alone on the whole message (the language layer: every skill's intents, their rules
  only reading slots), the first of those readings;
- every skill's rules alone as before the layer, the baseline;
plus the lexicon's load and the tagger's build, each in a fresh process. Times are the thread's
CPU time (time.thread_time): on a shared, busy machine the wall time mostly measures the wait for
a core.

Run: `python -m bench.routing` (prints one line per figure).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from tests.corpus import SHARED  # the team's corpus, found beside this checkout or its main one

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
# Every corpus file: the first rows, every area's (other helpers' new files included), the pending
# rows and the shared corpus.
CORPORA = (
    CORPUS / "routing.jsonl",
    *sorted((CORPUS / "rows").glob("*.jsonl")),
    *sorted((CORPUS / "pending").glob("*.jsonl")),
    SHARED,
)
ROUNDS = 20


def corpus_texts() -> list[str]:
    texts: list[str] = []
    for path in CORPORA:
        if path.exists():
            texts += [
                json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line
            ]
    return list(dict.fromkeys(texts))


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _fresh(code: str) -> float:
    """Milliseconds a snippet reports from a new interpreter (median of 5)."""
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
            ).stdout
        )
        for _ in range(5)
    ]
    return statistics.median(runs)


# Each timed after its module's import, so only the work itself counts.
LEXICON_LOAD = (
    "import time; from core.language.lexicon import load; t = time.thread_time(); load(); "
    "print((time.thread_time() - t) * 1000)"
)
TAGGER_BUILD = (
    "import time; from core.language.tagger import Tagger; t = time.thread_time(); "
    "Tagger().read('BTC price'); print((time.thread_time() - t) * 1000)"
)
OPENCC_FIRST = (
    "import time; from core.language.normalize import normalize; t = time.thread_time(); "
    "normalize('比特幣價格'); print((time.thread_time() - t) * 1000)"
)

# The first message of a process, "BTC price", after the skills are built: what a cold
# `deskmate ask "BTC price"` pays for routing (patterns compiled, lexicon loaded, automaton built).
FIRST_ROUTE = (
    "import time\n"
    "from adapters.demo_market import DemoMarket\n"
    "from core.clock import FixedClock\n"
    "from tests.fakes import NOW, full_skills\n"
    "skills = full_skills(DemoMarket(FixedClock(NOW)), FixedClock(NOW))\n"
    "route = skills.router.route if {layer} else skills.rules_alone().route\n"
    "t = time.thread_time(); route('BTC price'); print((time.thread_time() - t) * 1000)"
)


# The three ways a message is read, as per_message names them (bench/__main__.py prints them).
ENGINE: Final = "as the engine reads it (read_asks)"
ROUTER: Final = "router alone, whole message"
RULES: Final = "rules alone (before)"


def per_message(rounds: int = ROUNDS) -> dict[str, tuple[float, float, int]]:
    """p50, p99 (ms of thread CPU) and the message count, for the engine's reading, the router
    alone and the rules alone: every corpus message read ``rounds`` times by each, interleaved,
    after one warm-up pass."""
    from adapters.demo_market import DemoMarket
    from core.clock import FixedClock
    from core.conversation.reading import read_asks
    from core.language.normalize import has_cjk
    from tests.fakes import NOW, full_skills

    skills = full_skills(DemoMarket(FixedClock(NOW)), FixedClock(NOW))
    router = skills.router

    def engine(text: str) -> object:  # a fresh conversation, in the message's own language
        return read_asks(text, router, locale="zh" if has_cjk(text) else "en")

    routers: dict[str, Callable[[str], object]] = {
        ENGINE: engine,
        ROUTER: router.route,
        RULES: skills.rules_alone().route,
    }
    texts = corpus_texts()
    for route in routers.values():  # warm: patterns compiled, lexicon loaded, OpenCC loaded
        for text in texts:
            route(text)
    samples: dict[str, list[float]] = {name: [] for name in routers}
    # Interleaved message by message, each way a stretch of the corpus apart: a message is never
    # read right after another way read it, whose kept readings (the tagger's, the values') would
    # make it look free.
    count, apart = len(texts), max(1, len(texts) // len(routers))
    for _ in range(rounds):
        for at in range(count):
            for way, (name, route) in enumerate(routers.items()):
                text = texts[(at + way * apart) % count]
                start = time.thread_time()
                route(text)
                samples[name].append((time.thread_time() - start) * 1000)
    return {name: (*_percentiles(taken), len(texts)) for name, taken in samples.items()}


def bench_routing() -> list[str]:
    lines = [
        f"routing per message, {name}: p50 {p50:.3f} ms, p99 {p99:.3f} ms ({count} messages)"
        for name, (p50, p99, count) in per_message().items()
    ]
    lines.append(f"lexicon load, new process: {_fresh(LEXICON_LOAD):.1f} ms")
    lines.append(
        f"tagger build + first message (lexicon included), new process: {_fresh(TAGGER_BUILD):.1f} ms"
    )
    layer, alone = _fresh(FIRST_ROUTE.format(layer=True)), _fresh(FIRST_ROUTE.format(layer=False))
    lines.append(
        f"first route of a new process ('BTC price'): layer {layer:.1f} ms, rules alone {alone:.1f} ms"
    )
    lines.append(f"OpenCC first use (a message with CJK), new process: {_fresh(OPENCC_FIRST):.1f} ms")
    return lines


if __name__ == "__main__":
    for line in bench_routing():
        print(line)
