"""The reasons the Hint gives for a card (Standard's card play, shared/bots/cardplay.py
and nilplay.py) and for a Nil card pass (bidder.py), as catalogue entries
(``shared.i18n.Template``): the English here, the other languages in the catalogues. A
reason is the :class:`~shared.i18n.Text` these make (its English is the reason as tools
and tests read it); a reason inside a reason (what the seat plays for, a seat's place)
is an argument that is a Text too. The cards are written as the Hint writes them in
every language ("♠A", "♥10")."""

from __future__ import annotations

from shared.i18n import Template, Text

# What the seat plays for now (cardplay.aim_of).
AIM_NIL = Template("advice.aim_nil", "stay under: you bid Nil")
AIM_COVER = Template("advice.aim_cover", "cover partner's Nil")
AIM_ATTACK = Template("advice.aim_attack", "set the opponent's Nil")
NEED_TEAM = Template("advice.need_team", {
    "one": "your team still needs {count} trick",
    "other": "your team still needs {count} tricks"})
NEED_TEAM_GAME = Template("advice.need_team_game", {
    "one": "your team still needs {count} trick to win the game",
    "other": "your team still needs {count} tricks to win the game"})
NEED_YOU = Template("advice.need_you", {
    "one": "you still need {count} trick",
    "other": "you still need {count} tricks"})
NEED_YOU_GAME = Template("advice.need_you_game", {
    "one": "you still need {count} trick to win the game",
    "other": "you still need {count} tricks to win the game"})
SET_THEM = Template("advice.set_them", "set them: they still need {need} of {left}")
SET_THEM_GAME = Template("advice.set_them_game",
                         "set them: they still need {need} of {left}, or they win the game")
DUCK_BAG = Template("advice.duck_bag", {
    "one": "duck: an overtrick would make {count} bag",
    "other": "duck: an overtrick would make {count} bags"})
DUCK_MADE = Template("advice.duck_made", "duck: your contract is made, more tricks are bags")

# A seat as the Hint names it where it sits, at two, three or six seats (at four: by
# compass, the sentences' {who:seat}).
SEAT_OPPONENT = Template("advice.seat_opponent", "your opponent")
SEAT_LEFT = Template("advice.seat_left", "the player on your left")
SEAT_RIGHT = Template("advice.seat_right", "the player on your right")
SEAT_GAP = Template("advice.seat_gap", "the player {gap} seats to your left")

ONLY_CARD = Template("advice.only_card", "your only legal card")
# Leading.
LEAD_LOW_NIL = Template("advice.lead_low_nil", "lead low: you bid Nil")
LEAD_BEATEN = Template("advice.lead_beaten", "{aim}; lead a card others will beat")
LEAD_INTO_NIL = Template("advice.lead_into_nil", "lead low into {who}'s Nil")
LEAD_INTO_NIL_SEAT = Template("advice.lead_into_nil_seat", "lead low into {who:seat}'s Nil")
LEAD_NIL_DISCARDS = Template("advice.lead_nil_discards",
                             "lead low: the Nil bidder can discard on every suit you hold")
CASH = Template("advice.cash", "cash {card}: a sure winner")
# Standard's search at a lead (search_play.standard_lead) found a card better than its
# rules' own.
LEAD_PLAYED_OUT = Template("advice.lead_played_out",
                           "lead {card}: played out over likely deals, it does better than "
                           "{other}")
DRAW_TRUMPS = Template("advice.draw_trumps", "draw trumps with {card}")
LEAD_FOR_RUFF = Template("advice.lead_for_ruff",
                         "lead {suit:suit}: partner is out of them and can trump")
LEAD_SINGLETON = Template("advice.lead_singleton",
                          "lead your singleton {card}: trump {suit:suit} later")
LEAD_SAFE = Template("advice.lead_safe", "lead low from a safe suit")
LEAD_SPADES_LEFT = Template("advice.lead_spades_left", "only spades left: lead low")
# Following.
NIL_UNDER = Template("advice.nil_under", "stay under: play your highest card that cannot win")
NIL_DISCARD = Template("advice.nil_discard", "discard {card}: you bid Nil")
NIL_ALL_WIN_LAST = Template("advice.nil_all_win_last",
                            "every card wins: take it with your highest")
NIL_ALL_BEAT = Template("advice.nil_all_beat",
                        "every card beats it: play lowest and hope it is overtaken")
ATTACK_MAKE_WIN = Template("advice.attack_make_win", "play low: make the Nil bidder win it")
ATTACK_MUST_TAKE = Template("advice.attack_must_take",
                            "play low so the Nil bidder must take the trick")
NIL_WINNING = Template("advice.nil_winning", "stay under: the Nil bidder is winning this trick")
DUCK_UNDER = Template("advice.duck_under", "duck: play your highest card that cannot win")
MUST_WIN_LAST = Template("advice.must_win_last", "you must win it: take it with your highest")
DUCK_ALL_WIN = Template("advice.duck_all_win",
                        "every card wins: play the lowest, someone may overtake")
PARTNER_WINS = Template("advice.partner_wins", "partner's card wins: play low")
MAKE_SURE = Template("advice.make_sure", "make sure of the trick with {card}")
THIRD_HIGH_OVER = Template("advice.third_high_over",
                           "third hand high: {card} over partner's {best}")
TRUMP_PARTNER = Template("advice.trump_partner",
                         "trump with {card}: partner's {best} can be beaten")
LEAVE_TO_PARTNER = Template("advice.leave_to_partner", "leave the trick to partner")
CANNOT_WIN = Template("advice.cannot_win", "you cannot win this trick: play low")
WIN_CHEAPLY = Template("advice.win_cheaply", "win it cheaply with {card}")
TRUMP_SAFE = Template("advice.trump_safe", "trump with {card}: {who} is out of the suit too")
TRUMP_SAFE_SEAT = Template("advice.trump_safe_seat",
                           "trump with {card}: {who:seat} is out of the suit too")
TRUMP = Template("advice.trump", "trump with {card}")
WIN_MASTER = Template("advice.win_master", "win with {card}: nothing still out beats it")
SECOND_LOW = Template("advice.second_low", "second hand low: partner plays last")
THIRD_HIGH = Template("advice.third_high", "third hand high")
WIN_WITH = Template("advice.win_with", "win with {card}")

# Covering the partner's Nil, and defending against an opponent's (shared/bots/nilplay.py).
COVER_WIN = Template("advice.cover_win", "cover partner's Nil: win over partner's card")
COVER_PARTNER_WINS = Template("advice.cover_partner_wins",
                              "partner is winning and you cannot beat it")
COVER_KEEP_LOST = Template(
    "advice.cover_keep_lost",
    "keep your high cards to cover partner's Nil: your contract is lost and partner is safe here")
COVER_KEEP_MADE = Template(
    "advice.cover_keep_made",
    "keep your high cards to cover partner's Nil: your contract is made and partner is safe here")
COVER_HIGH = Template("advice.cover_high", "cover partner's Nil: play high before partner")
COVER_LATER = Template("advice.cover_later",
                       "you cannot beat it: keep your high cards to cover later")
COVER_TRUMP = Template("advice.cover_trump", "trump with {card} so partner's Nil can duck")
COVER_DISCARD = Template("advice.cover_discard", "no way to win: discard")
COVER_CASH = Template("advice.cover_cash", "cash {card} to keep the lead for partner's Nil")
COVER_LEAD_BOSS = Template("advice.cover_lead_boss",
                           "lead {card}: nobody else holds the suit, partner sluffs")
COVER_LEAD_VOID = Template("advice.cover_lead_void",
                           "lead low in a suit your Nil partner is out of: it sluffs")
COVER_LEAD_HIGH = Template("advice.cover_lead_high", "lead high to protect partner's Nil")

# The Nil card pass (shared/bots/bidder.py nil_pass).
PASS_RISKIEST = Template("advice.pass_riskiest", {
    "one": "pass your riskiest card ({cards})",
    "other": "pass your riskiest cards ({cards})"})
PASS_LOW = Template("advice.pass_low", "give your Nil partner low cards to duck with ({cards})")
PASS = Template("advice.pass", "pass")

# The Tip's reasons for a bid, and the Hint's at a bid (shared/bots/bidder.py). A
# reason of several parts is a list: LIST joins its first part to the rest (a list
# itself), so each language writes its own separator.
LIST = Template("tip.list", "{first}, {rest}")
SURE = Template("tip.sure", {
    "one": "{cards} sure winner",
    "other": "{cards} sure winners"})
LIKELY = Template("tip.likely", "{cards} likely")
VOID_TRUMP = Template("tip.void_trump", "void in {suit:suit}, can trump")
SINGLETON_TRUMP = Template("tip.singleton_trump", "singleton {suit:suit}, can trump")
# "5 spades: two long tricks": {long} is a number's word (COUNT_WORDS) up to six, the
# number past it; {count} picks the plural.
LONG_TRICKS = Template("tip.long_tricks", {
    "one": "{spades} spades: {long} long trick",
    "other": "{spades} spades: {long} long tricks"})
COUNT_WORDS = {n: Template(f"tip.count_{n}", word) for n, word in
               ((1, "one"), (2, "two"), (3, "three"), (4, "four"), (5, "five"), (6, "six"))}
NO_SURE = Template("tip.no_sure", "no sure winners")
ONLY_BID = Template("tip.only_bid", "the only bid allowed")
FIXED = Template("tip.fixed", "the rules fix your bid: {reason}")
SUICIDE = Template("tip.suicide", "suicide: one of your team bids Nil; {reason}")
LOOK = Template("tip.look", "see your cards, then bid on them: Blind Nil (200 either way, "
                "bid unseen) is a gamble worth taking only far behind")
# Blind Nil: {chance} and {gain} are whole percentages.
BLIND_NIL = Template("tip.blind_nil", "Blind Nil: {why}")
BLIND_TEAM = Template("tip.blind_team", "your team is {behind} behind; a Blind Nil (about "
                      "{chance}% to make it) raises the chance to win the game by {gain}%")
BLIND_YOU = Template("tip.blind_you", "you are {behind} behind; a Blind Nil (about "
                     "{chance}% to make it) raises the chance to win the game by {gain}%")
# Nil: its head (the chance, a whole percentage, with a partner), then the cards.
NIL_ONLY = Template("tip.nil_only", "Nil is the only bid allowed")
NIL = Template("tip.nil", "Nil")
NIL_CHANCE = Template("tip.nil_chance", "Nil (about {chance}% to make it)")
NIL_PASSING = Template("tip.nil_passing",
                       "{head}: pass {cards} to your partner; the rest can duck")
NIL_WHY = Template("tip.nil_why", "{head}: {danger}")
NIL_WHY_MORE = Template("tip.nil_why_more", "{head}: {danger}; {more}")
NIL_SAFE = Template("tip.nil_safe", "no card that must win")
NIL_WATCH = Template("tip.nil_watch", "watch {cards}")
NIL_LOW = Template("tip.nil_low", "low cards to duck with ({cards})")
NIL_VOID = Template("tip.nil_void", "void in {suit:suit}")
NIL_VOID_2 = Template("tip.nil_void_2", "void in {suit:suit} and {other:suit}")
NIL_VOID_3 = Template("tip.nil_void_3", "void in {suit:suit} and {other:suit} and {third:suit}")

# The Hint when the seat has one legal action (any phase; shared/bots/players.py).
ONLY_ACTION = Template("advice.only_action", "the only thing you can do")

# The Hint in the two-handed draw (shared/bots/drawing.py): {adds} and {mean} are
# tricks to one decimal.
DRAW_ONLY = Template("advice.draw_only", "the only thing you can do")
DRAW_KEEP_NIL = Template("advice.draw_keep_nil", "keep {card}: a safe card for a Nil")
DRAW_DISCARD_NIL = Template("advice.draw_discard_nil", "discard {card}: it would spoil your Nil")
DRAW_KEEP = Template("advice.draw_keep", "keep {card}: it adds {adds} tricks to your bid "
                     "(an unseen card {mean} on average)")
DRAW_DISCARD = Template("advice.draw_discard", "discard {card}: the next card adds more on "
                        "average ({mean} tricks against {adds})")


def listed(parts: list[Text]) -> Text:
    """``parts`` as one list (:data:`LIST`), in English "a, b, c"."""
    head, *rest = parts
    return LIST(first=head, rest=listed(rest)) if rest else head


def count_word(n: int) -> Text | int:
    """``n`` as the Tip writes it: a word up to six, else the number."""
    return COUNT_WORDS[n]() if n in COUNT_WORDS else n

# A joker inside a reason (handeval.card_text): named in each language; the other
# cards are written as every language writes them ("♠A"). A run of cards with a joker
# in it is CARDS, "{first} {rest}".
BIG_JOKER = Template("advice.big_joker", "Big Joker")
LITTLE_JOKER = Template("advice.little_joker", "Little Joker")
CARDS = Template("advice.cards", "{first} {rest}")
