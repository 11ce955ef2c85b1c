"""How the engine reads a message when no task waits for an answer, as a list of asks: its
pronouns first (core.conversation.references), then its clauses (core.conversation.clauses).

The engine takes the same steps one by one around the conversation's tasks; this is the same
reading for callers with no conversation of their own: the routing corpus checks a row's second
ask ("then") and its pronouns through it.
"""

from __future__ import annotations

from collections.abc import Callable

from core.conversation.after_alert import split_held
from core.conversation.clauses import BackFn
from core.conversation.references import again, read_back, refer
from core.i18n import Locale
from core.language.corrected import corrected, may_correct
from core.language.normalize import normalize
from core.language.tagger import Reading, words
from core.routing.router import NO_CONTEXT, Route, RouteContext, Router
from core.state import Recall
from core.workspace.place_named import lend_place


def read_asks(
    text: str,
    router: Router,
    context: RouteContext = NO_CONTEXT,
    *,
    recall: Recall | None = None,
    locale: Locale = "en",
) -> list[Route]:
    """The routes ``text`` asks for, in order: none, one, or several. ``recall``: the
    conversation's last coin, record and request (none: a fresh conversation). While another
    task's question waits (``context.awaiting``) a message is its answer, read whole."""
    memory = recall or Recall()
    route_piece, back, told_by = piece_readers(router, context, locale)
    text = corrected_text(text, told_by)
    route = route_piece(text)
    referred = refer(text, route, memory, locale, route_piece)
    if referred is not None:
        text, route = referred
    if context.awaiting is not None:
        return [route] if route is not None else []
    if route is None:
        route = again(text, memory)
    asks = split_held(text, route, route_piece, back, told_by)
    if asks is not None:
        # a record ask pointing back after a story: the story's exchange or provider is its record
        return [lend_place(text, p, r, [o for o, _ in asks if o != p]) for p, r in asks]
    return [route] if route is not None else []


def piece_readers(
    router: Router, context: RouteContext, locale: Locale
) -> tuple[Callable[[str], Route | None], BackFn, Callable[[str], Reading]]:
    """How one message's pieces are routed, read with a pronoun for the ask before them
    (references.read_back), and read to tell a story (with the coins, as routed: "今天卖了eth"),
    each piece routed and read once for the message: its clauses are tried cut many ways, each
    way routing and reading the same pieces again (a long message's pieces were routed twice and
    tagged three times, the tagger keeping only the last few texts)."""
    routes: dict[str, Route | None] = {}
    readings: dict[str, Reading] = {}
    layer = router.layer

    def route_piece(piece: str) -> Route | None:
        if piece not in routes:
            routes[piece] = router.route(piece, context)
        return routes[piece]

    def told_by(piece: str) -> Reading:
        found = readings.get(piece)
        if found is None:
            found = readings[piece] = words(piece) if layer is None else layer.read(piece, context.names)
        return found

    return route_piece, lambda piece, before: read_back(piece, before, locale, route_piece), told_by


def corrected_text(text: str, told_by: Callable[[str], Reading]) -> str:
    """``text`` with a value it corrects itself made ("buy 0.05 btc. wait no, 0.02": 0.02 BTC;
    core.language.corrected), else as typed."""
    if not may_correct(normalize(text)):
        return text  # most messages: no word that may open a correction
    return corrected(told_by(text)) or text
