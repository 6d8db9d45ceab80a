"""The person-level rule matrix: every rule option that gives a person a decision, made
by the person through the page in real Chromium, and the table moves on.

The matrix is generated from the RuleSet: ``test_every_decision_has_a_page_case`` walks
every field of ``shared.spades.RuleSet`` and every format (``PLAYER_COUNTS`` and
partnerships) and fails when a field is neither a decision with page cases here
(``DECISIONS``) nor named as giving no decision (``NO_DECISION``, with why), or when a
value of a decision option has no case; so a new option fails the suite until a person
has made its decision through the page. The Nil card passes are the page cases of
``test_nil_pass.py`` (the pass step), checked to exist at both sizes, with and without a
clock.

Each case is a private table hosted through the lobby's form (format, preset, house
options, bots, clock) whose deal is fixed so that the decision comes by construction
(the bots decide from their own views, as the room's do). The person takes every turn
through the page (taps on a phone, clicks or keys on a desktop) until the case's
decisions are made; at each, the pad's enabled bids are the legal ones, the clock is
shown or not, and after it another seat acts. Each case runs twice, at 1280x800 and at
390x844, one of them with a clock and the other without (alternating across cases), so
every option and format is seen at both sizes and both with and without a clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

import pytest
from playwright.async_api import Page, expect

from server.tables.bots_adapter import choose_bot_action
from shared.spades import Game, RuleSet
from shared.spades.rules import BIDDING_MODES, BLIND_NIL_MODES, PLAYER_COUNTS

from . import test_nil_pass
from .conftest import BROWSER, DESKTOP, PHONE_TALL
from .play import NO_SIDEWAYS_SCROLL, TAP, host_private, page_state

ME = 0  # the host sits South

# The options whose value gives a person a decision at the table, each with the values
# whose decision a page case must show. (``players``/``partnerships`` are the formats:
# every one of FORMATS below needs a case.)
DECISIONS: dict[str, tuple[Any, ...]] = {
    "blind_nil": BLIND_NIL_MODES,  # offered face down, or not at all
    "bidding": BIDDING_MODES,  # which bids the pad enables
    "double_nil": (True, False),  # Nil after the partner's Nil
    "nil_after_partner": (True, False),  # Nil once the partner has bid
    "min_team_bid": (0, 4),  # the least the second partner may bid
    "ten_for_two_hundred": (True,),  # a bid of 10 or more
    "jokers": (True,),  # the jokers played as cards
    # The pass step (test_nil_pass.py), one for both kinds; its two counts differ there,
    # so the step's count is read from the rules.
    "nil_pass": (2,),
    "blind_nil_pass": (1,),
    "players": PLAYER_COUNTS,
    "partnerships": (True, False),
}
# The options that give nobody a decision: what they change instead.
NO_DECISION: dict[str, str] = {
    "name": "the rules' name",
    "target_score": "when the game ends",
    "losing_score": "when the game ends",
    "max_hands": "when the game ends",
    "nil_value": "what a Nil scores",
    "blind_nil_value": "what a Blind Nil scores",
    "blind_nil_margin": "when 'trailing' offers Blind Nil: the trailing case's margin",
    "nil_tricks_count_for_partner": "how a Nil bidder's tricks score",
    "bag_penalty": "how bags score",
    "bag_limit": "how bags score",
    "bag_penalty_points": "how bags score",
}
# Decisions whose page cases are test_nil_pass.py's: the options and values its rules set.
PASS_STEP = test_nil_pass.test_a_person_makes_the_nil_pass_through_the_page
ELSEWHERE = {option: (getattr(test_nil_pass.RULES, option),)
             for option in ("nil_pass", "blind_nil_pass")}
# The formats: the private form's format choice, and the preset it starts from.
FORMATS = {"partners": "standard", "cutthroat": "cutthroat", "three_handed": "three_handed",
           "two_handed": "two_handed", "six_handed": "six_handed"}

View = dict[str, Any]
# A turn's plan: the action the person takes at this view, and whether it is one of the
# case's decisions (checked, and the table must move on after it).
Plan = Callable[[View], tuple[str, bool]]


@dataclass(frozen=True)
class Case:
    """One private table and the person's decisions there."""

    name: str
    fmt: str  # a key of FORMATS
    dealer: int
    plan: Plan
    decisions: int  # how many of the person's turns are the case's decisions
    covers: dict[str, tuple[Any, ...]]  # option -> the values whose decision it shows
    options: dict[str, Any] = field(default_factory=dict)  # set in the form's editor
    preset: str | None = None  # the partnership preset chosen in the form
    want: Callable[[Game], bool] = lambda game: True  # holds at every decision
    bots: str = "easy"  # the form's bot level (Easy is the cheapest to simulate)
    tricks: int = 1  # the decisions come before this many tricks are done

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.preset or FORMATS[self.fmt], **self.options)


# -- the person's plans ---------------------------------------------------------------------


def numbers(view: View) -> list[str]:
    return [a for a in view["legal"] if a.startswith("bid ") and a != "bid blind nil"]


def ordinary(view: View) -> str:
    """The person's turn when it is none of the case's decisions: keep the drawn card,
    look, bid 3 (or the least legal bid), play the first legal card."""
    legal = view["legal"]
    if view["phase"] == "drawing":
        return "keep"
    if view["phase"] == "bidding":
        if view["hand_hidden"]:
            return "look"
        bids = numbers(view)
        counted = [b for b in bids if b != "bid nil"]
        return "bid 3" if "bid 3" in bids else (counted or bids)[0]
    return str(legal[0])


def bid_when(action: Callable[[View], str | None]) -> Plan:
    """Bid ``action(view)`` at the first turn it names a legal action; else ordinary."""
    def plan(view: View) -> tuple[str, bool]:
        chosen = action(view) if view["phase"] == "bidding" else None
        if chosen is not None and chosen in view["legal"]:
            return chosen, True
        return ordinary(view), False
    return plan


def spades_bid(view: View) -> str | None:
    """Whiz and mirror: the one number the rules leave (one's spades), else Nil."""
    counted = [b for b in numbers(view) if b != "bid nil"]
    if view["hand_hidden"] or len(counted) > 1:
        return None
    return counted[0] if counted else "bid nil"


def draw_then_bid(view: View) -> tuple[str, bool]:
    """Two players: discard the first card shown, keep the second, then bid."""
    if view["phase"] == "drawing":
        return ("discard" if len(view["hand"]) == 0 else "keep"), len(view["hand"]) < 2
    return ordinary(view), False


def high_bid_then_joker(view: View) -> tuple[str, bool]:
    """Bid 15 (17 cards a hand), then play a joker in one of the first three tricks
    (the deal is one where the rules let the person play it there)."""
    if view["phase"] == "bidding" and not view["hand_hidden"]:
        return "bid 15", True
    jokers = [a for a in view["legal"] if a in ("play BJ", "play LJ")]
    if view["phase"] == "playing" and jokers and len(view["tricks"]) < 3:
        return jokers[0], True
    return ordinary(view), False


def partner_bid(game: Game) -> Any:
    partner = game.rules.partner_of(ME)
    assert partner is not None
    return game.view(ME).bids[partner]


def legal_now(game: Game) -> list[str]:
    return [str(a) for a in game.view(ME).legal]


# Dealer seats: the first to bid is left of the dealer (seat dealer + 1).
FIRST, LAST = 3, 0  # at four seats: South bids first (East deals), or last (South deals)

CASES = [
    # Blind Nil open to a player trailing the leader by at least 0 points: at the start.
    Case("blind_nil_trailing_cutthroat", "cutthroat", FIRST,
         bid_when(lambda v: "bid blind nil"), 1,
         {"blind_nil": ("trailing",), "players": (4,), "partnerships": (False,)},
         {"blind_nil": "trailing", "blind_nil_margin": 0}),
    Case("blind_nil_opening_bidder_six", "six_handed", 5, bid_when(lambda v: "bid blind nil"),
         1, {"blind_nil": ("opening_bidder",), "players": (6,), "partnerships": (True,)},
         {"blind_nil": "opening_bidder"}),
    # After a look (Blind Nil "any"), Nil after the partner's Nil.
    Case("double_nil", "partners", LAST, bid_when(lambda v: "bid nil"), 1,
         {"double_nil": (True,), "nil_after_partner": (True,), "blind_nil": ("any",),
          "bidding": ("standard",), "players": (4,), "partnerships": (True,),
          "min_team_bid": (0,)},
         want=lambda g: partner_bid(g) == "nil", bots="standard"),
    Case("no_double_nil", "partners", LAST, bid_when(lambda v: "bid 4"), 1,
         {"double_nil": (False,), "blind_nil": ("off",)}, preset="course",
         want=lambda g: partner_bid(g) == "nil" and "bid nil" not in legal_now(g),
         bots="standard"),
    Case("whiz", "partners", FIRST, bid_when(spades_bid), 1, {"bidding": ("whiz",)},
         {"bidding": "whiz"}),
    Case("mirror_cutthroat", "cutthroat", FIRST, bid_when(spades_bid), 1,
         {"bidding": ("mirror",), "blind_nil": ("off",)}, {"bidding": "mirror",
                                                           "blind_nil": "off"}),
    Case("suicide", "partners", LAST, bid_when(lambda v: "bid nil"), 1,
         {"bidding": ("suicide",)}, {"bidding": "suicide"},
         want=lambda g: isinstance(partner_bid(g), int) and legal_now(g) == ["bid nil"]),
    # Club rules (no Nil after the partner's bid) with a team minimum of 4: the partner
    # bid 1 or 2, so the person's Nil and the bids short of 4 are greyed.
    Case("min_team_bid_no_nil_after_partner", "partners", LAST,
         bid_when(lambda v: next((b for b in numbers(v) if b != "bid nil"), None)), 1,
         {"min_team_bid": (4,), "nil_after_partner": (False,)}, {"min_team_bid": 4},
         preset="club", want=lambda g: partner_bid(g) in (1, 2) and "bid 1" not in
         legal_now(g) and "bid nil" not in legal_now(g)),
    Case("three_players_high_bid_and_jokers", "three_handed", 2, high_bid_then_joker, 2,
         {"jokers": (True,), "players": (3,), "partnerships": (False,)}, {"jokers": True},
         tricks=3),
    Case("two_players_draw", "two_handed", 1, draw_then_bid, 2,
         {"players": (2,), "partnerships": (False,)}),
    Case("six_players_high_bid_ten_for_two_hundred", "six_handed", 0,
         bid_when(lambda v: "bid 16"), 1,
         {"players": (6,), "partnerships": (True,), "blind_nil": ("any",),
          "ten_for_two_hundred": (True,)}, {"ten_for_two_hundred": True}),
]
BY_NAME = {case.name: case for case in CASES}


# -- the deal that brings the decisions ------------------------------------------------------


def _decisions(case: Case, game: Game) -> int:
    """Play the first hand up to ``case.tricks`` tricks with the person's plan and the
    bots; how many decisions came (each one where ``case.want`` held)."""
    made = 0
    while made < case.decisions:
        seat = game.to_act
        if seat is None:
            return made
        view = game.view(seat)
        if len(view.tricks) >= case.tricks:
            return made
        if seat == ME:
            action, decisive = case.plan(view.to_dict())
            if decisive:
                if not case.want(game):
                    return made
                made += 1
        else:
            action = choose_bot_action(case.bots, view)
        game = game.apply(seat, action)
    return made


@cache
def deal_for(name: str) -> int:
    """The first deal seed with which the case's decisions all come, as the room plays it."""
    case = BY_NAME[name]
    for seed in range(3_000):
        if _decisions(case, Game.new(case.rules, seed, dealer=case.dealer)) == case.decisions:
            return seed
    raise AssertionError(f"no deal brings the decisions of {name}: widen the search")


# -- the generated matrix --------------------------------------------------------------------


def test_every_decision_has_a_page_case() -> None:
    names = [f.name for f in fields(RuleSet)]
    unknown = [n for n in names if n not in DECISIONS and n not in NO_DECISION]
    assert not unknown, (f"rule options with no page case and not named as giving no "
                         f"decision: {unknown}; add a case to tests/browser/test_rule_matrix.py")
    assert not set(DECISIONS) & set(NO_DECISION)
    assert set(DECISIONS) | set(NO_DECISION) == set(names), "options the RuleSet no longer has"
    seen: dict[str, set[Any]] = {option: set() for option in DECISIONS}
    for case in CASES:
        rules = case.rules
        for option, values in case.covers.items():
            assert getattr(rules, option) in values, (case.name, option)
            seen[option] |= set(values)
    for option, values in ELSEWHERE.items():
        seen[option] |= set(values)
    for option, values in DECISIONS.items():
        missing = set(values) - seen[option]
        assert not missing, f"{option}: no page case for {missing}"
    formats = {(c.rules.players, c.rules.partnerships) for c in CASES}
    every = {(p, s) for p in PLAYER_COUNTS for s in (True, False) if _playable(p, s)}
    assert every <= formats, f"formats with no page case: {every - formats}"
    # The pass step's own cases: both sizes, with and without a clock.
    params = {m.args[0]: m.args[1] for m in PASS_STEP.pytestmark if m.name == "parametrize"}
    assert params["size"] == ["desktop", "phone"] and params["clock"] == [False, True]


def _playable(players: int, partners: bool) -> bool:
    try:
        RuleSet(players=players, partnerships=partners, blind_nil="off")
    except ValueError:
        return False
    return True


def test_every_case_gets_its_decisions() -> None:
    for case in CASES:
        assert deal_for(case.name) >= 0


# -- through the page ------------------------------------------------------------------------

# Everything done at the table so far, counted: the phase, the draws, the bids, the cards,
# the person's look at a hand dealt face down.
PROGRESS_JS = """() => {
  const v = window.spadesApp.state.view;
  if (!v) return -1;
  const phases = {drawing: 0, bidding: 1, passing: 2, playing: 3};
  const bids = v.bids.filter(b => b !== null).length;
  const played = v.tricks.length * v.bids.length + v.trick.length;
  const drawn = v.draw ? 200 - v.draw.stock : 0;
  const looked = v.hand_hidden ? 0 : 1;
  return v.hand_no * 100000 + (phases[v.phase] ?? 4) * 10000 + 2 * (drawn + bids + played)
    + looked;
}"""


async def press(page: Page, selector: str, phone: bool) -> None:
    """A tap on a phone, a click on a desktop."""
    target = page.locator(selector).first
    if phone:
        await target.tap()
    else:
        await target.click()


async def act(page: Page, action: str, phone: bool) -> None:
    """Take ``action`` through the page's controls."""
    if action in ("keep", "discard"):
        await press(page, f'.draw-step [data-act="{action}"]', phone)
    elif action in ("look", "bid blind nil"):
        await press(page, f'.bid-pad [data-bid="{action}"]', phone)
    elif action.startswith("bid "):
        await press(page, f'.bid-pad .bid-num[data-bid="{action}"]', phone)
        await expect(page.locator(".bid-pad .bid-go")).to_be_enabled()
        await press(page, ".bid-pad .bid-go", phone)
    else:
        card = page.locator(f'.hand .card-btn[data-card="{action[5:]}"]').first
        lifted = page.locator(".hand .card-btn.lifted")
        if await lifted.count() == 0:  # lift, then play the lifted card
            await card.click(position=TAP)
            await expect(lifted).to_have_count(1)
        await lifted.first.click(position=TAP)


async def check_decision(page: Page, view: View, action: str, clock: bool) -> None:
    """At a decision: the pad enables exactly the legal bids, the clock shows or not,
    nothing scrolls sideways."""
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)
    timer = page.locator(".turn-timer")
    await (expect(timer).to_be_visible() if clock else expect(timer).to_be_hidden())
    if view["phase"] == "bidding" and not view["hand_hidden"]:
        legal = set(numbers(view))
        pad = page.locator(".bid-pad .bid-num")
        await expect(pad.first).to_be_visible()
        shown = await pad.evaluate_all(
            "bs => bs.filter(b => !b.disabled).map(b => b.dataset.bid)")
        assert set(shown) == legal, (shown, legal)
    elif view["hand_hidden"]:
        await expect(page.locator('.bid-pad [data-bid="bid blind nil"]')).to_be_enabled()
    elif view["phase"] == "drawing":
        await expect(page.locator(".draw-step")).to_be_visible()


async def play_case(page: Page, case: Case, clock: bool, phone: bool) -> None:
    """The person's turns through the page until the case's decisions are made, each
    followed by another seat's action (or the person's next turn)."""
    made = 0
    while made < case.decisions:
        await page.wait_for_function(
            "window.spadesApp.state.myTurn && window.spadesApp.state.view.legal.length > 0",
            timeout=30_000)
        view = await page.evaluate("window.spadesApp.state.view")
        action, decisive = case.plan(view)
        before = await page.evaluate(PROGRESS_JS)
        if decisive:
            await check_decision(page, view, action, clock)
        await act(page, action, phone)
        await page.wait_for_function(f"({PROGRESS_JS})() > {before}", timeout=30_000)
        if decisive:
            made += 1
            mine = await page.evaluate(PROGRESS_JS)
            # The table moves on: another seat acts next, or the turn comes back.
            await page.wait_for_function(
                f"({PROGRESS_JS})() > {mine} || window.spadesApp.state.myTurn",
                timeout=30_000)
    state = await page_state(page)
    assert state["status"] == "playing"


# Each case twice: desktop and phone, the clock on one of them (alternating by case).
VARIANTS = [
    pytest.param(case.name, phone, clock, id=f"{case.name}-{'phone' if phone else 'desktop'}"
                 f"-{'clock' if clock else 'no-clock'}", marks=BROWSER)
    for i, case in enumerate(CASES)
    for phone, clock in ((False, i % 2 == 0), (True, i % 2 == 1))
]


@pytest.mark.parametrize(("name", "phone", "clock"), VARIANTS)
async def test_a_person_makes_the_rule_decision_through_the_page(
        room, open_page, monkeypatch, name: str, phone: bool, clock: bool) -> None:
    case = BY_NAME[name]
    seed = deal_for(name)
    monkeypatch.setattr("server.web.social_handlers.new_deal",
                        lambda seats=4: (seed, case.dealer))
    page = await open_page(room, viewport=PHONE_TALL if phone else DESKTOP, phone=phone)
    await host_private(page, "Mara", case.fmt, case.options, clock, case.preset, case.bots)
    await play_case(page, case, clock, phone)


@pytest.mark.parametrize("phone", [pytest.param(False, id="desktop", marks=BROWSER),
                                   pytest.param(True, id="phone", marks=BROWSER)])
async def test_the_form_refuses_rules_the_table_cannot_play_with_a_sentence(
        room, open_page, phone: bool) -> None:
    """Mirror bids with Blind Nil on: the engine refuses the pair (the room's
    ``bad_rules``); the form says why beside Create, keeps the host in the lobby, and
    takes the sentence down once the rules are changed."""
    page = await open_page(room, viewport=PHONE_TALL if phone else DESKTOP, phone=phone)
    await page.fill("#guest-name", "Rosa")
    form = page.locator("form", has=page.locator("#create-private"))
    await form.locator("summary").click()
    await form.locator("#rule-bidding").select_option("mirror")
    await form.locator("#create-private").click()
    said = form.locator(".form-error")
    await expect(said).to_contain_text("Mirror bids are fixed by the spades held, so Blind "
                                       "Nil must be off.")
    await expect(said).to_have_attribute("role", "alert")
    await expect(page.locator(".private-lobby")).to_have_count(0)
    box = await said.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size[
        "width"]
    await form.locator("#rule-blind_nil").select_option("off")
    await expect(said).to_be_hidden()
    await form.locator("#create-private").click()
    await page.wait_for_selector(".private-lobby")
