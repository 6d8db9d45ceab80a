// Accounts and the leaderboard over HTTP (server/web/http_social.py; docs/social.md):
// register, sign in and sign out set or clear the HttpOnly session cookie, which the
// WebSocket then carries (the page reconnects to play as the account or as a guest).
import { said, t } from "../i18n.js";
import { RequestError } from "./room.js";

/** Who this browser's session is: the account ({name, rating, provisional, games, rank,
 * chat, screen_reader, lang}) or null for a guest. Null too when the room cannot be asked. */
export async function fetchMe() {
  try {
    const response = await fetch("/api/me", { credentials: "same-origin" });
    if (!response.ok) return null;
    const me = await response.json();
    return me.signed_in ? me : null;
  } catch {
    return null;
  }
}

/** The reason the room gives when it closes a socket because its account was signed
 * out on every device (docs/http.md). */
export const SIGNED_OUT_EVERYWHERE = "signed out everywhere"; // i18n: a protocol word, compared

/** POST /api/<kind> ("register", "signin", "signout": this browser's session,
 * "signout/everywhere": every session of the account); resolves with the body, rejects
 * with RequestError(code, sentence) as the room answered ("bad_credentials", "name_taken",
 * "bad_password", "rate_limited"...). */
export async function postAccount(kind, name, password) {
  let response;
  try {
    response = await fetch(`/api/${kind}`, {
      method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
      body: JSON.stringify(kind.startsWith("signout") ? {} : { name, password }),
    });
  } catch {
    throw new RequestError("unavailable", t("net.unreachable"));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new RequestError(body.error || "internal", said(body.message || t("net.failed"), body.key, body.args));
  return body;
}

/** {top: [{rank, name, rating, games, provisional}] (at most 100), you: {...} | null}, or
 * null when the room cannot be asked. */
export async function fetchLeaderboard() {
  try {
    const response = await fetch("/api/leaderboard", { credentials: "same-origin" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** POST ``body`` to /api/me/<what>: a choice the signed-in account keeps for every
 * device. Best effort: this browser keeps the choice anyway. */
async function keepForAccount(what, body) {
  try {
    await fetch(`/api/me/${what}`, {
      method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    // this browser still keeps the choice
  }
}

/** Keep the screen-reader mode's choice for the signed-in account (a guest's browser
 * keeps it alone: nothing is sent). */
export function postScreenReader(on) {
  return keepForAccount("screen-reader", { on });
}

/** Keep ``lang`` (a shipped language, or null: the browser's) as the signed-in account's
 * language. */
export function postLanguage(lang) {
  return keepForAccount("language", { lang });
}
