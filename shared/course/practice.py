"""Practice positions opened from the FAQ and the strategy notes (not part of the course).

Plain data read by ``Scenario.from_dict``, like the lessons.
"""

from __future__ import annotations

from typing import Any

NIL_DUCK: dict[str, Any] = {
    "id": "nil-duck",
    "kind": "practice",
    "title": "Playing your own Nil",
    "summary": "Get through the last three tricks without taking one.",
    "rules": "course",
    "dealer": 3,
    "hands": ["KH 9H 3C", "7D 8D", "4C 9D", "6C TD"],
    "bids": ["nil", "3", "6", "3"],
    "tricks": ["2D 4D JD 6D", "7C KC JC 2C", "5D KD QD AD", "TH 3H 7H 4H", "9C 5C TC 5S",
               "3S 4S QS 6S", "6H QH 2H AH", "AC 8C QC JS", "7S AS KS 2S", "8S 3D 9S TS",
               "8H JH 5H"],
    "script": [[], [], ["4C"], []],
    "intro": [
        "You bid Nil and have taken no trick so far; North bid 6 and has 5. Three tricks "
        "are left. A Nil bidder plays under: the highest card that still loses, so that "
        "the high cards are gone before they can be forced to win.",
    ],
    "steps": [{
        "prompt": "West led the 8♥, North played the J♥ and East the 5♥. Play out the "
                  "hand without taking a trick.",
        "hint": "North's Jack is winning: a heart lower than the Jack goes under it.",
        "goal": {"state": {"took_at_most": 0, "by": "hand"}},
        "answer": ["9H", "3C", "KH"],
        "miss": "You took a trick, so the Nil is lost: −100. Play under the card that is "
                "winning whenever you can.",
        "after": "Not a single trick: the Nil is made.",
    }],
    "outro": "Nil made: +100 on its own line, and North's 6 made the contract.",
    "expected": {"us": {"contract": 6, "tricks": 6, "contract_points": 60, "nil_points": 100,
                        "hand_total": 160},
                 "them": {"contract": 6, "tricks": 7, "hand_total": 61}},
}

TIE: dict[str, Any] = {
    "id": "tie",
    "kind": "practice",
    "title": "A tie at the target",
    "summary": "Both teams pass the target with the same total: the game goes on.",
    "rules": "course",
    "dealer": 3,
    "scores": [450, 458],
    "hands": ["QC 3C", "4D", "5D", "2S"],
    "bids": ["3", "3", "3", "2"],
    "tricks": ["AD TD 3D QD", "6C 7C 5C JC", "QH 7H TH JH", "9C AC 4C KC", "4H 9H 2H KH",
               "3H 6H 8H 8D", "7D 2D 6D JD", "AH 5H 3S 9D", "TS 6S 4S 5S", "7S JS 9S AS",
               "KS QS 8S KD", "8C 2C TC"],
    "intro": [
        "The target is 500. Your team has 450 and bid 6, with 5 tricks so far; West and "
        "East have 458, bid 5 and have 6.",
    ],
    "steps": [{
        "prompt": "West led the 8♣, North played the 2♣ and East the 10♣. Make your contract.",
        "hint": "Only a club higher than the 10 wins this trick.",
        "goal": {"action": "QC"},
        "answer": ["QC"],
        "miss": "East's 10♣ beats your 3♣: you would be set, −60, and West and East "
                "would win the game. Play the Q♣.",
        "after": "Contract made.",
    }],
    "outro": "Both teams end on 510: both reached the target, but neither is ahead, so "
             "the game is not over. Another hand is dealt, and it goes on until one team "
             "is ahead.",
    "expected": {"us": {"contract": 6, "tricks": 6, "hand_total": 60, "total": 510},
                 "them": {"contract": 5, "tricks": 7, "hand_total": 52, "total": 510}},
}

POSITIONS: list[dict[str, Any]] = [NIL_DUCK, TIE]
