"""The scenario format: a real position in the engine, a task for the learner, and text.

A scenario is plain data (``Scenario.from_dict``; ``docs/learn.md`` shows the keys) held
in frozen dataclasses. It names a ``RuleSet``, the first dealer, the starting scores and
bags, the cards each seat holds *when the lesson starts*, the bids made so far (in
bidding order) and the tricks played so far (cards in play order; the last one may be
unfinished). ``build_position`` turns that into a ``Game``: the first deal is the held
cards plus the cards each seat played, then every bid and card goes through
``Game.apply``, so a position the rules could not reach raises ``ScenarioError``.

Then come the learner's steps (each a ``Goal``), the other seats' ``script`` (action
preferences, see ``shared.course.replies``), teaching text, and the score lines the hand
must produce (``expected``), which the validator checks against the engine.

Seats are 0..3 = South, West, North, East as in the engine; the learner is usually
South. Action texts are the engine's (``bid 4``, ``bid nil``, ``play AS``); in data a
bare card code (``"AS"``) means ``play AS`` and a bare number or ``"nil"`` a bid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from shared.i18n import Text
from shared.spades import Action, Game, RuleSet, SpadesError, parse_card, trick_winner
from shared.spades.cards import CODES

SEATS = ("South", "West", "North", "East")
GOAL_KINDS = ("action", "any", "state")
JUDGED_BY = ("move", "trick", "hand")
KINDS = ("lesson", "practice")
SCORE_FIELDS = ("contract", "tricks", "contract_points", "bag_points", "nil_points",
                "bag_penalty", "hand_total", "total", "bags")


class ScenarioError(ValueError):
    """A scenario that is malformed or that the engine refuses; the text says which and why."""


def action_text(token: str) -> str:
    """The engine's action text for a scenario token: ``"AS"`` -> ``"play AS"``,
    ``"4"`` -> ``"bid 4"``, ``"nil"`` -> ``"bid nil"``; full texts pass through."""
    if not isinstance(token, str):
        raise ScenarioError(f"{token!r} is not an action (write 'bid 4', 'play AS' or 'AS').")
    text = " ".join(token.strip().split())
    low = text.lower()
    if low.isdigit() or low in ("nil", "blind nil"):
        text = f"bid {low}"
    elif len(text.split()) == 1 and low not in ("look",):
        try:
            parse_card(text.upper())
        except ValueError:
            pass
        else:
            text = f"play {text.upper()}"
    try:
        return str(Action.parse(text))
    except SpadesError as err:
        raise ScenarioError(f"{token!r}: {err.reason}") from None


@dataclass(frozen=True, slots=True)
class StateGoal:
    """Counts and flags the position must reach. Counts are tricks won in this hand by
    the learner (``took``), the learner's partner, or the learner's team. ``by`` says
    when it is judged: right after the learner's ``move``; when the learner's ``trick``
    is complete; or when the ``hand`` is scored (an ``*_at_most`` count that is passed
    earlier is a miss at once)."""

    by: str = "trick"
    took_at_least: int | None = None
    took_at_most: int | None = None
    partner_took_at_most: int | None = None
    team_took_at_least: int | None = None
    spades_broken: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by}
        for name in ("took_at_least", "took_at_most", "partner_took_at_most",
                     "team_took_at_least", "spades_broken"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class Goal:
    """What counts as success: one ``action``, ``any`` action of a set, or a ``state``."""

    kind: str
    actions: tuple[str, ...] = ()
    state: StateGoal | None = None

    def describe(self) -> dict[str, Any]:
        if self.kind == "state" and self.state is not None:
            return {"state": self.state.to_dict()}
        if self.kind == "action":
            return {"action": self.actions[0]}
        return {"any": list(self.actions)}


@dataclass(frozen=True, slots=True)
class WrongMove:
    """A move the engine must refuse at the step's start, with the engine's own reason."""

    action: str
    reason: str


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (or, for a state goal judged by hand, a run of them) of the learner.

    ``answer`` is a sequence of learner moves that reaches the goal (the validator plays
    it). ``miss`` explains a legal move that misses; ``misses`` gives a sentence for
    particular actions. ``wrong`` lists illegal moves whose engine reason is checked.
    """

    prompt: str
    goal: Goal
    answer: tuple[str, ...]
    after: str
    miss: str
    hint: str = ""
    misses: tuple[tuple[str, str], ...] = ()
    wrong: tuple[WrongMove, ...] = ()

    def miss_reason(self, action: str) -> str:
        for name, text in self.misses:
            if name == action:
                return text
        return self.miss


@dataclass(frozen=True, slots=True)
class Scenario:
    """A lesson or a practice position. Build with :meth:`from_dict`."""

    id: str
    title: str
    kind: str
    summary: str
    rules: RuleSet
    seat: int
    dealer: int
    scores: tuple[int, int]
    bags: tuple[int, int]
    hands: tuple[tuple[str, ...], ...]
    bids: tuple[str, ...]
    tricks: tuple[tuple[str, ...], ...]
    script: tuple[tuple[str, ...], ...]
    intro: tuple[str, ...]
    steps: tuple[Step, ...]
    outro: tuple[str, ...]
    expected: tuple[dict[str, int], dict[str, int]] | None = None
    source: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def team(self) -> int:
        return self.seat & 1

    @property
    def partner(self) -> int:
        return (self.seat + 2) & 3

    def texts(self) -> dict[str, str]:
        """Every sentence the learner reads, by catalogue id
        (``course.lesson.<id>.intro.0``, ``...step.0.prompt``): what a language's room.po
        translates."""
        said = [self.title, self.summary, *self.intro, *self.outro]
        for step in self.steps:
            said += [step.prompt, step.after, step.miss, step.hint, *(t for _, t in step.misses)]
        return {text.key: str(text) for text in said if isinstance(text, Text)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Scenario:
        """Read a scenario from plain data; raises :class:`ScenarioError` naming the key."""
        if not isinstance(data, Mapping):
            raise ScenarioError("A scenario must be a mapping of keys to values.")
        sid = data.get("id")
        if not isinstance(sid, str) or not sid or not sid.replace("-", "").isalnum():
            raise ScenarioError(f"A scenario needs an id of letters, digits and '-', not {sid!r}.")
        try:
            return _read(sid, data)
        except ScenarioError as err:
            raise ScenarioError(f"Scenario {sid!r}: {err}") from None
        except (KeyError, TypeError, ValueError) as err:
            raise ScenarioError(f"Scenario {sid!r}: {err}") from None


def _text(data: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise ScenarioError(f"{key!r} must be text.")
    return value


def _paragraphs(value: Any, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, Sequence) or not all(isinstance(p, str) for p in value):
        raise ScenarioError(f"{key!r} must be text or a list of paragraphs.")
    return tuple(value)


def _keyed(text: str, key: str) -> str:
    """A scenario's sentence with its catalogue id, ``course.lesson.<id>.<place>`` (a
    language's room.po may translate it; without an entry it is read in English)."""
    return Text(text, key, {}) if text else text


def _keyed_step(step: Step, key: str) -> Step:
    return replace(
        step, prompt=_keyed(step.prompt, f"{key}.prompt"), after=_keyed(step.after, f"{key}.after"),
        miss=_keyed(step.miss, f"{key}.miss"), hint=_keyed(step.hint, f"{key}.hint"),
        misses=tuple((a, _keyed(t, f"{key}.miss.{a.replace(' ', '_')}")) for a, t in step.misses))


def _cards(value: Any, key: str) -> tuple[str, ...]:
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, Sequence):
        raise ScenarioError(f"{key!r} must list cards, like 'AS KH 2C'.")
    try:
        return tuple(CODES[parse_card(str(w).upper())] for w in words)
    except ValueError as err:
        raise ScenarioError(f"{key!r}: {err}.") from None


def _rules(value: Any) -> RuleSet:
    if value is None:
        return RuleSet.preset("course")
    if isinstance(value, str):
        return RuleSet.preset(value)
    if isinstance(value, RuleSet):
        return value
    if not isinstance(value, Mapping):
        raise ScenarioError("'rules' must be a preset name or a mapping with a 'preset'.")
    options = dict(value)
    return RuleSet.preset(str(options.pop("preset", "course")), **options)


def _pair(value: Any, key: str) -> tuple[int, int]:
    if (not isinstance(value, Sequence) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ScenarioError(f"{key!r} must be two whole numbers (South-North, West-East).")
    return (value[0], value[1])


def _goal(value: Any) -> Goal:
    if not isinstance(value, Mapping) or len(value) != 1:
        raise ScenarioError("A goal is one of {'action': ...}, {'any': [...]}, {'state': {...}}.")
    (kind, arg), = value.items()
    if kind == "action":
        return Goal("action", (action_text(arg),))
    if kind == "any":
        if isinstance(arg, str) or not isinstance(arg, Sequence) or not arg:
            raise ScenarioError("An 'any' goal lists at least one action.")
        return Goal("any", tuple(dict.fromkeys(action_text(a) for a in arg)))
    if kind == "state":
        if not isinstance(arg, Mapping):
            raise ScenarioError("A 'state' goal is a mapping of conditions.")
        state = StateGoal(**arg)
        for name in ("took_at_least", "took_at_most", "partner_took_at_most",
                     "team_took_at_least"):
            count = getattr(state, name)
            if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                                      or not 0 <= count <= 13):
                raise ScenarioError(f"{name} must be a trick count from 0 to 13.")
        if state.spades_broken not in (None, True, False):
            raise ScenarioError("spades_broken must be true or false.")
        if state.by not in JUDGED_BY:
            raise ScenarioError(f"A state goal is judged by one of {', '.join(JUDGED_BY)}.")
        if state == StateGoal(by=state.by):
            raise ScenarioError("A state goal needs at least one condition.")
        return Goal("state", (), state)
    raise ScenarioError(f"{kind!r} is not a goal kind; use one of {', '.join(GOAL_KINDS)}.")


def _step(value: Any, n: int) -> Step:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"Step {n + 1} must be a mapping.")
    misses = value.get("misses", {})
    wrong = value.get("wrong", [])
    if not isinstance(misses, Mapping) or not isinstance(wrong, Sequence):
        raise ScenarioError(f"Step {n + 1}: 'misses' is a mapping and 'wrong' a list.")
    answer = value.get("answer")
    if isinstance(answer, str):
        answer = [answer]
    if not isinstance(answer, Sequence) or not answer:
        raise ScenarioError(f"Step {n + 1} needs an 'answer': the moves that reach its goal.")
    return Step(
        prompt=_text(value, "prompt"),
        goal=_goal(value.get("goal")),
        answer=tuple(action_text(a) for a in answer),
        after=_text(value, "after", ""),
        miss=_text(value, "miss"),
        hint=_text(value, "hint", ""),
        misses=tuple((action_text(a), str(t)) for a, t in misses.items()),
        wrong=tuple(WrongMove(action_text(w["action"]), str(w["reason"])) for w in wrong),
    )


def _expected(value: Any, team: int) -> tuple[dict[str, int], dict[str, int]] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"us", "them"}:
        raise ScenarioError("'expected' gives the score lines of 'us' and 'them'.")
    lines = []
    for side in ("us", "them"):
        row = value[side]
        if not isinstance(row, Mapping) or not set(row) <= set(SCORE_FIELDS):
            raise ScenarioError(f"'expected.{side}' may hold {', '.join(SCORE_FIELDS)}.")
        lines.append({k: int(v) for k, v in row.items()})
    us, them = lines
    return (us, them) if team == 0 else (them, us)


def _read(sid: str, data: Mapping[str, Any]) -> Scenario:
    known = {"id", "title", "kind", "summary", "rules", "seat", "dealer", "scores", "bags",
             "hands", "bids", "tricks", "script", "intro", "steps", "outro", "expected"}
    unknown = set(data) - known
    if unknown:
        raise ScenarioError(f"unknown key(s) {', '.join(sorted(unknown))}.")
    seat = data.get("seat", 0)
    dealer = data.get("dealer", 3)
    if seat not in (0, 1, 2, 3) or dealer not in (0, 1, 2, 3):
        raise ScenarioError("'seat' and 'dealer' are seats 0..3 (South, West, North, East).")
    kind = data.get("kind", "lesson")
    if kind not in KINDS:
        raise ScenarioError(f"'kind' is one of {', '.join(KINDS)}.")
    hands = data.get("hands")
    if not isinstance(hands, Sequence) or len(hands) != 4:
        raise ScenarioError("'hands' gives the cards of the four seats, South first.")
    script = data.get("script", [[], [], [], []])
    if not isinstance(script, Sequence) or len(script) != 4:
        raise ScenarioError("'script' gives four lists of actions, South first.")
    steps = data.get("steps")
    if not isinstance(steps, Sequence) or not steps:
        raise ScenarioError("a scenario needs at least one step.")
    tricks = data.get("tricks", [])
    if isinstance(tricks, str) or not isinstance(tricks, Sequence):
        raise ScenarioError("'tricks' is a list of tricks, each its cards in play order.")
    key = f"course.lesson.{sid}"
    return Scenario(
        id=sid,
        title=_keyed(_text(data, "title"), f"{key}.title"),
        kind=kind,
        summary=_keyed(_text(data, "summary", ""), f"{key}.summary"),
        rules=_rules(data.get("rules")),
        seat=seat,
        dealer=dealer,
        scores=_pair(data.get("scores", [0, 0]), "scores"),
        bags=_pair(data.get("bags", [0, 0]), "bags"),
        hands=tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(hands)),
        bids=tuple(action_text(str(b)) for b in data.get("bids", [])),
        tricks=tuple(_cards(t, f"tricks[{i}]") for i, t in enumerate(tricks)),
        script=tuple(tuple(action_text(str(a)) for a in (s.split() if isinstance(s, str) else s))
                     for s in script),
        intro=tuple(_keyed(p, f"{key}.intro.{i}")
                    for i, p in enumerate(_paragraphs(data.get("intro"), "intro"))),
        steps=tuple(_keyed_step(_step(s, i), f"{key}.step.{i}") for i, s in enumerate(steps)),
        outro=tuple(_keyed(p, f"{key}.outro.{i}")
                    for i, p in enumerate(_paragraphs(data.get("outro"), "outro"))),
        expected=_expected(data.get("expected"), seat & 1),
        source=data,
    )


def first_deal(scenario: Scenario) -> list[list[str]]:
    """The 13 cards each seat was dealt: what it holds now plus what it has played.

    Who played each card follows from the play order: the player left of the dealer
    leads the first trick and each trick's winner leads the next.
    """
    played: list[list[str]] = [[], [], [], []]
    leader = (scenario.dealer + 1) & 3
    for n, trick in enumerate(scenario.tricks):
        if not 1 <= len(trick) <= 4 or (len(trick) < 4 and n != len(scenario.tricks) - 1):
            raise ScenarioError(f"trick {n + 1} must have 4 cards (only the last may have fewer).")
        plays = tuple(((leader + i) & 3, parse_card(c)) for i, c in enumerate(trick))
        for seat, card in plays:
            played[seat].append(CODES[card])
        if len(trick) == 4:
            leader = trick_winner(plays)
    deal = [list(played[s]) + list(scenario.hands[s]) for s in range(4)]
    for s, cards in enumerate(deal):
        if len(cards) != 13:
            raise ScenarioError(f"{SEATS[s]} holds and played {len(cards)} cards, not 13.")
    return deal


def build_position(scenario: Scenario) -> Game:
    """The game at the lesson's start: the deal, the bids, the tricks, all through the engine.

    A seat that must look at its cards before bidding (Blind Nil open) looks first.
    Raises :class:`ScenarioError` naming the scenario and what the engine refused.
    """
    try:
        return _build(scenario)
    except ScenarioError as err:
        raise ScenarioError(f"Scenario {scenario.id!r}: {err}") from None


def _build(scenario: Scenario) -> Game:
    deal = first_deal(scenario)
    try:
        g = Game.new(scenario.rules, 0, scenario.dealer, deal=deal, scores=scenario.scores,
                     bags=scenario.bags)
    except ValueError as err:
        raise ScenarioError(str(err)) from None
    moves = [*scenario.bids, *(f"play {c}" for trick in scenario.tricks for c in trick)]
    for text in moves:
        seat = g.to_act
        if seat is None:
            raise ScenarioError(f"{text!r} comes after the game is over.")
        if text != "bid blind nil" and g.phase == "bidding" and not g.looked[seat]:
            g = g.apply(seat, "look")
        try:
            g = g.apply(seat, text)
        except SpadesError as err:
            raise ScenarioError(f"{SEATS[seat]} cannot {text!r} here: {err.reason}") from None
    return g
