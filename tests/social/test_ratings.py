"""Ratings: the pure update (winners, losers, leavers, draws) and the Redis record
(atomic, idempotent per game, history, leaderboard, provisional)."""

from __future__ import annotations

import asyncio

import pytest

from server.archive.db import Database
from server.social.ratings import (
    PROVISIONAL_GAMES,
    PlayerRating,
    Ratings,
    compute_ratings,
    shown_rating,
)

TEAMS = (("s", "n"), ("w", "e"))
NAMES = {"s": "Sam", "n": "Nia", "w": "Wes", "e": "Eve"}
NEW = {pid: PlayerRating(pid) for pid in NAMES}


def test_winners_go_up_and_losers_down() -> None:
    new = compute_ratings(NEW, TEAMS, winner=0)
    assert new["s"][0] > 25 and new["n"][0] > 25
    assert new["w"][0] < 25 and new["e"][0] < 25
    assert new["s"][2] and not new["w"][2]
    assert all(sigma < NEW[pid].sigma for pid, (_, sigma, _) in new.items())


def test_a_draw_moves_nobody_s_mu_between_equals() -> None:
    new = compute_ratings(NEW, TEAMS, winner=None)
    assert all(abs(mu - 25) < 1e-9 for mu, _, _ in new.values())
    assert not any(won for _, _, won in new.values())


def test_a_leaver_on_the_winning_team_is_scored_as_losing() -> None:
    new = compute_ratings(NEW, TEAMS, winner=0, leavers={"n"})
    lost = compute_ratings(NEW, TEAMS, winner=1)
    assert new["n"] == lost["n"]  # exactly a loss for the leaver
    assert new["s"] == compute_ratings(NEW, TEAMS, winner=0)["s"]  # partner still won
    assert new["w"][0] < 25  # the other team lost the game that was played
    assert not new["n"][2]


def test_a_leaver_on_the_losing_team_loses_like_their_partner() -> None:
    new = compute_ratings(NEW, TEAMS, winner=0, leavers={"w"})
    assert new["w"] == new["e"]


def test_a_leaver_in_a_draw_is_scored_as_losing() -> None:
    new = compute_ratings(NEW, TEAMS, winner=None, leavers={"e"})
    assert new["e"][0] < 25
    assert new["w"][0] == pytest.approx(25)


def test_the_stronger_team_gains_less_for_an_expected_win() -> None:
    strong = {**NEW, "s": PlayerRating("s", 35, 3), "n": PlayerRating("n", 35, 3)}
    new = compute_ratings(strong, TEAMS, winner=0)
    upset = compute_ratings(strong, TEAMS, winner=1)
    assert new["s"][0] - 35 < 35 - upset["s"][0]


async def test_rating_a_game_changes_ratings_history_and_board(ratings: Ratings) -> None:
    rated = await ratings.rate_game("g1", TEAMS, 0, NAMES)
    assert not rated.already_rated
    sam = rated.changes["s"]
    # A new player is 1500 and the "?" goes with the first game; whole numbers, each
    # the change of the player's mu on the scale.
    assert sam.name == "Sam" and sam.won and sam.games == 1 and not sam.provisional
    assert sam.before == 1500 and sam.after == shown_rating(sam.mu) and 60 < sam.delta < 100
    assert isinstance(sam.after, int) and rated.changes["w"].after < 1500
    assert rated.changes["w"].delta < rated.changes["s"].delta
    now = await ratings.rating("s")
    assert now.games == 1 and now.shown == sam.after
    history = await ratings.history("s")
    assert [(h.game_id, h.won, h.before, h.after) for h in history] == [
        ("g1", True, 1500, sam.after)]
    board = await ratings.leaderboard()
    assert {row.name for row in board[:2]} == {"Sam", "Nia"}
    # Partners rated from one game are level: ties share a place (1, 1, 3, 3).
    assert [row.rank for row in board] == [1, 1, 3, 3]
    assert board[0].rating >= board[-1].rating
    assert await ratings.rank_of("w") == 3 and await ratings.rank_of("s") == 1
    assert await ratings.rank_of("nobody") is None


async def test_rating_the_same_game_twice_changes_nothing(ratings: Ratings,
                                                         db: Database) -> None:
    first = await ratings.rate_game("g1", TEAMS, 0, NAMES)
    snapshot = await _dump(db)
    again = await ratings.rate_game("g1", TEAMS, 1, NAMES)  # even with another outcome
    assert again.already_rated
    assert again.changes == first.changes
    assert await _dump(db) == snapshot


async def test_one_game_rated_from_many_nodes_at_once_counts_once(
        database_url: str) -> None:
    nodes = [Database(database_url) for _ in range(4)]  # each its own pool, as nodes have
    try:
        for node in nodes:
            await node.open()
        results = await asyncio.gather(*(Ratings(node).rate_game("g1", TEAMS, 0, NAMES)
                                         for node in nodes))
        assert sum(not r.already_rated for r in results) == 1
        assert len({tuple(sorted(r.changes.items())) for r in results}) == 1
        assert (await Ratings(nodes[0]).rating("s")).games == 1
    finally:
        for node in nodes:
            await node.close()


async def test_games_sharing_a_player_at_once_are_both_counted(ratings: Ratings) -> None:
    other = (("s", "x"), ("y", "z"))
    await asyncio.gather(ratings.rate_game("g1", TEAMS, 0, NAMES),
                         ratings.rate_game("g2", other, 1, {"s": "Sam"}))
    sam = await ratings.rating("s")
    assert sam.games == 2
    assert {h.game_id for h in await ratings.history("s")} == {"g1", "g2"}


async def test_a_ranked_leaver_is_recorded_as_losing(ratings: Ratings) -> None:
    rated = await ratings.rate_game("g1", TEAMS, 0, NAMES, leavers={"n"})
    nia = rated.changes["n"]
    assert nia.left and not nia.won and nia.delta < 0
    assert rated.changes["s"].won and rated.changes["s"].delta > 0
    [entry] = await ratings.history("n")
    assert entry.left and not entry.won


def test_the_shown_rating_is_1500_for_a_new_player_and_40_a_point_of_mu() -> None:
    new = PlayerRating("p")
    assert new.shown == 1500 and new.provisional and PROVISIONAL_GAMES == 1
    assert shown_rating(new.mu + 10) == 1900 and shown_rating(new.mu - 2.5) == 1400
    assert not PlayerRating("p", games=1).provisional


async def test_players_are_provisional_until_their_first_game(ratings: Ratings) -> None:
    for game in range(PROVISIONAL_GAMES):
        rated = await ratings.rate_game(f"g{game}", TEAMS, game % 2, NAMES)
        assert rated.changes["s"].provisional == (game + 1 < PROVISIONAL_GAMES)
    sam = await ratings.rating("s")
    assert sam.games == PROVISIONAL_GAMES and not sam.provisional
    board = await ratings.leaderboard()
    assert not any(row.provisional for row in board)


@pytest.mark.parametrize(("teams", "winner", "leavers"), [
    ((("a", "b"), ("c",)), 0, ()),
    ((("a", "b"), ("c", "a")), 0, ()),
    ((("a", "b"), ("c", "d")), 2, ()),
    ((("a", "b"), ("c", "d")), 0, ("z",)),
])
async def test_a_malformed_game_is_refused(ratings: Ratings, teams: tuple[tuple[str, ...], ...],
                                           winner: int, leavers: tuple[str, ...]) -> None:
    with pytest.raises(ValueError):
        await ratings.rate_game("bad", teams, winner, {}, leavers)


async def test_the_board_keeps_the_top_and_ranks_everyone(ratings: Ratings) -> None:
    for game in range(30):  # 60 players, team 0 always wins
        pids = [f"p{4 * game + i}" for i in range(4)]
        await ratings.rate_game(f"g{game}", ((pids[0], pids[1]), (pids[2], pids[3])), 0,
                                {p: p.upper() for p in pids})
    top = await ratings.leaderboard(limit=10)
    assert len(top) == 10 and all(row.name.startswith("P") for row in top)
    ranks = [await ratings.rank_of(f"p{i}") for i in range(120)]
    shown = [(await ratings.rating(f"p{i}")).shown for i in range(120)]
    # A place is one more than the players shown above: equal ratings share it.
    assert ranks == [1 + sum(other > mine for other in shown) for mine in shown]
    assert [row.rank for row in top] == [1 + sum(other > row.rating for other in shown)
                                         for row in top]


async def _dump(db: Database) -> object:
    async with db.connection("test") as conn:
        return ([tuple(r) for r in await conn.fetch("SELECT * FROM ratings ORDER BY pid")],
                [tuple(r) for r in await conn.fetch(
                    "SELECT * FROM rating_changes ORDER BY game_id, pid")])
