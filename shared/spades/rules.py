"""House rules: an immutable, validated ``RuleSet`` and the named presets.

Every rule the engine knows is a field here; a game never consults anything else.
``RuleSet.preset(name, **overrides)`` starts from one of :data:`PRESETS` and changes
the fields named. Construction validates, so a ``RuleSet`` that exists is playable;
a bad combination raises ``ValueError`` with a sentence saying which rule is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

BLIND_NIL_MODES = ("off", "any", "trailing", "opening_bidder")
BIDDING_MODES = ("standard", "whiz", "mirror", "suicide")


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

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ValueError("Invalid rules: " + " ".join(problems))

    @classmethod
    def preset(cls, name: str = "standard", **overrides: Any) -> RuleSet:
        """A named preset, with any fields changed by ``overrides``."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(
                f"There is no preset {name!r}; choose one of {', '.join(PRESETS)}."
            ) from None
        if not overrides:
            return base
        unknown = set(overrides) - _FIELD_NAMES
        if unknown:
            raise ValueError(f"Unknown rule option(s): {', '.join(sorted(unknown))}.")
        return replace(base, **overrides)

    def to_dict(self) -> dict[str, Any]:
        # Every view and every save carries the rules; dataclasses.asdict (a recursive
        # deep copy) cost about 0.3 ms a call, a plain read of the fields ~100x less.
        return {name: getattr(self, name) for name in _FIELD_ORDER}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Build from :meth:`to_dict` output (or a partial dict over the defaults)."""
        if not isinstance(data, dict):
            raise ValueError("Rules must be a mapping of option names to values.")
        unknown = set(data) - _FIELD_NAMES
        if unknown:
            raise ValueError(f"Unknown rule option(s): {', '.join(sorted(map(str, unknown)))}.")
        return cls(**data)

    @property
    def uses_passes(self) -> bool:
        return self.nil_pass > 0 or self.blind_nil_pass > 0


def _problems(r: RuleSet) -> list[str]:
    p: list[str] = []
    types = {f.name: f.type for f in fields(RuleSet)}
    for f in fields(RuleSet):
        value = getattr(r, f.name)
        want = types[f.name]
        if want == "bool" and not isinstance(value, bool):
            p.append(f"{f.name} must be true or false.")
        elif want in ("int", "int | None") and not (
            (value is None and want == "int | None")
            or (isinstance(value, int) and not isinstance(value, bool))
        ):
            p.append(f"{f.name} must be a whole number{' or none' if 'None' in want else ''}.")
        elif want == "str" and not isinstance(value, str):
            p.append(f"{f.name} must be text.")
    if p:
        return p
    if not 50 <= r.target_score <= 10_000:
        p.append("The target score must be between 50 and 10000.")
    if r.losing_score is not None and not -10_000 <= r.losing_score < 0:
        p.append("The losing score must be below zero (and not below -10000).")
    if r.max_hands is not None and not 1 <= r.max_hands <= 1000:
        p.append("The hand limit must be between 1 and 1000.")
    if r.blind_nil not in BLIND_NIL_MODES:
        p.append(f"blind_nil must be one of {', '.join(BLIND_NIL_MODES)}.")
    if r.bidding not in BIDDING_MODES:
        p.append(f"bidding must be one of {', '.join(BIDDING_MODES)}.")
    for name in ("nil_value", "blind_nil_value", "bag_penalty_points"):
        if not 0 <= getattr(r, name) <= 1000:
            p.append(f"{name} must be between 0 and 1000.")
    if not 0 <= r.blind_nil_margin <= 1000:
        p.append("blind_nil_margin must be between 0 and 1000.")
    if not 1 <= r.bag_limit <= 100:
        p.append("The bag limit must be between 1 and 100.")
    for name in ("nil_pass", "blind_nil_pass"):
        if getattr(r, name) not in (0, 1, 2):
            p.append(f"{name} must be 0, 1 or 2 cards.")
    if not 0 <= r.min_team_bid <= 4:
        p.append("The minimum team bid must be between 0 and 4.")
    if r.min_team_bid and r.bidding != "standard":
        p.append("A minimum team bid only applies with standard bidding.")
    if r.bidding == "suicide" and not r.nil_after_partner:
        p.append("Suicide needs Nil after a partner's bid (one partner of each team bids Nil).")
    if r.bidding == "mirror" and r.blind_nil != "off":
        p.append("Mirror bids are fixed by the spades held, so Blind Nil must be off.")
    if not r.name or len(r.name) > 40:
        p.append("The rules need a name of 1 to 40 characters.")
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
}
