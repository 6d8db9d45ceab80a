"""What the screen-reader mode makes of a typed move (client/web/js/game/typed_move.js),
as a golden table run in the page's own modules: each text against the legal actions,
the action it is, or the start of the sentence that refuses it."""

from __future__ import annotations

from .conftest import BROWSER

pytestmark = BROWSER

PLAY = ["play QS", "play TH", "play 2C", "play BJ"]
BIDS = ["bid nil", "bid 1", "bid 2", "bid 3", "bid 4"]
CASES = [
    # text, legal actions, the action, or the refusal's start
    ("QS", PLAY, "play QS"),
    ("q s", PLAY, "play QS"),
    ("queen of spades", PLAY, "play QS"),
    ("Queen  Spades", PLAY, "play QS"),
    ("10h", PLAY, "play TH"),
    ("t h", PLAY, "play TH"),
    ("ten of hearts", PLAY, "play TH"),
    ("2♣", PLAY, "play 2C"),
    ("big joker", PLAY, "play BJ"),
    ("KD", PLAY, "The King of diamonds is not in your hand."),
    ("AS", PLAY, "The Ace of spades is not playable: You must follow hearts."),
    ("queen", PLAY, '"queen" is not a card'),
    ("4", BIDS, "bid 4"),
    ("four", BIDS, "bid 4"),
    ("bid 2", BIDS, "bid 2"),
    ("NIL", BIDS, "bid nil"),
    ("9", BIDS, "You may not bid 9 now."),
    ("blind nil", ["bid blind nil", "look"], "bid blind nil"),
    ("show", ["bid blind nil", "look"], "look"),
    ("lots", BIDS, '"lots" is not a bid'),
    ("keep", ["keep", "discard"], "keep"),
    ("d", ["keep", "discard"], "discard"),
    ("QS, 2H", ["pass 2H QS", "pass 3H QS"], "pass 2H QS"),
    ("q s and 2 h", ["pass 2H QS"], "pass 2H QS"),
    ("QS 2H", ["pass 2H QS"], "pass 2H QS"),
    ("QS", ["pass 2H QS"], "You may not pass the Queen of spades: pass 2 of your cards."),
]

RUN_JS = """async (cases) => {
  const { typedMove } = await import("/js/game/typed_move.js");
  return cases.map(([text, legal]) => {
    const out = typedMove(text, legal, {AS: "You must follow hearts."});
    return out.action || out.error;
  });
}"""


async def test_typed_moves_read_as_people_type_them(room, open_page) -> None:
    page = await open_page(room)
    got = await page.evaluate(RUN_JS, [[text, legal] for text, legal, _ in CASES])
    wrong = [(text, want, out) for (text, _, want), out in zip(CASES, got, strict=True)
             if not out.startswith(want)]
    assert not wrong, wrong
