"""House rules: an immutable, validated ``RuleSet`` and the named presets.

Every rule the engine knows is a field here; a game never consults anything else.
The format (how many players, whether they play in partnerships) is a rule too:
``players`` and ``partnerships``, read through ``seats``, ``teams``, ``team_of`` and
``solo``; everything the engine indexes "by side" (scores, bags, the score sheet) has
``len(rules.teams)`` entries.
``RuleSet.preset(name, **overrides)`` starts from one of :data:`PRESETS` and changes
the fields named. Construction validates, so a ``RuleSet`` that exists is playable;
a bad combination raises ``ValueError`` with a sentence saying which rule is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from shared.i18n import Template

from .rules_refused import (
    FIELD_PROBLEMS,
    NO_PRESET,
    NOT_MAPPING,
    PROBLEMS,
    REFUSED,
    UNKNOWN_OPTIONS,
    refusal,
)

BLIND_NIL_MODES = ("off", "any", "trailing", "opening_bidder")
BIDDING_MODES = ("standard", "whiz", "mirror", "suicide")
PLAYER_COUNTS = (2, 3, 4, 6)

# The refusals a host can meet in the page's private table form (its fields keep every
# other rule in range), as catalogue entries: the whole sentence, so the page says it in
# its reader's language. Any other problem, and several at once, are said by
# rules_refused.refusal (its words: rules_problem.*).
MIRROR_BLIND_NIL = Template(
    "rules_refused.mirror_blind_nil", f"{REFUSED}{PROBLEMS['mirror_blind_nil'].pattern}")
SUICIDE_NIL_AFTER = Template(
    "rules_refused.suicide_nil_after", f"{REFUSED}{PROBLEMS['suicide_nil_after'].pattern}")
MIN_TEAM_BID_STANDARD = Template(
    "rules_refused.min_team_bid_standard",
    f"{REFUSED}{PROBLEMS['min_team_bid_standard'].pattern}")
_CATALOGUED = {str(PROBLEMS[t.key.removeprefix("rules_refused.")].pattern): t
               for t in (MIRROR_BLIND_NIL, SUICIDE_NIL_AFTER, MIN_TEAM_BID_STANDARD)}

# The scoring sides by (players, partnerships), in order; seats go clockwise 0..n-1 and
# partners sit opposite (seat s and s + n/2).
_TEAMS: dict[tuple[int, bool], tuple[tuple[int, ...], ...]] = {
    (4, True): ((0, 2), (1, 3)),
    (6, True): ((0, 3), (1, 4), (2, 5)),
    (4, False): ((0,), (1,), (2,), (3,)),
    (3, False): ((0,), (1,), (2,)),
    (2, False): ((0,), (1,)),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """All house rules of one game. Defaults are the ``standard`` preset."""

    name: str = "standard"
    # Game end
    target_score: int = 500
    losing_score: int | None = None  # a team at or below this ends the game; None = off
    max_hands: int | None = None  # after this many hands the game ends; ties are draws
    # Nil and Blind Nil
    nil_value: int = 100
    blind_nil: str = "any"  # "off", "any", "trailing", "opening_bidder"
    blind_nil_value: int = 200
    blind_nil_margin: int = 100  # "trailing": the team must be behind by at least this
    double_nil: bool = True  # may both partners bid Nil?
    nil_after_partner: bool = True  # may a player bid Nil after the partner has bid?
    nil_tricks_count_for_partner: bool = True  # False: each Nil-bidder trick is +1 and a bag
    nil_pass: int = 0  # cards a Nil bidder and partner exchange before the lead (0..2)
    blind_nil_pass: int = 0  # the same for Blind Nil
    # Bidding
    bidding: str = "standard"  # "standard", "whiz", "mirror", "suicide"
    min_team_bid: int = 0  # the second partner must bring the team to this, unless Nil
    # Scoring
    bag_penalty: bool = True  # False: overtricks still score +1 but bags never bank
    bag_limit: int = 10
    bag_penalty_points: int = 100
    ten_for_two_hundred: bool = False  # a made contract of 10+ scores 20 per bid trick
    # Deck
    jokers: bool = False  # 2C and 2D out, Big and Little Joker in as the top spades
    # Format (issue 15)
    players: int = 4  # 2, 3, 4 or 6 seats
    partnerships: bool = True  # False: solo scoring (cutthroat); 6 players: three teams

    def __post_init__(self) -> None:
        problems = _problems(self)
        if len(problems) == 1 and problems[0] in _CATALOGUED:
            raise ValueError(_CATALOGUED[problems[0]]())
        if problems:
            raise ValueError(refusal(problems))

    @classmethod
    def preset(cls, name: str = "standard", **overrides: Any) -> RuleSet:
        """A named preset, with any fields changed by ``overrides``."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(NO_PRESET(name=repr(name), names=", ".join(PRESETS))) from None
        if not overrides:
            return base
        unknown = set(overrides) - _FIELD_NAMES
        if unknown:
            raise ValueError(UNKNOWN_OPTIONS(names=", ".join(sorted(unknown))))
        return replace(base, **overrides)

    def to_dict(self) -> dict[str, Any]:
        # Every view and every save carries the rules; dataclasses.asdict (a recursive
        # deep copy) cost about 0.3 ms a call, a plain read of the fields ~100x less.
        return {name: getattr(self, name) for name in _FIELD_ORDER}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Build from :meth:`to_dict` output (or a partial dict over the defaults)."""
        if not isinstance(data, dict):
            raise ValueError(NOT_MAPPING())
        unknown = set(data) - _FIELD_NAMES
        if unknown:
            raise ValueError(UNKNOWN_OPTIONS(names=", ".join(sorted(map(str, unknown)))))
        return cls(**data)

    @property
    def uses_passes(self) -> bool:
        return self.nil_pass > 0 or self.blind_nil_pass > 0

    # -- the format ---------------------------------------------------------------------

    @property
    def seats(self) -> int:
        """How many seats the table has (= ``players``); seats go clockwise 0..seats-1."""
        return self.players

    @property
    def solo(self) -> bool:
        """True when every player scores alone (cutthroat, two- and three-handed)."""
        return not self.partnerships

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides in order, each its seats: four partners ``((0, 2), (1, 3))``,
        six ``((0, 3), (1, 4), (2, 5))``, solo ``((0,), (1,), ...)``."""
        return _TEAMS[self.players, self.partnerships]

    def team_of(self, seat: int) -> int:
        """The index in :attr:`teams` of the side ``seat`` scores for."""
        return seat % (self.players // 2) if self.partnerships else seat

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat (opposite), or ``None`` in a solo game."""
        if not self.partnerships:
            return None
        half = self.players // 2
        return (seat + half) % self.players

    @property
    def draw(self) -> bool:
        """True for the two-handed game, whose hands are drawn from a stock, not dealt."""
        return self.players == 2

    @property
    def decks(self) -> int:
        """How many 52-card decks the game is played with (two for six players)."""
        return 2 if self.players == 6 else 1

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a hand: 13 for two and four players, 17 for three and six."""
        return 17 if self.players in (3, 6) else 13


def _problems(r: RuleSet) -> list[str]:
    p: list[str] = []
    types = {f.name: f.type for f in fields(RuleSet)}
    for f in fields(RuleSet):
        value = getattr(r, f.name)
        want = types[f.name]
        if want == "bool" and not isinstance(value, bool):
            p.append(FIELD_PROBLEMS["type_bool"](field=f.name))
        elif want in ("int", "int | None") and not (
            (value is None and want == "int | None")
            or (isinstance(value, int) and not isinstance(value, bool))
        ):
            kind = "type_int_or_none" if "None" in want else "type_int"
            p.append(FIELD_PROBLEMS[kind](field=f.name))
        elif want == "str" and not isinstance(value, str):
            p.append(FIELD_PROBLEMS["type_text"](field=f.name))
    if p:
        return p
    if not 50 <= r.target_score <= 10_000:
        p.append(PROBLEMS["target_range"]())
    if r.losing_score is not None and not -10_000 <= r.losing_score < 0:
        p.append(PROBLEMS["losing_range"]())
    if r.max_hands is not None and not 1 <= r.max_hands <= 1000:
        p.append(PROBLEMS["hands_range"]())
    if r.blind_nil not in BLIND_NIL_MODES:
        p.append(FIELD_PROBLEMS["choice"](field="blind_nil", choices=", ".join(BLIND_NIL_MODES)))
    if r.bidding not in BIDDING_MODES:
        p.append(FIELD_PROBLEMS["choice"](field="bidding", choices=", ".join(BIDDING_MODES)))
    for name in ("nil_value", "blind_nil_value", "bag_penalty_points", "blind_nil_margin"):
        if not 0 <= getattr(r, name) <= 1000:
            p.append(FIELD_PROBLEMS["range"](field=name, low=0, high=1000))
    if not 1 <= r.bag_limit <= 100:
        p.append(PROBLEMS["bag_limit_range"]())
    for name in ("nil_pass", "blind_nil_pass"):
        if getattr(r, name) not in (0, 1, 2):
            p.append(FIELD_PROBLEMS["cards"](field=name))
    if not 0 <= r.min_team_bid <= 4:
        p.append(PROBLEMS["min_team_bid_range"]())
    if r.min_team_bid and r.bidding != "standard":
        p.append(PROBLEMS["min_team_bid_standard"]())
    if r.bidding == "suicide" and not r.nil_after_partner:
        p.append(PROBLEMS["suicide_nil_after"]())
    if r.bidding == "mirror" and r.blind_nil != "off":
        p.append(PROBLEMS["mirror_blind_nil"]())
    if not r.name or len(r.name) > 40:
        p.append(PROBLEMS["name_length"]())
    p += _format_problems(r)
    return p


def _format_problems(r: RuleSet) -> list[str]:
    # The seat count and partnerships, and the options that mean nothing without a
    # partner (they are refused rather than ignored, so a table shows what it plays).
    if r.players not in PLAYER_COUNTS:
        return [PROBLEMS["players"]()]
    if r.players in (2, 3) and r.partnerships:
        return [PROBLEMS[f"solo_{r.players}"]()]
    if r.players == 6 and not r.partnerships:
        return [PROBLEMS["six_partners"]()]
    p: list[str] = []
    if r.players == 2 and r.blind_nil != "off":
        p.append(PROBLEMS["two_handed_blind_nil"]())
    if r.partnerships:
        return p
    if r.nil_pass or r.blind_nil_pass:
        p.append(PROBLEMS["solo_nil_pass"]())
    if r.min_team_bid:
        p.append(PROBLEMS["solo_min_team_bid"]())
    if r.bidding == "suicide":
        p.append(PROBLEMS["solo_suicide"]())
    if not r.nil_tricks_count_for_partner:
        p.append(PROBLEMS["solo_nil_tricks"]())
    if not r.double_nil:
        p.append(PROBLEMS["solo_double_nil"]())
    if not r.nil_after_partner:
        p.append(PROBLEMS["solo_nil_after"]())
    return p


_FIELD_ORDER = tuple(f.name for f in fields(RuleSet))
_FIELD_NAMES = frozenset(_FIELD_ORDER)

PRESETS: dict[str, RuleSet] = {
    # 001 §15: the recommended standard ruleset.
    "standard": RuleSet(),
    # 000: a quick game to 250 with a -200 floor, a 30-hand cap, and Nil tricks as bags.
    "quick": RuleSet(
        name="quick",
        target_score=250,
        losing_score=-200,
        max_hands=30,
        blind_nil="off",
        nil_tricks_count_for_partner=False,
    ),
    # 002: online club rules; Blind Nil only for the opening bidder, no Nil after partner.
    "club": RuleSet(name="club", blind_nil="opening_bidder", nil_after_partner=False),
    # 003: the course; no Blind Nil and no double Nil.
    "course": RuleSet(name="course", blind_nil="off", double_nil=False),
    # 001 §11.2 and 004: the formats of issue 15.
    "cutthroat": RuleSet(name="cutthroat", partnerships=False),
    "three_handed": RuleSet(name="three_handed", players=3, partnerships=False),
    "two_handed": RuleSet(name="two_handed", players=2, partnerships=False, blind_nil="off"),
    "six_handed": RuleSet(name="six_handed", players=6),
}

# Ranked play: the standard game with an end in sight, so that no rated game runs on for
# ever: 001 §11.6's losing threshold (a side at -200 or below ends the game, the higher
# total winning) and 000's hand cap (after 25 hands the higher total wins, equal totals
# draw). Not a preset a table may choose: the matcher's tables play it. Games rated
# before it played ``standard`` and keep their own rules in their records.
RANKED_RULES = RuleSet(name="ranked", losing_score=-200, max_hands=25)

# One line per preset saying what it is, for a client to show beside its name.
PRESET_LINES: dict[str, str] = {
    "standard": "Four players in two partnerships, game to 500: the recommended rules.",
    "quick": "A quick partnership game to 250, out at -200, at most 30 hands, "
             "Nil tricks as bags.",
    "club": "Online club rules: Blind Nil only for the opening bidder, no Nil after "
            "the partner's bid.",
    "course": "The course's rules: no Blind Nil and no double Nil.",
    "cutthroat": "Cutthroat: four players, each on their own; highest total wins.",
    "three_handed": "Three players on their own: the 2♣ leaves the deck, 17 cards and "
                    "17 tricks each hand.",
    "two_handed": "Two players: draw 13 cards each from the stock (keep one, discard "
                  "one), then bid and play 13 tricks.",
    "six_handed": "Six players in three partnerships: two decks without the 2♣s, "
                  "17 cards each; of two equal cards the first played wins.",
}
