"""Lessons 6-11: Blind Nil, contract scoring and the set, bags, the target and ties, what
carries to the next hand, and the difficulty levels.

Plain data read by ``Scenario.from_dict`` (keys in ``docs/learn.md``); the earlier tricks
came from ``python -m shared.course.authoring``.
"""

from __future__ import annotations

from typing import Any

BLIND: dict[str, Any] = {
    "id": "blind-nil",
    "title": "Blind Nil",
    "summary": "Nil bid before you see your cards: worth double.",
    "rules": {"preset": "course", "blind_nil": "trailing"},
    "dealer": 3,
    "scores": [120, 260],
    "hands": ["2C 3C 5C 2D 4D 6D 2H 3H 5H 7H 9H 2S 3S",
              "7C 3D 8D KD 4H 6H 8H TH KH AH 5S 7S AS",
              "6C 8C QC KC 5D 9D JD JH 4S 8S TS QS KS",
              "4C 9C TC JC AC 7D TD QD AD QH 6S 9S JS"],
    "script": [[], ["bid 3"], ["bid 5"], ["bid 3"]],
    "intro": [
        "Blind Nil is a Nil bid made before you look at your cards. It is worth double: "
        "+200 if you take no trick, −200 if you take even one.",
        "Tables differ on when it is allowed. At this table Blind Nil is open only to a "
        "team that is behind by 100 points or more. Your team has 120 and West and East "
        "have 260, so you may bid it. Your cards are face down: decide before you see them.",
    ],
    "steps": [{
        "prompt": "You bid first. Bid Blind Nil, before you look at your cards.",
        "hint": "Your team is 140 behind, and a Blind Nil that is made is worth 200.",
        "goal": {"action": "bid blind nil"},
        "answer": ["bid blind nil"],
        "miss": "Looking at your cards gives up Blind Nil for this hand. This lesson is "
                "about the blind bet: bid it first, and then your cards are shown.",
        "wrong": [{"action": "bid 2",
                   "reason": "Look at your cards first, or bid Blind Nil without looking."}],
        "after": "Your cards are turned up now. West bids 3, North 5 and East 3. A Nil adds "
                 "nothing to the contract, so North's 5 is the team's contract, and North "
                 "will cover you while you play under every trick.",
    }],
    "outro": "You took no trick: Blind Nil made, +200. North took exactly 5: +50. Your "
             "team is back in the game.",
    "expected": {"us": {"contract": 5, "tricks": 5, "contract_points": 50, "nil_points": 200,
                        "hand_total": 250, "total": 370},
                 "them": {"contract": 6, "tricks": 8, "contract_points": 60, "bag_points": 2,
                          "hand_total": 62, "total": 322}},
}

SET: dict[str, Any] = {
    "id": "set",
    "title": "Contract scoring and the set",
    "summary": "Make your contract for 10 a trick; fall short and lose 10 a trick.",
    "rules": "course",
    "dealer": 3,
    "scores": [150, 170],
    "bags": [2, 1],
    "hands": ["AH QH", "5C", "6D", "7D"],
    "bids": ["3", "3", "2", "3"],
    "tricks": ["8D TD AD 9D", "TH 8H JH 6H", "5D 3D KD 4D", "6C 9C 3C 2C", "9H 7H 5H 2H",
               "QC KC 4C JC", "AC 8C TC 7C", "JD 7S 2D QD", "AS TS 5S JS", "3S QS 4S 9S",
               "6S 8S 2S KS", "KH 3H 4H"],
    "intro": [
        "After the last trick each team compares the tricks it took with its contract. "
        "Made: 10 points for each trick of the contract, plus 1 for each extra trick. "
        "Short of it, even by one: the team is set and loses 10 for each trick of the "
        "contract, with no credit for the tricks it did take.",
        "West and East bid 6 and have 5. Your team bid 5 and already has 6. Two tricks "
        "are left: take both, and West and East are set.",
    ],
    "steps": [{
        "prompt": "West led the K♥; North and East followed low. Take this trick, so "
                  "that you can take the last one too.",
        "hint": "Only a heart higher than the King wins this trick.",
        "goal": {"action": "AH"},
        "answer": ["AH"],
        "miss": "Your Q♥ is lower than West's King: West would win, and with 6 tricks West "
                "and East would make their contract. Win with the Ace; then your Queen is "
                "the best heart left for the last trick.",
        "after": "Your Ace won, and your Q♥ is now the highest heart left.",
    }],
    "outro": "West and East took 5 of their 6: set, −60, however close they came. Your "
             "team made its 5 with 3 extra tricks: +50 and +3.",
    "expected": {"us": {"contract": 5, "tricks": 8, "contract_points": 50, "bag_points": 3,
                        "hand_total": 53, "total": 203, "bags": 5},
                 "them": {"contract": 6, "tricks": 5, "contract_points": -60,
                          "hand_total": -60, "total": 110, "bags": 1}},
}

BAGS: dict[str, Any] = {
    "id": "bags",
    "title": "Bags and the ten-bag penalty",
    "summary": "Extra tricks score 1 each, but every 10 of them cost 100.",
    "rules": "course",
    "dealer": 3,
    "scores": [310, 340],
    "bags": [3, 8],
    "hands": ["KD 4D", "5C", "7H", "8H"],
    "bids": ["3", "2", "2", "2"],
    "tricks": ["7C 2C JC 3C", "6H 3H AH JH", "9C 8C KC 6C", "2H KH TH 9H", "TC QC 4C AC",
               "5D QD 8D TD", "JD 7D AD 6D", "4H 5H QH TS", "JS KS QS 6S", "8S 4S 9S AS",
               "2S 7S 5S 3S", "9D 2D 3D"],
    "intro": [
        "A trick beyond the contract is an overtrick, called a bag: it scores 1 point, and "
        "each team keeps a running count of its bags from hand to hand. When the count "
        "reaches 10, the team loses 100 points and the count drops by 10 (anything over "
        "10 is kept).",
        "West and East bid 4, already have 5, and came into this hand with 8 bags, so "
        "they stand at 9. Every trick they take now is another bag. Your team has made "
        "its 5 already.",
    ],
    "steps": [{
        "prompt": "West led the 9♦; North and East followed low. Let West keep this trick: "
                  "feed them a bag.",
        "hint": "Your K♦ would win this trick; your 4♦ would not.",
        "goal": {"action": "4D"},
        "answer": ["4D"],
        "miss": "The K♦ would win the trick and keep West and East under 10 bags. Here you "
                "want them to take tricks: play the 4♦.",
        "after": "West won the trick, their 10th bag, and West leads the last trick, which "
                 "they win too.",
    }],
    "outro": "West and East took 7 tricks on a contract of 4: +40, and 3 bags for +3. Their "
             "count went from 8 to 11: −100, and 1 bag stays on the count. The same goes "
             "for your team: once your contract is safe, extra tricks are a danger.",
    "expected": {"us": {"contract": 5, "tricks": 6, "contract_points": 50, "bag_points": 1,
                        "hand_total": 51, "total": 361, "bags": 4},
                 "them": {"contract": 4, "tricks": 7, "contract_points": 40, "bag_points": 3,
                          "bag_penalty": -100, "hand_total": -57, "total": 283,
                          "bags": 1}},
}

TARGET: dict[str, Any] = {
    "id": "target",
    "title": "The target and ties",
    "summary": "The game ends when a team reaches the target; the higher total wins.",
    "rules": "course",
    "dealer": 3,
    "scores": [450, 430],
    "hands": ["QC 3C", "4D", "5D", "2S"],
    "bids": ["3", "3", "2", "3"],
    "tricks": ["JH 5H 3H TH", "QH KS 8H 6H", "7C 5C AC 9C", "JC 4C 6C KC", "9S AS TS 4S",
               "6D AD QD 3D", "4H 9D AH KH", "6S 7S 5S 8S", "2D TD JD 7D", "7H 9H QS 2H",
               "JS KD 3S 8D", "8C 2C TC"],
    "intro": [
        "A game is played to a target score: 500 here (quick tables play to 250). After "
        "each hand, once a team has reached the target the game ends, and the team with "
        "the higher total wins, even if both teams passed the target. If the totals are "
        "equal, another hand is played, until one team is ahead.",
        "Your team has 450, West and East 430. You bid 5 and have 4; they bid 6 and have 7.",
    ],
    "steps": [{
        "prompt": "West led the 8♣, North played the 2♣ and East the 10♣. Take the trick "
                  "that makes your contract.",
        "hint": "Only a club higher than the 10 wins this trick.",
        "goal": {"action": "QC"},
        "answer": ["QC"],
        "miss": "East's 10♣ beats your 3♣: your team would take 4 of its 5 and be set, "
                "−50. Play the Q♣.",
        "after": "The Q♣ won: 5 tricks, the contract is made.",
    }],
    "outro": "Your +50 brings your team to exactly 500, the target, and West and East end "
             "on 492. The game is over, and your team wins.",
    "expected": {"us": {"contract": 5, "tricks": 5, "contract_points": 50, "hand_total": 50,
                        "total": 500},
                 "them": {"contract": 6, "tricks": 8, "contract_points": 60, "bag_points": 2,
                          "hand_total": 62, "total": 492}},
}

CARRY: dict[str, Any] = {
    "id": "next-hand",
    "title": "What carries to the next hand",
    "summary": "Totals and bags carry over; cards, bids and tricks start again.",
    "rules": "course",
    "dealer": 3,
    "scores": [180, 210],
    "bags": [6, 3],
    "hands": ["KS 3S", "8D", "TD", "QD"],
    "bids": ["3", "2", "3", "2"],
    "tricks": ["AD 9D 4D 5D", "6C QS 2C 8C", "7D JD 2D KD", "7C 8H TC 4C", "TS AS 6S 8S",
               "AH 4H 2H QH", "JH 5H 7H KH", "5C AC 9C 6H", "KC 3C 7S JC", "9H TH 3H 3D",
               "QC 4S 6D JS", "5S 2S 9S"],
    "intro": [
        "A game has many hands. When a hand is scored, the running totals and each team's "
        "bag count carry into the next hand. Everything else starts again: new cards, new "
        "bids, no tricks. The deal moves one seat clockwise, so another player bids and "
        "leads first.",
        "Your team bid 6 and has 5, and came into this hand with 6 bags.",
    ],
    "steps": [{
        "prompt": "West led the 5♠, North played the 2♠ and East the 9♠. Take this trick.",
        "hint": "Only a spade higher than the 9 wins.",
        "goal": {"action": "KS"},
        "answer": ["KS"],
        "miss": "East's 9♠ beats your 3♠. Play the K♠, and you will win both tricks "
                "that are left.",
        "after": "Your King won, and your 3♠ will take the last trick: nobody else has a "
                 "spade left.",
    }],
    "outro": "See what carried: the running totals, and your bag count, 6 + 1 = 7. East "
             "dealt this hand, so you deal the next one: West bids and leads first, and all "
             "bids and tricks start from zero.",
    "expected": {"us": {"contract": 6, "tricks": 7, "contract_points": 60, "bag_points": 1,
                        "hand_total": 61, "total": 241, "bags": 7},
                 "them": {"contract": 4, "tricks": 6, "contract_points": 40, "bag_points": 2,
                          "hand_total": 42, "total": 252, "bags": 5}},
}

LEVELS: dict[str, Any] = {
    "id": "levels",
    "title": "Difficulty levels",
    "summary": "Easy, Standard and Challenge; Hint, Undo and Redo.",
    "rules": "course",
    "dealer": 3,
    "scores": [200, 180],
    "bags": [8, 0],
    "hands": ["TD 2D", "JD", "4C", "6C"],
    "bids": ["4", "2", "2", "2"],
    "tricks": ["JC 7C 2C AC", "KC TC 8C 9C", "4D KD QD 7D", "KH QH 3H 4H", "TH JH AH 8H",
               "9H 5H 7H 2H", "6D 3D AD 8D", "6H 7S KS QC", "4S 8S QS TS", "3S AS 2S 6S",
               "JS 5S 9S 5D", "9D 3C 5C"],
    "intro": [
        "Practice tables come in three levels, Easy (the default), Standard and Challenge, "
        "and three paces, Relaxed, Standard and Fast. The rules are the same at every "
        "level; what changes is how well the computer players bid and play, and the help "
        "you get.",
        "On Easy and Standard, Hint suggests a move and gives its reason, Undo takes back "
        "your last decision and Redo plays it again. Challenge has no Hint, no Undo and no "
        "Redo: you play it like a real game. This last lesson is a Challenge: no hint.",
        "Your team bid 6 and has 7. It came into this hand with 8 bags, so it stands at 9.",
    ],
    "steps": [{
        "prompt": "West led the 9♦; North and East had no diamonds. Play out the last two "
                  "tricks without taking another one.",
        "goal": {"state": {"took_at_most": 4, "by": "hand"}},
        "answer": ["2D", "TD"],
        "miss": "That trick was your team's 10th bag: −100. Once your contract is safe, "
                "play under the cards on the table (duck) instead of winning.",
        "after": "You ducked both tricks.",
    }],
    "outro": "Your team made its contract with one bag and stands at 9 bags, one short "
             "of the penalty. Ducking once the contract is safe is how good players keep "
             "the count down. You have finished the course: try a practice table next.",
    "expected": {"us": {"contract": 6, "tricks": 7, "contract_points": 60, "bag_points": 1,
                        "bag_penalty": 0, "hand_total": 61, "total": 261, "bags": 9},
                 "them": {"contract": 4, "tricks": 6, "contract_points": 40, "bag_points": 2,
                          "hand_total": 42, "total": 222, "bags": 2}},
}

LESSONS: list[dict[str, Any]] = [BLIND, SET, BAGS, TARGET, CARRY, LEVELS]
