"""The rules document follows the RuleSet it is given: a custom table shows its options and
a worked example the engine scored under them."""

from __future__ import annotations

import json

import pytest

from shared.course import LESSON_IDS, PRACTICE_IDS, rules_document
from shared.course.rules_page import worked_example
from shared.spades import PRESETS, RuleSet, score_hand

CUSTOM = RuleSet.from_dict({
    "name": "Ann's table", "target_score": 300, "bag_limit": 5, "bag_penalty_points": 50,
    "blind_nil": "trailing", "blind_nil_margin": 150, "nil_value": 50, "jokers": True,
    "ten_for_two_hundred": True, "nil_tricks_count_for_partner": False, "losing_score": -250})


def test_a_custom_table_s_options_are_what_the_page_says() -> None:
    doc = rules_document(CUSTOM)
    assert doc.preset is None and "Ann's table" in doc.title
    glance = dict(doc.at_a_glance)
    assert glance["Game to"] == "300 points" and glance["A team loses at"] == "−250"
    assert glance["Bags"] == "every 5 cost 50" and glance["Nil"] == "±50"
    assert glance["Blind Nil"] == "±200, only a player whose team is behind by at least 150"
    assert "jokers" in glance["Deck"]
    text = " ".join(p for s in doc.sections for p in s.paragraphs)
    assert "reaches 300 points or falls to −250" in text and "Big Joker" in text
    variants = {v.id: v for v in doc.variants}
    assert {i for i, v in variants.items() if v.on} == {
        "blind-nil", "double-nil", "nil-bags", "bag-penalty", "ten-for-200", "jokers",
        "losing-score"}
    assert variants["bag-penalty"].setting == "every 5 bags cost 50"
    lines = dict(doc.score_lines)
    assert "+20 a trick for a contract of 10 or more" in lines["Contract"]
    assert "every trick a Nil bidder takes" in lines["Bags"]
    assert "each time the count reaches 5, −50" in lines["Bag penalty"]


def test_the_presets_sit_side_by_side_with_this_table() -> None:
    table = rules_document(CUSTOM).presets
    assert table["columns"] == ["This table", "standard", "quick", "club", "course"]
    rows = {r["option"]: r for r in table["rows"]}
    assert rows["target_score"]["values"] == ["300", "500", "250", "500", "500"]
    assert rows["jokers"]["values"][0] == "yes" and rows["jokers"]["differs"]
    assert not rows["nil_pass"]["differs"]


def test_the_worked_example_is_the_engine_s_score_under_these_rules() -> None:
    ex = worked_example(CUSTOM)
    teams = score_hand(CUSTOM, ex.bids, ex.tricks, ex.bags_before)
    for team, got in zip(teams, ex.teams, strict=True):
        assert {k: got[k] for k in team._fields} == team._asdict()
    assert ex.bags_before == (4, 0)
    us, them = ex.teams
    assert (us["contract_points"], us["bag_points"], us["bag_penalty"]) == (70, 2, -50)
    assert us["total"] == 120 + 70 + 2 - 50
    # West's Nil trick is a bag here and does not help East's 4: set, and the Nil fails.
    assert (them["made"], them["contract_points"], them["nil_points"]) == (False, -40, -50)
    assert ex.explained[0][3] == ("Bag penalty: the counter went from 4 to 6, reaching 5: "
                                  "−50, and 1 bag is kept.")
    assert "(the Nil bidder's tricks do not count)" in ex.explained[1][0]


FOUR_PARTNERS = [n for n, r in PRESETS.items() if r.seats == 4 and not r.solo]
FORMATS = [n for n in PRESETS if n not in FOUR_PARTNERS]


@pytest.mark.parametrize("name", FOUR_PARTNERS)
def test_each_preset_is_named_and_scored_under_its_own_rules(name: str) -> None:
    rules = PRESETS[name]
    doc = rules_document(rules)
    assert doc.preset == name and doc.title == f"Spades rules: the {name} preset"
    ex = doc.example
    assert ex.teams[0]["bag_penalty"] == -100  # 9 bags + 2 overtricks
    made = rules.nil_tricks_count_for_partner
    assert ex.teams[1]["made"] is made
    json.dumps(doc.to_dict())  # the page gets plain JSON


@pytest.mark.parametrize("name", FORMATS)
def test_each_format_s_page_says_who_plays_and_scores_its_own_example(name: str) -> None:
    rules = PRESETS[name]
    doc = rules_document(rules)
    assert doc.preset == name
    glance = dict(doc.at_a_glance)
    words = {2: "two players", 3: "three players", 4: "cutthroat", 6: "six players"}
    assert words[rules.seats] in glance["Players"]
    basics = " ".join(doc.sections[0].paragraphs)
    assert {2: "stock", 3: "17 cards", 4: "each on their own", 6: "three teams"}[
        rules.seats] in basics
    ex = doc.example
    sides = len(rules.teams)
    assert len(ex.teams) == len(ex.explained) == len(ex.sides) == sides
    # The engine scored it: the first side was one bag short of the penalty.
    assert ex.teams[0]["bag_penalty"] == -100
    assert [t["hand_total"] for t in ex.teams] == [
        t.hand_total for t in score_hand(rules, ex.bids, ex.tricks, ex.bags_before)]
    assert sum(ex.tricks) == rules.tricks_per_hand and len(ex.bids) == rules.seats
    assert ex.sides[0] == ("South–North" if rules.seats == 6 else "South")
    assert doc.presets["columns"][:2] == ["This table", "standard"] and name in doc.presets[
        "columns"]
    if rules.solo:
        variants = {v.id: v for v in doc.variants}
        assert not variants["double-nil"].on and "needs partners" in variants["nil-pass"].setting
        assert all("partner" not in n.title for n in doc.faq)
        assert "team" not in " ".join(ex.explained[0])
    json.dumps(doc.to_dict())


def test_the_notes_follow_the_rules_and_open_real_positions() -> None:
    ids = set(LESSON_IDS) | set(PRACTICE_IDS)
    for rules in (CUSTOM, *PRESETS.values()):
        doc = rules_document(rules)
        assert len(doc.faq) >= 8 and len(doc.strategy) == 4
        assert {n.scenario for n in (*doc.faq, *doc.strategy)} <= ids
    faq = {n.title: n.text for n in rules_document(PRESETS["quick"]).faq}
    assert faq["When can I bid Blind Nil?"] == "Not at this table: Blind Nil is off."
    assert faq["Do a Nil bidder's tricks help the partner's contract?"].startswith("No")
    strategy = {n.title: n for n in rules_document(CUSTOM).strategy}
    assert "at 4 bags one more overtrick costs 50" in strategy["The bag counter"].text
    assert [n.scenario for n in strategy.values()] == ["bidding", "levels", "nil", "bags"]


def test_only_a_ruleset_is_accepted() -> None:
    with pytest.raises(TypeError):
        rules_document({"target_score": 300})  # type: ignore[arg-type]
