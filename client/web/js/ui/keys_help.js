// The table's keyboard: the list the ? key shows, and the keeper that puts the focus back
// where a keyboard player acts (the hand result's Continue, the bid pad, the hand) when
// what held it went away (a Tip redrew the pad, a bid closed it, the hand result closed),
// instead of leaving it on the page's body.
import { t } from "../i18n.js";
import { dialogOpen, openDialog } from "./dialog.js";
import { h } from "./dom.js";

const EVERY_MS = 300;

/** [key, what it does, table kinds it is for (all when absent), the table's rules it is
 * for (all when absent)], in the page's language. */
export function tableKeys() {
  return [
    ["T", t("keys.tip"), ["casual", "private", "practice"]],
    ["L", t("table.last_trick")],
    ["K / D", t("keys.draw"), null, (r) => r.players === 2],
    ["P", t("keys.pass"), null, (r) => !!(r.nil_pass || r.blind_nil_pass)],
    ["H", t("keys.hint"), ["practice"]],
    ["U", t("keys.undo"), ["practice"]],
    ["R", t("keys.redo"), ["practice"]],
    [t("keys.move_keys"), t("keys.move")],
    [t("keys.choose_keys"), t("keys.choose")],
    [t("keys.escape_key"), t("keys.escape")],
    ["?", t("keys.this_list")],
  ];
}

/** Open the list of keys for a table of ``kind`` playing ``rules`` (null: not known yet,
 * the keys of a rule are left out). */
export function showKeys(kind, rules) {
  const rows = tableKeys().filter(([, , kinds, applies]) => (!kinds || kinds.includes(kind))
    && (!applies || (!!rules && applies(rules))));
  openDialog(t("keys.title"), h("dl", { class: "rules-list keys-list" },
    rows.map(([key, what]) => [h("dt", {}, h("kbd", {}, key)), h("dd", {}, what)])), { className: "keys-dialog" });
}

/** Keep ``screen`` (a TableScreen) from losing the focus to the page's body. */
export function keepFocus(screen) {
  let seen = false;
  const timer = setInterval(() => {
    if (!screen.el.isConnected) {
      if (seen) clearInterval(timer); // the table screen is gone
      return;
    }
    seen = true;
    const active = document.activeElement;
    if ((active && active !== document.body) || dialogOpen()) return;
    const target = focusTarget(screen);
    if (target) target.focus({ preventScroll: true });
  }, EVERY_MS);
}

function focusTarget(screen) {
  const s = screen.state;
  if (!screen.resultPanel.hidden) return screen.resultPanel.querySelector(".btn-primary") || screen.resultPanel;
  if (!screen.gameOver.bar.hidden) return screen.gameOver.bar.querySelector(".btn-primary, .btn");
  if (s.myTurn && s.view && s.view.phase === "bidding" && !screen.pad.el.hidden) {
    return screen.pad.el.querySelector(".bid-num[tabindex='0']") || screen.pad.el.querySelector(".btn:not([disabled])");
  }
  return screen.hand.cards.find((b) => b.getAttribute("tabindex") === "0") || screen.hand.cards[0] || null;
}
