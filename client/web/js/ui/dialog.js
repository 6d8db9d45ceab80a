// One modal dialog at a time (the native <dialog>: focus stays inside, Escape closes).
import { h } from "./dom.js";
import { t } from "../i18n.js";

let current = null;

/** Open a dialog titled ``title`` with ``body``; ``actions`` are buttons for its foot;
 * ``status`` an element kept in view under the title (the turn strip of turn_strip.js).
 * Returns the <dialog>; ``onClose`` runs when it closes however it closes. */
export function openDialog(title, body, { actions = [], onClose = null, className = "", status = null } = {}) {
  closeDialog();
  const heading = h("h2", { id: "dialog-title" }, title);
  const dialog = h("dialog", { class: `dialog ${className}`, "aria-labelledby": "dialog-title" },
    h("header", { class: "dialog-head" }, heading,
      h("button", { type: "button", class: "icon-btn", "aria-label": t("dialog.close"), onclick: () => closeDialog() }, "✕"),
      status),
    h("div", { class: "dialog-body" }, body),
    actions.length ? h("footer", { class: "dialog-foot" }, actions) : null);
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (current === dialog) current = null;
    if (onClose) onClose();
  });
  document.body.append(dialog);
  dialog.showModal();
  current = dialog;
  return dialog;
}

/** Close the open dialog. It leaves the page at once: its "close" event (and onClose)
 * comes a task later, and a sheet redrawn meanwhile must not stand beside the old one. */
export function closeDialog() {
  const dialog = current;
  current = null;
  if (dialog && dialog.open) dialog.close();
  if (dialog) dialog.remove();
}

export function dialogOpen(className) {
  return !!(current && current.open && (!className || current.classList.contains(className)));
}
