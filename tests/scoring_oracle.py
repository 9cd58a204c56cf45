"""A second, deliberately simple reading of docs/rules.md: when a round ends and what it scores.

It shares no code with the engine's rules: it sees a game only from the outside (the
snapshot and the public view before and after one action, and the action itself) and
works out from the rule book alone

- whether the action must end the round (a hand emptied by a play, the last but one under
  knockout; a deadlock; a leave; the match clock) and whether it did;
- what a last Draw Two / Wild Draw Four leaves to draw, and that it was drawn (R-SCORE-1);
- the round's winner, ``round_points`` and every score (R-SCORE-2, -3, R-TEAM,
  R-TURN-8, R-SCORE-5, knockout ranking), and that scores move only when a round ends;
- whether the match ends and who wins it (R-SCORE-3, -4, R-LEAVE).

Written for clarity, not speed: loops over seats, dictionaries of codes. A disagreement is
returned as text; :mod:`checked_play` turns it into a replayable record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from younuo.engine import Action, ActionType, Game, GameStatus, PlayerView, Rules

PARTNER_ROUNDS = 12


def card_points(code: str) -> int:
    """R-CARD-4: numbers their face value; Skip, Reverse, Draw Two, Discard All 20; wilds 50."""
    if code in ("W", "W+4", "WB"):
        return 50
    rank = code[1:]
    return int(rank) if rank.isdigit() else 20


def points(hand: list[str]) -> int:
    return sum(card_points(code) for code in hand)


def draw_amount(code: str) -> int:
    """What one card gives to draw: +2 two, W+4 four, anything else nothing."""
    if code == "W+4":
        return 4
    return 2 if code.endswith("+2") else 0


@dataclass(frozen=True)
class Moment:
    """What anyone at the table could write down about the game at one moment."""

    status: GameStatus
    hands: dict[str, list[str]]
    scores: dict[str, int]
    current: str | None
    direction: int
    pending: int
    pile: int
    discard: int
    in_match: tuple[bool, ...]
    in_round: tuple[bool, ...]
    teams: tuple[int, ...] | None
    round: int
    round_winner: str | None
    round_points: int | None
    match_winner: str | None
    top: str | None

    @classmethod
    def of(cls, game: Game, view: PlayerView | None = None) -> Moment:
        """The moment of ``game``; ``view``, a spectator's, if already at hand."""
        snap = game.snapshot()
        view = view or game.view(None)
        return cls(
            status=snap["status"],
            hands=snap["hands"],
            scores=snap["scores"],
            current=snap["current"],
            direction=snap["direction"],
            pending=snap["pending_draw"],
            pile=snap["pile_count"],
            discard=view.discard_count,
            in_match=view.in_match,
            in_round=view.in_round,
            teams=view.teams,
            round=view.round,
            round_winner=snap["round_winner"],
            round_points=snap["round_points"],
            match_winner=snap["match_winner"],
            top=snap["discard_top"],
        )


class ScoringOracle:
    """Follows one match action by action and says where the engine disagrees with it."""

    def __init__(self, game: Game) -> None:
        self.players: tuple[str, ...] = game.players
        self.rules: Rules = game.rules
        self.finished: list[str] = []  # knockout finishing order, from what was seen

    # ----------------------------------------------------------------- the check
    def check(self, before: Moment, action: Action, after: Moment) -> list[str]:
        """Disagreements between the engine's ``after`` and the rule book's, for ``action``."""
        if before.status != "playing":
            if before.status == "round_over" and after.status == "playing":
                self.finished = []
            if after.scores != before.scores:
                return [f"scores changed between rounds: {before.scores} -> {after.scores}"]
            if after.status == "match_over" and before.status == "round_over":
                if action.type is ActionType.MATCH_CLOCK:
                    return self._check_clock_between_rounds(before, after)
                return self._check_left_match(before, after)
            return []
        out = self._check_finish(before, action, after)
        if out:
            return out
        ended = after.status != "playing"
        if not ended:
            if after.scores != before.scores:
                return [f"scores changed mid-round: {before.scores} -> {after.scores}"]
            return []
        return self._check_end(before, action, after)

    def _went_out(self, before: Moment, action: Action, after: Moment) -> str | None:
        player = action.player
        if action.type is not ActionType.PLAY or player is None:
            return None
        if before.hands[player] and not after.hands[player]:
            return player
        return None

    def _check_finish(self, before: Moment, action: Action, after: Moment) -> list[str]:
        """A play that empties a hand: the round must end (knockout: when one is left)."""
        out_player = self._went_out(before, action, after)
        if out_player is None:
            return []
        knockout = self.rules.scoring == "knockout"
        if knockout:
            self.finished.append(out_player)
        left = sum(before.in_round) - 1
        must_end = not knockout or left <= 1
        if must_end and after.status == "playing":
            return [f"{out_player} played their last card but the round goes on"]
        if not must_end and after.status != "playing":
            return [f"knockout: {left} players still hold cards but the round ended"]
        return []

    # ----------------------------------------------------------------- round end
    def _check_end(self, before: Moment, action: Action, after: Moment) -> list[str]:
        out_player = self._went_out(before, action, after)
        if self._too_few_left(action, after) and self.rules.scoring != "knockout":
            return self._check_left_match(before, after)
        problems: list[str] = []
        if out_player is not None:
            problems += self._check_last_draw(before, action, out_player, after)
            winner = out_player
        elif self.rules.scoring == "knockout":
            winner = ""  # ranked below
        elif action.type is ActionType.MATCH_CLOCK or (after.pile == 0 and after.discard <= 1):
            winner = self._fewest_points_side(before, after)
        else:
            return [f"the round ended after {action.type} with no card played out or deadlock"]
        if self.rules.scoring == "knockout":
            return problems + self._check_knockout(before, action, after)
        if after.round_winner != winner:
            problems.append(f"round winner {after.round_winner}, expected {winner}")
        problems += self._check_scores(before, after, winner)
        problems += self._check_match(before, action, after, winner)
        return problems

    def _check_last_draw(
        self, before: Moment, action: Action, winner: str, after: Moment
    ) -> list[str]:
        """R-SCORE-1: the next player draws the card's penalty and the pending stack first."""
        played = [c.code for c in action.played]
        jump = before.current != winner
        if jump:
            return []  # a jump-in's cancelled share is the jump-in rules', not scoring's
        due = sum(draw_amount(code) for code in played)
        direction = before.direction
        if played[0] == "WB" and before.pending:
            direction = -direction
        if due or played[0] == "WB":
            due += before.pending
        if not due:
            return []
        victim = self._next(before, winner, direction)
        available = before.pile + before.discard + len(played) - 1
        want = len(before.hands[victim]) + min(due, available)
        got = len(after.hands[victim])
        if got != want:
            return [
                f"{winner} went out leaving {due} to draw: {victim} should hold {want} cards, "
                f"holds {got}"
            ]
        return []

    def _next(self, moment: Moment, seat_name: str, direction: int) -> str:
        n = len(self.players)
        seat = self.players.index(seat_name)
        while True:
            seat = (seat + direction) % n
            if moment.in_round[seat]:
                return self.players[seat]

    def _side(self, moment: Moment, winner: str) -> list[str]:
        if moment.teams is None:
            return [winner]
        team = moment.teams[self.players.index(winner)]
        return [p for i, p in enumerate(self.players) if moment.teams[i] == team]

    def _fewest_points_side(self, before: Moment, after: Moment) -> str:
        """R-TURN-8 / R-SCORE-5: fewest hand points (the team's together), fewer cards, seat."""
        seats = [i for i, p in enumerate(self.players) if before.in_round[i]]
        hands = after.hands

        def side_key(i: int) -> tuple[int, int, int]:
            members = self._side(before, self.players[i])
            members = [m for m in members if before.in_round[self.players.index(m)]]
            return (
                sum(points(hands[m]) for m in members),
                sum(len(hands[m]) for m in members),
                i,
            )

        best = min(seats, key=side_key)
        if before.teams is None:
            return self.players[best]
        team = [i for i in seats if self.players[i] in self._side(before, self.players[best])]
        pick = min(
            team, key=lambda i: (points(hands[self.players[i]]), len(hands[self.players[i]]), i)
        )
        return self.players[pick]

    def _check_scores(self, before: Moment, after: Moment, winner: str) -> list[str]:
        """R-SCORE-2, -3, R-TEAM: the round's points and what each score gains."""
        winners = self._side(before, winner)
        losers = [p for i, p in enumerate(self.players) if before.in_match[i] and p not in winners]
        round_points = sum(points(after.hands[p]) for p in losers)
        expected = dict(before.scores)
        if self.rules.scoring in ("negative", "elimination"):
            for p in losers:
                expected[p] += points(after.hands[p])
        else:
            for p in winners:
                if before.in_match[self.players.index(p)]:
                    expected[p] += round_points
        problems = []
        if after.round_points != round_points:
            problems.append(f"round_points {after.round_points}, expected {round_points}")
        if after.scores != expected:
            problems.append(f"scores {after.scores}, expected {expected}")
        return problems

    # ----------------------------------------------------------------- match end
    def _best(self, seats: list[str], moment: Moment, lowest: bool) -> str:
        """R-SCORE-4: best score, then fewer cards, fewer hand points, earlier seat."""
        sign = 1 if lowest else -1

        def key(p: str) -> tuple[int, int, int, int]:
            hand = moment.hands[p]
            return (sign * moment.scores[p], len(hand), points(hand), self.players.index(p))

        return min(seats, key=key)

    def _check_match(self, before: Moment, action: Action, after: Moment, winner: str) -> list[str]:
        rules = self.rules
        seats = [p for i, p in enumerate(self.players) if before.in_match[i]]
        scores = after.scores
        reached = [p for p in seats if scores[p] >= rules.target]
        lowest = rules.scoring in ("negative", "elimination")
        over: bool
        champion: str | None = None
        if rules.partner_rotation:
            over = before.round >= PARTNER_ROUNDS
            champion = self._best(seats, after, lowest) if over else None
        elif rules.scoring == "single":
            over, champion = True, winner
        elif rules.scoring == "cumulative":
            over = bool(reached)
            if over:
                champion = winner if before.teams is not None else self._best(seats, after, False)
        elif rules.scoring == "negative":
            over = bool(reached)
            champion = self._best(seats, after, True) if over else None
        else:  # elimination
            remaining = [p for p in seats if scores[p] < rules.target]
            over = bool(reached) and len(remaining) <= 1
            if over:
                champion = remaining[0] if remaining else self._best(seats, after, True)
            out = {p for i, p in enumerate(self.players) if not after.in_match[i]}
            gone = {p for i, p in enumerate(self.players) if not before.in_match[i]}
            if reached and remaining and out - gone != set(reached):
                return [f"elimination: {sorted(out - gone)} out, expected {sorted(reached)}"]
        if action.type is ActionType.MATCH_CLOCK and not over:
            # R-SCORE-5: scored as usual; then the match ends with the leader.
            over = True
            champion = self._leader(after, winner)
        status = "match_over" if over else "round_over"
        if after.status != status:
            return [f"status {after.status}, expected {status} (scores {scores})"]
        if after.match_winner != champion:
            return [f"match winner {after.match_winner}, expected {champion}"]
        return []

    def _leader(self, after: Moment, round_winner: str | None) -> str:
        """R-SCORE-5: the best total among those in the match; a team's own winner named."""
        seats = [p for i, p in enumerate(self.players) if after.in_match[i]]
        lowest = self.rules.scoring in ("negative", "elimination")
        champion = self._best(seats, after, lowest)
        team_play = after.teams is not None and not self.rules.partner_rotation
        tied = round_winner is not None and after.scores[round_winner] == after.scores[champion]
        if team_play and tied:
            assert round_winner is not None
            return round_winner
        return champion

    def _check_clock_between_rounds(self, before: Moment, after: Moment) -> list[str]:
        champion = self._leader(after, before.round_winner)
        if after.match_winner != champion:
            return [f"match clock: match winner {after.match_winner}, expected {champion}"]
        return []

    def _too_few_left(self, action: Action, after: Moment) -> bool:
        """R-LEAVE: fewer than 3 left (fewer than 2 in a match begun with 2 or 3) ends it."""
        if action.type is not ActionType.LEAVE:
            return False
        n = len(self.players)
        return sum(after.in_match) < (3 if n > 3 else 2)

    def _check_left_match(self, before: Moment, after: Moment) -> list[str]:
        """R-LEAVE: too few left: the best score among those left wins; nothing is scored."""
        left = [p for i, p in enumerate(self.players) if after.in_match[i]]
        lowest = self.rules.scoring in ("negative", "elimination")
        champion = self._best(left, after, lowest)
        problems = []
        if after.scores != before.scores:
            problems.append(f"a leave changed the scores: {before.scores} -> {after.scores}")
        if after.match_winner != champion:
            problems.append(f"match winner {after.match_winner}, expected {champion}")
        return problems

    # ----------------------------------------------------------------- knockout
    def _check_knockout(self, before: Moment, action: Action, after: Moment) -> list[str]:
        """Knockout: finishing order, then those left by fewest hand points, cards, seat."""
        rest = [
            p for i, p in enumerate(self.players) if before.in_round[i] and p not in self.finished
        ]
        if action.type is ActionType.LEAVE and action.player in rest:
            rest.remove(action.player)
        rest.sort(
            key=lambda p: (points(after.hands[p]), len(after.hands[p]), self.players.index(p))
        )
        order = self.finished + rest
        expected = dict(before.scores)
        for place, p in enumerate(order):
            expected[p] = len(order) - 1 - place
        problems = []
        if after.scores != expected:
            problems.append(f"knockout scores {after.scores}, expected {expected} (order {order})")
        last_points = points(after.hands[order[-1]])
        if after.round_points != last_points:
            problems.append(f"knockout round_points {after.round_points}, expected {last_points}")
        staying = [p for p in order if after.in_match[self.players.index(p)]]
        champion = staying[0] if staying else order[0]
        if after.status != "match_over" or after.match_winner != champion:
            problems.append(f"knockout: match winner {after.match_winner}, expected {champion}")
        return problems


def describe(problems: list[str], action: Action) -> str:
    """One line for a report."""
    data: dict[str, Any] = action.to_dict()
    return f"after {data}: " + "; ".join(problems)
