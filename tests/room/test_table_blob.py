"""The blob packer (server/tables/blob.py) gives ``encode_table``'s bytes exactly, in
every state of whole games, for every kind of table, with parts kept between writes."""

from __future__ import annotations

import random
from dataclasses import replace

from server.tables.blob import FORMAT, BlobPacker
from server.tables.model import (
    PracticeState,
    Seat,
    Table,
    decode_table,
    encode_table,
)
from shared.spades import Game, RuleSet
from shared.spades.snapshot import FORMAT as ENGINE_FORMAT

DEAL = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"],
        ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"],
        ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D"],
        ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C", "2C"]]


def games(rules: RuleSet, seed: int, **opening: object) -> list[Game]:
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=seed % rules.seats, **opening)  # type: ignore[arg-type]
    out = [game]
    while not game.over and len(out) < 700:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        out.append(game)
    return out


def tables() -> list[Table]:
    seats = tuple(Seat(pid=f"p{i}", name=f"P{i}", conn=f"c{i}") for i in range(4))
    standard = RuleSet.preset("standard", target_score=300)
    base = Table(id="tb", kind="casual", rules=standard.to_dict(), status="playing",
                 seats=seats, created_ms=5, rev=9, gv=9,
                 acts=(("p0", 3, 7, 4), ("p1", 4, None, 5)), timers={"tb|turn|1|9": 99})
    other = replace(base, kind="ranked", bot_level="challenge", left=("p3",),
                    rematch=(True, None, False, None), ratings=(1579, 1421, 1500, 1612),
                    event="ev1", rated=False)
    practice = replace(base, kind="practice",
                       practice=PracticeState("easy", "fast", "lesson", ((0, "bid 3"),)))
    passing = RuleSet.preset("standard", nil_pass=2, jokers=True, target_score=200)
    out = [replace(base, status="filling", game=None)]
    for table, rules, seed, opening in (
            (base, standard, 1, {}), (other, RuleSet.preset("club"), 2, {}),
            (practice, standard, 3, {"deal": DEAL, "scores": (120, -40), "bags": (3, 1)}),
            (replace(base, rules=passing.to_dict()), passing, 4, {})):
        out.extend(replace(table, game=g, gv=i, status="over" if g.over else "playing")
                   for i, g in enumerate(games(rules, seed, **opening)))
    return out


def test_the_packer_gives_encode_tables_bytes() -> None:
    assert FORMAT == ENGINE_FORMAT
    packer = BlobPacker()
    fresh = BlobPacker(limit=2)  # parts dropped all the time
    for table in tables():
        blob = encode_table(table)
        assert packer.pack(table) == blob
        assert fresh.pack(table) == blob
    loaded = decode_table(packer.pack(table), table.rev)
    assert loaded.game is not None and table.game is not None
    assert loaded.game.to_dict(events=False) == table.game.to_dict(events=False)
    assert replace(loaded, game=None) == replace(table, game=None)


def test_a_tournament_table_keeps_its_event_and_that_it_is_unrated() -> None:
    packer = BlobPacker()
    ranked = [t for t in tables() if t.kind == "ranked"]
    loaded = decode_table(packer.pack(ranked[-1]), 1)
    assert (loaded.event, loaded.rated) == ("ev1", False)
    plain = decode_table(packer.pack(replace(ranked[-1], event="", rated=True)), 1)
    assert (plain.event, plain.rated) == ("", True)


def test_the_packer_gives_encode_tables_bytes_in_every_format() -> None:
    # Cutthroat and three players take the fast path; six (two-deck masks as pairs) and
    # two (the draw's stock) are packed whole: the same bytes either way.
    packer = BlobPacker()
    for seed, preset in enumerate(("cutthroat", "three_handed", "two_handed", "six_handed")):
        rules = RuleSet.preset(preset, target_score=150)
        seats = tuple(Seat(pid=f"p{i}", name=f"P{i}", conn=f"c{i}") for i in range(rules.seats))
        base = Table(id="tf", kind="private", rules=rules.to_dict(), status="playing",
                     seats=seats, created_ms=5, rev=9, gv=9, rematch=(None,) * rules.seats)
        states = games(rules, seed)  # random play: several whole hands (700 states)
        assert states[-1].hand_no >= 2
        for i, game in enumerate(states):
            table = replace(base, game=game, gv=i, status="over" if game.over else "playing")
            assert packer.pack(table) == encode_table(table)
        loaded = decode_table(packer.pack(table), table.rev)
        assert loaded.game is not None and loaded.game.to_dict(events=False) == game.to_dict(
            events=False)
        assert len(loaded.seats) == rules.seats
