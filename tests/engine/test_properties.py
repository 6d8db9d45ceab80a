"""Hypothesis over whole random games, on every preset and on each variant of issue 3,
and on every format of issue 15 (2, 3, 4 solo, 4 partners, 6 in three teams).

Each game is played by random legal actions, with random probes (any action by any seat)
between them, and checked against an independent model as it goes:

- every probe either raises a typed error with a reason and leaves the game unchanged,
  or was one of that seat's legal actions; every legal action is accepted;
- legal plays are exactly those of the model (follow suit, breaking spades);
- no view (every seat and the spectator) shows another seat's unplayed card, a card of
  the two-handed stock below the top, or a discard; the top card only to the seat to act;
- each finished hand: the format's deck dealt (or drawn) once (``model_deck``), each
  card played once by the seat that held it, the format's tricks, each won by the
  model's winner, and the scores equal ``score_hand`` over the bids and tricks;
- the finished game replays from its events and round-trips through ``to_dict`` (with
  and without events, and through msgpack).

Standard games with random bids can run forever (sets push scores down with no floor),
so games stop after a few hands.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from shared.spades import (
    Action,
    Game,
    IllegalAction,
    NotYourTurn,
    RuleSet,
    SpadesError,
    match_outcome,
    score_hand,
)
from shared.spades.cards import CODES

from .support import (
    card_tokens,
    model_blind_nil_open,
    model_deck,
    model_legal_bids,
    model_legal_plays,
    model_trick_winner,
    suit,
)

PRESET_NAMES = ("standard", "quick", "club", "course")
FORMAT_NAMES = ("cutthroat", "three_handed", "two_handed", "six_handed")

VARIANTS: dict[str, dict[str, Any]] = {
    "plain": {},
    "whiz": {"bidding": "whiz"},
    "mirror": {"bidding": "mirror", "blind_nil": "off"},
    "suicide": {"bidding": "suicide", "nil_after_partner": True},
    "jokers": {"jokers": True},
    "nil_pass": {"nil_pass": 2, "blind_nil_pass": 1},
    "blind_nil_pass": {"nil_pass": 0, "blind_nil_pass": 2, "blind_nil": "any"},
    "min_team_bid": {"min_team_bid": 4},
    "ten_for_two_hundred": {"ten_for_two_hundred": True},
    "free_values": {"nil_value": 50, "blind_nil_value": 300, "bag_limit": 5,
                    "bag_penalty_points": 50, "target_score": 150, "losing_score": -150,
                    "max_hands": 3},
    "no_bag_penalty": {"bag_penalty": False},
    "trailing": {"blind_nil": "trailing", "blind_nil_margin": 50},
}

# Shrinking a whole random game makes little progress and can run for minutes, so a
# failure is reported as found (Hypothesis prints the seed to reproduce it).
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)
SETTINGS = settings(max_examples=2, deadline=None, phases=PHASES,
                    suppress_health_check=[HealthCheck.too_slow])


# The variants that mean something without partners (RuleSet refuses the others) or,
# for the two-handed draw, with every hand seen (no Blind Nil).
SOLO_VARIANTS = ("plain", "whiz", "mirror", "jokers", "ten_for_two_hundred", "free_values",
                 "no_bag_penalty", "trailing")
DRAW_VARIANTS = ("plain", "whiz", "mirror", "jokers", "free_values", "no_bag_penalty")


def build_rules(preset: str, overrides: dict[str, Any]) -> RuleSet:
    if PRESETS_DRAW.get(preset):
        overrides = {**overrides, "blind_nil": "off"}
    return RuleSet.preset(preset, **overrides)


PRESETS_DRAW = {"two_handed": True}


def format_cases() -> list[tuple[str, str]]:
    out = []
    for name in FORMAT_NAMES:
        if name == "six_handed":
            out += [(name, v) for v in VARIANTS]
        else:
            out += [(name, v) for v in (DRAW_VARIANTS if name == "two_handed"
                                        else SOLO_VARIANTS)]
    return out


# -- the checker --------------------------------------------------------------------------

def _probe_actions(rng: random.Random, jokers: bool) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice([f"bid {n}" for n in range(1, 18)] + ["bid nil", "bid blind nil"])
    if kind == 1:
        return "look"
    if kind == 2:
        return "pass " + " ".join(rng.sample(CODES, rng.choice((1, 2))))
    if kind == 3:
        return rng.choice(("keep", "discard"))
    return "play " + rng.choice(CODES)


UNIVERSE = [Action.parse(t) for t in (
    *(f"bid {n}" for n in range(1, 18)), "bid nil", "bid blind nil", "look", "keep",
    "discard", *(f"play {c}" for c in CODES),
)]
PHASE_OF_KIND = {"bid": "bidding", "nil": "bidding", "blind nil": "bidding",
                 "pass": "passing", "play": "playing", "keep": "drawing",
                 "discard": "drawing"}


class Checker:
    """Plays one game with random actions and checks it at every step."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.n = game.rules.seats
        self.played: Counter[str] = Counter()
        self.gave: list[set[str]] = [set() for _ in range(self.n)]

    def run(self, hands: int) -> Game:
        g = self.game
        self.check_new_hand(g)
        while not g.over and g.hands_played < hands:
            # Views every step while drawing, bidding and passing, every third card in play.
            if g.phase != "playing" or g.n_events % 3 == 0:
                self.check_views(g)
            self.probe(g)
            if self.rng.random() < 0.05:
                self.check_every_action(g)
            g = self.step(g)
        self.check_views(g)
        self.check_round_trips(g)
        return g

    def step(self, g: Game) -> Game:
        seat = g.to_act
        assert seat is not None
        legal = g.legal_actions()
        assert legal, f"no legal action for {seat} in {g!r}"
        assert legal == g.legal_actions(seat)
        assert len(set(legal)) == len(legal)
        if g.phase == "drawing":
            assert [str(a) for a in legal] == ["keep", "discard"]
        if g.phase == "bidding":
            self.check_bids(g, seat, legal)
        if g.phase == "playing":
            trick = [CODES[c % 54] for _, c in g.trick]
            model = model_legal_plays(g.hand_of(seat), trick, g.broken)
            assert {str(a) for a in legal} == {f"play {c}" for c in model}
        action = self.rng.choice(legal)
        before = g.hands_played
        after = g.apply(seat, action)
        assert after.n_events == g.n_events + 1
        assert after.events[-1] == (seat, str(action))
        if action.kind == "play":
            self.played[str(action).split()[1]] += 1
            if after.hands_played == before:  # one copy leaves the hand (six: of two)
                assert len(after.hand_of(seat)) == len(g.hand_of(seat)) - 1
        elif action.kind == "pass":
            self.gave[seat].update(str(action).split()[1:])
        elif action.kind in ("keep", "discard"):
            self.check_draw(g, after, seat, action.kind)
        if after.hands_played != before:
            self.check_finished_hand(after)
            if not after.over:
                self.check_new_hand(after)
            self.played = Counter()
            self.gave = [set() for _ in range(self.n)]
        return after

    def check_draw(self, g: Game, after: Game, seat: int, kind: str) -> None:
        """Keep takes the card shown; discard takes the one below it, seen by nobody
        before; the other seat's hand is unchanged."""
        shown = g.view(seat).draw
        assert shown is not None and shown["card"] is not None
        got = Counter(after.hand_of(seat)) - Counter(g.hand_of(seat))
        assert sum(got.values()) == 1
        if kind == "keep":
            assert list(got) == [shown["card"]]
        else:
            assert shown["card"] not in got
        other = 1 - seat
        assert after.hand_of(other) == g.hand_of(other)
        assert shown["stock"] == 2 + (after.view(other).draw or {"stock": 0})["stock"]

    def probe(self, g: Game) -> None:
        """Any action by any seat: accepted only if legal, else a typed error and no change."""
        seat = self.rng.randrange(self.n)
        text = _probe_actions(self.rng, g.rules.jokers)
        action = Action.parse(text)
        legal = g.legal_actions(seat)
        before = g.to_dict(events=False)
        try:
            after = g.apply(seat, action)
        except SpadesError as err:
            assert isinstance(err, IllegalAction), err
            assert err.reason and len(err.reason.split()) >= 3
            assert action not in legal, f"{text} by {seat} is legal but refused: {err}"
            if seat != g.to_act and action.kind != "look" and not g.over and \
                    g.phase == PHASE_OF_KIND[action.kind]:
                assert isinstance(err, NotYourTurn), err
            assert g.to_dict(events=False) == before
        else:
            assert action in legal, f"{text} by {seat} was accepted but is not legal"
            assert after.n_events == g.n_events + 1
            assert g.to_dict(events=False) == before

    def check_new_hand(self, g: Game) -> None:
        """At the deal: hidden hands are exactly the seats offered Blind Nil."""
        n = self.n
        opened = [model_blind_nil_open(g.rules, s, g.dealer, g.scores) for s in range(n)]
        assert [g.view(s).hand_hidden for s in range(n)] == opened
        assert g.to_act == (g.dealer + 1) % n
        assert g.phase == ("drawing" if n == 2 else "bidding")
        if n == 2:
            assert g.hand_of(0) == g.hand_of(1) == []

    def check_bids(self, g: Game, seat: int, legal: list[Action]) -> None:
        """Legal bids and looks are exactly the model's, for every seat."""
        hidden = g.view(seat).hand_hidden
        spades = sum(suit(c) == "S" for c in g.hand_of(seat))
        mate = g.rules.partner_of(seat)
        partner = None if mate is None else g.view(seat).bids[mate]
        expected = model_legal_bids(g.rules, partner, spades, hidden)
        if hidden:
            expected.add("look")
        assert {str(a) for a in legal} == expected
        for other in range(self.n):
            if other != seat:
                view = g.view(other)
                may_look = view.hand_hidden and view.bids[other] is None
                assert [str(a) for a in g.legal_actions(other)] == (["look"] if may_look else [])

    def check_every_action(self, g: Game) -> None:
        """Every bid, look, draw and play by every seat: accepted exactly when legal."""
        for seat in range(self.n):
            legal = set(g.legal_actions(seat))
            for action in UNIVERSE:
                try:
                    g.apply(seat, action)
                except IllegalAction:
                    assert action not in legal, f"{action} by {seat} is legal but refused"
                else:
                    assert action in legal, f"{action} by {seat} was accepted but not legal"
            for action in legal:
                if action.kind == "pass":
                    g.apply(seat, action)

    def check_views(self, g: Game) -> None:
        n = self.n
        hands = [set(g.hand_of(s)) for s in range(n)]
        secret = set().union(*hands)
        top = None
        if g.rules.draw:
            # The stock and the discards are nobody's to see (the top: the seat to act's).
            stock = g.to_dict(events=False)["state"]["stock"] or []
            drawn = g.to_dict(events=False)["state"]["drawn"]
            below = {CODES[c] for c in stock[drawn:]}
            if g.phase == "drawing":
                top = CODES[stock[drawn]]
            secret |= below | {c for m in g.discards for c in _codes(m)}
        for seat in (*range(n), None):
            view = g.view(seat) if seat is not None else g.spectator_view()
            data = view.to_dict()
            assert len(data["bids"]) == len(data["tricks_won"]) == n
            assert len(data["scores"]) == len(data["bags"]) == len(g.rules.teams)
            data.pop("rules")
            data.pop("history")  # finished hands: counts only
            review = data.pop("review")
            if review is not None:
                assert review["hand"] == g.hands_played - 1
            seen = card_tokens(data)
            allowed = set(self.played)
            if seat is not None:
                allowed |= hands[seat] | self.gave[seat]
                if not view.hand_hidden:
                    assert view.hand == g.hand_of(seat)
                else:
                    assert view.hand == []
                if top is not None and seat == g.to_act:
                    allowed.add(top)
                    assert view.draw is not None and view.draw["card"] == top
                elif view.draw is not None:
                    assert view.draw["card"] is None
            leaked = (seen - allowed) & secret
            assert not leaked, f"seat {seat} sees {leaked}"
        assert json.loads(json.dumps(g.spectator_view().to_dict())) is not None

    def check_finished_hand(self, g: Game) -> None:
        rules = g.rules
        n = self.n
        per_seat = 17 if n in (3, 6) else 13
        review = g.review
        assert review is not None
        record = g.history[-1]
        dealt = [Counter(h) for h in review["dealt"]]
        assert all(sum(h.values()) == per_seat for h in dealt)
        deck = sum(dealt, Counter())
        if n == 2:
            # The draw: the stock is the deck, each card kept or discarded once.
            assert Counter(review["stock"]) == Counter(model_deck(rules))
            discards = [Counter(d) for d in review["discards"]]
            assert all(sum(d.values()) == 13 for d in discards)
            assert deck + sum(discards, Counter()) == Counter(review["stock"])
        else:
            assert deck == Counter(model_deck(rules))
        # Hands as play began: dealt, plus cards got, less cards given (a card may come
        # back: South passes it and North returns it, so count rather than use sets).
        holding = [dealt[s] + Counter(review["passes"][s][1]) - Counter(review["passes"][s][0])
                   for s in range(n)]
        assert all(sum(h.values()) == per_seat for h in holding)
        # Every trick: led by the last winner, each card legal for the model, winner right.
        leader = (review["dealer"] + 1) % n
        broken = False
        won = [0] * n
        assert len(review["tricks"]) == per_seat
        for trick_leader, cards, winner in review["tricks"]:
            assert trick_leader == leader and len(cards) == n
            for i, card in enumerate(cards):
                seat = (leader + i) % n
                assert card in model_legal_plays(+holding[seat], cards[:i], broken)
                holding[seat][card] -= 1
                broken = broken or card in ("LJ", "BJ") or card[1] == "S"
            assert winner == model_trick_winner(leader, cards, n)
            won[winner] += 1
            leader = winner
        assert not any(+h for h in holding)
        assert record["tricks"] == won
        # Scores from score_hand, against the bags before the hand.
        sides = len(rules.teams)
        zeros = (0,) * sides
        bags_before = zeros if len(g.history) == 1 else tuple(
            t["bags"] for t in g.history[-2]["teams"])
        expected = score_hand(rules, record["bids"], won, bags_before)
        totals_before = zeros if len(g.history) == 1 else tuple(
            t["total"] for t in g.history[-2]["teams"])
        assert len(record["teams"]) == len(expected) == sides
        for team in range(sides):
            got = dict(record["teams"][team])
            total = got.pop("total")
            assert got == expected[team].to_dict()
            assert total == totals_before[team] + expected[team].hand_total
        assert g.scores == tuple(t["total"] for t in record["teams"])
        assert g.bags == tuple(e.bags for e in expected)
        assert g.outcome == match_outcome(rules, g.scores, g.hands_played)
        assert g.over == (g.outcome is not None)
        if not g.over:
            assert g.dealer == (review["dealer"] + 1) % n and g.to_act == (g.dealer + 1) % n

    def check_round_trips(self, g: Game) -> None:
        assert Game.replay(g.rules, g.seed, g.first_dealer, g.events) == g
        data = g.to_dict()
        assert Game.from_dict(data) == g
        packed = msgpack.unpackb(msgpack.packb(data))
        assert Game.from_dict(packed) == g
        bare = g.to_dict(events=False)
        assert Game.from_dict(bare).to_dict(events=False) == bare


def _codes(mask: int) -> list[str]:
    return [CODES[c % 54] for c in range(108) if mask >> c & 1]


# -- the properties -------------------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**63 - 1)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("preset", PRESET_NAMES)
@SETTINGS
@given(seed=seeds, dealer=st.integers(0, 3), policy=st.randoms(use_true_random=False))
def test_random_games(preset: str, variant: str, seed: int, dealer: int,
                      policy: random.Random) -> None:
    rules = build_rules(preset, VARIANTS[variant])
    Checker(Game.new(rules, seed=seed, dealer=dealer), policy).run(hands=2)


@pytest.mark.parametrize(("preset", "variant"), format_cases())
@SETTINGS
@given(seed=seeds, dealer=st.integers(0, 5), policy=st.randoms(use_true_random=False))
def test_random_games_in_every_format(preset: str, variant: str, seed: int, dealer: int,
                                      policy: random.Random) -> None:
    rules = build_rules(preset, VARIANTS[variant])
    game = Game.new(rules, seed=seed, dealer=dealer % rules.seats)
    Checker(game, policy).run(hands=2)


@settings(max_examples=12, deadline=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESET_NAMES),
    picks=st.lists(st.sampled_from(sorted(VARIANTS)), min_size=2, max_size=4, unique=True),
    seed=seeds,
    policy=st.randoms(use_true_random=False),
)
def test_random_games_with_variants_combined(preset: str, picks: list[str], seed: int,
                                             policy: random.Random) -> None:
    overrides: dict[str, Any] = {}
    for pick in picks:
        overrides.update(VARIANTS[pick])
    if overrides.get("bidding", "standard") != "standard":
        overrides["min_team_bid"] = 0
    if overrides.get("bidding") == "mirror":
        overrides["blind_nil"] = "off"
    if overrides.get("bidding") == "suicide":
        overrides["nil_after_partner"] = True
    rules = build_rules(preset, overrides)
    Checker(Game.new(rules, seed=seed), policy).run(hands=2)


@settings(max_examples=4, deadline=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, policy=st.randoms(use_true_random=False))
def test_quick_games_play_to_the_end(seed: int, policy: random.Random) -> None:
    g = Checker(Game.new(RuleSet.preset("quick"), seed=seed), policy).run(hands=30)
    assert g.over and g.outcome is not None
    assert g.outcome == match_outcome(g.rules, g.scores, g.hands_played)


@settings(max_examples=2, deadline=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, policy=st.randoms(use_true_random=False))
@pytest.mark.parametrize("preset", FORMAT_NAMES)
def test_games_of_every_format_play_to_the_end(preset: str, seed: int,
                                               policy: random.Random) -> None:
    rules = build_rules(preset, {"target_score": 150, "losing_score": -150, "max_hands": 6})
    g = Checker(Game.new(rules, seed=seed), policy).run(hands=6)
    assert g.over and g.outcome is not None
    assert g.outcome == match_outcome(g.rules, g.scores, g.hands_played)
    standings = g.view(0).standings
    assert sorted(standings) == list(range(len(rules.teams)))
    assert [g.scores[s] for s in standings] == sorted(g.scores, reverse=True)
    if g.outcome != "draw":
        assert standings[0] == g.outcome
