"""What must hold after every action of any game, whatever the rules (docs/rules.md).

Each check reads the game from outside (snapshot, views, legal actions) except the draw
pile's contents, which no view shows: the test is the referee here. A broken invariant is
returned as a sentence; :mod:`checked_play` turns it into a replayable record.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from younuo.engine import ActionType, Card, Game, PlayerView, Rules

COLORS = "RYGB"
NUMBERS = "123456789"


def deck(rules: Rules, players: int) -> Counter[Card]:
    """R-CARD-1..3 from the rule book: every card of the table's deck(s)."""
    one: list[str] = []
    for color in COLORS:
        one.append(f"{color}0")
        for rank in [*NUMBERS, "S", "R", "+2"]:
            one += [f"{color}{rank}"] * 2
        if rules.deck == "party":
            one += [f"{color}A"] * 2
    one += ["W"] * 4 + ["W+4"] * 4
    if rules.deck == "party":
        one += ["WB"] * 4
    copies = (2 if players >= 6 else 1) if rules.decks == "auto" else int(rules.decks)
    return Counter({Card.parse(code): n * copies for code, n in Counter(one).items()})


def card_places(game: Game, view: PlayerView | None = None) -> Counter[Card]:
    """Every card in a hand, the discard pile and the draw pile."""
    view = view or game.view(None)
    hands = (game.hand(player) for player in game.players)
    # No view shows the draw pile: the test is the referee here.
    return Counter(chain(*hands, view.discard_pile, game._s.pile))


def violations(game: Game, full_deck: Counter[Card], view: PlayerView | None = None) -> list[str]:
    """Every invariant ``game`` breaks now (empty when all hold); ``view`` is a spectator's."""
    out: list[str] = []
    view = view or game.view(None)
    held = card_places(game, view)
    # dict's own equality: Counter's (zero counts equal to missing ones) runs in Python,
    # and neither side ever holds a zero count here.
    if not dict.__eq__(held, full_deck):
        extra = {c.code: k for c, k in (held - full_deck).items()}
        missing = {c.code: k for c, k in (full_deck - held).items()}
        out.append(f"cards: extra {extra}, missing {missing}")
    players = game.players
    for i, player in enumerate(players):
        if view.in_match[i]:
            continue
        # A player out by elimination keeps the last round's hand on the table until the
        # next deal; in a round being played nobody out of the match holds a card.
        if view.in_round[i] or (view.status == "playing" and game.hand(player)):
            out.append(f"{player} is out of the match but still plays or holds cards")
    if view.status == "playing":
        out += _playing(game, view)
    else:
        out += _stopped(game, view)
    if (view.status == "match_over") != (view.match_winner is not None):
        out.append(f"status {view.status} with match winner {view.match_winner}")
    if view.status == "round_over" and (view.round_winner is None or view.round_points is None):
        out.append("a round is over with no winner or no round points")
    return out


def _stopped(game: Game, view: PlayerView) -> list[str]:
    """A finished round or match: nobody to play and nothing owed."""
    out = []
    if view.current is not None:
        out.append(f"{view.status} but {view.current} is still to play")
    if view.pending_draw or view.pending_kind is not None:
        out.append(f"{view.status} with {view.pending_draw} cards still pending")
    if view.challenge is not None or view.penalty_stack:
        out.append(f"{view.status} with a challenge or penalty stack still open")
    if view.phase != "turn" or game._s.drawn is not None:
        out.append(f"{view.status} in phase {view.phase}")
    if view.exposed is not None:
        out.append(f"{view.status} with {view.exposed} still open to a catch")
    return out


def _playing(game: Game, view: PlayerView) -> list[str]:
    """A round in play: one player to move, a color in force, no stale penalty or challenge."""
    rules = game.rules
    players = game.players
    out = []
    current = view.current
    if current is None or not view.in_round[players.index(current)]:
        return [f"the round is playing but {current} is to play"]
    if view.round_points is not None or view.match_winner is not None:
        out.append("the round is playing with round points or a match winner set")
    for i, player in enumerate(players):
        if view.in_round[i] and not game.hand(player):
            out.append(f"{player} holds no card but the round goes on")
    if not view.discard_pile:
        out.append("the round is playing with no top card")
    if view.phase == "choose_color":
        if view.top is None or view.top.color is not None:
            out.append(f"naming a color on {view.top}, which is no wild")
    elif view.color is None:
        out.append("no color in force: no colored card can ever be played")
    if view.phase == "drawn" and game.view(current).drawn is None:
        out.append("phase drawn with no drawn card")
    if view.pending_draw:
        if view.pending_kind is None:
            out.append(f"{view.pending_draw} pending with no kind")
    elif view.challenge is not None or view.penalty_stack:
        out.append("nothing pending but a challenge or penalty stack is open")
    if view.challenge is not None:
        victim, accused = view.challenge
        if victim != current:
            out.append(f"the challenge is {victim}'s but {current} is to play")
        if accused == victim or not view.in_match[players.index(accused)]:
            out.append(f"{victim} may challenge {accused}, who is not at the table or is them")
    if view.exposed is not None and len(game.hand(view.exposed)) != 1:
        out.append(f"{view.exposed} is open to a catch without holding one card")
    no_wait = rules.jump_in != "all"
    if view.pending_draw and view.phase == "turn" and no_wait:
        choices = [
            a
            for a in game.legal_actions(current)
            if a.type in (ActionType.PLAY, ActionType.CHALLENGE)
        ]
        if not choices:
            out.append(f"{current} has no choice but to draw {view.pending_draw} and is waiting")
    return out
