"""Lists of cards (hands, candidate plays): finding and removing a card by its index.

Equal cards share :attr:`Card.index` (one number per distinct card), so comparing
indexes is the same test as ``==``. Compiled (docs/engine.md), a loop over a list of
cards comparing indexes is a few machine instructions a card, where ``card in hand``,
``hand.remove(card)`` and ``dict.fromkeys(hand)`` go through Python's generic
comparison and hashing, several hundred to several thousand instructions a call;
the legal-action generator and every play do these lookups.
"""

from __future__ import annotations

from younuo.engine.cards import Card


def position(cards: list[Card], card: Card) -> int:
    """Where the first card equal to ``card`` is in ``cards``; -1 when there is none."""
    index = card.index
    for i in range(len(cards)):
        if cards[i].index == index:
            return i
    return -1


def holds(cards: list[Card], card: Card) -> bool:
    """Whether ``cards`` has a card equal to ``card`` (``card in cards``)."""
    index = card.index
    return any(c.index == index for c in cards)


def remove(cards: list[Card], card: Card) -> None:
    """Take the first card equal to ``card`` out of ``cards`` (``cards.remove(card)``)."""
    i = position(cards, card)
    if i < 0:
        raise ValueError(f"{card} is not in the list")
    del cards[i]
