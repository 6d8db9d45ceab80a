// The tournaments' JSON routes (docs/tournaments.md): the list, one event, the caller's
// join / leave / pause, and the events a player played. Errors come back as the room's
// sentence (an ArchiveError, as the archive's routes do).
import { getJson } from "./api.js";

function call(path, method = "GET") {
  return getJson(path, "There is no such event.", method);
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
