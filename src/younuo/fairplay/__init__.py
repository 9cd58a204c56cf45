"""Fair play: signals of collusion, shared origins and changed hands, computed from stored matches.

Pure logic over what the server stores (the match records and the seats' session
facts); no I/O, no clock, no randomness::

    from younuo.fairplay import SeatFacts, StoredMatch, detect
    match = StoredMatch("m1", record_dict, seats=(SeatFacts("Ann", "acct-1", address="..."), ...))
    for case in detect(matches):             # findings for the moderators' review queue
        store(case.to_dict())

- collusion (:mod:`~younuo.fairplay.favour`): pairs whose play favours each other
  (sparing action cards, feeding colours, letting missed UNOs go, accepting Wild Draw
  Fours), against how the same players treat others in the same situations; with how
  often they sit together against chance (:mod:`~younuo.fairplay.together`);
- same origin (:mod:`~younuo.fairplay.origin`): several accounts at one table from one
  browser or address;
- account change (:mod:`~younuo.fairplay.change`): a sudden change in an account's
  timing, style or place.

A case is never a sanction: titles and rating points are withheld or revoked only by a
moderator's recorded decision (docs/fairplay.md).
"""

from younuo.fairplay.case import Case, CaseKind, Figure, Measure
from younuo.fairplay.change import AccountChange, Feature, Shift, account_change, change_point
from younuo.fairplay.channels import Channel, Position, Stratum
from younuo.fairplay.detector import (
    change_cases,
    collusion_case,
    collusion_cases,
    detect,
    flagged,
    origin_cases,
)
from younuo.fairplay.digest import MatchDigest, SeatPlay, digest
from younuo.fairplay.facts import SeatFacts, StoredMatch
from younuo.fairplay.favour import (
    ChannelFigures,
    Move,
    Pair,
    PairScore,
    PairTally,
    channel_figures,
    pair_of,
    score,
    tallies,
    tally,
)
from younuo.fairplay.origin import OriginKind, SharedOrigin, shared_origins
from younuo.fairplay.thresholds import DEFAULT, Thresholds
from younuo.fairplay.together import Seating, Together, TogetherModel, seating_of, together

__all__ = [
    "DEFAULT",
    "AccountChange",
    "Case",
    "CaseKind",
    "Channel",
    "ChannelFigures",
    "Feature",
    "Figure",
    "MatchDigest",
    "Measure",
    "Move",
    "OriginKind",
    "Pair",
    "PairScore",
    "PairTally",
    "Position",
    "SeatFacts",
    "SeatPlay",
    "Seating",
    "SharedOrigin",
    "Shift",
    "StoredMatch",
    "Stratum",
    "Thresholds",
    "Together",
    "TogetherModel",
    "account_change",
    "change_cases",
    "change_point",
    "channel_figures",
    "collusion_case",
    "collusion_cases",
    "detect",
    "digest",
    "flagged",
    "origin_cases",
    "pair_of",
    "score",
    "seating_of",
    "shared_origins",
    "tallies",
    "tally",
    "together",
]
