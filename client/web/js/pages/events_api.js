// The tournaments' JSON routes (docs/tournaments.md): the list, one event, the caller's
// join / leave / pause, and the events a player played. Errors come back as the room's
// sentence (an ArchiveError, as the archive's routes do).
import { ArchiveError } from "./api.js";

async function call(path, method = "GET") {
  let response;
  try {
    response = await fetch(path, { method, credentials: "same-origin", headers: { accept: "application/json" } });
  } catch {
    throw new ArchiveError("unavailable", "The room could not be reached; try again.");
  }
  const body = await response.json().catch(() => null);
  if (response.ok && body) return body;
  const message = (body && body.message) || `The room could not answer (HTTP ${response.status}); try again.`;
  throw new ArchiveError((body && body.error) || "error", message, response.status);
}

export function eventHref(id) {
  return `/e/${encodeURIComponent(id)}`;
}

/** {events: [summary]}: running and next by start time, then the last finished. */
export function fetchEvents() {
  return call("/api/tournaments");
}

export function fetchEvent(id) {
  return call(`/api/tournaments/${encodeURIComponent(id)}`);
}

/** ``what`` is "join", "leave" or "pause"; resolves to the event as it now is. */
export function eventAction(id, what) {
  return call(`/api/tournaments/${encodeURIComponent(id)}/${what}`, "POST");
}

export function fetchEventsOf(name) {
  return call(`/api/players/${encodeURIComponent(name)}/events`);
}
