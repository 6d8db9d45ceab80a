// The lobby: play now as a guest, practice against bots, create or join a private table,
// sign in or register, the ranked queue and the leaderboard. Screens whose room messages
// do not exist yet say so ("coming") instead of failing; docs/client-web.md lists them.
import { loadPresets, RULE_FIELDS } from "../game/rules.js";
import { h, seconds, toast } from "./dom.js";
import { LEVELS, PRACTICE_PACES } from "./practice.js";

export class Lobby {
  /** ``app`` gives: room, quickPlay(name), practice(level, pace), createPrivate(rules, botLevel),
   * join(codeOrLink), account(kind, name, password), queue(on), me, resumeTable. */
  constructor(app) {
    this.app = app;
    this.el = h("section", { class: "lobby", "aria-labelledby": "lobby-title" });
    this.queueSince = null;
    this.tick = setInterval(() => this.renderQueue(), 1000);
  }

  destroy() {
    clearInterval(this.tick);
  }

  render() {
    const app = this.app;
    const name = app.room.session.name || "";
    const nameInput = h("input", { id: "guest-name", value: name, maxlength: 20, autocomplete: "nickname",
      placeholder: "Your name", required: true });
    const play = h("form", { class: "panel panel-hero", onsubmit: (e) => { e.preventDefault(); app.quickPlay(nameInput.value); } },
      h("h2", {}, "Play now"),
      h("p", { class: "muted" }, "A casual game to 250 with people and bots. No sign-up."),
      h("label", { for: "guest-name" }, "Your name"),
      h("div", { class: "inline" }, nameInput, h("button", { type: "submit", class: "btn btn-primary btn-big", id: "play-now" }, "Play now")),
      app.resumeTable ? h("button", { type: "button", class: "btn btn-link", onclick: () => app.openTable(app.resumeTable) },
        "Back to your table") : null);

    const levelRadios = radioRow("level", "Level", LEVELS, "easy");
    const paceRadios = radioRow("pace", "Pace", PRACTICE_PACES, "standard");
    const practice = h("form", { class: "panel", onsubmit: (e) => {
      e.preventDefault();
      const data = new FormData(e.target);
      app.practice(data.get("level"), data.get("pace"));
    } },
    h("h2", {}, "Practice"),
    h("p", { class: "muted" }, "You and three bots. Hint, Undo and Redo help on Easy and Standard."),
    levelRadios, paceRadios,
    h("button", { type: "submit", class: "btn", id: "start-practice" }, "Start practice"));

    const code = h("input", { id: "join-code", placeholder: "Code or link", autocomplete: "off", required: true });
    const join = h("form", { class: "panel", onsubmit: (e) => { e.preventDefault(); app.join(code.value); } },
      h("h2", {}, "Join a table"),
      h("p", { class: "muted" }, "Got a link or a code from a friend?"),
      h("label", { for: "join-code" }, "Table code or link"),
      h("div", { class: "inline" }, code, h("button", { type: "submit", class: "btn" }, "Join")));

    this.el.replaceChildren(
      h("div", { class: "lobby-hero" },
        h("h1", { id: "lobby-title" }, h("span", { class: "logo", "aria-hidden": "true" }, "♠"), " Spades Room"),
        h("p", { class: "tagline" }, "Four players, two teams, spades always trump."),
        h("p", { class: "learn-links" },
          h("a", { href: "/learn/", id: "learn-link" }, "New to Spades? Learn to play"), " · ",
          h("a", { href: "/learn/#/rules" }, "Rules"), " · ",
          h("a", { href: "/learn/#/strategy" }, "Strategy"))),
      h("div", { class: "lobby-grid" }, play, practice, this.privatePanel(), join, this.accountPanel(),
        this.rankedPanel(), this.leaderboardPanel()));
    // The name box is where a keyboard player starts (the course links come first in the
    // page's order). Not on touch screens: focusing would pop the keyboard over the lobby.
    if (matchMedia("(pointer: fine)").matches && !document.activeElement?.closest("dialog")) {
      nameInput.focus({ preventScroll: true });
    }
  }

  privatePanel() {
    const app = this.app;
    const form = h("form", { class: "panel", onsubmit: (e) => { e.preventDefault(); submit(); } });
    const preset = h("select", { id: "preset", name: "preset" });
    const options = h("div", { class: "rules-editor" });
    const bots = radioRow("bots", "Bot level", LEVELS, "standard");
    const submit = () => {
      const rules = { name: preset.value };
      for (const [field, , kind] of RULE_FIELDS) {
        const input = options.querySelector(`[name="${field}"]`);
        if (!input) continue;
        if (kind === "bool") rules[field] = input.checked;
        else if (kind === "choice") rules[field] = input.value;
        else if (kind === "int?") rules[field] = input.value === "" ? null : Number(input.value);
        else rules[field] = Number(input.value);
      }
      app.createPrivate(rules, new FormData(form).get("bots"));
    };
    const fillOptions = (rules) => {
      options.replaceChildren(...RULE_FIELDS.map(([field, label, kind, extra]) => {
        const id = `rule-${field}`;
        if (kind === "bool") {
          return h("label", { class: "check" }, h("input", { type: "checkbox", id, name: field, checked: !!rules[field] }), h("span", {}, label));
        }
        if (kind === "choice") {
          return h("div", { class: "field" }, h("label", { for: id }, label),
            h("select", { id, name: field }, Object.entries(extra).map(([value, text]) =>
              h("option", { value, selected: rules[field] === value }, text))));
        }
        return h("div", { class: "field" }, h("label", { for: id }, label),
          h("input", { id, name: field, type: "number", min: extra.min, max: extra.max, step: extra.step || 1,
            value: rules[field] ?? "" }));
      }));
    };
    loadPresets().then((presets) => {
      preset.replaceChildren(...Object.keys(presets).map((p) => h("option", { value: p, selected: p === "standard" }, p)));
      fillOptions(presets.standard);
      preset.onchange = () => fillOptions(presets[preset.value]);
    }).catch(() => toast("The rule presets could not be loaded.", "warn"));
    form.append(
      h("h2", {}, "Private table"),
      h("p", { class: "muted" }, "Invite friends with a link or a code; bots fill the seats you leave open."),
      h("div", { class: "field" }, h("label", { for: "preset" }, "Rules"), preset),
      h("details", { class: "house-rules" }, h("summary", {}, "House rules"), options),
      bots,
      h("button", { type: "submit", class: "btn", id: "create-private" }, "Create table"));
    return form;
  }

  accountPanel() {
    const app = this.app;
    if (app.me && app.me.name) {
      return h("div", { class: "panel" }, h("h2", {}, "Account"),
        h("p", {}, "Signed in as ", h("b", {}, app.me.name), app.me.rating !== undefined ? ` · rating ${app.me.rating}` : ""),
        h("button", { type: "button", class: "btn", onclick: () => app.account("signout") }, "Sign out"));
    }
    const user = h("input", { id: "acct-name", name: "name", autocomplete: "username", maxlength: 20, required: true });
    const pass = h("input", { id: "acct-pass", name: "password", type: "password", autocomplete: "current-password", required: true });
    const form = h("form", { class: "panel", onsubmit: (e) => { e.preventDefault(); app.account(e.submitter?.value || "signin", user.value, pass.value); } },
      h("h2", {}, "Sign in"),
      h("p", { class: "muted" }, "An account keeps your name, your chat choice and a ranked rating."),
      h("label", { for: "acct-name" }, "Name"), user,
      h("label", { for: "acct-pass" }, "Password"), pass,
      h("div", { class: "pad-row" },
        h("button", { type: "submit", class: "btn btn-primary", value: "signin" }, "Sign in"),
        h("button", { type: "submit", class: "btn", value: "register" }, "Register")),
      app.accountsMissing ? h("p", { class: "coming" }, "Accounts are coming to this room soon.") : null);
    return form;
  }

  rankedPanel() {
    const app = this.app;
    this.queueLine = h("p", { class: "queue-line", role: "status" });
    const signedIn = !!(app.me && app.me.name);
    const panel = h("div", { class: "panel" },
      h("h2", {}, "Ranked"),
      h("p", { class: "muted" }, "Rated games to 500 against players near your level. Sign in to play."),
      this.queueSince
        ? h("button", { type: "button", class: "btn", onclick: () => app.queue(false) }, "Leave the queue")
        : h("button", { type: "button", class: "btn", id: "ranked-queue", onclick: () => app.queue(true),
          "aria-describedby": signedIn ? null : "ranked-note" }, "Find a ranked game"),
      signedIn ? null : h("p", { id: "ranked-note", class: "fine" }, "Guests play casual and private tables."),
      this.queueLine);
    this.renderQueue();
    return panel;
  }

  renderQueue() {
    if (!this.queueLine) return;
    this.queueLine.textContent = this.queueSince ? `In the queue: ${seconds(performance.now() - this.queueSince)}s waited` : "";
  }

  leaderboardPanel() {
    const app = this.app;
    const list = h("ol", { class: "leaders" });
    const panel = h("div", { class: "panel" }, h("h2", {}, "Leaderboard"), list);
    app.leaderboard().then((board) => {
      if (!board) {
        list.replaceWith(h("p", { class: "coming" }, "The leaderboard opens with ranked play."));
        return;
      }
      const rows = board.top || [];
      list.replaceChildren(...(rows.length ? rows.slice(0, 10).map((r) => h("li", {}, h("span", {}, r.name), h("b", {}, String(r.rating))))
        : [h("li", { class: "empty" }, "No ranked games yet.")]));
      if (board.you) panel.append(h("p", { class: "fine" }, `You: #${board.you.rank} · ${board.you.rating}`));
    });
    return panel;
  }
}

function radioRow(name, legend, choices, checked) {
  return h("fieldset", { class: "choice-row" }, h("legend", {}, legend),
    Object.entries(choices).map(([value, label]) => h("label", { class: "chip" },
      h("input", { type: "radio", name, value, checked: value === checked }), h("span", {}, label))));
}
