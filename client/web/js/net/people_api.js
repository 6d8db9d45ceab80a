// Friends, blocks, invites by name, reports and the lobby's lists over HTTP (issue 17;
// docs/social.md, "People in the room"). Every call answers the JSON body, or throws a
// RequestError with the room's code and sentence (in the page's language when it sent its
// catalogue id: said).
import { said, t } from "../i18n.js";
import { RequestError } from "./room.js";

async function call(path, body) {
  let response;
  try {
    response = await fetch(path, body === undefined ? { credentials: "same-origin" } : {
      method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new RequestError("unavailable", t("net.unreachable"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new RequestError(data.error || "internal", said(data.message || t("net.failed"), data.key, data.args));
  return data;
}

export const people = {
  friends: () => call("/api/friends"),
  lobby: () => call("/api/lobby"),
  follow: (name, on = true) => call("/api/follow", { name, on }),
  block: (name, on = true) => call("/api/block", { name, on }),
  invite: (name) => call("/api/invite", { name }),
  answer: (id, join) => call("/api/invites/answer", { id, join }),
  report: (name, reason, note) => call("/api/report", { name, reason, note }),
  // A seat of the caller's table instead of a name (a seat's menu).
  followSeat: (seat, on = true) => call("/api/follow", { seat, on }),
  blockSeat: (seat, on = true) => call("/api/block", { seat, on }),
  reportSeat: (seat, reason, note) => call("/api/report", { seat, reason, note }),
  listTable: (open) => call("/api/tables/open", { open }),
};
