"""A helper for lesson authors: invent the tricks played before a position.

A late position ("two tricks left, your team has six") needs a legal history: the cards
not held any more, in tricks a real game could have had, won by the right seats.
``fill_history`` searches for one (randomly, from ``seed``, so the answer is the same
every time); paste its tricks into the scenario's ``tricks``. The validator then
checks them through the engine like any other scenario data.

    python -m shared.course.authoring --hands "AH 2C" "KC 3H" "4H 5H" "6H 7H" \\
        --won 4 3 2 2 --dealer 3 --leader 0 --broken
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence

from shared.spades import parse_card, trick_winner
from shared.spades.cards import CODES, SPADES, suit_of


def _pick_trick(rng: random.Random, pool: list[int], held: list[set[int]],
                void: list[set[int]], leader: int, broken: bool
                ) -> list[tuple[int, int]] | None:
    # One random trick from the pool that respects what every seat holds now and later.
    def can_take(seat: int, card: int) -> bool:
        return suit_of(card) not in void[seat]

    leads = [c for c in pool if can_take(leader, c) and (broken or suit_of(c) != SPADES)]
    if not leads:
        return None
    lead = rng.choice(leads)
    suit = suit_of(lead)
    plays = [(leader, lead)]
    taken = {lead}
    for k in (1, 2, 3):
        seat = (leader + k) & 3
        follow = [c for c in pool if c not in taken and suit_of(c) == suit and can_take(seat, c)]
        held_suit = any(suit_of(c) == suit for c in held[seat])
        if held_suit and not follow:
            return None  # it would have to follow with a card kept for the lesson
        if follow and (held_suit or rng.random() < 0.92):
            card = rng.choice(follow)
        else:
            # A discard: the seat is void in the led suit from now on.
            if held_suit:
                return None
            others = [c for c in pool if c not in taken and suit_of(c) != suit
                      and can_take(seat, c)]
            if not others:
                return None
            card = rng.choice(others)
        plays.append((seat, card))
        taken.add(card)
    return plays


def fill_history(hands: Sequence[Sequence[str]], won: Sequence[int], dealer: int, leader: int,
                 broken: bool, seed: int = 1, tries: int = 20_000) -> list[str]:
    """Tricks (cards in play order) after which each seat holds ``hands``, has won
    ``won`` tricks, ``leader`` is to lead and spades are ``broken`` or not.

    Raises ``ValueError`` when no history is found in ``tries`` attempts.
    """
    held = [{parse_card(c) for c in hand} for hand in hands]
    sizes = {len(h) for h in held}
    if len(sizes) != 1:
        raise ValueError("Every seat must hold the same number of cards.")
    n = 13 - sizes.pop()
    if sum(won) != n or len(won) != 4:
        raise ValueError(f"The four trick counts must add up to {n}, the tricks played.")
    all_held = set().union(*held)
    used = [c for c in range(52) if c not in all_held]
    has_spades = any(suit_of(c) == SPADES for c in used)
    if has_spades != broken:
        raise ValueError("Spades are broken exactly when some spade has been played.")
    rng = random.Random(seed)
    for _ in range(tries):
        pool = list(used)
        void: list[set[int]] = [set(), set(), set(), set()]
        need = list(won)
        lead_seat = (dealer + 1) & 3
        is_broken = False
        tricks: list[str] = []
        for t in range(n):
            plays = None
            for _attempt in range(40):
                candidate = _pick_trick(rng, pool, held, void, lead_seat, is_broken)
                if candidate is None:
                    continue
                winner = trick_winner(tuple(candidate))
                last = t == n - 1
                if need[winner] > 0 and (not last or winner == leader):
                    plays = candidate
                    break
            if plays is None:
                break
            suit = suit_of(plays[0][1])
            for seat, card in plays:
                pool.remove(card)
                if suit_of(card) != suit:
                    void[seat].add(suit)
                if suit_of(card) == SPADES:
                    is_broken = True
            winner = trick_winner(tuple(plays))
            need[winner] -= 1
            lead_seat = winner
            tricks.append(" ".join(CODES[c] for _, c in plays))
        else:
            if n == 0 and leader != (dealer + 1) & 3:
                break
            return tricks
    raise ValueError("No history found; try another seed or other counts.")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", nargs=4, required=True, help="cards held, South first")
    parser.add_argument("--won", nargs=4, type=int, required=True, help="tricks won so far")
    parser.add_argument("--dealer", type=int, default=3)
    parser.add_argument("--leader", type=int, required=True, help="the seat to lead now")
    parser.add_argument("--broken", action="store_true", help="spades have been played")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tricks = fill_history([h.split() for h in args.hands], args.won, args.dealer, args.leader,
                          args.broken, args.seed)
    print(json.dumps(tricks, indent=1))


if __name__ == "__main__":
    main()
