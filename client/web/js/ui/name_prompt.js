// Before a guest hosts or joins a private table, ask the name friends will see: a guest
// still called by the room's "Guest 0950" is never seated under it without being asked.
// Asked once per browser (a guest who keeps the room's name is not asked again).
import { closeDialog, openDialog } from "./dialog.js";
import { h } from "./dom.js";
import { t } from "../i18n.js";

const ASKED_KEY = "spades.nameAsked";
const ROOM_GIVEN = /^Guest \d{4}$/;

/** Does this player still go by the name the room gave them, never having been asked? */
export function nameNeeded(room) {
  if (room.signedIn) return false;
  if (localStorage.getItem(ASKED_KEY)) return false;
  return !room.session.name || ROOM_GIVEN.test(room.session.name);
}

/** Ask for a name when ``nameNeeded``; ``rename(name)`` takes it. Resolves when answered
 * (closing the dialog keeps the room's name). */
export function askName(room, rename) {
  if (!nameNeeded(room)) return Promise.resolve();
  return new Promise((resolve) => {
    const input = h("input", { id: "table-name", maxlength: 20, autocomplete: "nickname", required: true,
      placeholder: t("name_prompt.placeholder") });
    const form = h("form", { class: "name-prompt", onsubmit: async (e) => {
      e.preventDefault();
      if (input.value.trim()) await rename(input.value);
      closeDialog();
    } },
    h("p", {}, t("name_prompt.about")),
    h("label", { for: "table-name" }, t("name_prompt.label")),
    h("div", { class: "inline" }, input, h("button", { type: "submit", class: "btn btn-primary", id: "table-name-go" }, t("name_prompt.go"))));
    openDialog(t("name_prompt.title"), form, { onClose: () => {
      try {
        localStorage.setItem(ASKED_KEY, "1");
      } catch {
        // asked again next time
      }
      resolve();
    } });
    input.focus();
  });
}
