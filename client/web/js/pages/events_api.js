// The tournaments' JSON routes (docs/tournaments.md): the list, one event, the caller's
// join / leave / pause, a new event, and the events a player played. Errors come back as
// the room's sentence (an ArchiveError, as the archive's routes do).
import { t } from "../i18n.js";
import { getJson } from "./api.js";

function call(path, method = "GET", body = undefined) {
  return getJson(path, t("archive.no_such_event"), method, body);
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
export function eventAction(id, what, body = undefined) {
  return call(`/api/tournaments/${encodeURIComponent(id)}/${what}`, "POST", body);
}

/** Create an event ({kind, name, preset, starts, ...}, as POST /api/tournaments takes);
 * resolves to the event made, or rejects with the room's sentence. */
export function createEvent(settings) {
  return call("/api/tournaments", "POST", settings);
}

export function fetchEventsOf(name) {
  return call(`/api/players/${encodeURIComponent(name)}/events`);
}
