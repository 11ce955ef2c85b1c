"""How the engine reads a message when no task waits for an answer, as a list of asks: its
pronouns first (core.conversation.references), then its clauses (core.conversation.clauses).

The engine takes the same steps one by one around the conversation's tasks; this is the same
reading for callers with no conversation of their own: the routing corpus checks a row's second
ask ("then") and its pronouns through it.
"""

from __future__ import annotations

from core.conversation.after_alert import split_held
from core.conversation.references import again, read_back, refer
from core.i18n import Locale
from core.language.tagger import words
from core.routing.router import NO_CONTEXT, Route, RouteContext, Router
from core.state import Recall


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
    route = router.route(text, context)
    referred = refer(text, route, memory, locale, lambda said: router.route(said, context))
    if referred is not None:
        text, route = referred
    if context.awaiting is not None:
        return [route] if route is not None else []
    if route is None:
        route = again(text, memory)

    def route_piece(piece: str) -> Route | None:
        return router.route(piece, context)

    layer = router.layer  # a piece told is read with the coins, as it was routed ("今天卖了eth")
    asks = split_held(
        text,
        route,
        route_piece,
        lambda piece, before: read_back(piece, before, locale, route_piece),
        words if layer is None else lambda piece: layer.read(piece, context.names),
    )
    if asks is not None:
        return [r for _, r in asks]
    return [route] if route is not None else []
