"""A whole message's read that spans the cut between two asks (core.conversation.clauses)."""

from __future__ import annotations

from core.language.refusals import refusal_in
from core.routing.router import Route


def numbers_across(whole: Route, pieces: list[str]) -> bool:
    """The whole message read two numbers it refused across a cut ("cancel order 2, buy 0.1 eth at
    3100": "2, buy 0.1 eth"): one piece's number and another's, never one request's to keep whole."""
    for v in whole.slots.values():
        refused = refusal_in(v)
        if refused is not None and refused[0] == "two_numbers" and not any(refused[1] in p for p in pieces):
            return True
    return False
