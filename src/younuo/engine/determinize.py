"""Determinization: a full game built from one player's view and a guess of what is hidden.

Search bots (``younuo.bots.hard``) never see the real game. They sample the hidden
cards (the other hands and the order of the draw pile) consistently with what they
have seen, build a complete game from their view and that sample, and play it out.
This module does the building, because it needs the engine's private state::

    pool = unseen_cards(view)                       # cards the viewer cannot place
    ...                                             # deal ``pool`` into hands and a pile
    world = determinize(view, hands, pile, seed=7)  # an ordinary Game, fully known

Only public facts and the viewer's own hand come from the view, so a determinized
game leaks nothing: everything else is the caller's guess.

A few facts that matter only in rare corners are not in a view and are set to a
neutral value: the turns since the last play (R-TURN-8 deadlock counting starts
afresh), the order in which knockout players finished, the dealer, and whether a
Wild Bounce on top bounced a penalty that was drawn since (R-HOUSE-JUMP cancelling).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

from younuo.engine.cards import ALL_CARDS, Card, Rank, party_deck, standard_deck
from younuo.engine.game import Game
from younuo.engine.moves import action_caches
from younuo.engine.rng import Rng
from younuo.engine.state import Challenge, State
from younuo.engine.status import DRAWN
from younuo.engine.views import PlayerView


def full_deck(view: PlayerView) -> list[Card]:
    """Every card in play at this table (R-CARD-1..3)."""
    rules = view.rules
    one = party_deck() if rules.deck == "party" else standard_deck()
    return one * rules.deck_count(len(view.players))


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards the viewer cannot place: the deck(s) less their hand and the discard pile.

    They are in the other hands and the draw pile, in some order only a guess can give.
    In a dealt game the list has ``len(pile) + sum(other hand sizes)`` cards (cards of a
    player who left lie at the bottom of the pile); a game built from an explicit setup
    may leave some cards out of play, and then the list is longer.
    """
    left = Counter(full_deck(view))
    left.subtract(view.hand)
    left.subtract(view.discard_pile)
    if any(k < 0 for k in left.values()):
        raise ValueError("the view holds more of a card than the decks do")
    return sorted(left.elements(), key=_ORDER.__getitem__)


def determinize(
    view: PlayerView,
    hands: Mapping[str, Sequence[Card]],
    pile: Sequence[Card],
    *,
    seed: int = 0,
    drawn: Card | None = None,
    bluffs: Mapping[str, bool] | None = None,
) -> Game:
    """A complete game matching ``view``, with the hidden cards as given.

    ``hands`` gives every other player's hand (its size must be the view's hand
    count); ``pile`` is the draw pile, top first. Together with the viewer's hand and
    the discard pile they must be cards of the deck(s): all of them in a dealt game,
    fewer in one built from an explicit setup (docs/records.md). ``drawn`` is the
    card another current player holds after drawing (the viewer's own is in the view);
    ``bluffs`` says, for each player in the view's ``penalty_stack``, whether their
    Wild Draw Four was a bluff (R-DRAW4-1), which only the cards can tell. ``seed``
    seeds the game's generator for reshuffles in the sampled future.

    Raises :class:`ValueError` when the sample does not fit the view.
    """
    players = view.players
    me = view.seat
    seat_of = {name: i for i, name in enumerate(players)}
    all_hands: list[list[Card]] = []
    for i, name in enumerate(players):
        hand = list(view.hand) if i == me else list(hands.get(name, ()))
        if len(hand) != view.hand_counts[i]:
            raise ValueError(
                f"{name} holds {view.hand_counts[i]} cards, the sample gives {len(hand)}"
            )
        all_hands.append(hand)
    if len(pile) != view.pile_count:
        raise ValueError(f"the pile has {view.pile_count} cards, the sample gives {len(pile)}")
    used = Counter(c for hand in all_hands for c in hand)
    used.update(pile)
    used.update(view.discard_pile)
    if used - Counter(full_deck(view)):
        raise ValueError("the sampled cards are not cards of the deck(s)")

    rules = view.rules
    n = len(players)
    plays, others = action_caches(n)
    s = State(
        players=players,
        rules=rules,
        rng=Rng(seed),
        team_mode=view.teams is not None,
        team_of=list(view.teams) if view.teams is not None else [i % 2 for i in range(n)],
        hands=all_hands,
        play_cache=plays,
        simple_cache=others,
    )
    s.pile = list(reversed(pile))
    s.discard = list(view.discard_pile)
    s.color = view.color
    s.direction = view.direction
    s.current = None if view.current is None else seat_of[view.current]
    s.status = view.status
    s.phase = view.phase
    s.drawn = view.drawn if view.drawn is not None else drawn
    if s.phase == DRAWN and s.drawn is None:
        raise ValueError("the current player holds a drawn card: pass drawn=")
    s.pending = view.pending_draw
    s.pending_kind = view.pending_kind
    guess = bluffs or {}
    s.stack = [(seat_of[name], guess.get(name, False)) for name in view.penalty_stack]
    if view.challenge is not None:
        victim, accused = view.challenge
        s.challenge = Challenge(seat_of[victim], seat_of[accused], guess.get(accused, False))
    s.top_owner = None if view.top_owner is None else seat_of[view.top_owner]
    s.top_share, s.top_flips, s.top_w4 = _top_effect(view, s.top_owner)
    s.in_match = list(view.in_match)
    s.in_round = list(view.in_round)
    s.called = list(view.called_uno)
    s.exposed = None if view.exposed is None else seat_of[view.exposed]
    s.idle_turns = 0
    s.round = view.round
    s.dealer = None
    s.scores = list(view.scores)
    s.round_winner = s.round_winner_prev = (
        None if view.round_winner is None else seat_of[view.round_winner]
    )
    s.round_points = view.round_points
    s.match_winner = None if view.match_winner is None else seat_of[view.match_winner]
    s.finished = [i for i in range(n) if view.in_match[i] and not view.in_round[i]]
    s.last_play = list(view.last_play)
    s.timeouts = list(view.timeouts)
    if view.reveal is not None and me is not None:
        s.reveal = (me, seat_of[view.reveal[0]], view.reveal[1])
    s.events = []
    return Game(s, {"seed": seed, "setup": None, "teams": None, "determinized": True})


def _top_effect(view: PlayerView, owner: int | None) -> tuple[int, int, int]:
    """The top card's own share of the penalty, direction flips and Wild Draw Four count.

    A jump-in (R-HOUSE-JUMP ``all``) cancels these; they follow from the last play.
    """
    top = view.top
    if top is None:
        return 0, 0, 0
    rank = top.rank
    played = view.last_play[owner] if owner is not None else None
    count = 1 if played is None else max(1, sum(1 for c in played if c.rank is rank))
    share = w4 = flips = 0
    if view.pending_draw and rank.draw_amount:
        share = min(view.pending_draw, rank.draw_amount * count)
        w4 = 1 if rank is Rank.WILD_DRAW_FOUR else 0
    if rank is Rank.REVERSE:
        flips = count
    elif rank is Rank.WILD_BOUNCE and view.pending_draw:
        flips = 1
    return share, flips, w4


def _sort_key(card: Card) -> tuple[str, str]:
    return (card.color.value if card.color is not None else "~", card.rank.value)


# The order unseen cards are listed in (colors by name, wilds last), as a number per card.
_ORDER: Final = {card: i for i, card in enumerate(sorted(ALL_CARDS, key=_sort_key))}
