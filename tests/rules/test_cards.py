"""R-CARD: the decks, card codes and card points."""

from __future__ import annotations

from collections import Counter

import pytest

from younuo.engine import (
    ALL_CARDS,
    Card,
    Color,
    Game,
    Rank,
    RecordError,
    Rules,
    hand_points,
    party_deck,
    standard_deck,
)

from .helpers import cards, codes, table

COLOR_CODES = "RYGB"


def test_r_card_1_standard_deck_has_108_cards_by_kind() -> None:
    deck = Counter(card.code for card in standard_deck())
    assert sum(deck.values()) == 108
    for c in COLOR_CODES:
        assert deck[f"{c}0"] == 1
        for n in range(1, 10):
            assert deck[f"{c}{n}"] == 2
        for symbol in ("S", "R", "+2"):
            assert deck[f"{c}{symbol}"] == 2
        assert deck[f"{c}A"] == 0
    assert deck["W"] == 4
    assert deck["W+4"] == 4
    assert deck["WB"] == 0
    # 4 colors x (1 + 18 + 6) + 8 wilds
    assert len(deck) == 4 * 13 + 2


def test_r_card_2_party_deck_adds_discard_all_and_wild_bounce() -> None:
    party = Counter(card.code for card in party_deck())
    assert sum(party.values()) == 120
    standard = Counter(card.code for card in standard_deck())
    extra = party - standard
    assert extra == Counter({"RA": 2, "YA": 2, "GA": 2, "BA": 2, "WB": 4})
    assert standard - party == Counter()


def test_r_card_1_codes_round_trip_for_every_card() -> None:
    assert len(ALL_CARDS) == 4 * 14 + 3  # 0-9, S, R, +2, A per color; W, W+4, WB
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.code) == card
    assert str(Card(Color.GREEN, Rank.REVERSE)) == "GR"
    assert str(Card(Color.YELLOW, Rank.DRAW_TWO)) == "Y+2"
    assert str(Card(None, Rank.WILD_DRAW_FOUR)) == "W+4"
    assert Card.parse("BA") == Card(Color.BLUE, Rank.DISCARD_ALL)
    assert Card.parse("WB") == Card(None, Rank.WILD_BOUNCE)
    assert Card.parse("R0").color is Color.RED


@pytest.mark.parametrize("bad", ["", "r5", "X5", "R10", "W+2", "R+4", "RW", "G", "B-1", "WA"])
def test_r_card_1_unknown_codes_are_refused(bad: str) -> None:
    with pytest.raises(RecordError) as info:
        Card.parse(bad)
    assert info.value.code == "bad_card"


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("R0", 0),
        ("Y5", 5),
        ("G9", 9),
        ("BS", 20),
        ("RR", 20),
        ("Y+2", 20),
        ("GA", 20),
        ("W", 50),
        ("W+4", 50),
        ("WB", 50),
    ],
)
def test_r_card_4_points(code: str, points: int) -> None:
    assert Card.parse(code).points == points


def test_r_card_4_hand_points_add_up() -> None:
    assert hand_points(cards("R0 Y5 G9 BS RR Y+2 GA W W+4 WB")) == 0 + 5 + 9 + 4 * 20 + 3 * 50
    # A whole standard deck: per color 2*(1+..+9) = 90 numbers and 6 symbols = 120.
    assert hand_points(standard_deck()) == 4 * (90 + 120) + 8 * 50


@pytest.mark.parametrize(
    ("players", "deck", "decks", "total"),
    [
        (2, "standard", "auto", 108),
        (5, "standard", "auto", 108),
        (6, "standard", "auto", 216),
        (10, "standard", "auto", 216),
        (4, "party", "auto", 120),
        (6, "party", "auto", 240),
        (8, "standard", 1, 108),
        (10, "standard", 1, 108),
        (2, "standard", 2, 216),
        (3, "party", 2, 240),
    ],
)
def test_r_card_3_decks_in_play(players: int, deck: str, decks: str | int, total: int) -> None:
    rules = Rules.from_preset("classic", deck=deck, decks=decks)
    assert rules.deck_count(players) == total // (120 if deck == "party" else 108)
    game = Game.new([f"p{i}" for i in range(players)], rules, seed=3)
    assert game.card_count() == total
    everyone = Counter(c for name in game.players for c in game.hand(name))
    one = party_deck() if deck == "party" else standard_deck()
    limit = Counter(one)
    copies = total // len(one)
    assert all(everyone[c] <= copies * limit[c] for c in everyone)


def test_r_card_3_party_preset_plays_two_party_decks() -> None:
    rules = Rules.from_preset("party")
    assert (rules.deck, rules.decks) == ("party", 2)
    assert Game.new(["a", "b", "c"], rules, seed=1).card_count() == 240


def test_r_card_3_setup_may_not_use_more_copies_than_the_decks_hold() -> None:
    # One standard deck (5 players) holds one R0 and no Discard All.
    with pytest.raises(RecordError) as info:
        table("a: R0 R0 | b: G1 | c: G2 | d: G3 | e: G4", start="R3")
    assert info.value.code == "bad_setup"
    with pytest.raises(RecordError):
        table("a: RA | b: G1", start="R3")
    # Six players: two decks, so two R0 are fine.
    game = table("a: R0 R0 | b: G1 | c: G2 | d: G3 | e: G4 | f: G5", start="R3")
    assert codes(game.hand("a")) == "R0 R0"
