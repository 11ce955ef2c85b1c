"""A value refused, carried in a route's slots as text ("refused:sign:-100") from where the value
grammar (core.language.values) refused it to where the task flow says why, localized, and asks
the same question again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from core.i18n import Locale
    from core.language.values import Value

REFUSED_PREFIX: Final = "refused:"
# A route's slot: the one-off time ahead an ask was said for ("buy 0.1 btc tomorrow": "refused:later:
# tomorrow"), put by the layer (core.routing.layer); an action that changes something is refused
# with the reason, never done now (core.tasks.flow), a read ignores it.
LATER: Final = "later"
# Reasons that refuse the whole ask, not one value of it: the task ends saying why, nothing asked
# ("if btc hits 100k sell my eth": no coin or amount to ask, the trade is never placed; the
# refusal itself suggests an alert).
ENDS_TASK: Final = frozenset({"cross_coin", "coin_to_coin", "held_buy", "held_sell"})
# A trade held for a move with no level ("buy 100u of doge when it drops"): its coin before what was
# said ("refused:held_buy:DOGE:buy 100u of doge when it drops"), both in its message.
_COIN_NAMED: Final = frozenset({"held_buy", "held_sell"})


def refused_slot(value: Value) -> str:
    """The slot text of a refused value: "refused:<reason>:<typed>"."""
    return f"{REFUSED_PREFIX}{value.reason or 'separators'}:{value.typed}"


def refusal_in(slot: object) -> tuple[str, str] | None:
    """(reason, typed) of a slot that carries a refusal, or None."""
    if not isinstance(slot, str) or not slot.startswith(REFUSED_PREFIX):
        return None
    reason, _, typed = slot[len(REFUSED_PREFIX) :].partition(":")
    return reason, typed


def refusal_message(locale: Locale, reason: str, typed: str) -> str:
    """Why a value was not read, quoting what was typed (zh / en)."""
    from core.i18n import has_message, t

    key = f"value.refused.{reason}"
    if reason in _COIN_NAMED and has_message(key):
        coin, _, said = typed.partition(":")  # no coin said ("buy when it drops"): asked too
        return t(locale, key, coin=coin, typed=said) if coin else t(locale, f"{key}_no_coin", typed=said)
    return t(locale, key if has_message(key) else "value.refused.separators", typed=typed)
