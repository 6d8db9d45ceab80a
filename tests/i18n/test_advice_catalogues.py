"""The Tip's reasons and the Hint's at a bid and in the two-handed draw travel as
catalogue ids with arguments (``tip.*``, ``advice.draw_*``): their English is the
reason as it always read, and each is said in every shipped language."""

from __future__ import annotations

import re

from server.i18n.catalogues import LANGUAGES, written
from shared.bots import hint, tip
from shared.bots import reasons as R
from shared.bots.bidder import bid_reason
from shared.bots.handeval import estimate
from shared.i18n import TEMPLATES, Template, Text, wire_parts
from shared.protocol import Advice
from shared.spades import Game, RuleSet
from shared.spades.cards import mask_of, parse_card

from ..bots.positions import position, to_act_view

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
# English words of the Tip's reasons that no translation keeps.
ENGLISH = re.compile(r"\b(sure|winners?|likely|void|trump|spades|long|tricks?|watch|duck|"
                     r"partner|keep|discard|adds|average|behind|chance)\b")


def hand_of(codes: str) -> int:
    return mask_of(parse_card(c) for c in codes.split())


def keys_in(argument: object) -> set[str]:
    """Every catalogue id in a wire ``[key, args]`` tree."""
    if isinstance(argument, list) and len(argument) == 2 and isinstance(argument[1], dict):
        return {argument[0]} | {k for v in argument[1].values() for k in keys_in(v)}
    return set()


def said_everywhere(why: str) -> dict[str, str]:
    """``why`` in each translated language, none with a placeholder or English left."""
    out = {}
    for lang in TRANSLATED:
        text = written(why, lang)
        assert "{" not in text and text != why, (lang, text)
        assert not ENGLISH.search(text), (lang, text)
        out[lang] = text
    return out


def test_the_tips_reason_is_a_list_of_catalogue_sentences() -> None:
    hand = mask_of(parse_card(c) for c in
                   ["AS", "KS", "7S", "6S", "5S", "3S", "AH", "2H", "3H", "4H", "2D", "3D", "4D"])
    why = bid_reason(estimate(hand), hand)
    assert why == "♠A ♠K sure winners, ♥A likely, void in clubs, can trump, " \
        "6 spades: three long tricks"
    advice = Advice.of("bid 5", why)
    assert advice.key == "tip.list" and advice.why == why
    assert keys_in([advice.key, advice.args]) == {
        "tip.list", "tip.sure", "tip.likely", "tip.void_trump", "tip.long_tricks",
        "tip.count_3"}
    assert advice.args is not None and advice.args["first"] == [
        "tip.sure", {"count": 2, "cards": "♠A ♠K"}]
    said = said_everywhere(why)
    assert said["es"] == "♠A ♠K ganan seguro, ♥A probablemente, sin tréboles, puedes " \
        "fallar, 6 picas: tres bazas de largo"
    assert said["fr"] == "♠A ♠K maîtresses, ♥A probablement, chicane à trèfle, vous " \
        "pouvez couper, 6 piques\u00a0: trois plis de longueur"
    assert said["pt-BR"].endswith("6 espadas: três vazas de comprimento")


def test_a_nil_tip_says_its_chance_as_a_number_and_its_cards() -> None:
    g = position({0: "2C 3C 4C 5C 2H 3H 4H 5H 2D 3D 4D 5D 2S"}, [], [])
    action, why = tip(to_act_view(g))
    assert action == "bid nil" and isinstance(why, Text)
    assert re.fullmatch(r"Nil \(about \d+% to make it\): no card that must win; low cards "
                        r"to duck with \(.+\)", why), why
    key, args = wire_parts(why)
    assert key == "tip.nil_why_more" and args is not None
    head = args["head"]
    assert head[0] == "tip.nil_chance" and isinstance(head[1]["chance"], int)
    said = said_everywhere(why)
    assert f"{head[1]['chance']}\u00a0%" in said["fr"] and "cartes basses" in said["fr"]
    assert said["es"].startswith("Nil (se cumple cerca del")


def test_the_draws_hint_sends_its_tricks_as_numbers() -> None:
    rules = RuleSet.preset("two_handed")
    seen: set[str] = set()
    for seed in range(4):
        g = Game.new(rules, seed=seed)
        while g.phase == "drawing" and g.to_act is not None:
            seat = g.to_act
            action, why = hint(g.view(seat))
            advice = Advice.of(action, why)
            assert advice.key is not None and advice.key.startswith("advice.draw"), why
            if advice.key in ("advice.draw_keep", "advice.draw_discard"):
                assert advice.args is not None
                for name in ("adds", "mean"):
                    number = advice.args[name]
                    assert isinstance(number, float) and f"{number:.1f}" in why
            seen.add(advice.key)
            said_everywhere(why)
            g = g.apply(seat, action)
    assert {"advice.draw_keep", "advice.draw_discard"} <= seen


def test_every_tip_sentence_renders_in_every_language() -> None:
    """Each ``tip.*`` and ``advice.draw_*`` entry, filled, in each language: no
    placeholder left (a sentence argument nested three deep, a plural by count)."""
    inner = R.listed([R.NIL_LOW(cards="♣2"), R.NIL_VOID_3(suit="C", other="D", third="H")])
    args: dict[str, object] = {
        "first": R.NO_SURE(), "rest": R.LIKELY(cards="♥A"), "cards": "♠A", "count": 2,
        "suit": "H", "other": "D", "third": "C", "spades": 5, "long": R.count_word(2),
        "reason": R.SUICIDE(reason=R.NO_SURE()), "why": R.BLIND_YOU(behind=310, chance=19,
                                                                   gain=3),
        "behind": 320, "chance": 70, "gain": 4, "head": R.NIL_CHANCE(chance=81),
        "danger": R.NIL_WATCH(cards="♥K"), "more": inner, "card": "♠Q", "adds": 0.7,
        "mean": 0.4}
    keys = [k for k in TEMPLATES if k.startswith("tip.") or k.startswith("advice.draw_")]
    assert len(keys) >= 30
    for key in keys:
        english = Template(key, TEMPLATES[key])(**args)  # type: ignore[arg-type]
        assert "{" not in english, key
        for lang in TRANSLATED:
            assert "{" not in written(english, lang), (key, lang)


def test_a_joker_in_a_reason_is_named_in_each_language() -> None:
    hand = hand_of("BJ LJ AS 7S 6S AH 2H 3H 4H 3D 4D 5D 6C")
    why = bid_reason(estimate(hand, True), hand, 13, True)
    assert why.startswith("Big Joker Little Joker ♠A sure winners"), why
    key, args = wire_parts(why)
    assert key == "tip.list" and args is not None
    assert args["first"][1]["cards"] == ["advice.cards", {
        "first": ["advice.big_joker", {}],
        "rest": ["advice.cards", {"first": ["advice.little_joker", {}], "rest": "♠A"}]}]
    said = said_everywhere(why)
    assert said["es"].startswith("Comodín grande Comodín pequeño ♠A ganan seguro")
    assert said["fr"].startswith("Grand Joker Petit Joker ♠A maîtresses")
    assert said["pt-BR"].startswith("Coringa grande Coringa pequeno ♠A vencem com certeza")


def test_an_analysis_marks_reason_travels_by_id_and_is_said_everywhere() -> None:
    """A mark's reason (``advice.mark_*``) keeps its English and sends ``reason_key`` and
    ``reason_args`` beside it; each sentence inside (how often, the points, the cards
    behind a bid) is said in each language."""
    from shared.analysis import reasons as A
    from shared.analysis.review import Mark

    hand = hand_of("AS KS 7S 6S 5S 3S AH 2H 3H 4H 2D 3D 4D")
    cards = bid_reason(estimate(hand), hand, 4)
    why = A.UNDERBID(bid=4, points=A.points_text(23.4), mine=2, cards=cards)
    assert why == "bidding 4 was worth about 23 points more than 2: you held ♠A ♠K sure " \
        "winners, ♥A likely, void in clubs, can trump, 6 spades: three long tricks"
    mark = Mark(3, 0, 0, 0, "mistake", "bid 2", "bid 4", 23.4, 0.0, why, 96, None).to_dict()
    assert mark["reason"] == why and mark["reason_key"] == "advice.mark_underbid"
    assert mark["reason_args"]["points"] == ["advice.mark_points", {"count": 23}]
    assert mark["reason_args"]["cards"][0] == "tip.list"
    assert said_everywhere(why)["es"].startswith("apostar 4 valía cerca de 23 puntos más que 2")
    luck = A.LUCK(mine=A.action_text("play KH"), other=A.action_text("bid nil"),
                  points=A.points_text(1))
    assert luck == "from what you could see, ♥K was as good as any choice; on the real " \
        "cards Nil happened to score about 1 point more"
    often = A.COVER(best="♥A", often=A.how_often(0.81), mine="♥4", then=A.how_often(0.02),
                    worth=A.WORTH(points=A.points_text(40), mine="♥4"))
    assert "about 8 times in 10" in often and "almost never" in often
    assert "environ 8 fois sur 10" in said_everywhere(often)["fr"]
    plain = Mark(3, 0, 0, 0, "mistake", "bid 2", "bid 4", 1.0, 0.0, "plain", 9, None)
    assert "reason_key" not in plain.to_dict()
