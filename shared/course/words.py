"""The words of the rules page, the score lines and the FAQ as catalogue entries.

Each is a ``Template`` (``shared.i18n``): calling it gives the English ``Text`` that
``rules_page.py``, ``score_text.py`` and ``notes.py`` put in the page's document, with
its id and arguments, so the server can write the same document in the reader's language
(``server/web/http_learn.py``; the translations are in ``room.po``). An argument may be
a ``Text`` itself (a clause inside a sentence); ``JOIN`` puts two sentences in one
paragraph. The formats other than four in partnerships have their own words
(``format_text.py``).
"""

from __future__ import annotations

from shared.i18n import Template


def _plural(one: str, other: str) -> dict[str, str]:
    return {"one": one, "other": other}


# Two sentences in one paragraph, two parts of a list.
JOIN = Template("course.join", "{first} {second}")
PLUS = Template("course.plus", "{first} + {second}")
AND = Template("course.and", "{first} and {second}")
SEMI = Template("course.semi", "{first}; {second}")
COMMA = Template("course.comma", "{first}, {second}")
SEAT = Template("course.seat", "{seat:seat}")

# --- the page's title --------------------------------------------------------------------
TITLE_PRESET = Template("course.rules.title_preset", "Spades rules: the {preset} preset")
TITLE_TABLE = Template("course.rules.title_table",
                       "Spades rules at this table ({name}, with house rules)")
SHORT_PRESET = Template("course.rules.short_preset", "the {preset} preset")
SHORT_TABLE = Template("course.rules.short_table", "at this table ({name}, with house rules)")
# A preset as the titles name it: its id in English ("the quick preset"), its name in the
# other languages ("el ajuste «Rápida»").
PRESET_NAME = {name: Template(f"course.rules.preset.{name}", name) for name in (
    "standard", "quick", "club", "course", "cutthroat", "three_handed", "two_handed",
    "six_handed")}

# --- who may bid Blind Nil, how to bid ---------------------------------------------------
BLIND_WHO = {
    "off": Template("course.rules.blind_who.off", "not played"),
    "any": Template("course.rules.blind_who.any", "any player, before looking at the cards"),
    "trailing": Template("course.rules.blind_who.trailing",
                         "only a player whose team is behind by at least {margin}"),
    "trailing_solo": Template("course.rules.blind_who.trailing_solo",
                              "only a player who is behind the leader by at least {margin}"),
    "opening_bidder": Template("course.rules.blind_who.opening_bidder",
                               "only the player left of the dealer (the first to bid)"),
}
BIDDING = {
    "standard": Template("course.rules.bidding.standard", "any bid from 1 to {tricks}, or Nil"),
    "whiz": Template("course.rules.bidding.whiz",
                     "whiz: bid exactly your number of spades, or Nil"),
    "mirror": Template("course.rules.bidding.mirror",
                       "mirror: bid exactly your number of spades (Nil with none)"),
    "suicide": Template("course.rules.bidding.suicide",
                        "suicide: one partner of each team bids Nil and the other at least 4"),
}

# --- the presets side by side: the options and their values -------------------------------
FIELD = {name: Template(f"course.rules.field.{name}", label) for name, label in {
    "players": "Players",
    "partnerships": "Partnerships",
    "target_score": "Target score",
    "losing_score": "A team loses at",
    "max_hands": "Hand limit",
    "bidding": "Bidding",
    "min_team_bid": "Minimum team bid",
    "nil_value": "Nil is worth",
    "blind_nil": "Blind Nil",
    "blind_nil_value": "Blind Nil is worth",
    "blind_nil_margin": "Blind Nil when behind by",
    "double_nil": "Both partners may bid Nil",
    "nil_after_partner": "Nil after the partner's bid",
    "nil_tricks_count_for_partner": "Nil bidder's tricks count for the partner",
    "nil_pass": "Cards passed with Nil",
    "blind_nil_pass": "Cards passed with Blind Nil",
    "bag_penalty": "Bag penalty",
    "bag_limit": "Bags per penalty",
    "bag_penalty_points": "Penalty points",
    "ten_for_two_hundred": "Ten for two hundred",
    "jokers": "Jokers",
}.items()}
VALUE = {name: Template(f"course.rules.value.{name}", text) for name, text in {
    "none": "none", "yes": "yes", "no": "no",
    "blind.off": "off", "blind.any": "anyone", "blind.trailing": "when behind",
    "blind.opening_bidder": "opening bidder",
    "bidding.standard": "standard", "bidding.whiz": "whiz", "bidding.mirror": "mirror",
    "bidding.suicide": "suicide",
}.items()}

# --- at a glance -------------------------------------------------------------------------
GLANCE = {name: Template(f"course.rules.glance.{name}", label) for name, label in {
    "players": "Players", "game_to": "Game to", "hand_limit": "Hand limit",
    "team_loses": "A team loses at", "player_loses": "A player loses at",
    "bidding": "Bidding", "nil": "Nil", "blind_nil": "Blind Nil", "bags": "Bags",
    "deck": "Deck",
}.items()}
POINTS = Template("course.rules.points", _plural("{count} point", "{count} points"))
HANDS = Template("course.rules.hands", _plural("{count} hand", "{count} hands"))
PLUS_MINUS = Template("course.rules.plus_minus", "±{value}")
BLIND_GLANCE = Template("course.rules.blind_glance", "±{value}, {who}")
BAGS_COST = Template("course.rules.bags_cost", "every {limit} cost {points}")
BAGS_FREE = Template("course.rules.bags_free", "+1 each, never a penalty")
OFF = Template("course.rules.off", "off")
ON = Template("course.rules.on", "on")
DECK_SHORT = {
    "four": Template("course.rules.deck.four", "52 cards"),
    "three": Template("course.rules.deck.three", "51 cards (the 2♣ out)"),
    "six": Template("course.rules.deck.six", "two decks without the 2♣s (102 cards)"),
}
DECK_JOKERS = Template("course.rules.deck.jokers", "{deck} and two jokers (2♣ and 2♦ out)")

# --- the sections --------------------------------------------------------------------------
SECTION = {name: Template(f"course.rules.section.{name}", title) for name, title in {
    "basics": "Players, teams and cards", "bidding": "Bidding", "nil": "Nil and Blind Nil",
    "play": "Playing a trick", "end": "The end of the game",
}.items()}
BASICS_FOUR = Template(
    "course.rules.basics.four",
    "Four players in two teams: partners sit across from each other (South and North "
    "against West and East). Play goes clockwise. Each hand deals 13 cards to each player, "
    "and the deal moves one seat clockwise after every hand.")
DECK_WITH_JOKERS = Template(
    "course.rules.basics.deck_jokers",
    "The deck is 52 cards with two jokers added and the 2♣ and 2♦ taken out. The jokers "
    "are spades, above the Ace: the Big Joker is the highest card, then the Little Joker.")
DECK_PLAIN = Template("course.rules.basics.deck", "The deck is the standard 52 cards, no jokers.")
RANKS = Template("course.rules.basics.ranks",
                 "Cards rank from Ace (high) down to 2 in every suit. Spades are always trumps.")
BIDDING_PARAGRAPH = Template(
    "course.rules.bidding.paragraph",
    "Starting left of the dealer and going clockwise, each player bids once the number of "
    "tricks they expect to win: {bidding}. Bids are public and cannot be changed. {contract}")
CONTRACT_FOUR = Template(
    "course.rules.bidding.contract_four",
    "Partners' bids add up to the team's contract; the four bids need not add up to 13.")
MIN_TEAM_BID = Template(
    "course.rules.bidding.min_team_bid",
    "The two partners must bid at least {count} together, unless one of them bids Nil.")
NIL_TEAM = Template(
    "course.rules.nil.team",
    "A bid of zero is Nil: a promise to take no tricks, worth +{value} if kept and "
    "−{value} if the Nil bidder takes even one trick, scored on its own line. The "
    "partner's bid alone is then the team's contract.")
NIL_SOLO = Template(
    "course.rules.nil.solo",
    "A bid of zero is Nil: a promise to take no tricks, worth +{value} if kept and "
    "−{value} if the Nil bidder takes even one trick, scored on its own line.")
NIL_DOUBLE = Template("course.rules.nil.double", "Both partners may bid Nil in the same hand.")
NIL_SINGLE = Template("course.rules.nil.single",
                      "Only one partner of a team may bid Nil in a hand.")
NIL_FIRST = Template("course.rules.nil.first", "Nil may only be bid before your partner has bid.")
BLIND_OPEN = Template(
    "course.rules.nil.blind",
    "Blind Nil is Nil bid before looking at your cards, worth ±{value}; here it is open to "
    "{who}.")
BLIND_OFF = Template("course.rules.nil.blind_off", "Blind Nil is not played at this table.")
NIL_PASS = Template(
    "course.rules.nil.pass",
    "After the bids, a Nil bidder and the partner exchange cards: {nil} with Nil, {blind} "
    "with Blind Nil.")
PLAY = (
    Template("course.rules.play.lead",
             "The player left of the dealer leads the first trick; the winner of each trick "
             "leads the next. You must follow the suit led if you can; if you cannot, play "
             "any card, a spade (to trump) included."),
    Template("course.rules.play.wins",
             "If a spade was played, the highest spade wins the trick; otherwise the highest "
             "card of the suit led wins. A card of another suit never wins."),
    Template("course.rules.play.broken",
             "You may not lead a spade until spades are broken (a spade has been played on "
             "an earlier trick of the hand), unless you hold nothing but spades."),
)
END_FOUR = Template(
    "course.rules.end.four",
    "The game ends after the hand in which a team reaches {target} points. The team with "
    "the higher total wins, even if both teams passed the target; if the totals are equal, "
    "another hand is played until one team is ahead.")
END_FOUR_FALLS = Template(
    "course.rules.end.four_falls",
    "The game ends after the hand in which a team reaches {target} points or falls to "
    "{losing}. The team with the higher total wins, even if both teams passed the target; "
    "if the totals are equal, another hand is played until one team is ahead.")
END_LIMIT = Template(
    "course.rules.end.limit",
    _plural("After {count} hand the game ends anyway, and equal totals are a draw.",
            "After {count} hands the game ends anyway, and equal totals are a draw."))

# --- the six score lines -------------------------------------------------------------------
LINE = {name: Template(f"course.score.line.{name}", text) for name, text in {
    "contract_points": "Contract", "bag_points": "Bags", "nil_points": "Nil",
    "bag_penalty": "Bag penalty", "hand_total": "Hand total", "total": "Running total",
}.items()}
RULE_CONTRACT = {
    (who, ten): Template(f"course.rules.score.contract_{who}{'_ten' if ten else ''}", text)
    for (who, ten), text in {
        ("team", False): "Made (the team took at least its contract): +10 for each trick bid. "
                         "Set (fewer tricks): −10 for each trick bid, with no credit for the "
                         "tricks taken.",
        ("team", True): "Made (the team took at least its contract): +10 for each trick bid, "
                        "+20 a trick for a contract of 10 or more. Set (fewer tricks): −10 "
                        "for each trick bid, with no credit for the tricks taken.",
        ("player", False): "Made (the player took at least their contract): +10 for each "
                           "trick bid. Set (fewer tricks): −10 for each trick bid, with no "
                           "credit for the tricks taken.",
        ("player", True): "Made (the player took at least their contract): +10 for each "
                          "trick bid, +20 a trick for a contract of 10 or more. Set (fewer "
                          "tricks): −10 for each trick bid, with no credit for the tricks "
                          "taken.",
    }.items()}
RULE_BAGS = Template("course.rules.score.bags",
                     "+1 for each trick beyond the contract (an overtrick, or bag).")
RULE_BAGS_NIL = Template(
    "course.rules.score.bags_nil",
    "+1 for each trick beyond the contract (an overtrick, or bag), and +1 (and a bag) for "
    "every trick a Nil bidder takes: those never count toward the partner's contract.")
RULE_NIL = Template("course.rules.score.nil",
                    "+{value} for each Nil made, −{value} for each Nil failed.")
RULE_NIL_BLIND = Template(
    "course.rules.score.nil_blind",
    "+{value} for each Nil made, −{value} for each Nil failed; Blind Nil +{blind} made, "
    "−{blind} failed.")
RULE_PENALTY = Template(
    "course.rules.score.penalty",
    "Bags are counted across hands; each time the count reaches {limit}, −{points} and the "
    "count drops by {limit} (the rest is kept).")
RULE_PENALTY_OFF = Template("course.rules.score.penalty_off",
                            "Off: bags score +1 and are never counted up.")
RULE_SUM = Template("course.rules.score.sum", "The sum of the four lines above.")
RULE_TOTAL = {
    "team": Template("course.rules.score.total_team", "The team's score after this hand."),
    "player": Template("course.rules.score.total_player", "The player's score after this hand."),
}

# --- the worked example --------------------------------------------------------------------
EXAMPLE_BIDS = Template(
    "course.rules.example.bids",
    _plural("South bids 4 and North 3: a contract of 7. West bids Nil and East 4: a contract "
            "of 4. The teams start with {first} and {second} points, and South–North have "
            "{count} bag on their count.",
            "South bids 4 and North 3: a contract of 7. West bids Nil and East 4: a contract "
            "of 4. The teams start with {first} and {second} points, and South–North have "
            "{count} bags on their count."))
EXAMPLE_TRICKS = Template(
    "course.rules.example.tricks",
    "South takes 5 tricks and North 4 (9 together); West takes 1 and East 3.")
SIDE_PAIR = Template("course.rules.side_pair", "{first:seat}–{second:seat}")

# --- the variants --------------------------------------------------------------------------
VARIANT = {vid: (Template(f"course.rules.variant.{vid}.name", name),
                 Template(f"course.rules.variant.{vid}.text", text))
           for vid, (name, text) in {
    "blind-nil": ("Blind Nil", "Nil bid before looking at your cards, for double the points."),
    "double-nil": ("Double Nil", "Both partners of a team may bid Nil in the same hand; each "
                   "is scored on its own."),
    "nil-first": ("Nil only before the partner bids",
                  "A player may not bid Nil once the partner has bid."),
    "nil-bags": ("Nil tricks are bags", "A Nil bidder's tricks never help the partner's "
                 "contract; each scores +1 and is a bag."),
    "nil-pass": ("Card pass with Nil", "After the bids a Nil bidder and the partner exchange "
                 "cards, so the Nil bidder can give away high cards."),
    "whiz": ("Whiz", "Bid exactly your number of spades, or Nil."),
    "mirror": ("Mirror", "Bid exactly your number of spades."),
    "suicide": ("Suicide", "One partner of each team must bid Nil, the other at least 4."),
    "min-team-bid": ("Minimum team bid", "Partners must bid at least a set total together, "
                     "unless one bids Nil."),
    "bag-penalty": ("Bag penalty", "Overtricks are counted across hands and cost points when "
                    "the count reaches the limit."),
    "ten-for-200": ("Ten for two hundred", "A made contract of 10 or more scores 20 a trick."),
    "jokers": ("Jokers", "Two jokers join the spades above the Ace; the 2♣ and 2♦ leave the "
               "deck."),
    "losing-score": ("Losing score", "A team that falls this low loses at once."),
    "hand-limit": ("Hand limit", "The game ends after a number of hands; equal totals are "
                   "then a draw."),
}.items()}
SETTING = {name: Template(f"course.rules.setting.{name}", text) for name, text in {
    "allowed": "allowed", "not_allowed": "not allowed",
    "nil_follows": "off: Nil may follow the partner's bid",
    "nil_counts": "off: they count toward the contract",
    "needs_partners": "not played: it needs partners",
}.items()}
SETTING_PASSES = Template("course.rules.setting.passes", "{nil} with Nil, {blind} with Blind Nil")
SETTING_AT_LEAST = Template("course.rules.setting.at_least", "at least {count}")
SETTING_BAGS = Template("course.rules.setting.bags", "every {limit} bags cost {points}")

# --- the score lines of one hand, in words (score_text.py) ---------------------------------
SCORE_PART = Template("course.score.part", "{seat:seat} {bid}")
SCORE_ZERO = Template("course.score.contract_zero",
                      "Contract: no numeric bid, so the contract is 0 and every trick is an "
                      "overtrick: 0.")
SCORE_MADE = Template("course.score.made",
                      "Contract: {contract} bid ({parts}), {taken} taken: made, {per} × "
                      "{contract} = {points}.")
SCORE_MADE_NIL = Template("course.score.made_nil",
                          "Contract: {contract} bid ({parts}), {taken} taken (the Nil "
                          "bidder's tricks do not count): made, {per} × {contract} = {points}.")
SCORE_SET = Template("course.score.set",
                     "Contract: {contract} bid ({parts}), only {taken} taken: set, −10 × "
                     "{contract} = {points}, with no credit for the tricks taken.")
SCORE_SET_NIL = Template("course.score.set_nil",
                         "Contract: {contract} bid ({parts}), only {taken} taken (the Nil "
                         "bidder's tricks do not count): set, −10 × {contract} = {points}, "
                         "with no credit for the tricks taken.")
SCORE_OVER = Template("course.score.overtricks",
                      _plural("{count} overtrick beyond the contract",
                              "{count} overtricks beyond the contract"))
SCORE_NIL_TRICKS = Template("course.score.nil_tricks",
                            _plural("{count} trick taken by the Nil bidder",
                                    "{count} tricks taken by the Nil bidder"))
SCORE_BAGS = Template("course.score.bags", "Bags: {what}, +1 each: {points}.")
SCORE_BAGS_SET = {
    "team": Template("course.score.bags_set_team", "Bags: none; a set team banks no bags."),
    "player": Template("course.score.bags_set_player", "Bags: none; a set player banks no bags."),
}
SCORE_BAGS_EXACT = {
    "team": Template("course.score.bags_exact_team",
                     "Bags: none; the team took exactly its contract."),
    "player": Template("course.score.bags_exact_player",
                       "Bags: none; the player took exactly their contract."),
}
SCORE_NIL_KEPT = {
    "Nil": Template("course.score.nil_kept", "{seat:seat}'s Nil took no trick: +{value}"),
    "Blind Nil": Template("course.score.blind_kept",
                          "{seat:seat}'s Blind Nil took no trick: +{value}"),
}
SCORE_NIL_FAILED = {
    "Nil": Template("course.score.nil_failed",
                    _plural("{seat:seat}'s Nil took {count} trick: −{value}",
                            "{seat:seat}'s Nil took {count} tricks: −{value}")),
    "Blind Nil": Template("course.score.blind_failed",
                          _plural("{seat:seat}'s Blind Nil took {count} trick: −{value}",
                                  "{seat:seat}'s Blind Nil took {count} tricks: −{value}")),
}
SCORE_NIL = Template("course.score.nil", "Nil: {said}. Line total {points}.")
SCORE_NO_NIL = {
    "team": Template("course.score.no_nil_team", "Nil: nobody on this team bid Nil: 0."),
    "player": Template("course.score.no_nil_player", "Nil: no Nil bid: 0."),
}
SCORE_PENALTY_OFF = Template("course.score.penalty_off",
                             "Bag penalty: off at this table; bags are never counted up: 0.")
SCORE_PENALTY = Template(
    "course.score.penalty",
    _plural("Bag penalty: the counter went from {before} to {after}, reaching {limit}: "
            "{points}, and {count} bag is kept.",
            "Bag penalty: the counter went from {before} to {after}, reaching {limit}: "
            "{points}, and {count} bags are kept."))
SCORE_PENALTY_NONE = Template("course.score.penalty_none",
                              "Bag penalty: none; the counter stands at {count} of {limit}.")
SCORE_HAND = Template("course.score.hand_total", "Hand total: {points}.")
SCORE_RUNNING = Template("course.score.running_total", "Running total: {total}.")

# --- the FAQ and the strategy notes (notes.py) ---------------------------------------------
NOTES: dict[str, tuple[Template, Template | None]] = {
    key: (Template(f"course.note.{key}.title", title),
          Template(f"course.note.{key}.text", text) if text else None)
    for key, (title, text) in {
        "cannot_follow": ("What if I cannot follow suit?",
                          "Play any card you like: a spade to trump (it beats every card of "
                          "the other suits), or a low card of another suit to throw away."),
        "lead_spade": ("When may I lead a spade?",
                       "Once a spade has been played on an earlier trick of the hand (spades "
                       "are broken), or when you hold nothing but spades."),
        "change_bid": ("Can I change my bid?",
                       "No. Bids are made once, in turn, and everyone sees them. Count your "
                       "sure tricks before you bid."),
        "both_nil": ("Can my partner and I both bid Nil?", ""),
        "nil_tricks": ("Do a Nil bidder's tricks help the partner's contract?", ""),
        "blind_nil": ("When can I bid Blind Nil?", ""),
        "set": ("What is a set?", ""),
        "bags": ("What are bags?", ""),
        "game_end": ("When does the game end? What about a tie?", ""),
        "carries": ("What carries over to the next hand?", ""),
        "counting": ("Counting sure tricks",
                     "Bid what you can count: Aces; Kings with at least one more card of the "
                     "suit; high spades, which stay winners; and a trump for each suit you are "
                     "short in (a void or a single card), if you hold spades to spare."),
        "ducking": ("Ducking once safe",
                    "When your team's contract is made, play under the winning card instead "
                    "of over it: every extra trick is a bag."),
        "setting_nil": ("Setting a Nil",
                        "With no partners, every other player would like a Nil bidder to take "
                        "a trick: lead low cards of a suit the Nil bidder holds, and keep a low "
                        "card to play under their high ones. When you bid Nil yourself, play "
                        "the highest card that still loses."),
        "covering_nil": ("Covering a Nil",
                         "When your partner bids Nil, play high before them so their cards can "
                         "go under yours, and lead suits they can safely follow low. When you "
                         "bid Nil yourself, play the highest card that still loses."),
        "bag_counter": ("The bag counter", ""),
    }.items()}
FAQ_BOTH_NIL_YES = Template("course.note.both_nil.yes", "Yes, each Nil is scored on its own.")
FAQ_BOTH_NIL_NO = Template("course.note.both_nil.no", "Not at this table: only one partner of "
                           "a team may bid Nil in a hand.")
FAQ_NIL_TRICKS_YES = Template("course.note.nil_tricks.yes", "Yes: they count toward the team's "
                              "contract (and the Nil still fails).")
FAQ_NIL_TRICKS_NO = Template("course.note.nil_tricks.no", "No: at this table each of them "
                             "scores +1 and is a bag, and the contract is judged on the "
                             "partner's tricks alone.")
FAQ_BLIND_OFF = Template("course.note.blind_nil.off", "Not at this table: Blind Nil is off.")
FAQ_BLIND_WHO = {
    "any": Template("course.note.blind_nil.any", "Any player may, in their turn, as long as "
                    "they have not looked at their cards yet."),
    "trailing": Template("course.note.blind_nil.trailing", "Only a player whose team is behind "
                         "by {margin} points or more, before looking at the cards."),
    "trailing_solo": Template("course.note.blind_nil.trailing_solo", "Only a player who is "
                              "behind the leader by {margin} points or more, before looking at "
                              "the cards."),
    "opening_bidder": Template("course.note.blind_nil.opening_bidder", "Only the player left of "
                               "the dealer, who bids first, before looking at the cards."),
}
FAQ_BLIND_SCORES = Template("course.note.blind_nil.scores",
                            "It scores +{value} if made and −{value} if not.")
FAQ_SET = {
    "team": Template("course.note.set.team", "Falling short of the contract, even by one "
                     "trick: the team loses 10 for each trick it bid, with no credit for the "
                     "tricks it took."),
    "player": Template("course.note.set.player", "Falling short of the contract, even by one "
                       "trick: the player loses 10 for each trick they bid, with no credit for "
                       "the tricks they took."),
}
FAQ_BAGS = Template("course.note.bags.penalty", "Tricks beyond the contract: +1 point each, but "
                    "every {limit} on the count cost {points}.")
FAQ_BAGS_FREE = Template("course.note.bags.free", "Tricks beyond the contract: +1 point each. "
                         "At this table they never cost a penalty.")
FAQ_END = {
    ("team", False): Template("course.note.game_end.team", "After the hand in which a team "
                              "reaches {target}: the higher total wins. If both totals are "
                              "equal, another hand is played until one team is ahead."),
    ("team", True): Template("course.note.game_end.team_falls", "After the hand in which a team "
                             "reaches {target} (or falls to {losing}): the higher total wins. "
                             "If both totals are equal, another hand is played until one team "
                             "is ahead."),
    ("player", False): Template("course.note.game_end.player", "After the hand in which a "
                                "player reaches {target}: the highest total wins. If the "
                                "highest totals are equal, another hand is played until one "
                                "player is ahead."),
    ("player", True): Template("course.note.game_end.player_falls", "After the hand in which a "
                               "player reaches {target} (or falls to {losing}): the highest "
                               "total wins. If the highest totals are equal, another hand is "
                               "played until one player is ahead."),
}
FAQ_END_LIMIT = Template("course.note.game_end.limit", _plural(
    "After {count} hand the game ends anyway; equal totals are a draw.",
    "After {count} hands the game ends anyway; equal totals are a draw."))
FAQ_CARRIES = {
    "team": Template("course.note.carries.team", "The running totals and each team's bag "
                     "count. Cards, bids and tricks start again, and the deal moves one seat "
                     "clockwise."),
    "player": Template("course.note.carries.player", "The running totals and each player's bag "
                       "count. Cards, bids and tricks start again, and the deal moves one seat "
                       "clockwise."),
}
STRATEGY_BAGS = {
    "team": Template("course.note.bag_counter.team", "Keep an eye on both teams' bag counts: at "
                     "{before} bags one more overtrick costs {points}. A team near the limit "
                     "should duck, and its opponents may feed it tricks it does not want."),
    "player": Template("course.note.bag_counter.player", "Keep an eye on every player's bag "
                       "counts: at {before} bags one more overtrick costs {points}. A team near "
                       "the limit should duck, and its opponents may feed it tricks it does not "
                       "want."),
}
STRATEGY_BAGS_FREE = Template("course.note.bag_counter.free", "Bags carry no penalty at this "
                              "table, so extra tricks are simply +1: take them when you can.")

# --- the formats other than four in partnerships (format_text.py) ---------------------------
FORMAT = {name: Template(f"course.format.{name}", text) for name, text in {
    "six": "six players in three partnerships",
    "four": "four players in two partnerships",
    "cutthroat": "four players, each on their own (cutthroat)",
    "three": "three players, each on their own",
    "two": "two players, each on their own",
}.items()}
DECK_SIX = Template(
    "course.format.deck_six",
    "The deck is two standard decks of 52 without their two 2♣s: 102 cards, 17 to each "
    "player. Every other card is there twice; when two equal cards compete for a trick, the "
    "one played first wins.")
DECK_THREE = Template("course.format.deck_three",
                      "The deck is the standard 52 cards without the 2♣: 51 cards, 17 each.")
DECK_52 = Template("course.format.deck_52", "The deck is 52 cards.")
DECK_JOKERS_ADDED = Template(
    "course.format.deck_jokers",
    "Two jokers are added and the 2♣ and 2♦ taken out; the jokers are spades, above the Ace: "
    "the Big Joker is the highest card, then the Little Joker.")
BASICS_SIX = Template(
    "course.format.basics_six",
    "Six players in three teams of two: partners sit across from each other (South and "
    "North, Southwest and Northeast, Northwest and Southeast). Play goes clockwise. Each hand "
    "deals {tricks} cards to each player, and the deal moves one seat clockwise after every "
    "hand.")
BASICS_TWO = Template(
    "course.format.basics_two",
    "Two players, each on their own. There is no deal: the shuffled deck is a face-down "
    "stock, and in turn, starting with the player who did not deal, each looks at the top "
    "card and either keeps it (the next card then goes to the discards unseen) or discards "
    "it (and takes the next card, seen only by them). When the stock is gone each holds 13 "
    "cards and 26 are out of play; nobody sees the discards until the hand's review. Then "
    "both bid and play 13 tricks of two cards. The deal alternates after every hand.")
BASICS_SOLO = {count: Template(
    f"course.format.basics_{count}",
    f"{count.capitalize()} players, each on their own: no partners, every player's bid is "
    "their own contract and every player keeps their own score and bags. Play goes "
    "clockwise. Each hand deals {tricks} cards to each player, and the deal moves one seat "
    "clockwise after every hand.") for count in ("four", "three")}
CONTRACT_SOLO = Template("course.format.contract_solo",
                         "Each player's bid is their own contract; the bids need not add up "
                         "to {tricks}.")
CONTRACT_SIDES = Template("course.format.contract_sides",
                          "Partners' bids add up to the team's contract; the {seats} bids "
                          "need not add up to {tricks}.")
_END_WINS = {
    "two": "The {who} with the higher total wins, even if both passed the target; if the "
           "totals are equal, another hand is played until one {who} is ahead.",
    "more": "The {who} with the highest total wins, and the others are ranked by their "
            "totals; if the highest totals are equal, another hand is played until one is "
            "ahead.",
}
END_FORMAT = {
    (who, sides, falls): Template(
        f"course.format.end_{who}_{sides}{'_falls' if falls else ''}",
        f"The game ends after the hand in which a {who} reaches {{target}} points"
        + (" or falls to {losing}" if falls else "") + ". "
        + _END_WINS[sides].replace("{who}", who))
    for who, sides in (("player", "two"), ("team", "more"), ("player", "more"))
    for falls in (False, True)}
EXAMPLE_BID = Template("course.format.example_bid", "{seat:seat} bids {bid}")
EXAMPLE_NIL = Template("course.format.example_nil", "{seat:seat} bids Nil")
EXAMPLE_TOOK = Template("course.format.example_took", "{seat:seat} {count}")
EXAMPLE_SIDE = Template("course.format.example_side", "{side} {score}")
EXAMPLE_BEFORE = {
    "player": Template("course.format.example_before_player", _plural(
        "{bids}. Before the hand the scores are {sides}, and {side} has {count} bag on the "
        "count.",
        "{bids}. Before the hand the scores are {sides}, and {side} has {count} bags on the "
        "count.")),
    "team": Template("course.format.example_before_team", _plural(
        "{bids}. Before the hand the scores are {sides}, and {side} have {count} bag on the "
        "count.",
        "{bids}. Before the hand the scores are {sides}, and {side} have {count} bags on the "
        "count.")),
}
EXAMPLE_TRICKS_TAKEN = Template("course.format.example_tricks", "Tricks taken: {took}.")

# --- the course's page head (server/web/learn_page.py writes it in the reader's language)
PAGE_DESCRIPTION = Template(
    "course.page.description",
    "Learn to play Spades: short interactive lessons, the rules of any table, questions "
    "and answers, strategy notes.")
PAGE_NOSCRIPT = Template("course.page.noscript", "The lessons need JavaScript.")
