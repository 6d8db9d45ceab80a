"""Lessons 1-5: teams and contracts, bidding, following suit, breaking spades, Nil.

Plain data read by ``Scenario.from_dict`` (keys in ``docs/learn.md``). ``hands`` are
the cards held when the lesson starts, South first; ``tricks`` the tricks before it,
in play order (the last may be unfinished). Earlier tricks came from
``python -m shared.course.authoring``; the validator runs everything through the engine.
"""

from __future__ import annotations

from typing import Any

TEAMS: dict[str, Any] = {
    "id": "teams",
    "title": "Teams and contracts",
    "summary": "You and North are a team; your bids add up to one contract.",
    "rules": "course",
    "dealer": 3,
    "hands": ["AH 4H", "KC", "3C", "2S"],
    "bids": ["4", "3", "3", "3"],
    "tricks": ["QC 5C 9C AC", "TD 8D 3D JD", "KD 2D 6D 5D", "QH 3H 7H 2H", "4C JC TC 8C",
               "7D AD 4D QD", "JH 8H 6H TH", "9D KS 9S 5S", "8S KH 3S AS", "4S QS 6C JS",
               "TS 7C 7S 6S", "9H 2C 5H"],
    "intro": [
        "Spades is played by four players in two teams. You sit at the bottom (South) and "
        "your partner, North, sits across from you. West and East are the other team.",
        "Before any card is played, each player bids the number of tricks they expect to "
        "win. Partners add their bids into one team contract: you bid 4 and North bid 3, so "
        "your team must win 7 tricks between you. West and East bid 3 each: their contract "
        "is 6.",
        "Eleven tricks are done and your team has 6 of them (you 3, North 3). One more "
        "makes your contract.",
    ],
    "steps": [{
        "prompt": "West led the 9♥; North had no heart and played the 2♣; East played the "
                  "5♥. Win this trick for your team.",
        "goal": {"action": "AH"},
        "answer": ["AH"],
        "miss": "The 4♥ is lower than West's 9♥, so West would win the trick and your team "
                "would stay on 6 of its 7. Play a heart higher than the 9.",
        "after": "Your Ace is the highest heart, so the trick is yours: 7 tricks, the whole "
                 "contract. It never matters which partner takes a trick; the team counts "
                 "them together.",
    }],
    "outro": "The last trick was played out. Both teams made their contracts: yours "
             "scores 10 for each of its 7 bid tricks, theirs 10 for each of 6. Every hand "
             "is scored in these six lines.",
    "expected": {"us": {"contract": 7, "tricks": 7, "contract_points": 70, "hand_total": 70,
                        "total": 70},
                 "them": {"contract": 6, "tricks": 6, "contract_points": 60,
                          "hand_total": 60, "total": 60}},
}

BIDDING: dict[str, Any] = {
    "id": "bidding",
    "title": "Bidding and the Tip",
    "summary": "Count your sure tricks to choose a bid.",
    "rules": "course",
    "dealer": 0,
    "hands": ["AS KS 7S 3S AH 9H 5H 2H KD 6D 4D 3D 8C",
              "4C 6C 9C TC 5D 3H 6H JH 2S 5S 6S 8S QS",
              "5C QC KC AC 9D TD JD AD 4H 7H 8H 4S JS",
              "2C 3C 7C JC 2D 7D 8D QD TH QH KH 9S TS"],
    "bids": ["3", "3", "2"],
    "intro": [
        "A new hand. You dealt, so West bid first: West 3, North 3, East 2. Now it is your "
        "turn, and your bid plus North's 3 will be your team's contract.",
        "Bid the tricks you can count on. Count sure tricks: an Ace is one; a King with "
        "at least one more card of its suit is likely one; high spades are safest, because "
        "spades beat every other suit. A suit you are short in is worth something too: once "
        "it is gone you can trump it with a small spade.",
    ],
    "steps": [{
        "prompt": "Count your sure tricks and bid. The Tip key shows what the count says.",
        "hint": "Tip: bid 4. ♠A ♠K ♥A are sure winners (3), and with a single club you "
                "can trump clubs with a small spade (+1).",
        "goal": {"action": "bid 4"},
        "answer": ["bid 4"],
        "miss": "Count again: ♠A, ♠K and ♥A are three sure tricks, and your lone club "
                "means you can trump clubs once it is gone: 4 in all. Bidding too high "
                "risks a set; bidding too low gives away points and piles up bags.",
        "wrong": [{"action": "play AS",
                   "reason": "Bidding is not over yet: every player bids before the first "
                             "card."}],
        "after": "You bid 4, so your team's contract is 4 + 3 = 7. Bids cannot be changed "
                 "once made. Now the hand is played out.",
    }],
    "outro": "You took exactly your 4 and North took 4: 8 tricks against a contract of 7. "
             "The contract scores 70, and the one extra trick scores 1 point and is a bag "
             "(the bags lesson shows why too many cost you).",
    "expected": {"us": {"contract": 7, "tricks": 8, "contract_points": 70, "bag_points": 1,
                        "hand_total": 71, "total": 71, "bags": 1},
                 "them": {"contract": 5, "tricks": 5, "contract_points": 50,
                          "hand_total": 50, "total": 50}},
}

FOLLOWING: dict[str, Any] = {
    "id": "following",
    "title": "Following suit and which card wins",
    "summary": "Follow the suit led; the highest card of it wins, unless a spade is played.",
    "rules": "course",
    "dealer": 3,
    "hands": ["KC 5C 3S 4D", "9H JD 2D", "7H 6D TD", "KH 3D QD"],
    "bids": ["3", "4", "4", "2"],
    "tricks": ["6C 9C 4C TC", "3C QC JC 7C", "2H TH JH 8H", "5H 6H 8D AH", "KD AD 9D 5D",
               "3H QH 9S 4H", "6S JS AS TS", "4S 8S 7S KS", "QS 7D 2S 5S", "2C AC 8C"],
    "script": [["KC", "4D"], [], ["7H"], []],
    "intro": [
        "Each trick, the leader plays any card and the others follow in turn, clockwise. "
        "You must play a card of the suit that was led if you have one. If you have none, "
        "you may play any card.",
        "The highest card of the suit led wins the trick (Ace high, then King, Queen, "
        "Jack, 10 down to 2) — unless someone played a spade: spades are trumps, and the "
        "highest spade wins. The winner leads the next trick.",
    ],
    "steps": [
        {
            "prompt": "West led the 2♣, North played the A♣ and East the 8♣. Follow suit. "
                      "North's Ace is already winning for your team: keep your King.",
            "hint": "You hold two clubs, the K♣ and the 5♣; only clubs may be played now.",
            "goal": {"action": "5C"},
            "answer": ["5C"],
            "miss": "The K♣ cannot beat North's Ace, so it would be wasted; it may win a "
                    "trick of its own later. Play your other club.",
            "wrong": [{"action": "play 3S", "reason": "You must follow clubs."}],
            "after": "North's Ace was the highest club, so North won the trick for your "
                     "team, and you still hold your King.",
        },
        {
            "prompt": "North led the 7♥ and East played the K♥. You have no hearts, so any "
                      "card is allowed. Win this trick.",
            "hint": "Clubs and diamonds cannot win a heart trick. What beats every suit?",
            "goal": {"state": {"took_at_least": 3, "by": "trick"}},
            "answer": ["3S"],
            "miss": "A club or a diamond never wins a heart trick, however high it is: only "
                    "a higher heart or a spade can. You have no hearts, so play a spade.",
            "after": "Spades are trumps: even your 3♠ beat East's King of hearts, because "
                     "any spade beats every card of another suit.",
        },
    ],
    "outro": "You cashed your K♣ and the last trick went to East. Your team took 8 tricks "
             "against a contract of 7; West and East took 5 of their 6 and were set.",
    "expected": {"us": {"contract": 7, "tricks": 8, "hand_total": 71},
                 "them": {"contract": 6, "tricks": 5, "contract_points": -60,
                          "hand_total": -60}},
}

SPADES: dict[str, Any] = {
    "id": "spades",
    "title": "Breaking spades and the all-spades lead",
    "summary": "You may not lead a spade until one has been played, unless you hold only "
               "spades.",
    "rules": "course",
    "dealer": 3,
    "hands": ["AS KS QS 3S 5H", "2H JS 9S 6S 7D", "3H TS 8S 5S 8D", "4H 7S 4S 2S 9D"],
    "bids": ["4", "2", "2", "3"],
    "tricks": ["5D 3D 6D JD", "7H TH JH 8H", "QD KD AD 4D", "QH 6H AH KH", "2C TC 5C 9C",
               "AC 3C KC 2D", "QC 6C 8C TD", "7C 4C JC 9H"],
    "intro": [
        "Spades are trumps, so they are powerful, and there is a rule about leading them: "
        "you may not lead a spade until spades are broken, that is until someone has "
        "played a spade on an earlier trick (on a trick of another suit, when they had "
        "none of it).",
        "There is one exception: if every card you hold is a spade, you may lead one even "
        "before spades are broken.",
        "Eight tricks are done and nobody has played a spade yet. You won the last trick, "
        "so you lead.",
    ],
    "steps": [
        {
            "prompt": "Spades are not broken. Lead a card: try the A♠ if you like, and see "
                      "what the table says.",
            "hint": "Only one card may be led now: the one that is not a spade.",
            "goal": {"action": "5H"},
            "answer": ["5H"],
            "miss": "Lead your heart: it is the only card you may lead now.",
            "wrong": [{"action": "play AS", "reason": "Spades are not broken yet."}],
            "after": "Your 5♥ was the highest heart played, so it won, and you lead again.",
        },
        {
            "prompt": "Spades are still not broken, but now you hold only spades, so you "
                      "may lead one. Lead a spade that wins this trick.",
            "hint": "The A♠, K♠ and Q♠ are higher than any spade the others can hold.",
            "goal": {"state": {"took_at_least": 3, "by": "trick"}},
            "answer": ["AS"],
            "miss": "Your 3♠ is the lowest spade left, so the others can beat it. Lead one "
                    "of your high spades.",
            "after": "The all-spades exception let you lead a spade, and now spades are "
                     "broken for everyone.",
        },
    ],
    "outro": "Your high spades took every trick after that, even the 3♠ at the end, when "
             "nobody else had a spade left. Your team took 9 tricks against a contract of "
             "6; West and East took 4 of their 5 and were set.",
    "expected": {"us": {"contract": 6, "tricks": 9, "contract_points": 60, "bag_points": 3,
                        "hand_total": 63},
                 "them": {"contract": 5, "tricks": 4, "contract_points": -50,
                          "hand_total": -50}},
}

NIL: dict[str, Any] = {
    "id": "nil",
    "title": "Nil and covering your partner",
    "summary": "A Nil bid promises no tricks at all; its partner protects it.",
    "rules": "course",
    "dealer": 3,
    "hands": ["AH 6H KC", "9H 3C JD", "QH 4C KD", "2D 3D"],
    "bids": ["5", "3", "nil", "3"],
    "tricks": ["KH TH 2H 5H", "6D AD TD 9D", "AC 7C JC 6C", "8H 7H 4H JH", "9C TC 5C 8C",
               "QD 4D 5D QS", "8S 4S 2S 7S", "9S 6S 2C KS", "TS 3S 5S QC", "AS JS 8D 7D", "3H"],
    "intro": [
        "A bid of zero is called Nil: a promise to win no tricks at all. It is scored on "
        "its own line: +100 if the Nil bidder takes no trick, −100 if they take even one. "
        "The team's contract is then the partner's bid alone.",
        "North bid Nil and you bid 5. Ten tricks are done: North has taken none, and you "
        "have taken 4. Your job now is to cover: play high, so that North's cards can go "
        "under yours.",
    ],
    "steps": [{
        "prompt": "East led the 3♥. North has to play after you and West. Protect North's "
                  "Nil.",
        "hint": "North may hold a high heart. If your heart is higher still, North can "
                "play under it safely.",
        "goal": {"state": {"partner_took_at_most": 0, "by": "trick"}},
        "answer": ["AH"],
        "miss": "With your 6♥ on the table, West's 9♥ was winning, and North had to play "
                "the Q♥ and won the trick: the Nil is lost. Play your highest heart first.",
        "wrong": [{"action": "play KC", "reason": "You must follow hearts."}],
        "after": "Your Ace won, and North's Queen went safely under it. That is covering.",
    }],
    "outro": "North took no trick: Nil made, +100, on its own line. You took the last "
             "tricks too: 7 against your 5, so the contract line is +50 with 2 bags.",
    "expected": {"us": {"contract": 5, "tricks": 7, "contract_points": 50, "bag_points": 2,
                        "nil_points": 100, "hand_total": 152},
                 "them": {"contract": 6, "tricks": 6, "hand_total": 60}},
}

LESSONS: list[dict[str, Any]] = [TEAMS, BIDDING, FOLLOWING, SPADES, NIL]
