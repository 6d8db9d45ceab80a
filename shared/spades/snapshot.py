"""Saving and loading a whole game as plain data (msgpack- and JSON-safe).

The saved form holds the rules, seed, first dealer, the event list and a snapshot of
the current state, so loading is a direct rebuild rather than a replay (the room loads
a table on every action). ``load`` checks the snapshot's shape and, when events are
present, that their count matches; damaged data raises ``ValueError``.
Card masks are stored as ints (54 bits: inside msgpack's 64-bit range); in the
six-handed game, whose masks have 108 bits (two decks), each mask is a pair
``[first deck, second deck]`` of 54-bit ints. Per-seat entries have ``rules.seats``
items, scores and bags one per side. A two-handed game also saves ``stock`` (card
indices, top first), ``drawn`` and ``discards`` (masks by seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .actions import Action
from .cards import COPY, ONE_DECK
from .hand_parts import BIDDING, DRAWING, OVER, PASSING, PLAYING
from .rules import RuleSet
from .view import copy_record, copy_review

if TYPE_CHECKING:
    from .state import GameState

    G = TypeVar("G", bound=GameState)

FORMAT = 1

_TUPLE4 = ("hands", "dealt", "looked", "blind_open", "bids", "tricks_won")  # one per seat
_MASKS = ("hands", "dealt")
_SCALARS = ("hand_no", "dealer", "deal_seed", "phase", "to_act", "leader", "broken",
            "outcome", "n_events")


def dump(game: GameState, with_events: bool = True) -> dict[str, Any]:
    state: dict[str, Any] = {name: getattr(game, name) for name in _SCALARS}
    for name in _TUPLE4:
        state[name] = list(getattr(game, name))  # hands may be dealt lazily
    wide = game.rules.decks == 2
    state_passes: list[Any] = []
    if wide:
        for name in _MASKS:
            state[name] = [_split(m) for m in state[name]]
        state_passes = [[_split(a), _split(b)] for a, b in game.passes]
    if game.rules.draw:
        c = game._c  # the draw's own parts, not views of it
        state["stock"] = list(c.stock_cards())
        state["drawn"] = c.drawn
        state["discards"] = list(c.discards)
    state["scores"] = list(game.scores)
    state["bags"] = list(game.bags)
    state["pass_queue"] = [list(p) for p in game.pass_queue]
    state["passes"] = state_passes if wide else [list(p) for p in game.passes]
    state["trick"] = [list(p) for p in game.trick]
    state["tricks"] = [[lead, list(cards), win] for lead, cards, win in game.tricks]
    state["history"] = [copy_record(h) for h in game.history]
    state["review"] = copy_review(game.review)
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "opening": _copy_opening(game.opening),
        "state": state,
    }
    if with_events:
        events = game.events
        # A game loaded without its events knows only the later ones; saving those
        # would not load (their count is not the version), so it saves none.
        if len(events) == game.n_events:
            out["events"] = [[seat, text] for seat, text in events]
    return out


def load(cls: type[G], data: dict[str, Any]) -> G:
    try:
        return _load(cls, data)
    except (KeyError, TypeError, IndexError, AttributeError) as err:
        raise ValueError(f"This is not a saved game ({type(err).__name__}: {err}).") from None


def _load(cls: type[G], data: dict[str, Any]) -> G:
    if data.get("format") != FORMAT:
        raise ValueError(f"Unknown saved-game format {data.get('format')!r}.")
    rules = RuleSet.from_dict(data["rules"])
    state = data.get("state")
    events = data.get("events")
    if state is None:
        if events is None:
            raise ValueError("A saved game needs a state or its events.")
        return cls.replay(rules, data["seed"], data["first_dealer"], events, data.get("opening"))
    seed, first_dealer = data["seed"], data["first_dealer"]
    n = rules.seats
    if not isinstance(seed, int) or first_dealer not in range(n):
        raise ValueError(f"A saved game needs an integer seed and a first dealer 0..{n - 1}.")
    state_of: dict[str, Any] = {}
    for name in _TUPLE4:
        value = tuple(state[name])
        if len(value) != n:
            raise ValueError(f"A saved game's {name} must have {_WORDS[n]} entries.")
        state_of[name] = value
    passes = tuple((int(a), int(b)) for a, b in state["passes"]) if rules.decks == 1 else (
        tuple((_join(a), _join(b)) for a, b in state["passes"]))
    if rules.decks == 2:
        for name in _MASKS:
            state_of[name] = tuple(_join(m) for m in state_of[name])
    sides = len(rules.teams)
    if len(state["scores"]) != sides or len(state["bags"]) != sides:
        raise ValueError(f"A saved game's scores and bags must have {_WORDS[sides]} entries.")
    draw: dict[str, Any] = {}
    if rules.draw:
        stock = state["stock"]
        draw = {"stock": None if stock is None else tuple(int(c) for c in stock),
                "drawn": int(state["drawn"]),
                "discards": tuple(int(m) for m in state["discards"])}
        if len(draw["discards"]) != n:
            raise ValueError("A saved game's discards must have two entries.")
    node: Any = None
    if events is not None:
        if len(events) != state["n_events"]:
            raise ValueError("A saved game's events do not match its state.")
        for seat, text in events:
            node = (node, int(seat), Action.parse(text))
    leader = int(state["leader"])
    trick = tuple((int(s), int(c)) for s, c in state["trick"])
    if any(s != (leader + i) % n for i, (s, _) in enumerate(trick)):
        raise ValueError("A saved game's trick is not played in turn from its leader.")
    phase = _PHASES.get(state["phase"])
    if phase is None:
        raise ValueError(f"A saved game's phase {state['phase']!r} is not a phase.")
    return cls._assemble(
        rules=rules, seed=seed, first_dealer=first_dealer,
        opening=_copy_opening(data.get("opening")),
        hand_no=int(state["hand_no"]), dealer=int(state["dealer"]),
        deal_seed=str(state["deal_seed"]), phase=phase,
        to_act=None if state["to_act"] is None else int(state["to_act"]), leader=leader,
        broken=bool(state["broken"]), outcome=state["outcome"],
        n_events=int(state["n_events"]), events=node,
        hands=state_of["hands"], dealt=state_of["dealt"], looked=state_of["looked"],
        blind_open=state_of["blind_open"], bids=state_of["bids"],
        tricks_won=state_of["tricks_won"],
        scores=tuple(int(v) for v in state["scores"]),
        bags=tuple(int(v) for v in state["bags"]),
        pass_queue=tuple((int(a), int(b), int(c)) for a, b, c in state["pass_queue"]),
        passes=passes,
        trick=tuple(c for _, c in trick),
        tricks=tuple((int(lead), tuple(cards), int(win))
                     for lead, cards, win in state["tricks"]),
        history=tuple(copy_record(h) for h in state["history"]),
        review=copy_review(state["review"]), **draw,
    )


_PHASES = {name: name for name in (DRAWING, BIDDING, PASSING, PLAYING, OVER)}
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 6: "six"}


def _split(mask: int) -> list[int]:
    # A two-deck mask as two 54-bit ints (msgpack holds at most 64 bits).
    return [mask & ONE_DECK, mask >> COPY]


def _join(pair: Any) -> int:
    low, high = pair
    return int(low) | int(high) << COPY


def _copy_opening(opening: dict[str, Any] | None) -> dict[str, Any] | None:
    # A fixed opening position, copied so a save and its game share no lists.
    if opening is None:
        return None
    deal = opening.get("deal")
    return {
        "deal": [list(cards) for cards in deal] if deal is not None else None,
        "scores": list(opening["scores"]),
        "bags": list(opening["bags"]),
    }
