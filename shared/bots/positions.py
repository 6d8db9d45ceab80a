"""Kinds of position a decision is taken at: where a level gains or loses points.

The tournament's ``--swap OTHER@KIND`` plays a level with another level's decision at
one kind of position only, on the same deals as the level alone, and reports the paired
difference (docs/bots.md, "Where each level's gap is"). The kinds:

- ``bid``: every decision of the bidding (a bid, a look, a Blind Nil);
- ``nilown``, ``nilpartner``, ``nilopp``: a card while a (Blind) Nil bid is still clean,
  this seat's own, its partner's, or only an opponent's (the first that applies);
- otherwise a card by its place in the trick: ``lead``, ``second``, ``third``,
  ``fourth``, ``fifth``, ``sixth`` (at four seats ``fourth`` is last to the trick);
- ``other``: the draw of the two-handed game and the Nil card pass.
"""

from __future__ import annotations

from .knowledge import Knowledge

__all__ = ["KINDS", "position_kind"]

_PLACES = ("lead", "second", "third", "fourth", "fifth", "sixth")
KINDS = ("bid", "nilown", "nilpartner", "nilopp", *_PLACES, "other")


def position_kind(k: Knowledge) -> str:
    """The kind of position of this decision (one of :data:`KINDS`)."""
    if k.phase == "bidding":
        return "bid"
    if k.phase != "playing":
        return "other"
    if k.nil_alive(k.seat):
        return "nilown"
    if k.partner_nil_alive():
        return "nilpartner"
    if any(k.nil_alive(seat) for seat in range(k.seats)):
        return "nilopp"
    return _PLACES[len(k.trick)]
