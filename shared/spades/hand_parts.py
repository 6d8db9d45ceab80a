"""The pieces a hand is built from, computed once: play tables, trick strength, the
shared bid caches, the card-pass queue, score records and reviews, fixed openings.

Pure helpers of ``state`` and ``game`` (the ``Game`` value and its transition); the
tables are built at import, in a few milliseconds, so ``legal_actions`` is at most
four lookups and ``apply`` finds a trick's winner in one.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    BID,
    BLIND_NIL,
    BLIND_NIL_BID,
    LOOK,
    NIL,
    PASS,
    PLAY,
    PLAYS,
    Action,
    bid_text,
)
from .cards import (
    CODES,
    JOKER_DECK,
    SPADE_MASK,
    STANDARD_DECK,
    SUIT_MASKS,
    codes_of,
    mask_of,
    parse_card,
    suit_of,
)
from .deal import commitment, deal_hands, derive_deal_seed
from .rules import RuleSet
from .scoring import Outcome, TeamScore

BIDDING, PASSING, PLAYING, OVER = "bidding", "passing", "playing", "over"
SEAT_NAMES = ("South", "West", "North", "East")
EAST = 3

Trick = tuple[int, tuple[int, ...], int]  # leader, cards in play order, winner



def _suit_table(first: int, width: int) -> tuple[tuple[Action, ...], ...]:
    # table[m] = the play actions of the cards whose bits are set in m (shifted down by
    # `first`), built by adding each mask's top card to the entry without it.
    table: list[tuple[Action, ...]] = [()]
    for m in range(1, 1 << width):
        top = m.bit_length() - 1
        table.append((*table[m ^ (1 << top)], PLAYS[first + top]))
    return tuple(table)


# Play actions for any set of cards of one suit: 3 x 8,192 + 32,768 entries (about 6 MB),
# built in a few milliseconds at import, so legal_actions is at most four lookups.
_CLUB_PLAYS = _suit_table(0, 13)
_DIAMOND_PLAYS = _suit_table(13, 13)
_HEART_PLAYS = _suit_table(26, 13)
_SPADE_PLAYS = _suit_table(39, 15)  # with the two jokers
_SUIT_PLAYS = (_CLUB_PLAYS, _DIAMOND_PLAYS, _HEART_PLAYS, _SPADE_PLAYS)
_SUIT_SHIFT = (0, 13, 26, 39)


def trick_winner(plays: tuple[tuple[int, int], ...]) -> int:
    """The seat that wins a complete trick given as ``((seat, card), ...)`` in play order:
    the card of the highest strength for the led suit (``_STRENGTH``, as in ``apply``)."""
    strength = _STRENGTH[_SUIT_OF[plays[0][1]]]
    best_seat, best = plays[0][0], strength[plays[0][1]]
    for seat, card in plays[1:]:
        if strength[card] > best:
            best_seat, best = seat, strength[card]
    return best_seat



_SUIT_OF = tuple(suit_of(card) for card in range(54))
_BIT = tuple(1 << card for card in range(54))
# _STRENGTH[led suit][card]: spades above everything, then the led suit, others never win.
_STRENGTH = tuple(tuple(100 + card if card >= 39 else card if card // 13 == led else -1
                        for card in range(54)) for led in range(4))
_SINGLE = tuple((card,) for card in range(54))
_ALL = (1 << 54) - 1
_NOT_SPADES = _ALL & ~SPADE_MASK
_BidCache = dict[tuple[int | None, int, bool], tuple[tuple[Action, ...], frozenset[int]]]
_BID_CACHES: dict[RuleSet, _BidCache] = {}
_LAST_RULES: list[tuple[RuleSet | None, _BidCache]] = [(None, {})]


def _bid_cache(rules: RuleSet) -> _BidCache:
    # The legal bids by (partner's bid, spades held, looked), shared by all games with
    # equal rules. Rule sets are few (presets and house rules); the bound is a backstop.
    # The last rules seen are checked by identity first: hashing a RuleSet hashes all
    # of its fields, and most games in a process share one RuleSet object.
    last = _LAST_RULES[0]
    if last[0] is rules:
        return last[1]
    cache = _BID_CACHES.get(rules)
    if cache is None:
        if len(_BID_CACHES) >= 256:
            _BID_CACHES.clear()
        cache = _BID_CACHES[rules] = {}
    _LAST_RULES[0] = (rules, cache)
    return cache
_FOLLOW_MASK = tuple(SUIT_MASKS[suit] for suit in _SUIT_OF)  # the led suit, by led card
_NO_BLIND = (False, False, False, False)
_ALL_BLIND = (True, True, True, True)
_NO_PASSES = ((0, 0),) * 4


_PHASE_OF = {BID: BIDDING, NIL: BIDDING, BLIND_NIL: BIDDING, LOOK: BIDDING, PASS: PASSING,
             PLAY: PLAYING}
_WRONG_PHASE = {
    BIDDING: "Bidding is not over yet: every player bids before the first card.",
    PASSING: "Partners are passing cards now.",
    PLAYING: "The bidding is over; play a card.",
}


def _cards(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


def _pass_queue(rules: RuleSet, bids: tuple[int | None, ...], dealer: int
                ) -> tuple[tuple[int, int, int], ...]:
    """The card passes due after bidding: per team, the first Nil bidder (in bidding
    order) whose bid calls for a pass passes to the partner, who passes the same number
    back. One exchange per team, also after double Nil; a Nil that passes no cards
    (``nil_pass=0``) leaves the exchange to a Blind Nil partner."""
    if not rules.uses_passes:
        return ()
    queue: list[tuple[int, int, int]] = []
    done: set[int] = set()
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        bid = bids[seat]
        if bid is None or bid > 0 or (seat & 1) in done:
            continue
        count = rules.blind_nil_pass if bid == BLIND_NIL_BID else rules.nil_pass
        if count:
            done.add(seat & 1)
            partner = (seat + 2) & 3
            queue += [(seat, partner, count), (partner, seat, count)]
    return tuple(queue)


def _record(hand_no: int, dealer: int, bids: tuple[int | None, ...], won: tuple[int, ...],
            team0: TeamScore, team1: TeamScore, scores: tuple[int, int]) -> dict[str, Any]:
    """The score record of one finished hand, as ``Game.history`` holds it."""
    return {
        "hand": hand_no,
        "dealer": dealer,
        "bids": [bid_text(b) for b in bids],
        "tricks": list(won),
        "teams": [team0.to_dict(total=scores[0]), team1.to_dict(total=scores[1])],
    }


def _review_of(hand_no: int, dealer: int, deal_seed: str, dealt: tuple[int, ...],
               passes: tuple[tuple[int, int], ...], tricks: tuple[Trick, ...],
               parts: tuple[Any, ...]) -> dict[str, Any]:
    """The public review of a finished hand: its deal, seed, passes, tricks and score."""
    record = _record(*parts)
    return {
        "hand": hand_no,
        "dealer": dealer,
        "deal_seed": deal_seed,
        "commitment": commitment(deal_seed),
        "dealt": [codes_of(m) for m in dealt],
        "passes": [[codes_of(a), codes_of(b)] for a, b in passes],
        "bids": record["bids"],
        "tricks": [[lead, [CODES[c] for c in cards], win] for lead, cards, win in tricks],
        "score": record["teams"],
    }


def _opening(rules: RuleSet, deal: list[list[str]] | None, scores: Any, bags: Any
             ) -> dict[str, Any] | None:
    """Validate a fixed opening position; ``None`` when it is the ordinary start."""
    for name, pair in (("scores", scores), ("bags", bags)):
        if (len(pair) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in pair)):
            raise ValueError(f"{name} must be two whole numbers (team 0, team 1).")
    if any(b < 0 for b in bags):
        raise ValueError("Bag counters cannot be negative.")
    if deal is None and tuple(scores) == (0, 0) and tuple(bags) == (0, 0):
        return None
    if deal is not None:
        if len(deal) != 4 or any(len(cards) != 13 for cards in deal):
            raise ValueError("A fixed deal gives 13 cards to each of the four seats.")
        try:
            cards = [parse_card(c) for hand in deal for c in hand]
        except ValueError as err:
            raise ValueError(f"A fixed deal names a bad card: {err}") from None
        deck = JOKER_DECK if rules.jokers else STANDARD_DECK
        if mask_of(cards) != deck:
            raise ValueError("A fixed deal must use every card of the deck exactly once.")
        deal = [[CODES[parse_card(c)] for c in hand] for hand in deal]
    return {"deal": deal, "scores": list(scores), "bags": list(bags)}


class _Context:
    """What a game holds besides the trick play: the rules and seed, and the state of
    the hand that changes only while bidding, passing and scoring. Game values of one
    hand share one context; a bid, a look, a pass or a hand's end makes a new one."""

    __slots__ = (
        "bags",
        "bid_cache",
        "bids",
        "blind_open",
        "deal_seed",
        "dealer",
        "dealt",
        "first_dealer",
        "hand_no",
        "history",
        "looked",
        "opening",
        "outcome",
        "pass_queue",
        "passes",
        "records",
        "review",
        "review_src",
        "rules",
        "scores",
        "seed",
    )

    rules: RuleSet
    seed: int
    first_dealer: int
    opening: dict[str, Any] | None
    bid_cache: dict[tuple[int | None, int, bool], tuple[tuple[Action, ...], frozenset[int]]]
    dealer: int
    hand_no: int
    deal_seed: str | None  # None until first read (derived lazily)
    dealt: tuple[int, int, int, int] | None  # None until first read (dealt lazily)
    blind_open: tuple[bool, bool, bool, bool]
    looked: tuple[bool, bool, bool, bool]
    bids: tuple[int | None, int | None, int | None, int | None]
    pass_queue: tuple[tuple[int, int, int], ...]
    passes: tuple[tuple[int, int], ...]
    scores: tuple[int, int]
    bags: tuple[int, int]
    records: tuple[Any, ...]  # per finished hand: its record, or the parts to build it from
    history: tuple[dict[str, Any], ...] | None  # the records built; None until first read
    review_src: tuple[Any, ...] | None
    review: dict[str, Any] | bool | None  # False until first read (built lazily)
    outcome: Outcome

    def copy(self) -> _Context:
        c = _new(_Context)
        c.rules = self.rules
        c.seed = self.seed
        c.first_dealer = self.first_dealer
        c.opening = self.opening
        c.bid_cache = self.bid_cache
        c.dealer = self.dealer
        c.hand_no = self.hand_no
        c.deal_seed = self.deal_seed
        c.dealt = self.dealt
        c.blind_open = self.blind_open
        c.looked = self.looked
        c.bids = self.bids
        c.pass_queue = self.pass_queue
        c.passes = self.passes
        c.scores = self.scores
        c.bags = self.bags
        c.records = self.records
        c.history = self.history
        c.review_src = self.review_src
        c.review = self.review
        c.outcome = self.outcome
        return c

    def deal(self) -> tuple[int, int, int, int]:
        dealt = self.dealt
        if dealt is None:
            # Deterministic from the seed: filling it in later keeps every game immutable.
            dealt = self.dealt = deal_hands(self.seed_text(), self.dealer, self.rules.jokers)
        return dealt

    def seed_text(self) -> str:
        """This hand's deal seed."""
        deal_seed = self.deal_seed
        if deal_seed is None:
            deal_seed = self.deal_seed = derive_deal_seed(self.seed, self.hand_no)
        return deal_seed


_new = object.__new__
