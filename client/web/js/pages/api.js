// The archive's JSON routes (docs/archive.md): a game, a player, the caller's games.
// Errors come back as {"error": {"code", "message", "key"?, "args"?}}; each fetch here
// rejects with an ArchiveError carrying the room's sentence (its catalogue id too, so a
// page says it in its reader's language: messageOf), or a sentence of its own when the
// room could not be reached or answered something else (in the reader's language).
import { said, t } from "../i18n.js";

export class ArchiveError extends Error {
  constructor(code, message, status = 0, key = null, args = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.key = key; // the sentence's catalogue id and arguments, when the room sends them
    this.args = args;
  }
}

/** ``path``'s JSON answer (``method`` GET or POST, with ``body`` sent as JSON if given),
 * or an ArchiveError with the room's sentence (``notFound`` when a 404 carries none). */
export async function getJson(path, notFound, method = "GET", body = undefined) {
  let response;
  const headers = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  try {
    response = await fetch(path, { method, credentials: "same-origin", headers,
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ArchiveError("unavailable", t("archive.unreachable"));
  }
  const answer = await response.json().catch(() => null);
  if (response.ok && answer) return answer;
  const error = answer && answer.error;
  // The archive's form is {error: {code, message}}; the room's other routes send
  // {error: code, message}: read both.
  const code = (error && error.code) || (typeof error === "string" ? error : null);
  const message = (error && error.message) || (answer && answer.message);
  if (message) {
    const source = error && typeof error === "object" && error.key ? error : answer;
    throw new ArchiveError(code || "error", message, response.status, (source && source.key) || null,
      (source && source.args) || null);
  }
  if (response.status === 404) throw new ArchiveError("not_found", notFound, 404);
  throw new ArchiveError("internal", t("archive.no_answer", { status: String(response.status) }), response.status);
}

/** What an error says in the page's language: an ArchiveError's catalogued sentence,
 * else its message. */
export function messageOf(err) {
  return err instanceof ArchiveError ? said(err.message, err.key, err.args) : err.message;
}

/** A finished game (the archive's document). */
export function fetchGame(id) {
  return getJson(`/api/games/${encodeURIComponent(id)}`, t("archive.no_such_game", { id }));
}

/** The analyses of a game's seats kept so far: {game, you (the caller's seat or null),
 * analyses: [{seat, status: "queued" | "done" | "failed", analysis?, error?}]}. */
export function fetchAnalysis(id) {
  return getJson(`/api/games/${encodeURIComponent(id)}/analysis`, t("archive.no_such_game", { id }));
}

/** Ask for the analysis of the caller's seat: {seat, status, analysis?, error?}. */
export function askAnalysis(id) {
  return getJson(`/api/games/${encodeURIComponent(id)}/analysis`, t("archive.no_such_game", { id }), "POST");
}

/** A player's page data: rating and its history, games, statistics, recent games. */
export function fetchPlayer(name) {
  return getJson(`/api/players/${encodeURIComponent(name)}`, t("archive.no_such_player", { name }));
}

/** The caller's own games (guest or account), newest first: [{id, ended, kind, won, totals}]. */
export async function fetchMyGames() {
  const body = await getJson("/api/my-games", t("archive.no_games_kept"));
  return Array.isArray(body.games) ? body.games : [];
}

/** Where a game's page and its plain-text record are. */
export function gameHref(id) {
  return `/g/${encodeURIComponent(id)}`;
}

export function recordHref(id) {
  return `/api/games/${encodeURIComponent(id)}/record.txt`; // i18n: an address
}

export function playerHref(name) {
  return `/@/${encodeURIComponent(name)}`;
}
