"""R-SETUP: players, the deal, the first player and dealer, and the start card."""

from __future__ import annotations

from typing import Any

import pytest

from younuo.engine import (
    Action,
    Card,
    Color,
    Event,
    EventType,
    Game,
    RecordError,
    Rng,
    Rules,
    RulesError,
    standard_deck,
)

from .helpers import cards, codes, events_of, play, refused, table

PRESETS = ("classic", "younuo", "party")


def opening(game: Game, kind: EventType) -> list[Event]:
    return events_of(game.opening_events, kind)


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


# ------------------------------------------------------------------ R-SETUP-1


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("n", [2, 3, 6, 10])
def test_r_setup_1_two_to_ten_players_get_seven_cards(preset: str, n: int) -> None:
    game = Game.new(names(n), Rules.from_preset(preset), seed=n)
    dealt = dict(opening(game, "deal")[0].hands or ())
    assert [len(dealt[p] or ()) for p in game.players] == [7] * n
    per_deck = 120 if game.rules.deck == "party" else 108
    total = per_deck * game.rules.deck_count(n)
    assert game.card_count() == total
    # A Draw Two start card may have added two cards to the first player's hand since.
    drawn = sum(e.count or 0 for e in opening(game, "draw"))
    assert sum(len(game.hand(p)) for p in game.players) == 7 * n + drawn


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("n", [0, 1, 11, 12])
def test_r_setup_1_tables_outside_two_to_ten_are_refused(preset: str, n: int) -> None:
    with pytest.raises(RulesError) as info:
        Game.new(names(n), Rules.from_preset(preset), seed=0)
    assert info.value.code == "bad_table"


def test_r_setup_1_setup_with_one_player_is_refused() -> None:
    with pytest.raises(RulesError):
        table("ann: R5", start="R3")
    with pytest.raises(RecordError):  # duplicate names
        Game.new(["ann", "ann"], Rules(), seed=0)


def test_r_setup_1_cards_are_dealt_one_at_a_time_from_the_first_player() -> None:
    """Worked by hand: shuffle one deck with the game's generator, deal round-robin."""
    seed = 11
    players = ["ann", "bob", "cat"]
    game = Game.new(players, Rules.from_preset("younuo"), seed=seed)  # host: no draw
    deck = standard_deck()
    Rng(seed).shuffle(deck)  # the pile's top is its end
    hands: dict[str, list[Card]] = {p: [] for p in players}
    for _ in range(7):
        for p in players:
            hands[p].append(deck.pop())
    for p in players:
        assert game.hand(p) == tuple(hands[p])
    # Seven at a time would have given ann the last seven cards.
    block = standard_deck()
    Rng(seed).shuffle(block)
    assert game.hand("ann") != tuple(reversed(block[-7:]))
    start = opening(game, "start_card")[0].cards
    assert start == (deck.pop(),)


@pytest.mark.parametrize("first_player", ["draw_high", "random"])
def test_r_setup_1_the_deal_starts_with_the_first_player(first_player: str) -> None:
    """The generator first picks the first player (a draw deck, or one pick), then shuffles."""
    seed, players = 5, ["ann", "bob", "cat", "dan"]
    game = Game.new(players, Rules.from_preset("classic", first_player=first_player), seed=seed)
    first = opening(game, "round_start")[0].player
    assert first is not None
    rng = Rng(seed)
    if first_player == "draw_high":
        draw_deck = standard_deck()
        rng.shuffle(draw_deck)
        draws = opening(game, "dealer_draw")[0].get("draws")
        assert [code for _, code in draws] == [c.code for c in reversed(draw_deck)][: len(draws)]
    else:
        assert players[rng.below(4)] == first
    deck = standard_deck()
    rng.shuffle(deck)
    seat = players.index(first)
    order = players[seat:] + players[:seat]
    hands: dict[str, list[Card]] = {p: [] for p in players}
    for _ in range(7):
        for p in order:
            hands[p].append(deck.pop())
    dealt = dict(opening(game, "deal")[0].hands or ())
    assert {p: list(dealt[p] or ()) for p in players} == hands


def test_r_setup_1_deal_event_is_redacted_per_player() -> None:
    game = Game.new(["ann", "bob", "cat"], Rules(), seed=2)
    deal = opening(game, "deal")[0]
    for viewer in (*game.players, None):
        seen = dict(game.redact(deal, viewer).hands or ())
        for p in game.players:
            assert seen[p] == (game.hand(p) if p == viewer else None)


# ------------------------------------------------------------------ R-SETUP-2


@pytest.mark.parametrize("seed", range(6))
def test_r_setup_2_host_starts(seed: int) -> None:
    game = Game.new(["ann", "bob", "cat", "dan"], Rules.from_preset("younuo"), seed=seed)
    start = opening(game, "round_start")[0]
    assert start.player == "ann"
    assert start.get("dealer") is None
    assert not opening(game, "dealer_draw")


def test_r_setup_2_random_first_player_varies_with_the_seed_and_repeats_with_it() -> None:
    rules = Rules.from_preset("party")
    firsts = set()
    for seed in range(40):
        game = Game.new(names(4), rules, seed=seed)
        first = opening(game, "round_start")[0].player
        assert opening(game, "round_start")[0].get("dealer") is None
        again = Game.new(names(4), rules, seed=seed)
        assert opening(again, "round_start")[0].player == first
        firsts.add(first)
    assert firsts == set(names(4))


def dealer_by_hand(draws: list[tuple[str, str]], seats: list[str]) -> str:
    """R-SETUP-2 draw_high, from the draws in order: numbers only, highest deals, ties redraw."""
    queue = list(draws)
    while True:
        values: dict[str, int] = {}
        for seat in seats:
            while True:
                who, code = queue.pop(0)
                assert who == seat, "everyone draws in seat order"
                card = Card.parse(code)
                if card.rank.is_number:
                    values[seat] = int(card.rank.value)
                    break
        best = max(values.values())
        seats = [s for s in seats if values[s] == best]
        if len(seats) == 1:
            assert not queue, "nobody draws after the dealer is known"
            return seats[0]


@pytest.mark.parametrize("seed", range(25))
def test_r_setup_2_draw_high_dealer_and_play_starts_left_of_the_dealer(seed: int) -> None:
    players = ["ann", "bob", "cat", "dan"]
    game = Game.new(players, Rules.from_preset("classic"), seed=seed)
    draw = opening(game, "dealer_draw")
    assert len(draw) == 1
    dealer = dealer_by_hand(list(draw[0].get("draws")), players)
    start = opening(game, "round_start")[0]
    assert start.get("dealer") == dealer == draw[0].player
    assert start.player == players[(players.index(dealer) + 1) % 4]


def test_r_setup_2_draw_high_redraws_non_numbers_and_ties() -> None:
    """Across seeds the redraw paths are taken, and the check above holds for them too."""
    redrew = tied = False
    for seed in range(200):
        game = Game.new(names(5), Rules.from_preset("classic"), seed=seed)
        draws = list(opening(game, "dealer_draw")[0].get("draws"))
        redrew |= any(not Card.parse(code).rank.is_number for _, code in draws)
        tied |= len([d for d in draws if Card.parse(d[1]).rank.is_number]) > 5
        assert dealer_by_hand(draws, names(5)) == opening(game, "round_start")[0].get("dealer")
        if redrew and tied:
            break
    assert redrew and tied


def win_round_one(later_rounds: str, seed: int = 0, **options: Any) -> Game:
    """bob goes out in round 1 of a three-player setup; the round is over."""
    game = table(
        "ann: R5 G5 | bob: R7 | cat: B1 B2",
        start="R3",
        pile="Y1 Y2",
        rules="classic",
        later_rounds=later_rounds,
        seed=seed,
        **options,
    )
    game.apply(play("ann", "R5"))
    game.apply(play("bob", "R7"))
    assert game.status == "round_over"
    assert game.snapshot()["round_winner"] == "bob"
    return game


@pytest.mark.parametrize("first_player", ["host", "draw_high", "random"])
def test_r_setup_2_later_rounds_winner_starts(first_player: str) -> None:
    game = win_round_one("winner_starts", first_player=first_player)
    events = game.apply(Action.next_round())
    start = events_of(events, "round_start")[0]
    assert (start.player, start.get("round"), start.get("dealer")) == ("bob", 2, None)
    assert not events_of(events, "dealer_draw")


@pytest.mark.parametrize("first_player", ["host", "draw_high", "random"])
def test_r_setup_2_later_rounds_winner_deals(first_player: str) -> None:
    game = win_round_one("winner_deals", first_player=first_player)
    events = game.apply(Action.next_round("cat"))
    start = events_of(events, "round_start")[0]
    assert (start.player, start.get("dealer")) == ("cat", "bob")
    assert [len(game.hand(p)) for p in game.players] == [7, 7, 7]


# ------------------------------------------------------------------ R-SETUP-3 apply

FOUR = "ann: R5 G5 | bob: B5 Y5 | cat: G6 Y6 | dan: B7 Y7"


def test_r_setup_3_number_start_card_has_no_effect() -> None:
    game = table(FOUR, start="R3")
    snap = game.snapshot()
    assert (snap["current"], snap["direction"], snap["color"]) == ("ann", 1, "red")
    assert snap["discard_top"] == "R3"


def test_r_setup_3_skip_start_card_skips_the_first_player() -> None:
    game = table(FOUR, start="RS")
    assert game.current == "bob"
    assert [e.player for e in events_of(game.opening_events, "skip")] == ["ann"]
    refused(game, play("ann", "R5"), "not_your_turn")


def test_r_setup_3_reverse_start_card_flips_and_first_still_plays() -> None:
    game = table(FOUR, start="RR")
    assert (game.current, game.snapshot()["direction"]) == ("ann", -1)
    game.apply(play("ann", "R5"))
    assert game.current == "dan"  # anticlockwise from ann


def test_r_setup_3_reverse_start_card_in_two_player_game_is_a_skip() -> None:
    game = table("ann: R5 G5 | bob: B5 Y5", start="RR")
    assert (game.current, game.snapshot()["direction"]) == ("bob", -1)
    assert [e.player for e in events_of(game.opening_events, "skip")] == ["ann"]


@pytest.mark.parametrize("option", ["skip", "reverse"])
def test_r_setup_3_reverse_start_card_two_players_is_a_skip_whatever_the_option(
    option: str,
) -> None:
    """R-TURN-3 says it without condition (docs/rules.md): the start Reverse is a Skip."""
    game = table("ann: R5 G5 | bob: B5 Y5", start="RR", two_player_reverse=option)
    assert (game.current, game.snapshot()["direction"]) == ("bob", -1)
    assert [e.player for e in events_of(game.opening_events, "skip")] == ["ann"]


def test_r_setup_3_draw_two_start_card_without_stacking_is_drawn_at_once() -> None:
    game = table(FOUR, start="R+2", pile="G1 B2 Y3")
    assert codes(game.hand("ann")) == "R5 G5 G1 B2"
    snap = game.snapshot()
    assert (snap["current"], snap["pending_draw"], snap["pile_count"]) == ("bob", 0, 1)


@pytest.mark.parametrize("answer", ["B+2", "W+4"])
def test_r_setup_3_draw_two_start_card_may_be_stacked(answer: str) -> None:
    game = table(
        f"ann: {answer} G5 | bob: B5 Y5 | cat: G6 | dan: B7",
        start="R+2",
        pile="G1 B2 Y3 Y4 R1 R2",
        stacking="progressive",
    )
    assert (game.current, game.snapshot()["pending_draw"]) == ("ann", 2)
    assert game.view("bob").pending_draw == 2
    game.apply(play("ann", answer, "green" if answer == "W+4" else None))
    total = 4 if answer == "B+2" else 6
    # bob holds nothing to stack, and (R-DRAW4-4 "first") bob may challenge the W+4.
    if answer == "W+4":
        assert game.current == "bob"
        game.apply(Action.draw("bob"))
    assert len(game.hand("bob")) == 2 + total
    assert game.current == "cat"


def test_r_setup_3_draw_two_start_card_with_stacking_but_no_answer_is_drawn() -> None:
    game = table(FOUR, start="R+2", pile="G1 B2 Y3", stacking="progressive")
    assert len(game.hand("ann")) == 4
    assert game.current == "bob"


@pytest.mark.parametrize("start", ["W", "WB"])
def test_r_setup_3_wild_start_card_first_player_names_the_color(start: str) -> None:
    deck = "party" if start == "WB" else "standard"
    game = table(FOUR, start=start, deck=deck)
    view = game.view("ann")
    assert (view.phase, view.color, game.current) == ("choose_color", None, "ann")
    refused(game, play("ann", "G5"), "choose_color_first")
    refused(game, Action.draw("ann"), "choose_color_first")
    refused(game, Action.choose_color("bob", Color.GREEN), "not_your_turn")
    legal = game.legal_actions("ann")
    assert {a.color for a in legal if a.type == "choose_color"} == set(Color)
    assert not [a for a in legal if a.type in ("play", "draw")]
    game.apply(Action.choose_color("ann", Color.GREEN))
    assert game.snapshot()["color"] == "green"
    refused(game, play("ann", "R5"), "card_does_not_match")
    refused(game, Action.choose_color("ann", Color.RED), "no_color_to_choose")
    game.apply(play("ann", "G5"))
    assert game.current == "bob"


def test_r_setup_3_first_player_leaving_before_naming_the_color_passes_the_naming_on() -> None:
    """Decision: p0 leaves before naming the Wild start card's color: p1, who now plays
    first, names it, then plays on it."""
    game = table("p0: G1 | p1: R5 B2 G7 | p2: Y3 Y4 | p3: G4 G6", start="W", pile="G8 B3")
    game.apply(Action.leave("p0"))
    view = game.view("p1")
    assert (view.phase, view.color, game.current) == ("choose_color", None, "p1")
    refused(game, play("p1", "G7"), "choose_color_first")
    refused(game, Action.choose_color("p2", Color.GREEN), "not_your_turn")
    game.apply(Action.choose_color("p1", Color.GREEN))
    assert game.snapshot()["color"] == "green"
    game.apply(play("p1", "G7"))
    assert game.current == "p2"


def test_r_setup_3_first_player_timing_out_after_another_left_names_the_color() -> None:
    """The naming passes with the turn: p1's clock runs out, so R-TURN-7 names it for p1
    (the color p1 holds most: blue) and p1 draws one."""
    game = table("p0: G1 | p1: B5 B2 R7 | p2: Y3 Y4 | p3: G4 G6", start="W", pile="G8 B3")
    game.apply(Action.leave("p0"))
    game.apply(Action.timeout("p1"))
    assert game.snapshot()["color"] == "blue"
    assert codes(game.hand("p1")) == "B5 B2 R7 G8"
    assert game.current == "p2"


def test_r_setup_3_wild_draw_four_start_card_goes_to_the_bottom() -> None:
    game = table(FOUR, start="W+4", pile="G1 B2")
    returned = [e for e in events_of(game.opening_events, "start_card") if e.reason]
    assert [(e.reason, codes(e.cards or ())) for e in returned] == [("returned", "W+4")]
    snap = game.snapshot()
    assert (snap["discard_top"], snap["color"], snap["current"]) == ("G1", "green", "ann")
    assert snap["pile_count"] == 2
    # The pile now is B2 then W+4 at the bottom: draw both and see (draw_and_play on:
    # B2 is not playable on G1, so ann's turn passes; bob's W+4 is, so he keeps it).
    game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "R5 G5 B2"
    game.apply(Action.draw("bob"))
    assert codes(game.hand("bob")) == "B5 Y5 W+4"


def test_r_setup_3_several_wild_draw_fours_in_a_row_all_go_back() -> None:
    game = table(FOUR, start="W+4", pile="W+4 G1 B2")
    assert game.snapshot()["discard_top"] == "G1"
    assert [codes(e.cards or ()) for e in events_of(game.opening_events, "start_card")] == [
        "W+4",
        "W+4",
        "G1",
    ]
    game.apply(Action.draw("ann"))
    game.apply(Action.draw("bob"))
    assert codes(game.hand("ann")) == "R5 G5 B2"
    assert game.hand("bob")[-1] == Card.parse("W+4")


def test_r_setup_3_discard_all_start_card_is_a_plain_colored_card() -> None:
    game = table(FOUR, start="GA", deck="party")
    snap = game.snapshot()
    assert (snap["current"], snap["color"], snap["direction"]) == ("ann", "green", 1)
    assert snap["pending_draw"] == 0
    game.apply(play("ann", "G5"))
    assert game.current == "bob"


@pytest.mark.parametrize("preset", PRESETS)
def test_r_setup_3_start_card_option_is_apply_in_every_preset(preset: str) -> None:
    assert Rules.from_preset(preset).start_card == "apply"


def find_game(
    rules: Rules, n: int, rank: str, seeds: range = range(3000)
) -> tuple[Game, Event, Event]:
    for seed in seeds:
        game = Game.new(names(n), rules, seed=seed)
        turned = [e for e in events_of(game.opening_events, "start_card") if not e.reason]
        if turned[0].cards and turned[0].cards[0].rank.value == rank:
            return game, events_of(game.opening_events, "round_start")[0], turned[0]
    raise AssertionError(f"no seed turns a {rank} start card")


def test_r_setup_3_reverse_start_under_draw_high_dealer_plays_first_anticlockwise() -> None:
    game, start, _ = find_game(Rules.from_preset("classic"), 4, "R")
    dealer = start.get("dealer")
    assert dealer is not None
    assert start.player == names(4)[(names(4).index(dealer) + 1) % 4]
    assert (game.current, game.snapshot()["direction"]) == (dealer, -1)
    hand = game.hand(dealer)
    color = game.snapshot()["color"]
    playable = [c for c in hand if c.color is None or c.color.value == color or c.rank.value == "R"]
    if playable:  # play on and check play goes on to the dealer's right
        card = playable[0]
        game.apply(Action.play(dealer, card, color=Color.RED if card.color is None else None))
        seat = names(4).index(dealer)
        if card.rank.value not in ("S", "R", "+2", "W+4"):
            assert game.current == names(4)[(seat - 1) % 4]


def test_r_setup_3_reverse_start_under_draw_high_two_players_skips_to_dealer() -> None:
    game, start, _ = find_game(Rules.from_preset("classic"), 2, "R")
    dealer = start.get("dealer")
    assert start.player != dealer
    assert game.current == dealer


def test_r_setup_3_skip_start_under_draw_high_skips_left_of_dealer() -> None:
    game, start, _ = find_game(Rules.from_preset("classic"), 4, "S")
    assert start.player is not None
    seat = names(4).index(start.player)
    assert game.current == names(4)[(seat + 1) % 4]


def test_r_setup_3_later_round_reverse_start_winner_deals_dealer_plays_first() -> None:
    """Decision: any round with a dealer (draw_high, winner_deals) lets the dealer start."""
    for seed in range(400):
        game = win_round_one("winner_deals", seed=seed)
        events = game.apply(Action.next_round())
        turned = next(e for e in events_of(events, "start_card") if not e.reason)
        if turned.cards and turned.cards[0].rank.value == "R":
            assert events_of(events, "round_start")[0].get("dealer") == "bob"
            assert (game.current, game.snapshot()["direction"]) == ("bob", -1)
            return
    raise AssertionError("no seed turned a Reverse in round 2")


def test_r_setup_3_play_direction_starts_clockwise() -> None:
    for seed in range(10):
        game = Game.new(names(4), Rules.from_preset("younuo"), seed=seed)
        turned = next(e for e in events_of(game.opening_events, "start_card") if not e.reason)
        assert turned.cards is not None
        expected = -1 if turned.cards[0].rank.value == "R" else 1
        assert game.snapshot()["direction"] == expected


# ------------------------------------------------------------------ R-SETUP-3 number_only


@pytest.mark.parametrize("start", ["RS", "GR", "B+2", "W", "W+4"])
def test_r_setup_3_number_only_puts_non_numbers_back_until_a_number(start: str) -> None:
    game = table(FOUR, start=start, pile="Y+2 W G4 B8", start_card="number_only")
    snap = game.snapshot()
    assert (snap["discard_top"], snap["color"], snap["current"]) == ("G4", "green", "ann")
    assert (snap["direction"], snap["pending_draw"]) == (1, 0)
    returned = [codes(e.cards or ()) for e in events_of(game.opening_events, "start_card")]
    assert returned == [start, "Y+2", "W", "G4"]
    # The pile is now B8 then the returned cards in the order they went under.
    assert snap["pile_count"] == 4
    drawn = []
    for player in ("ann", "bob", "cat", "dan"):
        game.apply(Action.draw(player))
        drawn.append(game.hand(player)[2])
        if game.current == player:  # draw_and_play kept a playable card
            game.apply(Action.pass_(player))
    assert drawn == cards(f"B8 {start} Y+2 W")


def test_r_setup_3_number_only_keeps_a_number_start_card() -> None:
    game = table(FOUR, start="Y0", pile="RS", start_card="number_only")
    assert game.snapshot()["discard_top"] == "Y0"
    assert game.snapshot()["pile_count"] == 1


def test_r_setup_3_draw_two_start_card_under_jump_in_all_is_taken_with_draw() -> None:
    """R-STACK: under jump_in=all the first player takes the start penalty with `draw`."""
    game = table("ann: R5 G5 G6 | bob: B5 | cat: Y1", start="R+2", pile="Y2 Y3 Y4", jump_in="all")
    assert (game.current, game.snapshot()["pending_draw"]) == ("ann", 2)
    assert [a.type.value for a in game.legal_actions("ann")] == ["draw", "leave"]
    game.apply(Action.draw("ann"))
    assert codes(game.hand("ann")) == "R5 G5 G6 Y2 Y3"
    assert game.current == "bob"
