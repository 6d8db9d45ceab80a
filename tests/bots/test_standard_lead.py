"""Standard's small search at a lead (``search_play.standard_lead``): where it runs, which
cards it weighs, and that the Hint says why when it leaves the rules' card."""

from __future__ import annotations

from collections.abc import Iterator

from server.i18n.catalogues import LANGUAGES, written
from shared.bots import choose, hint, searches
from shared.bots.cardplay import TAKE, aim_of, standard_play
from shared.bots.knowledge import Knowledge, read_view
from shared.bots.search_play import (
    LEAD_CLOSE_DEALS,
    LEAD_DEALS,
    _live,
    _same_run,
    lead_searched,
    standard_lead,
)
from shared.i18n import Text
from shared.spades import Game, RuleSet
from shared.spades.cards import CODES, SUIT_MASKS


def decisions(preset: str, seeds: range) -> Iterator[tuple[Game, Knowledge]]:
    """Every card decision of Standard's first hand of each seed, with its Knowledge."""
    rules = RuleSet.preset(preset)
    for seed in seeds:
        g = Game.new(rules, seed=seed)
        while g.hand_no == 0 and g.to_act is not None:
            seat = g.to_act
            view = g.view(seat)
            if g.phase == "playing":
                yield g, read_view(view)
            g = g.apply(seat, choose("standard", view))


def test_it_searches_only_a_lead_of_a_side_that_needs_tricks_and_weighs_low_cards() -> None:
    searched = moved = 0
    for _, k in decisions("standard", range(16)):
        found = standard_lead(k)
        clean = not any(k.nil_alive(seat) for seat in range(4))
        wanted = (not k.trick and clean and k.legal_plays.bit_count() > 1
                  and aim_of(k).kind == TAKE and k.need(k.team) > 0)
        if found is None:
            assert not wanted, "Standard's rules lead alone where it should search"
            continue
        assert wanted, "a search where Standard's rules decide alone"
        searched += 1
        card = CODES.index(found.action[5:])
        rules_card, _ = standard_play(k)
        live = _live(k)
        lows = [rules_card] + [(k.legal_plays & m & -(k.legal_plays & m)).bit_length() - 1
                               for m in SUIT_MASKS if k.legal_plays & m]
        assert any(_same_run(card, low, live) for low in lows), found
        # Two to five candidates (the rules' card and a low one of each suit) on every
        # deal, and the best two on the close call's further deals.
        if not found.rollouts:  # one kind of card to lead: the rules' card, unweighed
            assert found.action[5:] == CODES[standard_play(k)[0]]
            continue
        assert 2 * LEAD_DEALS <= found.rollouts <= 5 * LEAD_DEALS + 2 * LEAD_CLOSE_DEALS
        if card != rules_card:
            moved += 1
            assert isinstance(found.reason, Text)
            assert found.reason.key == "advice.lead_played_out"
    # The search runs often enough to matter and sometimes disagrees with the rules.
    assert searched >= 40 and moved >= 5, (searched, moved)


def test_it_leaves_other_formats_and_positions_to_the_rules() -> None:
    for preset in ("cutthroat", "three_handed"):
        for _, k in decisions(preset, range(6)):
            assert standard_lead(k) is None, preset
    for _, k in decisions("standard", range(6)):
        if k.trick or any(k.nil_alive(seat) for seat in range(4)):
            assert standard_lead(k) is None


def test_searches_says_which_decisions_search_with_and_without_the_view() -> None:
    # Without a view: only the levels whose every decision searches.
    assert {level: searches(level, None) for level in ("easy", "standard", "challenge", "pimc")} \
        == {"easy": False, "standard": False, "challenge": True, "pimc": True}
    # With one: Standard where its lead search runs (and only there), Easy never.
    searched = 0
    for g, k in decisions("standard", range(8)):
        view = g.view(g.to_act)
        found = standard_lead(k) is not None
        assert searches("standard", view) == lead_searched(k) == found
        assert not searches("easy", view) and searches("challenge", view)
        searched += found
    assert searched > 0


def test_the_hint_says_why_it_leads_another_card_in_every_language() -> None:
    for g, k in decisions("standard", range(60)):
        found = standard_lead(k)
        if found is None or found.action[5:] == CODES[standard_play(k)[0]]:
            continue
        seat = g.to_act
        assert seat is not None
        action, why = hint(g.view(seat))
        assert action == found.action
        assert isinstance(why, Text) and why.key == "advice.lead_played_out"
        english = str(why)
        assert english.startswith(f"lead {why.args['card']}: played out over likely deals")
        for lang in LANGUAGES:
            if lang != "en":
                text = written(why, lang)
                assert "{" not in text and text != english, (lang, text)
        return
    raise AssertionError("no lead of the search's own in 60 hands")
