"""Standard's card play around a Nil: covering the partner's, defending against an
opponent's. :mod:`cardplay` asks here first and plays its ordinary rules when these
return None.

Covering (the rule book's §12: win what the Nil bidder would be forced to take, lead
what it can sluff):

* a trick the Nil bidder can no longer win (its card is beaten, or nothing it may
  hold in the suit beats the card winning now) needs no cover: keep the high cards
  for the tricks that will, and play the lowest card, unless the team's contract
  still needs this trick and can still be made;
* once the contract cannot be made, tricks are worth nothing and every card serves
  the Nil;
* when the Nil bidder's card is winning, overtake it (the cheapest card that does,
  when nobody plays after us);
* on lead: cash a boss card (it keeps the lead), else a winner of a suit nobody else
  holds (it keeps the lead and the Nil bidder sluffs on it), else lead low into a
  suit the Nil bidder is out of (it sluffs a dangerous card; a king behind an ace
  still out stays as a later entry), else lead high.

Challenge searches among the cards two of these rules allow (``overtakers``,
``lead_bosses``): its rollouts model the defence of a Nil too crudely to be trusted
there.

Defending: when an opponent who bid Nil and is still clean is winning the trick,
stay under it (the Nil is set for 100), unless the team needs every trick left.
"""

from __future__ import annotations

from shared.spades.cards import SPADE_MASK, SUIT_MASKS, cards_in

from . import reasons as R
from .handeval import card_text
from .knowledge import Knowledge
from .sim import ABOVE, beats, bottom, high_card, top

Choice = tuple[int, str]


def contract_lost(k: Knowledge) -> bool:
    """The team's contract can no longer be made (it needs more tricks than are left)."""
    return k.need(k.team) > k.tricks_left


def _tricks_matter(k: Knowledge) -> bool:
    """Whether one more trick helps the team: its contract needs it and can be made."""
    need = k.need(k.team)
    return 0 < need <= k.tricks_left


def _nil_can_win(k: Knowledge, best: int, led: int) -> bool:
    """Whether the Nil partner (still to play) might have to or be able to win the trick
    over ``best``: it may hold a card of the suit above it, or only spades that do."""
    partner = k.partner
    assert partner is not None  # only asked while covering a partner's Nil
    out = k.unseen
    void = k.voids[partner]
    if not void >> led & 1 and out & ABOVE[best] & SUIT_MASKS[led]:
        return True
    if led == 3:
        return False
    # Out of the suit and of every side suit: it must trump (over a side card).
    trumps = out & SPADE_MASK & (ABOVE[best] if best >= 39 else SPADE_MASK)
    return bool(void >> led & 1 and void & 7 == 7 and trumps)


def cover_follow(k: Knowledge, legal: int, best: int, best_seat: int, led: int,
                 last: bool) -> Choice | None:
    """Standard's card while the partner's Nil is alive, or None to play the ordinary
    rules (this trick matters to the contract and the Nil is not at stake)."""
    partner = k.partner
    follow = bool(legal & SUIT_MASKS[led])
    win = beats(legal, best, led)
    partner_played = any(s == partner for s, _ in k.trick)
    if partner_played and best_seat == partner:
        if win:
            c = bottom(win) if last else (top(win & ~SPADE_MASK) if win & ~SPADE_MASK
                                         else bottom(win))
            return c, R.COVER_WIN()
        return _keep(k, legal, follow), R.COVER_PARTNER_WINS()
    if partner_played or not _nil_can_win(k, best, led):
        if _tricks_matter(k):
            return None
        why = R.COVER_KEEP_LOST if contract_lost(k) else R.COVER_KEEP_MADE
        return _keep(k, legal, follow), why()
    # Partner plays after us and could win this trick.
    if follow:
        if win:
            return top(legal), R.COVER_HIGH()
        return bottom(legal), R.COVER_LATER()
    if win:
        c = _lowest_beating(win)
        return c, R.COVER_TRUMP(card=card_text(c))
    return _keep(k, legal, follow), R.COVER_DISCARD()


def _lowest_beating(win: int) -> int:
    return bottom(win & ~SPADE_MASK) if win & ~SPADE_MASK else bottom(win & SPADE_MASK)


def _keep(k: Knowledge, legal: int, follow: bool) -> int:
    """The card that costs the Nil's cover least: the lowest of the suit, or a discard
    that keeps the high cards (the lowest of the longest side suit, spades last)."""
    if follow:
        return bottom(legal)
    side = legal & ~SPADE_MASK
    if not side:
        return bottom(legal)
    best, key = -1, (99, 99)
    for suit in range(3):
        m = side & SUIT_MASKS[suit]
        if m:
            c = bottom(m)
            kk = (-m.bit_count(), c % 13)
            if kk < key:
                best, key = c, kk
    return best


def cover_lead(k: Knowledge, legal: int, masters: int) -> Choice:
    """Standard's lead while the partner's Nil is alive."""
    out = k.unseen
    # A boss card keeps the lead (an opponent trumping it is no harm to the Nil).
    bosses = sorted(cards_in(masters), key=lambda c: (c >= 39, -(c % 13)))
    for c in bosses:
        if out & SUIT_MASKS[3 if c >= 39 else c // 13]:
            return c, R.COVER_CASH(card=card_text(c))
    # A winner in a suit nobody else holds keeps the lead too, and the Nil bidder
    # sluffs a dangerous card on it.
    if bosses:
        c = bosses[0]
        return c, R.COVER_LEAD_BOSS(card=card_text(c))
    partner = k.partner
    assert partner is not None  # only asked while covering a partner's Nil
    for suit in range(3):
        m = legal & SUIT_MASKS[suit]
        if m and k.voids[partner] >> suit & 1:
            return bottom(m), R.COVER_LEAD_VOID()
    return high_card(legal), R.COVER_LEAD_HIGH()


def lead_bosses(k: Knowledge) -> int:
    """On lead for a Nil partner: the legal cards nothing still out can beat in their
    suit (0 when not covering or none). Challenge leads one of them whatever its
    rollouts say: the rollouts' defenders do not punish a lead the Nil bidder may have
    to win, and a boss keeps the lead without that risk."""
    if k.trick or not k.partner_nil_alive():
        return 0
    out = k.unseen
    return sum(1 << c for c in cards_in(k.legal_plays) if not out & ABOVE[c])


def trick_best(k: Knowledge) -> tuple[int, int, int]:
    """(winning card, its seat, suit led) of the trick on the table (not empty)."""
    trick = k.trick
    led_card = trick[0][1]
    led = 3 if led_card >= 39 else led_card // 13
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card >= 39:
            if best < 39 or card > best:
                best, best_seat = card, seat
        elif best < 39 and card > best and card // 13 == led:
            best, best_seat = card, seat
    return best, best_seat, led


def overtakers(k: Knowledge) -> int:
    """The legal cards that beat the Nil partner's card when it is winning the trick
    (0 when it is not, or none does). Challenge plays one of them whatever its rollouts
    say: they model the defence crudely (a defender after us "wins cheaply" over the
    Nil bidder's card instead of ducking under it), and ducking here loses 100 points
    on the spot against a defender who stays under."""
    if not k.trick or not k.partner_nil_alive():
        return 0
    best, best_seat, led = trick_best(k)
    return beats(k.legal_plays, best, led) if best_seat == k.partner else 0


def defend_follow(k: Knowledge, legal: int, best: int, best_seat: int, led: int
                  ) -> Choice | None:
    """Stay under an opponent's clean Nil that is winning the trick, or None."""
    if best_seat == k.partner or best_seat == k.seat or not k.nil_alive(best_seat):
        return None
    if 0 < k.need(k.team) >= k.tricks_left:
        return None  # every trick left is needed: the contract comes first
    under = legal & ~beats(legal, best, led)
    if not under:
        return None
    return high_card(under), R.NIL_WINNING()

