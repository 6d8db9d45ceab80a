// The public lobby for a screen reader: the switch of the screen-reader mode (the
// table's setting), first in the lobby's tab order; while it is on, each row of the
// lobby's lists (quick play, open tables, games to watch, friends, events) read as one
// sentence, its buttons named with their row ("Join Ada's table"), and what the room
// pushes said once through the polite live region: a table listed, a seat of it taken,
// a table no longer open, a friend coming online or going offline. A redraw says
// nothing again: the news comes from comparing the lists with those last heard.
// lobby_people.js and lobby_events.js draw the rows for the eye; this module only dresses
// them (the columns the eye reads are hidden from the tree, a sentence given instead).
import { ratingText } from "../game/numbers.js";
import { t } from "../i18n.js";
import { postScreenReader } from "../net/accounts.js";
import { announce, h } from "./dom.js";
import { saveSettings, settings } from "./settings.js";

/** A rules line ("500 · Blind Nil any · bags 10/100") as words a screen reader reads
 * well ("500, Blind Nil any, bags 10/100"). */
function rulesWords(rules) {
  return String(rules || "").split(" · ").join(t("list.comma"));
}

/** Names joined "Ada, Bea and Cal" (the catalogue's comma and "and"). */
function names(list) {
  if (list.length < 2) return list.join("");
  return t("srpublic.and_list", { names: list.slice(0, -1).join(t("list.comma")), last: list[list.length - 1] });
}

/** An open table's sentence, its Join button's name, and its name in the news. */
function openWords(row) {
  const rules = rulesWords(row.rules);
  const free = t("srpublic.free", { count: row.free });
  return row.host
    ? { line: t("srpublic.open_line", { host: row.host, rules, free }), join: t("srpublic.join", { host: row.host }),
      opened: t("srpublic.opened", { host: row.host, rules, free }), now: t("srpublic.now_free", { host: row.host, free }),
      closed: t("srpublic.closed", { host: row.host }) }
    : { line: t("srpublic.open_line_anon", { rules, free }), join: t("srpublic.join_anon", { rules }),
      opened: t("srpublic.opened_anon", { rules, free }), now: t("srpublic.now_free_anon", { rules, free }),
      closed: t("srpublic.closed_anon", { rules }) };
}

/** A game to watch in one sentence: its kind and rules, each side with its players and
 * score, and how far it has gone. */
function watchLine(row) {
  const kind = row.kind === "ranked" ? t("people.kind_ranked", { rating: ratingText(row.rating) })
    : row.kind === "private" ? t("title.private") : null;
  const what = kind ? `${kind}${t("list.comma")}${rulesWords(row.rules)}` : rulesWords(row.rules);
  const sides = row.teams
    ? row.teams.map((seats, side) => t("srpublic.side", { names: names(seats.map((s) => row.players[s])), count: row.scores[side] }))
      .join(t("srpublic.against"))
    : names(row.players);
  const progress = !row.hand ? ""
    : row.max_hands ? t("srpublic.progress_max", { hand: row.hand, max: row.max_hands, target: row.target })
      : t("srpublic.progress", { hand: row.hand, target: row.target });
  return `${t("srpublic.watch_line", { what, sides })}${progress ? ` ${progress}` : ""}`;
}

/** What a friend does, in words (the panel's own words for it). */
function doingWords(doing) {
  const said = t(`people.doing.${doing}`);
  return said.startsWith("people.doing.") ? doing : said;
}

/** An id made of ``prefix`` and a name or table id (a name's spaces escaped: an id has
 * none). */
function rowId(prefix, key) {
  return `${prefix}-${encodeURIComponent(String(key))}`;
}

/** Give ``li`` the sentence ``line`` for the tree and hide what the eye reads of it (its
 * text, not its buttons) from the tree, so nothing is read twice. */
function sentence(li, line) {
  let run = null; // the span that takes a run of text nodes (one flex item, as before)
  for (const node of [...li.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (!run) node.before((run = h("span", { "aria-hidden": "true" })));
      run.append(node);
      continue;
    }
    run = null;
    if (!node.matches("button, a, input, select")) node.setAttribute("aria-hidden", "true");
  }
  li.prepend(h("span", { class: "sr-only" }, line));
}

/** Name a list by the heading over it ("Open tables"), so a list key reaches it by name:
 * the element before it, or for the first thing in a section's body the section's. */
function nameList(list) {
  const heading = list.previousElementSibling
    || (list.parentElement?.classList.contains("panel-body") ? list.parentElement.previousElementSibling : null);
  if (heading && /^H[2-4]$/.test(heading.tagName)) list.setAttribute("aria-label", heading.textContent);
}

/** Before ``panel`` is drawn again: where the focus is, a row's control of one of its
 * lists; the function returned puts it back after the redraw when the control's id did
 * not (its row went: the table filled), on the row now in its place, else the panel's
 * heading, rather than the page's start. */
export function keepRowFocus(panel) {
  const active = document.activeElement;
  const li = active && panel.contains(active) ? active.closest("ul[id] > li") : null;
  if (!li) return () => {};
  const list = li.parentElement.id;
  const index = [...li.parentElement.children].indexOf(li);
  return () => {
    if (panel.contains(document.activeElement)) return; // found again by its id
    const rows = panel.querySelectorAll(`#${CSS.escape(list)} > li`);
    const row = rows[Math.min(index, rows.length - 1)];
    const target = row?.querySelector("button, a") || panel.querySelector("h2");
    if (!target) return;
    if (!target.matches("button, a")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
}

export class PublicLobbyReader {
  /** ``onSwitch(on)``: the mode was switched (the lobby draws its lists again);
   * ``signedIn()``: whether the account keeps the choice too. */
  constructor({ onSwitch, signedIn }) {
    this.heard = null; // {open: Map table -> row, friends: Map name -> doing} last heard
    this.toggle = h("label", { class: "switch sr-switch lobby-sr-switch" },
      h("input", { type: "checkbox", role: "switch", id: "sr-mode", checked: !!settings.screenReader,
        onchange: (e) => {
          saveSettings({ screenReader: e.target.checked });
          if (signedIn()) postScreenReader(e.target.checked);
          announce(e.target.checked ? t("srpublic.mode_on") : t("srreplay.off"));
          onSwitch(e.target.checked);
        } }),
      h("span", {}, t("srreplay.switch")));
  }

  get on() {
    return !!settings.screenReader;
  }

  /** Show the switch as the setting is (an account's choice may come late); the lobby's
   * ``el`` carries ``sr-mode`` while it is on. */
  sync(el) {
    this.toggle.querySelector("input").checked = this.on;
    el.classList.toggle("sr-mode", this.on);
  }

  /** Dress the people panel's rows (``box``, not yet on the page, drawn from ``data``):
   * ids on their buttons always, so a redraw keeps the focus where it was; in the mode,
   * a sentence for each row and buttons named with their row. */
  dressPeople(box, data) {
    const lobby = data.lobby || { open: [], watch: [], pools: [] };
    const friends = data.friends ? data.friends.friends : [];
    const rows = (id) => [...box.querySelectorAll(`#${id} > li`)];
    const on = this.on;
    // A list whose rows each have one button: its id by ``idOf(item)``; in the mode, the
    // row's sentence and the button's name by ``words(item)``.
    const dress = (id, items, idOf, words) => rows(id).forEach((li, i) => {
      const item = items[i];
      const button = li.querySelector("button");
      if (!item || !button) return;
      button.id = idOf(item);
      if (!on) return;
      const [line, name] = words(item);
      sentence(li, line);
      button.setAttribute("aria-label", name);
    });
    dress("quick-pools", lobby.pools || [], (pool) => rowId("play-pool", pool.pool), (pool) => [
      t("srpublic.pool_line", { rules: rulesWords(pool.rules) }), t("srpublic.play_pool", { rules: rulesWords(pool.rules) })]);
    dress("open-tables", lobby.open, (row) => rowId("join-open", row.table), (row) => {
      const words = openWords(row);
      return [words.line, words.join];
    });
    dress("watch-list", lobby.watch, (row) => rowId("watch-game", row.table),
      (row) => [watchLine(row), t("srpublic.watch_game", { names: names(row.players) })]);
    rows("friends-list").forEach((li, i) => {
      const friend = friends[i];
      if (!friend) return;
      const buttons = [...li.querySelectorAll("button")];
      const [watch, invite] = friend.table ? buttons : [null, buttons[0]];
      if (watch) watch.id = rowId("watch-friend", friend.name);
      if (invite) invite.id = rowId("invite-friend", friend.name);
      if (!on) return;
      sentence(li, t("srpublic.friend_line", { name: friend.name, doing: doingWords(friend.doing) }));
      watch?.setAttribute("aria-label", t("srpublic.watch_friend", { name: friend.name }));
      invite?.setAttribute("aria-label", t("srpublic.invite_friend", { name: friend.name }));
    });
    if (on) for (const list of box.querySelectorAll("ul")) nameList(list);
  }

  /** In the mode, each event of the lobby's list read as one sentence (its link's name):
   * its name first, then when, what and how many (the row's own words). */
  dressEvents(panel) {
    const list = panel.querySelector("#events-list");
    if (!list) return;
    if (this.on) nameList(list);
    else list.removeAttribute("aria-label");
    for (const link of list.querySelectorAll("li > a")) {
      const part = (cls) => link.querySelector(cls)?.textContent || "";
      if (!this.on) {
        link.removeAttribute("aria-label");
        continue;
      }
      const count = Number((part(".game-totals").match(/\d+/) || ["0"])[0]);
      link.setAttribute("aria-label", t("srpublic.event_line", { name: part(".game-kind"), phase: part(".outcome"),
        details: rulesWords(part("time")), players: t("srpublic.players", { count }) }));
    }
  }

  /** The news of the lobby's lists since they were last heard (``data`` as for
   * ``dressPeople``), said once each in the mode; the first lists heard are news to
   * nobody. */
  hear(data) {
    const open = new Map(((data.lobby && data.lobby.open) || []).map((row) => [row.table, row]));
    const friends = data.friends ? new Map(data.friends.friends.map((f) => [f.name, f.doing])) : null;
    const before = this.heard;
    this.heard = { open, friends };
    if (!before || !this.on) return;
    for (const [table, row] of open) {
      const was = before.open.get(table);
      if (!was) announce(openWords(row).opened);
      else if (was.free !== row.free) announce(openWords(row).now);
    }
    for (const [table, row] of before.open) if (!open.has(table)) announce(openWords(row).closed);
    if (!friends || !before.friends) return;
    for (const [name, doing] of friends) {
      const was = before.friends.get(name);
      if (was === undefined) continue; // a new friend, not news of one coming online
      if (was === "offline" && doing !== "offline") announce(t("srpublic.online", { name }));
      else if (was !== "offline" && doing === "offline") announce(t("srpublic.offline", { name }));
    }
  }
}
