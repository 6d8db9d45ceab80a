"""The Nil card pass made by a person through the page, in real Chromium: a private table
with "Nil pass 2" (and "Blind Nil pass 1") whose deal is fixed so that the Nil is bid by
construction, by the person (Nil, Blind Nil) or by the bot across the table (the person
is the partner who passes back). The person lifts the cards in the hand by taps or keys,
presses Pass, and the partner's own view holds them; then play goes on. At 1280x800 and
390x844, with no clock and with one; the step's controls on screen and uncovered."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Page, expect

from server.tables.bots_adapter import choose_bot_action
from shared.spades import Game, RuleSet

from .conftest import BROWSER, DESKTOP, PHONE_TALL, shot
from .play import (
    NO_SIDEWAYS_SCROLL,
    TAP,
    host_private,
    page_state,
    play_until,
    take_turn,
    uncovered,
)

pytestmark = BROWSER

NIL_PASS, BLIND_NIL_PASS = 2, 1  # two numbers, so the step's count must come from the rules
RULES = RuleSet.preset("standard", nil_pass=NIL_PASS, blind_nil_pass=BLIND_NIL_PASS)
BOTS = "standard"  # the private form's default bot level
ME, PARTNER = 0, 2  # the host sits South; North is the partner

# scenario: (the first dealer, the person's bid, the seats that bid a kind of Nil, the
# seat that passes first, the cards each side passes). Dealer East: South bids first;
# dealer South: West and North bid before the person.
SCENARIOS: dict[str, tuple[int, str, set[int], int, int]] = {
    "nil": (3, "bid nil", {ME}, ME, NIL_PASS),
    "partner": (0, "bid 3", {PARTNER}, PARTNER, NIL_PASS),
    "blind": (3, "bid blind nil", {ME}, ME, BLIND_NIL_PASS),
}

# Every card button of the hand: on screen, and a tap on its visible strip (where
# play.py's click_card taps; cards overlap) reaches it.
CARDS_TAPPABLE_JS = """() => {
  const out = [];
  for (const b of document.querySelectorAll('.hand .card-btn')) {
    const r = b.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (r.left < 0 || r.top < 0 || r.right > width || r.bottom > innerHeight) {
      out.push(`${b.dataset.key} off screen`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + 6, r.top + 24);
    if (!hit || !b.contains(hit)) out.push(`${b.dataset.key} covered by ${hit && hit.className}`);
  }
  return out;
}"""

def seeded_deal(rules: RuleSet, dealer: int, my_bid: str, want: Callable[[Game], bool]
                ) -> int:
    """A deal seed with which, the person bidding ``my_bid`` and the bots at the table's
    level deciding from their own views (as the room's do), ``want(game)`` holds once
    the bids are in: the pass happens by construction, never by chance."""
    for seed in range(5_000):
        game = Game.new(rules, seed, dealer=dealer)
        while game.phase == "bidding":
            seat = game.to_act
            assert seat is not None
            if seat == ME:
                action = my_bid if my_bid == "bid blind nil" or game.looked[ME] else "look"
            else:
                action = choose_bot_action(BOTS, game.view(seat))
            game = game.apply(seat, action)
        if want(game):
            return seed
    raise AssertionError("no such deal: widen the search")


def scenario_deal(scenario: str) -> int:
    """The scenario's deal: exactly its seats bid a kind of Nil."""
    dealer, my_bid, nil_seats, first, _count = SCENARIOS[scenario]

    def want(game: Game) -> bool:
        bids = game.view(ME).bids
        nils = {s for s, bid in enumerate(bids) if bid in ("nil", "blind nil")}
        return nils == nil_seats and game.phase == "passing" and game.to_act == first

    return seeded_deal(RULES, dealer, my_bid, want)


async def host_table(room, page: Page, monkeypatch: pytest.MonkeyPatch, seed: int,
                     dealer: int, clock: bool, fmt: str = "partners") -> None:
    """From the lobby: host a private table of ``fmt`` with the Nil passes on, through the
    form, and start it (bots take the other seats); its deal is ``seed``'s."""
    monkeypatch.setattr("server.web.social_handlers.new_deal",
                        lambda seats=4: (seed, dealer))
    await host_private(page, "Nina", fmt, {"nil_pass": NIL_PASS,
                                           "blind_nil_pass": BLIND_NIL_PASS}, clock)


async def bid(page: Page, scenario: str) -> None:
    """The person's bid through the pad: Blind Nil face down, else look, then the bid."""
    my_bid = SCENARIOS[scenario][1]
    await page.wait_for_function("window.spadesApp.state.myTurn === true", timeout=30_000)
    pad = page.locator(".bid-pad")
    if my_bid == "bid blind nil":
        await pad.locator('[data-bid="bid blind nil"]').click()
        return
    await pad.locator('[data-bid="look"]').click()
    await pad.locator(f'[data-bid="{my_bid}"]').click()
    await pad.locator(".bid-go").click()


async def stored_game(room, page: Page) -> Any:
    state = await page_state(page)
    table = await room.room.store.load(state["table"])
    assert table is not None and table.game is not None
    return table.game


async def lift_by_taps(page: Page, keys: list[str], count: int) -> None:
    """Tap to lift, tap again to lower: the Pass key is enabled only at ``count``."""
    go = page.locator(".pass-step .pass-go")
    first = page.locator(f'.hand .card-btn[data-key="{keys[0]}"]')
    await first.click(position=TAP)
    await expect(first).to_have_class(re.compile(r"\blifted\b"))
    await first.click(position=TAP)  # lowered again
    await expect(page.locator(".hand .card-btn.lifted")).to_have_count(0)
    await expect(go).to_be_disabled()
    for i, key in enumerate(keys):
        if i == count - 1:
            await expect(go).to_be_disabled()
        await page.locator(f'.hand .card-btn[data-key="{key}"]').click(position=TAP)
    await expect(page.locator(".hand .card-btn.lifted")).to_have_count(count)
    await expect(go).to_be_enabled()
    # The card last tapped stays fully lifted with the pointer still on it (a hover
    # effect once lowered it to 6 px, so a mouse player saw hardly any lift).
    await expect(page.locator(f'.hand .card-btn[data-key="{keys[-1]}"]')).to_have_css(
        "transform", "matrix(1, 0, 0, 1, 0, -20)")


async def lift_by_keys(page: Page, keys: list[str], count: int) -> None:
    """The same with the keyboard alone: the turn puts the focus in the hand, the arrows
    move, Enter lifts and lowers."""
    await page.wait_for_function("!!document.activeElement.closest('.hand')")
    await page.keyboard.press("Home")
    order = await page.locator(".hand .card-btn").evaluate_all("bs => bs.map(b => b.dataset.key)")
    at = 0
    for key in [keys[0], keys[0], *keys]:  # the first is lifted, lowered, lifted again
        target = order.index(key)
        for _ in range(abs(target - at)):
            await page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
        at = target
        await expect(page.locator(f'.hand .card-btn[data-key="{key}"]')).to_be_focused()
        await page.keyboard.press("Enter")
    await expect(page.locator(".hand .card-btn.lifted")).to_have_count(count)
    await expect(page.locator(".pass-step .pass-go")).to_be_enabled()


@pytest.mark.parametrize("clock", [False, True], ids=["no-clock", "clock"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("scenario", list(SCENARIOS))
async def test_a_person_makes_the_nil_pass_through_the_page(
        start_room, open_page, monkeypatch, scenario: str, size: str, clock: bool) -> None:
    room = await start_room(turn_time_s=30.0)
    phone = size == "phone"
    page = await open_page(room, viewport=PHONE_TALL if phone else DESKTOP, phone=phone)
    await host_table(room, page, monkeypatch, scenario_deal(scenario), SCENARIOS[scenario][0],
                     clock)
    await bid(page, scenario)
    _dealer, _bid, _nils, first, count = SCENARIOS[scenario]
    # The engine's turn to pass comes to the person (the bot partner's pass first, when
    # the Nil is the partner's)...
    await page.wait_for_function("window.spadesApp.state.myTurn"
                                 " && window.spadesApp.state.view.phase === 'passing'",
                                 timeout=30_000)
    # ...and the page shows the step to make it.
    step = page.locator(".pass-step")
    await expect(step).to_be_visible()
    noun = "card" if count == 1 else "cards"
    await expect(step).to_contain_text(f"Pass {count} {noun} to your partner")
    # The partner passed first: the cards received are shown in the step.
    await expect(step.locator(".pass-got .card")).to_have_count(count if first == PARTNER else 0)
    assert "null" not in await step.inner_text()
    if clock:
        await expect(page.locator(".turn-timer")).to_be_visible()
        await expect(page.locator(".turn-timer span")).to_contain_text(re.compile(r"\d+s to pass"))
    else:
        await expect(page.locator(".turn-timer")).to_be_hidden()
    # No card is dimmed: any card may be passed.
    await expect(page.locator(".hand .card-btn.dim")).to_have_count(0)
    for target in (".pass-step", ".pass-step .pass-prompt", ".pass-step .pass-go"):
        assert await uncovered(page, target, ".felt .seat") == "ok", target
    assert await page.evaluate(CARDS_TAPPABLE_JS) == []
    assert await page.evaluate(NO_SIDEWAYS_SCROLL)

    state = await page_state(page)
    assert state["phase"] == "passing" and state["myTurn"]
    before = await page.evaluate("window.spadesApp.state.view.hand")
    order = await page.locator(".hand .card-btn").evaluate_all("bs => bs.map(b => b.dataset.key)")
    chosen = [order[-1], order[len(order) // 2]][:count]
    if phone and not clock:
        # A reload mid-pass: the lifted card is lost, the step comes back. The person
        # keeps a second tab open, so the reload is not a disconnect: the room marks a
        # person with no socket away, and an away seat's turn is the autopilot's at the
        # bots' pace (0 s here), which would pass before the page is back.
        other = await page.context.new_page()
        await other.goto(room.http + "/")
        await expect(other.locator(".pass-step")).to_be_visible(timeout=30_000)
        await page.locator(f'.hand .card-btn[data-key="{chosen[0]}"]').click(
            position=TAP)
        await expect(page.locator(".hand .card-btn.lifted")).to_have_count(1)
        await page.reload()
        await expect(page.locator(".pass-step")).to_be_visible(timeout=30_000)
        await expect(page.locator(".hand .card-btn.lifted")).to_have_count(0)
        await expect(page.locator(".pass-step .pass-go")).to_be_disabled()
        await other.close()
    keys = clock and not phone  # the keyboard alone, on a desktop with a clock
    await (lift_by_keys if keys else lift_by_taps)(page, chosen, count)
    if scenario == "partner" and clock:
        await shot(page, f"nil-pass-{size}")  # the docs' pictures of the step
    if keys:
        # The Pass key is the control just before the hand: one Shift+Tab away.
        await page.keyboard.press("Shift+Tab")
        await expect(page.locator(".pass-step .pass-go")).to_be_focused()
        await page.keyboard.press("Enter")
    else:
        await page.locator(".pass-step .pass-go").click()

    # The partner's own view holds the cards; the person's next view has given them.
    await page.wait_for_function(
        "(n) => { const p = window.spadesApp.state.view.passing;"
        " return p && p.gave.length === n; }", arg=count, timeout=30_000)
    partner = (await stored_game(room, page)).view(PARTNER)
    # The partner's view says it received exactly these (when the partner still passes
    # back, it may return one of them, so its hand is checked when it has no pass left).
    assert partner.passing is not None and sorted(partner.passing["got"]) == sorted(chosen)
    if first == PARTNER:
        assert set(chosen) <= set(partner.hand), (chosen, partner.hand)
    gave = await page.evaluate("window.spadesApp.state.view.passing.gave")
    assert sorted(gave) == sorted(chosen)
    if first == ME:
        # The partner passes back; then the hand is played.
        await page.wait_for_function("window.spadesApp.state.view.phase === 'playing'",
                                     timeout=30_000)
    hand = await page.evaluate("window.spadesApp.state.view.hand")
    assert not set(chosen) & set(hand)
    assert len(hand) == len(before) - count + (count if first == ME else 0)
    await expect(step).to_be_hidden()
    # Play goes on: the person plays a card of the first trick through the page.
    state = await play_until(page, lambda s: s["phase"] == "playing" and s["tricks"] >= 1,
                             turn=take_turn, timeout=90)
    assert state["tricks"] >= 1


async def test_six_players_pass_one_copy_of_a_card_held_twice(start_room, open_page,
                                                              monkeypatch) -> None:
    # Six players hold two decks: a hand may hold a card twice, and a pass holds a card
    # once at most (the engine's legal passes). The second copy says why, as a card that
    # cannot be played does.
    rules = RuleSet.preset("six_handed", nil_pass=NIL_PASS)
    dealer = 5  # South bids first, so South's Nil is the first pass

    def twin(game: Game) -> bool:
        hand = game.view(ME).hand
        return len(set(hand)) < len(hand) and game.phase == "passing" and game.to_act == ME

    seed = seeded_deal(rules, dealer, "bid nil", twin)
    room = await start_room(turn_time_s=30.0)
    page = await open_page(room, viewport=DESKTOP)
    await host_table(room, page, monkeypatch, seed, dealer, clock=False, fmt="six_handed")
    await bid(page, "nil")
    step = page.locator(".pass-step")
    await expect(step).to_be_visible(timeout=30_000)
    await expect(step).to_contain_text(f"Pass {NIL_PASS} cards to your partner")
    hand = await page.evaluate("window.spadesApp.state.view.hand")
    code = next(c for c in hand if hand.count(c) == 2)
    await page.locator(f'.hand .card-btn[data-key="{code}"]').click(position=TAP)
    await page.locator(f'.hand .card-btn[data-key="{code}#2"]').click(position=TAP)
    await expect(page.locator("#toast")).to_contain_text("a card is passed once")
    await expect(page.locator(".hand .card-btn.lifted")).to_have_count(1)
    other = next(c for c in hand if c != code)
    await page.locator(f'.hand .card-btn[data-key="{other}"]').click(position=TAP)
    await step.locator(".pass-go").click()
    await page.wait_for_function("window.spadesApp.state.view.phase === 'playing'",
                                 timeout=30_000)
    partner = rules.partner_of(ME)
    assert partner is not None
    got = (await stored_game(room, page)).view(partner).passing
    assert got is not None and sorted(got["got"]) == sorted([code, other])
    assert sorted(await page.evaluate("window.spadesApp.state.view.passing.gave")) == sorted(
        [code, other])
