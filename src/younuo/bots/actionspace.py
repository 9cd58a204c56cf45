"""A fixed, numbered action space covering every action of every rule option.

Learning agents (``younuo.sim`` environments, :class:`~younuo.bots.policy.PolicyBot`)
choose among :data:`SIZE` numbered actions, with a mask of those legal now. Every
legal action of the engine has exactly one number, or one short sequence of numbers
for multi-card plays:

======================  =====  =====================================================
numbers                 count  meaning
======================  =====  =====================================================
``PLAY + k``            56     put down colored card kind ``k`` (last card, on top)
``PLAY_WILD + 4w + c``  12     put down wild ``w`` (W, W+4, WB) naming color ``c``
``PLAY_SEVEN + 9c + o`` 36     a 7 of color ``c`` swapping with the player ``o + 1``
                               seats on (R-HOUSE-70)
``ADD + k``             59     select card kind ``k`` for a multi-card play (R-MULTI,
                               several identical jump-in cards); the play is made by
                               the ``PLAY...`` number of its top card
``DRAW`` ``PASS``       5      draw (or take the penalty), keep a drawn card,
``CHALLENGE`` ``UNO``          challenge a Wild Draw Four, call UNO, and
``NOOP``                       do nothing now (out of turn only)
``COLOR + c``           4      name the color of a Wild start card
``CATCH + o``           9      catch the player ``o + 1`` seats on
======================  =====  =====================================================

Seats are counted from the agent (1 = next clockwise), so a policy is the same in
every seat. Colors: red, yellow, green, blue. A Discard All is played by the number
of the Discard All itself: its companion cards go with it by the rules (R-PARTY).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from younuo.engine import COLORS, Action, ActionType, Card, PlayerView, Rank

COLORED_RANKS: tuple[Rank, ...] = (
    *(Rank(str(n)) for n in range(10)),
    Rank.SKIP,
    Rank.REVERSE,
    Rank.DRAW_TWO,
    Rank.DISCARD_ALL,
)
WILD_RANKS: tuple[Rank, ...] = (Rank.WILD, Rank.WILD_DRAW_FOUR, Rank.WILD_BOUNCE)
CARD_KINDS: tuple[Card, ...] = (
    *(Card(color, rank) for color in COLORS for rank in COLORED_RANKS),
    *(Card(None, rank) for rank in WILD_RANKS),
)
"""The 59 distinct cards: 14 colored ranks in each color, then the 3 wilds."""
KIND: dict[Card, int] = {card: i for i, card in enumerate(CARD_KINDS)}
MAX_SEATS = 10

PLAY = 0
PLAY_WILD = PLAY + 4 * len(COLORED_RANKS)  # 56
PLAY_SEVEN = PLAY_WILD + 4 * len(WILD_RANKS)  # 68
ADD = PLAY_SEVEN + 4 * (MAX_SEATS - 1)  # 104
DRAW = ADD + len(CARD_KINDS)  # 163
PASS = DRAW + 1
CHALLENGE = PASS + 1
UNO = CHALLENGE + 1
NOOP = UNO + 1
COLOR = NOOP + 1  # 168
CATCH = COLOR + 4  # 172
SIZE = CATCH + MAX_SEATS - 1  # 181

_COLOR_INDEX = {color: i for i, color in enumerate(COLORS)}
_SIMPLE = {
    ActionType.DRAW: DRAW,
    ActionType.PASS: PASS,
    ActionType.CHALLENGE: CHALLENGE,
    ActionType.UNO: UNO,
}

Options = dict[int, Action | None]
"""Legal numbers now: the engine action each makes, or None for ``ADD`` and ``NOOP``."""


def top_card(action: Action) -> Card:
    """The card a play leaves on top (R-MULTI: the named color's card, else the last)."""
    cards = action.played
    if len(cards) > 1 and action.color is not None and cards[0].color is not None:
        return next(c for c in cards if c.color is action.color)
    return cards[-1]


def offset(view: PlayerView, player: str) -> int:
    """Seats from the viewer to ``player`` clockwise (1 = the next seat)."""
    me = view.seat
    assert me is not None
    return (view.players.index(player) - me) % len(view.players)


def play_number(view: PlayerView, action: Action) -> int:
    """The number that makes the play ``action`` (after selecting the rest with ``ADD``)."""
    top = top_card(action)
    if top.color is None:
        assert action.color is not None
        return PLAY_WILD + 4 * WILD_RANKS.index(top.rank) + _COLOR_INDEX[action.color]
    if action.target is not None:
        return PLAY_SEVEN + 9 * _COLOR_INDEX[top.color] + offset(view, action.target) - 1
    return PLAY + KIND[top]


def options(view: PlayerView, legal: Sequence[Action], selection: Sequence[Card] = ()) -> Options:
    """The legal numbers for the viewer, given the cards already selected with ``ADD``."""
    out: Options = {}
    chosen = Counter(selection)
    for action in legal:
        if action.type is not ActionType.PLAY:
            continue
        top = top_card(action)
        rest = Counter(action.played)
        rest[top] -= 1
        rest = +rest
        if rest == chosen:
            out.setdefault(play_number(view, action), action)
        elif all(rest[c] >= k for c, k in chosen.items()):
            for card, k in rest.items():
                if k > chosen[card]:
                    out[ADD + KIND[card]] = None
    if selection:
        return out
    for action in legal:
        kind = action.type
        if kind in _SIMPLE:
            out[_SIMPLE[kind]] = action
        elif kind is ActionType.CHOOSE_COLOR:
            assert action.color is not None
            out[COLOR + _COLOR_INDEX[action.color]] = action
        elif kind is ActionType.CATCH:
            assert action.target is not None
            out[CATCH + offset(view, action.target) - 1] = action
    if view.current != view.player:
        out[NOOP] = None
    return out


def describe(number: int) -> str:
    """A readable name for an action number (for logs and debugging)."""
    if not 0 <= number < SIZE:
        raise ValueError(f"action number {number} is outside 0..{SIZE - 1}")
    if number < PLAY_WILD:
        return f"play {CARD_KINDS[number]}"
    if number < PLAY_SEVEN:
        w, c = divmod(number - PLAY_WILD, 4)
        return f"play {WILD_RANKS[w].value} naming {COLORS[c].value}"
    if number < ADD:
        c, o = divmod(number - PLAY_SEVEN, 9)
        return f"play {COLORS[c].code}7 swapping with seat +{o + 1}"
    if number < DRAW:
        return f"select {CARD_KINDS[number - ADD]}"
    if number < COLOR:
        return ("draw", "pass", "challenge", "uno", "nothing")[number - DRAW]
    if number < CATCH:
        return f"name {COLORS[number - COLOR].value}"
    return f"catch seat +{number - CATCH + 1}"
