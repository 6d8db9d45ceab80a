"""The client's copy of the wire protocol, and JSON against msgpack in the browser.

``client/web`` mirrors two tables of Python code; these tests keep them equal. The
browser test plays part of a hand in each wire format, checks that the view the page
built from deltas equals a fresh snapshot, and prints what each format cost (the
numbers in docs/client-web.md come from it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from shared.protocol import DELTA_KEYS
from shared.spades import PRESETS, RANKED_RULES

from .play import play_until, quick_play

WEB = Path(__file__).resolve().parents[2] / "client" / "web"


def test_delta_keys_match_the_protocol() -> None:
    source = (WEB / "js" / "net" / "table_state.js").read_text()
    block = re.search(r"export const DELTA_KEYS = \{(.*?)\};", source, re.S)
    assert block is not None
    pairs = dict(re.findall(r'(\w+): "(\w+)"', block.group(1)))
    assert pairs == DELTA_KEYS


def test_presets_file_matches_the_engine() -> None:
    presets = json.loads((WEB / "data" / "presets.json").read_text())
    assert presets == {name: rules.to_dict() for name, rules in PRESETS.items()}


def test_ranked_rules_file_matches_the_engine() -> None:
    """The lobby states ranked play's length from this file before anyone queues."""
    ranked = json.loads((WEB / "data" / "ranked.json").read_text())
    assert ranked == RANKED_RULES.to_dict()


SORTED_WIRE = """async () => {
  const app = window.spadesApp;
  const sorted = (x) => Array.isArray(x) ? x.map(sorted) : x && typeof x === 'object'
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sorted(x[k])])) : x;
  const built = JSON.stringify(sorted(app.state.wire));
  await app.room.request('resync');
  return [built, JSON.stringify(sorted(app.state.wire)), app.room.stats, app.room.format];
}"""


@pytest.mark.parametrize("wire", ["json", "msgpack"])
@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="session")  # the session's browser (conftest.py)
async def test_views_built_from_deltas_equal_a_snapshot(room, open_page, wire: str) -> None:
    page = await open_page(room, path=f"/?wire={wire}")
    await quick_play(page, "Wes")
    await play_until(page, lambda s: s["phase"] == "playing" and s["tricks"] >= 4 and s["myTurn"])
    built, fresh, stats, used = await page.evaluate(SORTED_WIRE)
    assert used == wire
    assert built == fresh
    per_frame = stats["bytesIn"] / stats["framesIn"]
    print(f"\n{wire}: {stats['framesIn']} frames in, {stats['bytesIn']} bytes "
          f"({per_frame:.1f}/frame), decode {stats['decodeMs']:.2f} ms; "
          f"{stats['framesOut']} frames out, {stats['bytesOut']} bytes")
