"""Whether a message read whole as one request may hold several (core.conversation.clauses), told
from one reading of each of its clauses, before any piece is routed.

A message routing whole is cut only where every piece routes on its own or tells a story left out
(a story's word: outside.*; a record kept). So two clauses at least must say something of their
own: a verb, a question, a noun, a coin, a record's name, a story. Where only one does, the others
only give its values ("创建一个ETH网格策略，3000到4000，20格，每格50U": the range, the grids, the size
of each), and no way of cutting it is its reading; each way was tried, each routing its pieces, the
pieces with the first clause's verb or coin said before them too (23 routes for that grid; issue 21:
routing p99 per message).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from core.language.tagger import Reading

# The words of a clause that gives a request's values and says nothing of its own: fillers, a
# way ("到", "above"), a strategy's value ("每格50U", "20%"), a time ("过去180天"). Any other word
# (a verb, a question, a noun, a coin, a trade told, an error, an exchange) says something, and so
# does a word no tag explains ("beta" may be a record's name, "nice" a remark), but a unit's letter
# or character after a number ("50u", "20格").
_VALUES: Final = ("filler.", "direction.", "strategy.", "time.")


def _says(reading: Reading) -> bool:
    if any(not c.startswith(_VALUES) for c in reading.concepts):
        return True
    rest = "".join(" " if ch.isdigit() or not ch.isalnum() else ch for ch in reading.rest())
    return any(len(word) > 1 for word in rest.split())


Join = tuple[int, int]


def says_once(text: str, joins: tuple[Join, ...], read: Callable[[str], Reading]) -> bool:
    """At most one clause of ``text`` cut at ``joins`` says something of its own (``read``: how
    the message and a clause are read, as a piece would be): a message routing whole is then one
    request, never cut. A join inside a word of the whole message ("&" of "p&l") cuts no clause."""
    whole = read(text)
    at = whole.norm.offsets
    words = [(at[t.start], at[t.end]) for t in whole.tags if t.concepts]
    saying, start = 0, 0
    for begin, end in (*joins, (len(text), len(text))):
        if begin < len(text) and any(s < begin and end < e for s, e in words):
            continue
        if _says(read(text[start:begin].strip())):
            saying += 1
            if saying > 1:
                return False
        start = end
    return True
