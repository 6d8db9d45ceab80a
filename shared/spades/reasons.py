"""Every sentence the engine refuses an action with, as a catalogue entry
(``shared.i18n.Template``): the English here, the other languages in the catalogues.
A refusal's ``reason`` is the :class:`~shared.i18n.Text` these make."""

from __future__ import annotations

from shared.i18n import Template

GAME_OVER = Template("illegal.game_over", "The game is over.")
BIDDING_NOT_OVER = Template("illegal.bidding_not_over", "Bidding is not over yet.")
PHASE_DRAWING = Template(
    "illegal.phase_drawing",
    "The players are drawing their cards from the stock (keep or discard).")
PHASE_BIDDING = Template(
    "illegal.phase_bidding", "Bidding is not over yet: every player bids before the first card.")
PHASE_PASSING = Template("illegal.phase_passing", "Partners are passing cards now.")
PHASE_PLAYING = Template("illegal.phase_playing", "The bidding is over; play a card.")
NOT_HELD = Template("illegal.not_held", "You do not hold {cards}.")
WAIT_TURN = Template("illegal.wait_turn", "Wait for your turn: it is {who:seat}'s turn.")
NOT_YOUR_TURN = Template("illegal.not_your_turn", "It is {who:seat}'s turn, not yours.")
FOLLOW_SUIT = Template("illegal.follow_suit", "You must follow {suit:suit}.")
SPADES_NOT_BROKEN = Template("illegal.spades_not_broken", "Spades are not broken yet.")
CARD_NOT_PLAYABLE = Template("illegal.card_not_playable", "That card cannot be played.")
NO_STOCK = Template("illegal.no_stock", "Only the two-handed game draws from a stock.")
DRAWING_OVER = Template("illegal.drawing_over", "The drawing is over.")
ALREADY_BID = Template("illegal.already_bid",
                       "You have already bid; your cards are in front of you.")
ALREADY_LOOKED = Template("illegal.already_looked", "You can already see your cards.")
PASS_COUNT = Template("illegal.pass_count", {
    "one": "Pass exactly {count} card to your partner.",
    "other": "Pass exactly {count} cards to your partner."})
NO_SEAT = Template("invalid.no_seat", "There is no seat {seat}; seats are 0 to {last}.")
BID_NOT_ALLOWED = Template("illegal.bid_not_allowed", "That bid is not allowed now.")
BID_TOO_HIGH = Template("illegal.bid_too_high",
                        "A hand has {count} tricks: bid at most {count}.")
LOOK_FIRST = Template("illegal.look_first",
                      "Look at your cards first, or bid Blind Nil without looking.")
SUICIDE_AT_LEAST_4 = Template("illegal.suicide_at_least_4",
                              "Your partner bid Nil, so in suicide you must bid at least 4.")
SUICIDE_FIRST = Template("illegal.suicide_first",
                         "In suicide the first partner to bid bids Nil or at least 4.")
SUICIDE_NIL = Template("illegal.suicide_nil",
                       "Your partner bid {bid}, so in suicide you must bid Nil.")
BLIND_NIL_BEFORE_LOOK = Template("illegal.blind_nil_before_look",
                                 "Blind Nil must be bid before you look at your cards.")
MIRROR_NIL = Template("illegal.mirror_nil", "In mirror, with no spades you must bid Nil.")
MIRROR_COUNT = Template("illegal.mirror_count", {
    "one": "In mirror you must bid your {count} spade.",
    "other": "In mirror you must bid your {count} spades."})
WHIZ_NIL = Template("illegal.whiz_nil", "In whiz, with no spades you must bid Nil.")
WHIZ_COUNT = Template("illegal.whiz_count", {
    "one": "In whiz you must bid your {count} spade or Nil.",
    "other": "In whiz you must bid your {count} spades or Nil."})
TEAM_MINIMUM = Template("illegal.team_minimum",
                        "Your team must bid at least {total} together: bid {need} or more, "
                        "or Nil.")
NIL_AFTER_PARTNER = Template("illegal.nil_after_partner",
                             "Nil is not offered once your partner has bid.")
NO_DOUBLE_NIL = Template("illegal.no_double_nil",
                         "Your partner bid Nil, and double Nil is not allowed at this table.")
BLIND_NIL_OFF = Template("illegal.blind_nil_off", "Blind Nil is not played at this table.")
BLIND_NIL_OPENER = Template("illegal.blind_nil_opener",
                            "Only the player left of the dealer may bid Blind Nil.")
BLIND_NIL_TRAILING_SOLO = Template(
    "illegal.blind_nil_trailing_solo",
    "Blind Nil is only open to a player behind the leader by {margin} or more.")
BLIND_NIL_TRAILING = Template("illegal.blind_nil_trailing",
                              "Blind Nil is only open to a team behind by {margin} or more.")
