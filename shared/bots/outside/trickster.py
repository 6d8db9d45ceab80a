"""A port of TricksterBots' SpadesBot, an outside sparring partner for the tournament.

Derived from TricksterBots (https://github.com/TricksterCards/TricksterBots,
``TricksterBots/Bots/Spades/SpadesBot.cs`` with the helpers it uses from
``BaseBot.cs`` and ``PlayersCollectionBase.cs``), Copyright (c) 2021 Ted Johnson,
MIT License: the full notice is in ``LICENSE-TricksterBots`` beside this file.

The port keeps the original's decisions, names and order of preference (LINQ's
stable ``OrderBy(...).First()`` is ``min`` over the cards in hand order); only the
state it reads is built from our :class:`Knowledge`, so it sees exactly what our
levels see. It plays the one-deck formats without the two-handed draw (the original
has no draw and counts one copy of each card): :func:`supports` says which.

Where the original reads options ours do not have, the port uses the values our rules
imply: Nil is Nil (never "zero"), spades are led when broken, the game is played to a
score, and a failed Nil's tricks help the partner's bid when our rules count them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from shared.spades.actions import BLIND_NIL_BID, NIL_BID
from shared.spades.cards import BIG_JOKER, CODES, LITTLE_JOKER, SPADES, cards_in, suit_of
from shared.spades.rules import RuleSet

from ..decision import Decision
from ..knowledge import Knowledge, card_index

TRUMP = SPADES
STD_SUITS = (0, 1, 2, 3)  # clubs, diamonds, hearts, spades
ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def rank_sort(card: int) -> int:
    """The original's RankSort: 2..A as 0..12, then the Little and the Big Joker."""
    if card == LITTLE_JOKER:
        return 13
    if card == BIG_JOKER:
        return 14
    return card % 13


def supports(rules: RuleSet) -> bool:
    """Whether the port can play a game of these rules (one deck, no draw)."""
    return rules.players in (3, 4)


@dataclass
class Player:
    """What the original's PlayerBase holds, as far as the bot may know it."""

    seat: int
    bid: int | None = None  # our bid codes: tricks, NIL_BID, BLIND_NIL_BID, None
    hand: list[int] = field(default_factory=list)  # known only for the deciding seat
    hand_score: int = 0  # tricks taken this hand
    game_score: int = 0  # the side's points
    bags: int = 0  # the side's bags
    played_cards: list[tuple[int, int]] = field(default_factory=list)  # (high in trick, card)
    void_suits: set[int] = field(default_factory=set)

    @property
    def is_nil(self) -> bool:
        return self.bid in (NIL_BID, BLIND_NIL_BID)

    @property
    def tricks(self) -> int:
        return 0 if self.bid is None or self.is_nil else self.bid


@dataclass
class Options:
    """The original's SpadesOptions that its decisions read."""

    players: int = 4
    partnership: bool = True
    jokers: bool = False
    nil_pass: int = 0
    suicide: bool = False
    whiz: bool = False
    ten_for_200: bool = False
    game_over_score: int = 500
    bags_threshold: int = 10
    failed_nil_helps_team_bid: bool = True

    @classmethod
    def of(cls, rules: RuleSet) -> Options:
        return cls(players=rules.players, partnership=rules.partnerships,
                   jokers=rules.jokers, nil_pass=rules.nil_pass,
                   suicide=rules.bidding == "suicide", whiz=rules.bidding == "whiz",
                   ten_for_200=rules.ten_for_two_hundred,
                   game_over_score=rules.target_score,
                   bags_threshold=rules.bag_limit if rules.bag_penalty else 0,
                   failed_nil_helps_team_bid=rules.nil_tricks_count_for_partner)


class SpadesBot:
    """The original's SpadesBot over one deck (``deck``: the codes in play)."""

    def __init__(self, options: Options, deck: Iterable[int]) -> None:
        self.options = options
        self.deck = sorted(deck)
        self.cards_by_suit = {s: [c for c in self.deck if suit_of(c) == s] for s in STD_SUITS}
        self.high_rank = {s: max(rank_sort(c) for c in cs)
                          for s, cs in self.cards_by_suit.items() if cs}

    # -- BaseBot helpers ----------------------------------------------------------------

    @staticmethod
    def is_trump(card: int) -> bool:
        return suit_of(card) == TRUMP

    def high_rank_in_suit(self, suit: int) -> int:
        return self.high_rank.get(suit, ACE)

    @property
    def is_partnership(self) -> bool:
        return self.options.partnership

    @property
    def max_tricks(self) -> int:
        return len(self.deck) // self.options.players

    def trick_high_card_index(self, trick: Sequence[int]) -> int:
        if not trick:
            return -1
        take_suit = TRUMP if any(self.is_trump(c) for c in trick) else suit_of(trick[0])
        best = max((c for c in trick if suit_of(c) == take_suit), key=rank_sort)
        return trick.index(best)

    def is_card_high(self, card: int, cards_played: Iterable[int]) -> bool:
        suit, rank = suit_of(card), rank_sort(card)
        if rank == self.high_rank_in_suit(suit):
            return True
        above_played = sum(1 for c in cards_played if suit_of(c) == suit and rank_sort(c) > rank)
        above = sum(1 for c in self.cards_by_suit[suit] if rank_sort(c) > rank)
        return above_played == above

    @staticmethod
    def is_card_effectively_the_same(card: int, target: int, known: Iterable[int]) -> bool:
        suit = suit_of(target)
        if suit_of(card) != suit:
            return False
        high, low = max(rank_sort(card), rank_sort(target)), min(rank_sort(card), rank_sort(target))
        if high - low <= 1:
            return True
        return high - low - 1 == sum(1 for c in known
                                     if suit_of(c) == suit and low < rank_sort(c) < high)

    def count_sure_tricks(self, hand: Sequence[int], cards_played: Iterable[int]) -> int:
        """Trump we take however we play (the lowest of each group that forms one)."""
        my_trump = [c for c in hand if self.is_trump(c)]
        my_ranks = {rank_sort(c) for c in my_trump}
        known = [c for c in cards_played if self.is_trump(c)] + my_trump
        next_rank = self.high_rank_in_suit(TRUMP)
        lost = sure = 0
        for t in sorted(known, key=rank_sort, reverse=True):
            rank = rank_sort(t)
            lost += next_rank - rank
            if rank in my_ranks:
                if lost <= 0:
                    sure += 1
                else:
                    lost -= 1
            next_rank = rank - 1
        return sure

    # -- the players around the table ----------------------------------------------------

    def partner_of(self, players: Sequence[Player], player: Player) -> Player | None:
        if not self.is_partnership:
            return None
        return players[(player.seat + len(players) // 2) % len(players)]

    def opponents(self, players: Sequence[Player], player: Player) -> list[Player]:
        partner = self.partner_of(players, player)
        return [p for p in players if p.seat != player.seat
                and (partner is None or p.seat != partner.seat)]

    @staticmethod
    def lho(players: Sequence[Player], player: Player) -> Player:
        return players[(player.seat + 1) % len(players)]

    @staticmethod
    def rho(players: Sequence[Player], player: Player) -> Player:
        return players[(player.seat + len(players) - 1) % len(players)]

    def target_is_void(self, player: Player, target: Player, suit: int,
                       cards_played: Sequence[int]) -> bool:
        if target.seat == player.seat:
            return all(suit_of(c) != suit for c in player.hand)
        if suit in target.void_suits:
            return True
        # The deciding seat holds every card of the suit not yet played.
        total = len(self.cards_by_suit[suit])
        return total == sum(1 for c in player.hand if suit_of(c) == suit) + \
            sum(1 for c in cards_played if suit_of(c) == suit)

    def partner_is_void(self, players: Sequence[Player], player: Player, suit: int,
                        cards_played: Sequence[int]) -> bool:
        partner = self.partner_of(players, player)
        return partner is not None and self.target_is_void(player, partner, suit, cards_played)

    # -- bidding ---------------------------------------------------------------------------

    def estimated_tricks(self, hand: Sequence[int]) -> float:
        o = self.options
        est = 0.0
        no_jokers = not o.jokers
        trump = sorted((c for c in hand if self.is_trump(c)), key=rank_sort, reverse=True)
        off = [c for c in hand if not self.is_trump(c)]
        n_trump = float(len(trump))
        for suit in STD_SUITS:
            count = sum(1 for c in off if suit_of(c) == suit)
            max_len = 2 + (1 if o.players == 3 else 0)
            if suit != TRUMP and count <= max_len:
                use = 0.25 if count == max_len else max_len - count
                trump_in = min(n_trump, use)
                n_trump -= trump_in
                est += trump_in
        trump = trump[:_round_half_even(n_trump)]
        for card in trump:
            above = sum(1 for c in trump if rank_sort(c) > rank_sort(card))
            below = sum(1 for c in trump if rank_sort(c) < rank_sort(card))
            gaps = self.high_rank_in_suit(TRUMP) - rank_sort(card) - above
            if below >= gaps:
                est += 1
            elif below == gaps - 1:
                est += 0.75
            elif below == gaps - 2:
                est += 0.25

        def length(card: int) -> int:
            return sum(1 for c in off if suit_of(c) == suit_of(card))

        three = 1 if o.players == 3 else 0
        for ace in (c for c in off if c % 13 == ACE):
            est += 1 if length(ace) <= 5 + no_jokers + three else 0.5
        for king in (c for c in off if c % 13 == KING):
            n = length(king)
            if n > 1:
                est += 1 if n <= 4 + no_jokers + three else 0.25
        if no_jokers or o.players == 3:
            for queen in (c for c in off if c % 13 == QUEEN):
                n = length(queen)
                if 2 < n <= 4 + (1 if no_jokers and o.players == 3 else 0):
                    est += 1 if no_jokers and o.players == 3 else 0.5
        if no_jokers and o.players == 3:
            for jack in (c for c in off if c % 13 == JACK):
                if 3 < length(jack) <= 5:
                    est += 0.5
        return est

    def try_nil_bid(self, hand: list[int], est: float) -> bool:
        o = self.options
        max_est = (7.0 if o.suicide else 1.0) + o.nil_pass
        passable = o.nil_pass
        highest = [c for c in hand if rank_sort(c) == self.high_rank_in_suit(suit_of(c))]
        if len(highest) > passable:
            return False
        passable -= len(highest)
        hand = [c for c in hand if c not in highest]
        n_trump = sum(1 for c in hand if self.is_trump(c))
        if n_trump - passable >= 4:
            return False
        to_pass = n_trump - 3
        if to_pass > passable:
            return False
        if to_pass > 0:
            drop = sorted((c for c in hand if self.is_trump(c)), key=rank_sort,
                          reverse=True)[:to_pass]
            passable -= to_pass
            hand = [c for c in hand if c not in drop]
        if est >= max_est:
            return False
        for suit in STD_SUITS:  # All(...) stops at the first suit that fails
            in_suit = [c for c in hand if suit_of(c) == suit]
            if not in_suit:
                continue
            low = sum(1 for c in in_suit if _below_queen(c))
            high = len(in_suit) - low
            if low < high and passable >= high - low:
                passable -= high - low
                continue
            if low < high:
                return False
        return True

    def suggest_bid(self, players: Sequence[Player], player: Player, hand: list[int],
                    legal: Sequence[int]) -> int:
        """A bid among ``legal`` (tricks, NIL_BID; Blind Nil is never chosen)."""
        o = self.options
        biddable = sorted(legal, key=lambda b: 0 if b in (NIL_BID, BLIND_NIL_BID) else b)
        if len(biddable) == 1:
            return biddable[0]
        est = self.estimated_tricks(hand)
        partner = self.partner_of(players, player)
        partner_bid_nil = partner is not None and partner.is_nil
        if NIL_BID in biddable:
            blind = any(p.bid == BLIND_NIL_BID for p in players)
            if not partner_bid_nil and not blind and self.try_nil_bid(hand, est):
                return NIL_BID
        if (partner_bid_nil or (partner is not None and partner.bid is None)) and o.nil_pass > 0:
            est += o.nil_pass / 2.0
        numbers = [b for b in biddable if b not in (NIL_BID, BLIND_NIL_BID)]
        if o.whiz:
            return numbers[0] if numbers else biddable[0]
        if self.is_partnership and o.suicide and est < 7:
            est = math.ceil(est + 1)
        max_bid = min(10, self.max_tricks) if o.ten_for_200 else self.max_tricks
        if self.is_partnership and partner is not None and partner.bid is not None:
            max_bid -= partner.tricks
        value = max(1, min(max_bid, math.floor(est)))
        if value in numbers:
            return value
        other = value + 1 if value == 1 else value - 1
        if other in numbers:
            return other
        return numbers[0] if numbers else biddable[0]

    # -- passing ---------------------------------------------------------------------------

    def suggest_pass(self, player: Player, n_cards: int) -> list[int]:
        hand = list(player.hand)
        cards: list[int] = []
        if player.is_nil:
            n_trump = sum(1 for c in hand if self.is_trump(c))
            if n_trump > 3:
                cards += _desc([c for c in hand if self.is_trump(c)])[:min(n_trump - 3, n_cards)]
            if len(cards) < n_cards:
                top = self.high_rank_in_suit(TRUMP) - 3
                high = [c for c in hand if c not in cards and self.is_trump(c)
                        and rank_sort(c) > top]
                cards += _desc(high)[:n_cards - len(cards)]
            if len(cards) < n_cards:
                rest = [c for c in hand if c not in cards]
                counts = _suit_counts(rest)
                rest = sorted(rest, key=lambda c: (-rank_sort(c), counts[suit_of(c)]))
                cards += rest[:n_cards - len(cards)]
        else:
            counts = _suit_counts(hand)
            cards += sorted((c for c in hand if not self.is_trump(c)),
                            key=lambda c: (rank_sort(c), -counts[suit_of(c)]))[:n_cards]
            if len(cards) < n_cards:
                cards += _asc([c for c in hand if self.is_trump(c)])[:n_cards - len(cards)]
        return cards

    # -- card play ---------------------------------------------------------------------------

    def suggest_card(self, s: CardState, recalling_for_partner_nil: bool = False) -> int:
        players, player, trick, legal = s.players, s.player, s.trick, s.legal
        played = s.cards_played
        partner = None if recalling_for_partner_nil else self.partner_of(players, player)
        partner_taking = s.is_partner_taking_trick and not recalling_for_partner_nil
        if len(legal) == 1:
            return legal[0]
        if player.bid is None:
            return self.try_take_em(s, legal, partner_taking)
        if partner is not None:
            if player.is_nil and player.hand_score == 0:
                return self.try_dump_em(trick, legal, len(players))
            if partner.is_nil and partner.hand_score == 0:
                return self.try_protect_nil(s)
            if partner.is_nil:
                return self.suggest_card(s, True)
        sure = self.count_sure_tricks(player.hand, played)
        left = len(player.hand)
        make = self.should_try_to_make_bid(player, partner, sure, left)
        if self.should_try_to_bust_nil(players, player):
            return self.try_bust_nil(s, make, partner_taking)
        if player.is_nil:
            return self.try_dump_em(trick, legal, len(players))
        if make or self.should_try_to_set_opponents(players, player, partner, sure, left):
            return self.try_take_em(s, legal, partner_taking)
        return self.try_dump_em(trick, legal, len(players))

    @staticmethod
    def should_try_to_make_bid(player: Player, partner: Player | None, sure: int,
                               left: int) -> bool:
        bid = player.tricks + (partner.tricks if partner is not None else 0)
        taken = player.hand_score + (partner.hand_score if partner is not None else 0)
        need = bid - taken
        return need - sure > 0 and left >= need

    def should_try_to_set_opponents(self, players: Sequence[Player], player: Player,
                                    partner: Player | None, sure: int, left: int) -> bool:
        if not self.is_partnership:
            return False
        lho, rho = self.lho(players, player), self.rho(players, player)

        def points(p: Player) -> int:
            return 10 * p.tricks if not p.is_nil else (-100 if p.hand_score > 0 else 100)

        own = 10 * player.tricks if not player.is_nil else -100
        partner_points = -100 if partner is None else points(partner)
        ours = player.game_score + own + partner_points
        theirs = lho.game_score + points(lho) + points(rho)
        if ours >= self.options.game_over_score and theirs < ours:
            return False
        their_bid = lho.tricks + rho.tricks
        helps = self.options.failed_nil_helps_team_bid
        their_taken = (lho.hand_score if not lho.is_nil or helps else 0) + \
            (rho.hand_score if not rho.is_nil or helps else 0)
        they_need = their_bid - their_taken
        threshold_option = self.options.bags_threshold
        can_afford = threshold_option == 0
        if not can_afford:
            our_bid = player.tricks + (partner.tricks if partner is not None else 0)
            threshold = 2 if threshold_option == 1 else threshold_option - 1
            allowed = min(their_bid // 3, threshold - player.bags)
            required = max(self.max_tricks - their_bid - our_bid + 1, 0)
            can_afford = required <= allowed
        return left - sure >= they_need and can_afford

    def should_try_to_bust_nil(self, players: Sequence[Player], player: Player) -> bool:
        if not any(p.is_nil and p.hand_score == 0 for p in self.opponents(players, player)):
            return False
        partner = self.partner_of(players, player)
        team = player.tricks + (partner.tricks if partner is not None else 0)
        total = sum(p.tricks for p in players)
        return team < 9 and (total < 12 or team < 6)

    def try_bust_nil(self, s: CardState, still_need: bool, partner_taking: bool) -> int:
        players, player, trick, legal = s.players, s.player, s.trick, s.legal
        played = s.cards_played
        n = len(players)
        target = min((p for p in self.opponents(players, player) if p.is_nil and p.hand_score == 0),
                     key=lambda p: player.seat - p.seat)
        targets_partner = self.partner_of(players, target)
        if not trick:
            avoid: set[int] = set()
            tp_void_spades = targets_partner is None or \
                self.target_is_void(player, targets_partner, TRUMP, played)
            for suit in STD_SUITS:
                if self.target_is_void(player, target, suit, played):
                    avoid.add(suit)
                if targets_partner is not None and not tp_void_spades and \
                        self.target_is_void(player, targets_partner, suit, played):
                    avoid.add(suit)
            preferred = [c for c in legal if suit_of(c) not in avoid]
            return self.try_dump_em(trick, preferred or legal, n, still_need)
        offset = (player.seat - target.seat + n) % n
        if len(trick) > offset:
            taking = s.card_taking_trick
            if trick[len(trick) - offset] == taking:
                return self.try_dump_em(trick, legal, n, still_need, play_safe=False)
            if still_need:
                if partner_taking:
                    return self.try_dump_em(trick, legal, n, True)
                assert taking is not None
                winners = [c for c in legal
                           if suit_of(c) == suit_of(taking) and rank_sort(c) > rank_sort(taking)]
                if winners:
                    return _first(_desc([c for c in winners if _below_queen(c)])) \
                        or _asc(winners)[0]
                if not self.is_trump(taking) and any(self.is_trump(c) for c in legal):
                    trumps = [c for c in legal if self.is_trump(c)]
                    return _first(_desc([c for c in trumps if _below_queen(c)])) or _asc(trumps)[0]
                side = [c for c in legal if not self.is_trump(c)]
                return _first(_desc([c for c in side if _below_queen(c)])) or \
                    _first(_asc(side)) or _asc(legal)[0]
            return _first(_desc([c for c in legal if self.is_trump(c)])) or _desc(legal)[0]
        return self.try_dump_em(trick, legal, n, still_need)

    def target_high_rank_in_suit(self, target: Player | None, suit: int,
                                 known: Sequence[int]) -> int:
        protected = [] if target is None else [
            played for high, played in target.played_cards
            if suit_of(played) == suit
            and (suit_of(high) != suit_of(played) or self.is_card_high(high, known))]
        low_rank = min((rank_sort(c) for c in protected), default=1000)
        known_ranks = {rank_sort(c) for c in known if suit_of(c) == suit}
        left = [rank_sort(c) for c in self.cards_by_suit[suit]
                if rank_sort(c) < low_rank and rank_sort(c) not in known_ranks]
        return max(left, default=0)

    @staticmethod
    def count_gaps(high: int, low: int, known: Sequence[int]) -> int:
        suit, hr, lr = suit_of(high), rank_sort(high), rank_sort(low)
        if hr < lr:
            return 0
        return hr - lr - 1 - sum(1 for c in known if suit_of(c) == suit and lr < rank_sort(c) < hr)

    def try_protect_nil(self, s: CardState) -> int:
        players, player, trick, legal = s.players, s.player, s.trick, s.legal
        played = s.cards_played
        partner = self.partner_of(players, player)
        n = len(players)
        needed = player.tricks - player.hand_score
        remaining = len(player.hand)
        taking, taker = s.card_taking_trick, s.trick_taker
        suggestion: int | None = None
        if len(trick) < n // 2:
            if not trick:
                pvoid = {suit: self.partner_is_void(players, player, suit, played)
                         for suit in STD_SUITS}
                suggestion = _first(_desc([c for c in legal if self.is_trump(c)
                                           and not pvoid[suit_of(c)]])) \
                    or _first(_desc([c for c in legal if self.is_card_high(c, played)])) \
                    or _first(_asc([c for c in legal if pvoid[suit_of(c)]]))
                if suggestion is None:
                    known = list(player.hand) + list(played)
                    high = {suit: self.target_high_rank_in_suit(partner, suit, known)
                            for suit in STD_SUITS}
                    suggestion = _first(_asc([c for c in legal
                                              if rank_sort(c) > high[suit_of(c)]])) \
                        or _desc(legal)[0]
            else:
                assert taking is not None
                if needed == remaining or (needed == remaining - 1 and
                                           self.count_sure_tricks(player.hand, played) < needed):
                    suggestion = _first(_asc([
                        c for c in legal
                        if (suit_of(c) == suit_of(trick[0]) and rank_sort(c) > rank_sort(taking))
                        or (self.is_trump(c) and not self.is_trump(taking))]))
                elif suit_of(legal[0]) == suit_of(trick[0]):
                    led = suit_of(trick[0])
                    if self.is_trump(trick[0]) or (
                            not any(self.is_trump(c) for c in trick)
                            and not self.partner_is_void(players, player, led, played)):
                        known = list(player.hand) + list(played)
                        high_hand = _desc([c for c in player.hand if suit_of(c) == led])[0]
                        high_trick = _desc([c for c in trick if suit_of(c) == led])[0]
                        if self.count_gaps(high_hand, high_trick, known) > 0 and \
                                rank_sort(high_trick) < self.target_high_rank_in_suit(
                                    partner, led, known):
                            suggestion = high_hand
                elif any(self.is_trump(c) for c in legal):
                    led = suit_of(trick[0])
                    if not any(self.is_trump(c) for c in trick) and \
                            not self.partner_is_void(players, player, led, played) and \
                            not any(self.is_card_high(c, played) for c in trick):
                        known = list(player.hand) + list(played)
                        high_trick = _desc([c for c in trick if suit_of(c) == led])[0]
                        if rank_sort(high_trick) < self.target_high_rank_in_suit(partner, led,
                                                                                  known):
                            suggestion = _asc([c for c in legal if self.is_trump(c)])[0]
        elif self.trick_high_card_index(trick) == len(trick) - n // 2:
            pc = trick[len(trick) - n // 2]
            suggestion = _first(_asc([c for c in legal if suit_of(c) == suit_of(pc)
                                      and rank_sort(c) > rank_sort(pc)])) \
                or _first(_asc([c for c in legal if self.is_trump(c)]))
        if suggestion is None and len(trick) == n - 1 and needed <= remaining and \
                needed > self.count_sure_tricks(player.hand, played) and not (
                    taker is not None
                    and taker.seat in {o.seat for o in self.opponents(players, player)}
                    and taker.is_nil and taker.hand_score == 0):
            assert taking is not None
            suggestion = _first(_asc([
                c for c in legal
                if ((self.is_trump(c) and not self.is_trump(taking))
                    or (suit_of(c) == suit_of(taking) and rank_sort(c) > rank_sort(taking)))
                and (needed == remaining or not self.is_card_high(c, played))]))
        if suggestion is not None:
            return suggestion
        return _first(_asc([c for c in legal if not self.is_trump(c)])) or _asc(legal)[0]

    def try_dump_em(self, trick: Sequence[int], legal: Sequence[int], n_players: int,
                    still_need: bool = False, play_safe: bool = True) -> int:
        suggestion: int | None
        if not trick:
            suggestion = _asc(legal)[0]
        elif suit_of(legal[0]) == suit_of(trick[0]):
            if any(self.is_trump(c) for c in trick) and not self.is_trump(trick[0]):
                suggestion = _desc(legal)[0] if not still_need else \
                    _first(_desc([c for c in legal if _below_queen(c)]))
            else:
                led = suit_of(trick[0])
                top = max(rank_sort(c) for c in trick if suit_of(c) == led)
                suggestion = _first(_desc([c for c in legal if rank_sort(c) < top]))
                if suggestion is None and (not play_safe or len(trick) == n_players - 1):
                    suggestion = _desc(legal)[0]
        elif still_need:
            side = [c for c in legal if not self.is_trump(c)]
            suggestion = _first(_desc([c for c in side if _below_queen(c)])) or _first(_asc(side))
        elif any(self.is_trump(c) for c in trick):
            top = max(rank_sort(c) for c in trick if self.is_trump(c))
            suggestion = _first(_desc([c for c in legal
                                       if self.is_trump(c) and rank_sort(c) < top])) \
                or _first(_desc([c for c in legal if not self.is_trump(c)]))
        else:
            suggestion = _first(_desc([c for c in legal if not self.is_trump(c)])) \
                or _first(_desc(list(legal)))
        if suggestion is not None:
            return suggestion
        return _first(_asc([c for c in legal if not self.is_trump(c)])) or _asc(legal)[0]

    def try_take_em(self, s: CardState, legal: Sequence[int], partner_taking: bool) -> int:
        players, player, trick, played = s.players, s.player, s.trick, s.cards_played
        taking, taker = s.card_taking_trick, s.trick_taker
        n = len(players)
        suggestion: int | None = None
        legal = list(legal)
        if not trick:
            lho_void = {x: self.target_is_void(player, self.lho(players, player), x, played)
                        for x in STD_SUITS}
            rho_void = {x: self.target_is_void(player, self.rho(players, player), x, played)
                        for x in STD_SUITS}
            p_void = {x: self.partner_is_void(players, player, x, played) for x in STD_SUITS}
            if not rho_void[TRUMP]:
                preferred = [c for c in legal if not rho_void[suit_of(c)]]
                legal = preferred or legal
            if not lho_void[TRUMP]:
                avoid = {x for x in STD_SUITS if lho_void[x] and (p_void[TRUMP] or not p_void[x])}
                preferred = [c for c in legal if suit_of(c) not in avoid]
                legal = preferred or legal
            cards = legal
            boss = sorted((c for c in legal if self.is_card_high(c, played)),
                          key=lambda c: -sum(1 for c1 in cards if suit_of(c1) == suit_of(c)))
            if boss:
                suggestion = boss[0]
            elif not p_void[TRUMP]:
                preferred = [c for c in legal if p_void[suit_of(c)]]
                legal = preferred or legal
        elif len(trick) == n - 1 and not partner_taking and taker is not None and \
                taker.is_nil and taker.hand_score == 0:
            pass  # an opponent's Nil is taking the trick: fall through and play low under it
        elif suit_of(legal[0]) == suit_of(trick[0]):
            assert taking is not None
            if self.is_trump(trick[0]) or not any(self.is_trump(c) for c in trick):
                seen = list(played) + list(player.hand)
                if partner_taking and (len(trick) == n - 1 or self.is_card_high(taking, seen)):
                    pass
                elif len(trick) == n - 1:
                    led = suit_of(trick[0])
                    top = max(rank_sort(c) for c in trick if suit_of(c) == led)
                    suggestion = _first(_asc([c for c in legal if rank_sort(c) > top]))
                else:
                    high = _asc(legal)[-1]
                    if self.is_card_high(high, played):
                        suggestion = high
                    elif self.is_partnership and len(trick) == n - 2 and \
                            rank_sort(high) > rank_sort(taking):
                        known = list(played) + legal
                        if not partner_taking or \
                                not self.is_card_effectively_the_same(high, taking, known):
                            same = [c for c in legal
                                    if self.is_card_effectively_the_same(c, high, known)]
                            suggestion = _asc(same)[0]
        elif any(self.is_trump(c) for c in legal):
            assert taking is not None
            seen = list(played) + list(player.hand)
            lho = self.lho(players, player)
            if self.is_partnership and len(trick) == 1 and \
                    self.target_is_void(player, lho, suit_of(trick[0]), played):
                pass  # second hand, the next opponent is void: leave it to the partner
            elif partner_taking and (len(trick) == n - 1 or self.is_card_high(taking, seen)):
                pass
            elif not any(self.is_trump(c) for c in trick):
                suggestion = _asc([c for c in legal if self.is_trump(c)])[0]
            else:
                top = max(rank_sort(c) for c in trick if self.is_trump(c))
                suggestion = _first(_asc([c for c in legal
                                          if self.is_trump(c) and rank_sort(c) > top]))
        if suggestion is not None:
            return suggestion
        if all(self.is_trump(c) for c in legal):
            return _asc(legal)[0]
        return self.lowest_card_from_weakest_suit(legal, played)

    def lowest_card_from_weakest_suit(self, legal: Sequence[int], played: Sequence[int]) -> int:
        side = [c for c in legal if not self.is_trump(c)]
        if not side:
            return _asc(legal)[0]
        counts = _suit_counts(side)
        suits = list(dict.fromkeys(suit_of(c) for c in side))  # GroupBy keeps first-seen order

        def out(suit: int) -> int:
            return sum(1 for c in played if suit_of(c) == suit)

        singles = [x for x in suits if counts[x] == 1
                   and not self.is_card_high(next(c for c in side if suit_of(c) == x), played)]
        if singles:
            best = min(singles, key=out)
            return next(c for c in side if suit_of(c) == best)
        for x in sorted((x for x in suits if counts[x] == 2), key=out):
            pair = _asc([c for c in side if suit_of(c) == x])
            if self.is_card_high(pair[1], played) and pair[0] % 13 < pair[1] % 13 - 1:
                return pair[0]
            if all(c % 13 != KING for c in pair):
                return pair[0]
        return sorted(side, key=lambda c: (-counts[suit_of(c)], rank_sort(c)))[0]


@dataclass
class CardState:
    """The original's SuggestCardState: the trick so far, the legal cards, the cards
    of the finished tricks (``cards_played``) and who is taking the trick."""

    players: list[Player]
    player: Player
    trick: list[int]
    legal: list[int]
    cards_played: list[int]
    card_taking_trick: int | None = None
    trick_taker: Player | None = None
    is_partner_taking_trick: bool = False


def _first(cards: Sequence[int]) -> int | None:
    return cards[0] if cards else None


def _asc(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=rank_sort)


def _desc(cards: Iterable[int]) -> list[int]:
    # OrderByDescending is stable: equal ranks keep their order.
    return sorted(cards, key=lambda c: -rank_sort(c))


def _below_queen(card: int) -> bool:
    return rank_sort(card) < QUEEN


def _suit_counts(cards: Iterable[int]) -> dict[int, int]:
    counts = dict.fromkeys(STD_SUITS, 0)
    for c in cards:
        counts[suit_of(c)] += 1
    return counts


def _round_half_even(x: float) -> int:
    """C#'s Math.Round: halves go to the even neighbour (Python's round does the same)."""
    return round(x)


# -- from our Knowledge ---------------------------------------------------------------------


def players_of(k: Knowledge) -> list[Player]:
    """Every seat as the original's players, built from what this seat may know."""
    table = k.table
    players = [Player(seat=s, bid=k.bids[s], hand_score=k.tricks_won[s],
                      game_score=k.scores[table.side_of[s]], bags=k.bags[table.side_of[s]],
                      void_suits={x for x in STD_SUITS if k.voids[s] >> x & 1})
               for s in range(table.seats)]
    players[k.seat].hand = sorted(cards_in(k.hand), reverse=True)
    for leader, cards, _winner in k.tricks:
        _record_plays(players, leader, list(cards))
    if k.trick:
        _record_plays(players, k.trick[0][0], [c for _s, c in k.trick])
    return players


def _record_plays(players: list[Player], leader: int, cards: list[int]) -> None:
    n = len(players)
    for i in range(1, len(cards)):
        high = cards[_high_index(cards[:i])]
        players[(leader + i) % n].played_cards.append((high, cards[i]))


def _high_index(trick: Sequence[int]) -> int:
    take = TRUMP if any(suit_of(c) == TRUMP for c in trick) else suit_of(trick[0])
    return trick.index(max((c for c in trick if suit_of(c) == take), key=rank_sort))


_BOTS: dict[RuleSet, SpadesBot] = {}


def bot_of(k: Knowledge) -> SpadesBot:
    bot = _BOTS.get(k.rules)
    if bot is None:
        bot = _BOTS[k.rules] = SpadesBot(Options.of(k.rules), cards_in(k.deck))
    return bot


def _bid_code(action: str) -> int | None:
    if action == "bid nil":
        return NIL_BID
    if action == "bid blind nil":
        return BLIND_NIL_BID
    tail = action[4:]
    return int(tail) if action.startswith("bid ") and tail.isdigit() else None


def decide(k: Knowledge) -> Decision:
    """The port's action for the seat ``k`` describes (one of ``k.legal``)."""
    if not supports(k.rules):
        raise ValueError("The TricksterBots port plays one deck with three or four seats "
                         f"and no draw; {k.rules.name!r} is not one of those.")
    legal = k.legal
    if len(legal) == 1:
        return Decision(legal[0], "the only thing to do")
    bot = bot_of(k)
    players = players_of(k)
    player = players[k.seat]
    if k.phase == "bidding":
        if k.hand_hidden:  # "if we're offered a show bid, take it (never bid blind nil)"
            return Decision("look" if "look" in legal else legal[0], "never Blind Nil")
        codes = {c: a for a in legal if (c := _bid_code(a)) is not None}
        choice = bot.suggest_bid(players, player, list(player.hand), list(codes))
        return Decision(codes[choice], "TricksterBots' bid")
    if k.phase == "passing":
        count = k.pass_due[0][2] if k.pass_due else len(legal[0].split()) - 1
        cards = bot.suggest_pass(player, count)
        wanted = sorted(CODES[c] for c in cards)
        for action in legal:
            if sorted(action.split()[1:]) == wanted:
                return Decision(action, "TricksterBots' pass")
        return Decision(legal[0], "TricksterBots' pass")
    if k.phase != "playing":
        raise ValueError(f"The TricksterBots port does not play the {k.phase!r} phase.")
    by_code = {card_index(a[5:]): a for a in legal}
    trick = [c for _s, c in k.trick]
    played = [c for _l, cards, _w in k.tricks for c in cards]
    state = CardState(players, player, trick, [c for c in player.hand if c in by_code], played)
    if trick:
        i = _high_index(trick)
        state.card_taking_trick = trick[i]
        state.trick_taker = players[k.trick[i][0]]
        partner = bot.partner_of(players, player)
        state.is_partner_taking_trick = partner is not None and k.trick[i][0] == partner.seat
    return Decision(by_code[bot.suggest_card(state)], "TricksterBots' card")

