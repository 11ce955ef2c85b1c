"""The nearest known phrasings of a message no rule reads, and the intents they name.

Rules read what they were written for; a phrasing nobody wrote a rule for routes nowhere (about
two in five of the misses in the blind sets never shown to anyone fixing). Those messages are
often close to a phrasing the router does read: "yo whats the damage on my eth" shares its words
with known ways of asking for positions. The known phrasings are the corpus's, each labelled with
the intent the router reads (core/language/known_phrasings.tsv, written by tools/known_phrasings.py);
this module finds the ones nearest to a message and names their intents, best first, so the
conversation can ask "did you mean …" with a button each. Nothing is done on a guess: a button
starts its request as a routed one would, with its confirmation where it is risky.

How near: the message's words (each Latin word whole and as letter triples, so "balence" is
near "balance") and its Chinese characters singly and in pairs, weighted by how rare each is among
the known phrasings (tf-idf), compared by cosine. The NEIGHBOURS nearest vote for their intents
by likeness; an intent is offered when one of its phrasings is at least LEAST_LIKE alike, and
nothing is offered when the nearest vote goes to phrasings that must do nothing ("none": talk of
money, a fear, a question about an act). The figures were chosen on the older never-shown sets
(sessions 43-60) and checked on the newer ones (tests/corpus/test_nearest.py).

Pure computation over package data: no IO beyond reading that file once (about 2 s of CPU and
16 MB on first use, so a process that serves people builds it ahead: ``warm``); a look-up takes a
few milliseconds.
"""

from __future__ import annotations

import heapq
import math
import re
import threading
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from core.language.normalize import normalize

PHRASINGS_FILE = "known_phrasings.tsv"
NONE = "none"  # the label of a phrasing that must do nothing
NEIGHBOURS = 9
LEAST_LIKE = 0.35  # the cosine an offered intent's nearest phrasing reaches at least
MAX_OFFERS = 3
SHARE_OF_BEST = 0.3  # an intent offered beside the best has at least this share of its votes
# A feature found in more than this share of the phrasings ("the", "我") says nothing of which
# intent is meant; leaving it out of the sums also keeps a look-up to a few milliseconds.
COMMON = 0.1

_NO_POSTINGS: tuple[array[int], array[float]] = (array("I"), array("f"))
_LATIN = re.compile(r"[a-z0-9]+")
_CJK = re.compile("[\u3400-\u9fff]+")


def key_of(text: str) -> str:
    """A phrasing as the index reads it: the one normalization (width, case, traditional ->
    simplified), whitespace collapsed; two phrasings with one key are one phrasing."""
    return " ".join(normalize(text).split())


def features(key: str) -> Counter[str]:
    """What a normalized phrasing is made of: each Latin word whole ("w:") and as the letter
    triples of " word ", each Chinese character and each pair of adjacent ones."""
    found: Counter[str] = Counter()
    for word in _LATIN.findall(key):
        found["w:" + word] += 1
        padded = f" {word} "
        found.update(padded[i : i + 3] for i in range(len(padded) - 2))
    for run in _CJK.findall(key):
        found.update(run)
        found.update(run[i : i + 2] for i in range(len(run) - 1))
    return found


@dataclass(frozen=True, slots=True)
class Nearby:
    intent: str  # "skill.action"
    likeness: float  # the cosine of its nearest known phrasing, 0..1


class KnownPhrasings:
    """An index of labelled phrasings: ``(label, text)`` pairs, a label "skill.action" or NONE;
    ``keyed``: each text is its key already (``key_of``), as the package's file holds them."""

    def __init__(self, known: Iterable[tuple[str, str]], *, keyed: bool = False) -> None:
        labels: list[str] = []
        counted: list[Counter[str]] = []
        for label, text in known:
            labels.append(label)
            counted.append(features(text if keyed else key_of(text)))
        self._labels = labels
        size = max(len(labels), 1)
        seen: Counter[str] = Counter()
        for found in counted:
            seen.update(found.keys())
        self._idf = {f: math.log(size / n) for f, n in seen.items()}
        # Too common a feature weighs in a phrasing's length but is left out of the index: a
        # look-up never sums it.
        posted = {f for f, n in seen.items() if n <= COMMON * size}
        self._unseen = math.log(size)  # a feature no phrasing has weighs as the rarest
        # Each feature's phrasings and weights in two typed arrays: a tuple per posting would
        # take several times the memory (some 60 MB for the package's phrasings, ~15 MB so).
        self._postings: dict[str, tuple[array[int], array[float]]] = {}
        for i, found in enumerate(counted):
            for feature, weight in self._weights(found).items():
                if feature in posted:
                    ids, weights = self._postings.get(feature) or self._postings.setdefault(
                        feature, (array("I"), array("f"))
                    )
                    ids.append(i)
                    weights.append(weight)

    def __len__(self) -> int:
        return len(self._labels)

    def _weights(self, found: Counter[str]) -> dict[str, float]:
        """``found`` as a unit vector: each feature's (1 + log count) x its rarity."""
        rarity = self._idf.get
        raw = {f: (1 + math.log(n)) * (rarity(f) or self._unseen) for f, n in found.items()}
        norm = math.sqrt(sum(w * w for w in raw.values())) or 1.0
        return {f: w / norm for f, w in raw.items()}

    def nearest(self, text: str) -> tuple[Nearby, ...]:
        """The intents the phrasings nearest to ``text`` name, best first (at most MAX_OFFERS);
        empty when none is near enough or the nearest vote says it must do nothing."""
        scores: defaultdict[int, float] = defaultdict(float)
        for feature, weight in self._weights(features(key_of(text))).items():
            ids, weights = self._postings.get(feature, _NO_POSTINGS)
            for i, known in zip(ids, weights, strict=True):
                scores[i] += weight * known
        votes: defaultdict[str, float] = defaultdict(float)
        best: dict[str, float] = {}
        for i, score in heapq.nlargest(NEIGHBOURS, scores.items(), key=lambda s: s[1]):
            label = self._labels[i]
            votes[label] += score
            best[label] = max(best.get(label, 0.0), score)
        ranked = sorted(votes, key=lambda label: -votes[label])
        if not ranked or ranked[0] == NONE:
            return ()
        least = votes[ranked[0]] * SHARE_OF_BEST
        kept = [label for label in ranked if label != NONE and votes[label] >= least]
        offers = [Nearby(label, round(best[label], 3)) for label in kept]
        return tuple(n for n in offers if n.likeness >= LEAST_LIKE)[:MAX_OFFERS]


def _read() -> KnownPhrasings:
    text = resources.files("core.language").joinpath(PHRASINGS_FILE).read_text("utf-8")
    rows = (line.split("\t", 1) for line in text.splitlines() if line and not line.startswith("#"))
    return KnownPhrasings(((label, key) for label, key in rows), keyed=True)


_built: KnownPhrasings | None = None
_building = threading.Lock()


def known_phrasings() -> KnownPhrasings:
    """The package's known phrasings, built once per process (whichever thread asks first
    builds; the others wait for it)."""
    global _built
    if _built is None:
        with _building:
            if _built is None:
                _built = _read()
    return _built


def built() -> bool:
    """Whether ``known_phrasings`` answers at once (an async caller builds it off its loop else)."""
    return _built is not None


def warm() -> None:
    """Build the index in a background thread, so the first miss does not wait for it."""
    threading.Thread(target=known_phrasings, name="known-phrasings", daemon=True).start()
