"""Friendship between two accounts: the states of a pair and the moves between them.

A pair of accounts is in one of three states: no link, a request pending from one to the
other, or friends. A block is kept apart (:mod:`younuo.social.blocks`) because it is one
sided and outlives the friendship: blocking someone ends any friendship or request, and
while either side blocks the other no new request can be made.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from younuo.social.errors import SocialCode, SocialError


class LinkStatus(StrEnum):
    """The state of the link between two accounts."""

    PENDING = "pending"  # ``requester`` asked ``addressee``
    FRIENDS = "friends"


@dataclass(frozen=True)
class Link:
    """A stored link between two accounts; no link at all is ``None``."""

    requester: str
    addressee: str
    status: LinkStatus

    def involves(self, a: str, b: str) -> bool:
        """Whether this link is between ``a`` and ``b`` (in either order)."""
        return {self.requester, self.addressee} == {a, b}


def request(link: Link | None, sender: str, target: str, *, blocked: bool) -> Link:
    """``sender`` asks ``target`` to be friends; returns the new link.

    A request to someone who already asked you accepts theirs (both want it), which is
    what a player who did not see the incoming request expects. ``blocked`` says whether
    either side blocks the other.
    """
    if sender == target:
        raise SocialError(SocialCode.SELF, "You cannot befriend yourself.")
    if blocked:
        raise SocialError(SocialCode.BLOCKED, "This player cannot be asked.")
    if link is None:
        return Link(sender, target, LinkStatus.PENDING)
    if link.status is LinkStatus.FRIENDS:
        raise SocialError(SocialCode.ALREADY_FRIENDS, "You are already friends.")
    if link.requester == sender:
        raise SocialError(SocialCode.ALREADY_REQUESTED, "Your request is already pending.")
    return Link(link.requester, link.addressee, LinkStatus.FRIENDS)


def accept(link: Link | None, actor: str) -> Link:
    """``actor`` accepts a request addressed to them; returns the friendship."""
    if link is None or link.status is not LinkStatus.PENDING or link.addressee != actor:
        raise SocialError(SocialCode.NO_REQUEST, "There is no request to accept.")
    return Link(link.requester, link.addressee, LinkStatus.FRIENDS)


def decline(link: Link | None, actor: str) -> None:
    """``actor`` declines a request to them, or withdraws their own: the link goes."""
    if link is None or link.status is not LinkStatus.PENDING:
        raise SocialError(SocialCode.NO_REQUEST, "There is no request to decline.")
    if actor not in (link.requester, link.addressee):
        raise SocialError(SocialCode.NO_REQUEST, "There is no request to decline.")


def remove(link: Link | None, actor: str) -> None:
    """``actor`` ends a friendship: the link goes."""
    if link is None or link.status is not LinkStatus.FRIENDS:
        raise SocialError(SocialCode.NOT_FRIENDS, "You are not friends.")
    if actor not in (link.requester, link.addressee):
        raise SocialError(SocialCode.NOT_FRIENDS, "You are not friends.")


def are_friends(link: Link | None) -> bool:
    """Whether the link is an accepted friendship."""
    return link is not None and link.status is LinkStatus.FRIENDS
