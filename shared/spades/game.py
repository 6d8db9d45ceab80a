"""The game: one immutable value and one transition, ``apply``.

Phases of a hand and a game (the whole state machine is in this table)::

    phase      who acts (to_act)                  action            next
    ---------  ---------------------------------  ----------------  -----------------------------
    bidding    dealer's left, then clockwise      bid N / nil /     4th bid -> passing if a Nil
               (any seat not yet looked: look)    blind nil, look   card pass is due, else playing
    passing    the Nil bidder, then its partner   pass C C          last pass -> playing
               (team by team, in bidding order)
    playing    dealer's left leads trick 1, then  play C            13th trick -> score the hand;
               each trick's winner                                   game over -> over,
                                                                     else deal -> bidding
    over       nobody (to_act is None)            -

A deal happens on entering ``bidding``: the deal rotates one seat clockwise per hand and
the player left of the dealer bids first and leads first.

``Game`` is immutable: ``apply`` returns a new game and leaves the old one as it was,
also when it raises. Internally each game keeps its fields in its instance dict, which
``apply`` copies (one C-level dict copy) and changes; nothing else mutates a game.
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from typing import Any

from . import view as _view
from .actions import (
    BID,
    BLIND_NIL,
    BLIND_NIL_BID,
    LOOK,
    LOOK_ACTION,
    NIL,
    PASS,
    PLAY,
    PLAYS,
    Action,
    bid_text,
)
from .bidding import bid_problem, blind_nil_closed_reason, blind_nil_open, legal_bids
from .cards import (
    CODES,
    JOKER_DECK,
    SPADE_MASK,
    STANDARD_DECK,
    SUIT_MASKS,
    SUIT_NAMES,
    codes_of,
    mask_of,
    parse_card,
    suit_of,
)
from .deal import commitment, deal_hands, derive_deal_seed
from .errors import IllegalAction, InvalidAction, NotYourTurn
from .rules import RuleSet
from .scoring import Outcome, match_outcome, score_team

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
# built in a few milliseconds at import, so legal_actions is four lookups.
_CLUB_PLAYS = _suit_table(0, 13)
_DIAMOND_PLAYS = _suit_table(13, 13)
_HEART_PLAYS = _suit_table(26, 13)
_SPADE_PLAYS = _suit_table(39, 15)  # with the two jokers
_SUIT_PLAYS = (_CLUB_PLAYS, _DIAMOND_PLAYS, _HEART_PLAYS, _SPADE_PLAYS)
_SUIT_SHIFT = (0, 13, 26, 39)


def _plays_of(mask: int) -> list[Action]:
    return [*_CLUB_PLAYS[mask & 0x1FFF], *_DIAMOND_PLAYS[mask >> 13 & 0x1FFF],
            *_HEART_PLAYS[mask >> 26 & 0x1FFF], *_SPADE_PLAYS[mask >> 39]]


def trick_winner(plays: tuple[tuple[int, int], ...]) -> int:
    """The seat that wins a complete trick given as ``((seat, card), ...)`` in play order."""
    best_seat, best = plays[0]
    led = suit_of(best)
    trumped = led == 3
    for seat, card in plays[1:]:
        if card >= 39:
            if not trumped or card > best:
                best_seat, best, trumped = seat, card, True
        elif not trumped and card > best and card // 13 == led:
            best_seat, best = seat, card
    return best_seat


class Game:
    """A whole game of Spades: rules, seed, and everything that has happened.

    Build with :meth:`new`, advance with :meth:`apply`, read with :meth:`view`. The
    attributes are read-only by contract.
    """

    rules: RuleSet
    seed: int
    first_dealer: int
    hand_no: int  # 0-based number of the hand being played (or last played, when over)
    dealer: int
    deal_seed: str
    phase: str
    to_act: int | None
    hands: tuple[int, int, int, int]  # card masks now held
    dealt: tuple[int, int, int, int]  # card masks as dealt this hand
    looked: tuple[bool, bool, bool, bool]
    blind_open: tuple[bool, bool, bool, bool]  # Blind Nil was open to the seat at the deal
    bids: tuple[int | None, int | None, int | None, int | None]
    pass_queue: tuple[tuple[int, int, int], ...]  # (giver, receiver, count) still due
    passes: tuple[tuple[int, int], ...]  # per seat: (mask given, mask received)
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    tricks: tuple[Trick, ...]  # completed tricks of this hand
    tricks_won: tuple[int, int, int, int]
    broken: bool
    scores: tuple[int, int]
    bags: tuple[int, int]
    history: tuple[dict[str, Any], ...]  # one score record per finished hand
    review: dict[str, Any] | None  # the last finished hand, public after it
    outcome: Outcome
    opening: dict[str, Any] | None  # a fixed first deal and/or starting scores
    n_events: int
    _events: Any  # cons list: (previous, seat, action) or None
    _bid_cache: dict[tuple[int | None, int, bool], tuple[Action, ...]]

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int = 0, dealer: int = EAST, *,
            deal: list[list[str]] | None = None, scores: tuple[int, int] = (0, 0),
            bags: tuple[int, int] = (0, 0)) -> Game:
        """A new game, first hand dealt. ``dealer`` defaults to East, so South opens.

        For lessons, puzzles and tests a game may open from a fixed position: ``deal``
        gives the first hand's cards by seat (later hands are dealt from ``seed``), and
        ``scores``/``bags`` the teams' totals and bag counters before it. A fixed deal has
        no secret seed: its deal seed is ``"fixed:"`` plus a digest of the cards.
        """
        if rules is None:
            rules = RuleSet.preset("standard")
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError("The seed must be a whole number from 0 to 2**63 - 1.")
        if dealer not in (0, 1, 2, 3):
            raise ValueError("The dealer must be a seat from 0 to 3.")
        opening = _opening(rules, deal, scores, bags)
        g = object.__new__(cls)
        g.__dict__.update(
            rules=rules, seed=seed, first_dealer=dealer,
            scores=tuple(opening["scores"]) if opening else (0, 0),
            bags=tuple(opening["bags"]) if opening else (0, 0),
            history=(), _review_src=None, outcome=None, n_events=0, _events=None,
            _bid_cache={}, opening=opening,
        )
        g._deal(0, dealer)
        return g

    def _deal(self, hand_no: int, dealer: int, lazy: bool = False) -> None:
        # Only ever called on a game under construction (new() or a fresh copy). With
        # lazy=True the cards are dealt when first read (see __getattr__): a game that is
        # only stepped past the end of a hand never pays for the next shuffle.
        rules = self.rules
        deal_seed = derive_deal_seed(self.seed, hand_no)
        d = self.__dict__
        fixed = self.opening["deal"] if hand_no == 0 and self.opening else None
        if fixed is not None:
            deal_seed = "fixed:" + hashlib.sha256(" ".join(
                ",".join(cards) for cards in fixed).encode()).hexdigest()[:32]
            d["hands"] = d["dealt"] = tuple(mask_of(parse_card(c) for c in cards)
                                            for cards in fixed)
        elif lazy:
            d.pop("hands", None)
            d.pop("dealt", None)
        else:
            d["hands"] = d["dealt"] = deal_hands(deal_seed, dealer, rules.jokers)
        blind = tuple(blind_nil_open(rules, s, dealer, self.scores) for s in range(4))
        first = (dealer + 1) & 3
        d.update(
            hand_no=hand_no, dealer=dealer, deal_seed=deal_seed, phase=BIDDING, to_act=first,
            blind_open=blind, looked=tuple(not b for b in blind),
            bids=(None, None, None, None), pass_queue=(), passes=((0, 0),) * 4, leader=first,
            trick=(), tricks=(), tricks_won=(0, 0, 0, 0), broken=False,
        )

    def __getattr__(self, name: str) -> Any:
        # Called only for attributes missing from the instance dict: the lazily dealt
        # hands of a new hand, and the review of the last hand. Both are pure functions
        # of what the game already holds, so filling them in keeps the game immutable.
        d = self.__dict__
        if name in ("hands", "dealt") and "deal_seed" in d:
            hands = deal_hands(d["deal_seed"], d["dealer"], d["rules"].jokers)
            d["hands"] = d["dealt"] = hands
            return hands
        if name == "review" and "deal_seed" in d:
            src = d.get("_review_src")
            d["review"] = review = None if src is None else _review_of(*src)
            return review
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _copy(self) -> Game:
        g = object.__new__(Game)
        g.__dict__ = self.__dict__.copy()
        return g

    # -- reading ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def hands_played(self) -> int:
        return len(self.history)

    @property
    def commitment(self) -> str:
        """SHA-256 of this hand's deal seed: public before the hand, the seed after it."""
        return commitment(self.deal_seed)

    @property
    def events(self) -> list[tuple[int, str]]:
        """Every applied action as ``(seat, text)``, oldest first. ``len`` is the version."""
        out: list[tuple[int, str]] = []
        node = self._events
        while node is not None:
            node, seat, action = node
            out.append((seat, str(action)))
        out.reverse()
        return out

    def hand_of(self, seat: int) -> list[str]:
        """The cards a seat holds now. For the server and tests, never for other players."""
        return codes_of(self.hands[seat])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the seat to act) may take now."""
        to_act = self.to_act
        if seat is None:
            seat = to_act
            if seat is None:
                return []
        elif seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to 3.")
        phase = self.phase
        if phase == PLAYING:
            if seat != to_act:
                return []
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                led = trick[0][1]
                suit = 3 if led >= 39 else led // 13
                follow = hand & SUIT_MASKS[suit]
                if follow:
                    return list(_SUIT_PLAYS[suit][follow >> _SUIT_SHIFT[suit]])
            elif not self.broken and hand & ~SPADE_MASK:
                hand &= ~SPADE_MASK
            return _plays_of(hand)
        if phase == BIDDING:
            may_look = not self.looked[seat] and self.bids[seat] is None
            if seat != to_act:
                return [LOOK_ACTION] if may_look else []
            acts = list(self._bids_for(seat))
            if may_look:
                acts.append(LOOK_ACTION)
            return acts
        if phase == PASSING and seat == to_act:
            count = self.pass_queue[0][2]
            return [Action.passing(c) for c in combinations(_cards(self.hands[seat]), count)]
        return []

    def view(self, seat: int) -> _view.SeatView:
        """What ``seat`` may know: its own hand and everything public."""
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to 3.")
        return _view.build(self, seat)

    def spectator_view(self) -> _view.SeatView:
        """Public information only: no hand."""
        return _view.build(self, None)

    def _bids_for(self, seat: int) -> tuple[Action, ...]:
        spades = (self.hands[seat] & SPADE_MASK).bit_count()
        key = (self.bids[(seat + 2) & 3], spades, self.looked[seat])
        cache = self._bid_cache  # one dict shared by every copy of this game: same rules
        bids = cache.get(key)
        if bids is None:
            bids = cache[key] = legal_bids(self.rules, *key)
        return bids

    def _play_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            follow = hand & SUIT_MASKS[suit_of(trick[0][1])]
            return follow or hand
        if not self.broken:
            return hand & ~SPADE_MASK or hand
        return hand

    def play_problem(self, seat: int, card: int) -> str | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` if it may."""
        if self.phase != PLAYING:
            if self.phase == BIDDING:
                return "Bidding is not over yet."
            return _WRONG_PHASE[PASSING] if self.phase == PASSING else "The game is over."
        if not self.hands[seat] >> card & 1:
            return f"You do not hold {CODES[card]}."
        if seat != self.to_act:
            return f"Wait for your turn: it is {SEAT_NAMES[self.to_act or 0]}'s turn."
        if self._play_mask(seat) >> card & 1:
            return None
        if self.trick:
            return f"You must follow {SUIT_NAMES[suit_of(self.trick[0][1])]}."
        return "Spades are not broken yet."

    # -- the transition -----------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> Game:
        """The game after ``seat`` takes ``action`` (text or :class:`Action`).

        Raises :class:`InvalidAction` for text that is no action, :class:`NotYourTurn`
        when the seat may not act now, :class:`IllegalAction` when the rules forbid it.
        """
        if not isinstance(action, Action):
            action = Action.parse(action)
        kind = action.kind
        if kind == PLAY:
            if seat != self.to_act or self.phase != PLAYING:
                raise self._refusal(seat, action)
            card = action.value
            hand = self.hands[seat]
            trick = self.trick
            if trick:
                led = trick[0][1]
                suit_mask = SUIT_MASKS[3 if led >= 39 else led // 13]
                ok = hand >> card & 1 and (suit_mask >> card & 1 or not hand & suit_mask)
            else:
                ok = hand >> card & 1 and (card < 39 or self.broken or not hand & ~SPADE_MASK)
            if not ok:
                raise IllegalAction(self.play_problem(seat, card) or "That card cannot be played.")
            g = object.__new__(Game)
            d = g.__dict__ = self.__dict__.copy()
            hands = list(self.hands)
            hands[seat] = hand ^ 1 << card
            d["hands"] = tuple(hands)
            d["_events"] = (self._events, seat, action)
            d["n_events"] += 1
            if card >= 39:
                d["broken"] = True
            trick = (*trick, (seat, card))
            if len(trick) < 4:
                d["trick"] = trick
                d["to_act"] = (seat + 1) & 3
                return g
            g._end_trick(trick)
            return g
        if kind == LOOK:
            return self._look(seat, action)
        if seat != self.to_act or self.phase != _PHASE_OF[kind]:
            raise self._refusal(seat, action)
        if kind == PASS:
            return self._pass(seat, action)
        return self._bid(seat, action)

    def _refusal(self, seat: int, action: Action) -> Exception:
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            return InvalidAction(f"There is no seat {seat!r}; seats are 0 to 3.")
        if self.phase == OVER:
            return IllegalAction("The game is over.")
        wanted = _PHASE_OF[action.kind]
        if self.phase != wanted:
            return IllegalAction(_WRONG_PHASE[self.phase])
        who = SEAT_NAMES[self.to_act or 0]
        return NotYourTurn(f"It is {who}'s turn, not yours.")

    def _record(self, g: Game, seat: int, action: Action) -> None:
        d = g.__dict__
        d["_events"] = (self._events, seat, action)
        d["n_events"] = self.n_events + 1

    def _look(self, seat: int, action: Action) -> Game:
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise InvalidAction(f"There is no seat {seat!r}; seats are 0 to 3.")
        if self.phase == OVER:
            raise IllegalAction("The game is over.")
        if self.phase != BIDDING or self.bids[seat] is not None:
            raise IllegalAction("You have already bid; your cards are in front of you.")
        if self.looked[seat]:
            raise IllegalAction("You can already see your cards.")
        g = self._copy()
        looked = list(self.looked)
        looked[seat] = True
        g.__dict__["looked"] = tuple(looked)
        self._record(g, seat, action)
        return g

    def _bid(self, seat: int, action: Action) -> Game:
        code = action.bid_code
        partner = self.bids[(seat + 2) & 3]
        if code == BLIND_NIL_BID and not self.blind_open[seat]:
            raise IllegalAction(blind_nil_closed_reason(self.rules, seat, self.dealer,
                                                        self.scores))
        spades = (self.hands[seat] & SPADE_MASK).bit_count()
        problem = bid_problem(self.rules, partner, spades, self.looked[seat], code)
        if problem:
            raise IllegalAction(problem)
        g = self._copy()
        d = g.__dict__
        bids = list(self.bids)
        bids[seat] = code
        d["bids"] = tuple(bids)
        if code == BLIND_NIL_BID or not self.looked[seat]:
            looked = list(self.looked)
            looked[seat] = True  # after Blind Nil the bidder sees the hand
            d["looked"] = tuple(looked)
        self._record(g, seat, action)
        if None in bids:
            d["to_act"] = (seat + 1) & 3
        else:
            queue = _pass_queue(self.rules, d["bids"], self.dealer)
            d["pass_queue"] = queue
            d["phase"] = PASSING if queue else PLAYING
            d["to_act"] = queue[0][0] if queue else self.leader
        return g

    def _pass(self, seat: int, action: Action) -> Game:
        giver, receiver, count = self.pass_queue[0]
        cards = mask_of(action.cards)
        if len(action.cards) != count:
            raise IllegalAction(f"Pass exactly {count} card{'s' if count > 1 else ''} "
                                "to your partner.")
        missing = cards & ~self.hands[seat]
        if missing:
            raise IllegalAction(f"You do not hold {' '.join(codes_of(missing))}.")
        g = self._copy()
        d = g.__dict__
        hands = list(self.hands)
        hands[giver] &= ~cards
        hands[receiver] |= cards
        d["hands"] = tuple(hands)
        passes = list(self.passes)
        passes[giver] = (passes[giver][0] | cards, passes[giver][1])
        passes[receiver] = (passes[receiver][0], passes[receiver][1] | cards)
        d["passes"] = tuple(passes)
        queue = self.pass_queue[1:]
        d["pass_queue"] = queue
        if queue:
            d["to_act"] = queue[0][0]
        else:
            d["phase"] = PLAYING
            d["to_act"] = self.leader
        self._record(g, seat, action)
        return g

    def _end_trick(self, trick: tuple[tuple[int, int], ...]) -> None:
        # Only on the fresh copy made by apply(): the trick's fourth card was just played.
        d = self.__dict__
        winner = trick_winner(trick)
        won = list(self.tricks_won)
        won[winner] += 1
        d["tricks_won"] = tuple(won)
        cards = (trick[0][1], trick[1][1], trick[2][1], trick[3][1])
        d["tricks"] = (*self.tricks, (self.leader, cards, winner))
        d["trick"] = ()
        d["leader"] = winner
        d["to_act"] = winner
        if len(d["tricks"]) == 13:
            self._finish_hand()

    def _finish_hand(self) -> None:
        # Only on the fresh copy made by apply(): score, record, then deal or end the game.
        rules, bids, won = self.rules, self.bids, self.tricks_won
        codes = [b if b is not None else 0 for b in bids]
        teams = [score_team(rules, (codes[t], codes[t + 2]), (won[t], won[t + 2]),
                            self.bags[t]) for t in (0, 1)]
        scores = (self.scores[0] + teams[0].hand_total, self.scores[1] + teams[1].hand_total)
        record = {
            "hand": self.hand_no,
            "dealer": self.dealer,
            "bids": [bid_text(b) for b in bids],
            "tricks": list(won),
            "teams": [t.to_dict(total=scores[i]) for i, t in enumerate(teams)],
        }
        history = (*self.history, record)
        outcome = match_outcome(rules, scores, len(history))
        self.__dict__.update(
            scores=scores, bags=(teams[0].bags, teams[1].bags), history=history,
            outcome=outcome,
            _review_src=(self.hand_no, self.dealer, self.deal_seed, self.dealt, self.passes,
                         self.tricks, record),
        )
        self.__dict__.pop("review", None)  # rebuilt from _review_src when first read
        if outcome is None:
            self._deal(self.hand_no + 1, (self.dealer + 1) & 3, lazy=True)
        else:
            self.__dict__.update(phase=OVER, to_act=None)

    # -- persistence --------------------------------------------------------------------

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, dealer: int,
               events: list[tuple[int, str]] | list[list[Any]],
               opening: dict[str, Any] | None = None) -> Game:
        """Rebuild a game by applying ``events`` from the start; raises on a bad one.
        ``opening`` is the game's :attr:`opening` (a fixed first deal, starting scores)."""
        o = opening or {}
        g = cls.new(rules, seed, dealer, deal=o.get("deal"), scores=tuple(o.get("scores", (0, 0))),
                    bags=tuple(o.get("bags", (0, 0))))
        for seat, text in events:
            g = g.apply(seat, text)
        return g

    def to_dict(self, events: bool = True) -> dict[str, Any]:
        """The whole game as msgpack/JSON-safe data; :meth:`from_dict` reverses it."""
        from .snapshot import dump

        return dump(self, events)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict` output; raises ``ValueError`` on damaged data."""
        from .snapshot import load

        return load(cls, data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed} hand={self.hand_no} "
                f"phase={self.phase} to_act={self.to_act} scores={self.scores}>")


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


def _review_of(hand_no: int, dealer: int, deal_seed: str, dealt: tuple[int, ...],
               passes: tuple[tuple[int, int], ...], tricks: tuple[Trick, ...],
               record: dict[str, Any]) -> dict[str, Any]:
    """The public review of a finished hand: its deal, seed, passes, tricks and score."""
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
