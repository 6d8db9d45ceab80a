// The learn API of server/web/http_learn.py: lessons, moves (stateless: the page sends the
// moves accepted so far with each new one), and the rules document. Each call names the
// page's language (``lang``): the server writes the lessons and the rules in it.
import { language, said, t } from "../../js/i18n.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: "application/json" }, ...options });
  } catch {
    throw new ApiError(0, "offline", t("learn.error.offline"));
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, "malformed", t("learn.error.unreadable"));
  }
  if (!response.ok) {
    throw new ApiError(response.status, body.error || "error",
      body.message ? said(body.message, body.key, body.args) : t("learn.error.failed"));
  }
  return body;
}

const lang = () => `lang=${encodeURIComponent(language())}`;

export const api = {
  lessons: () => call(`/api/lessons?${lang()}`),
  lesson: (id) => call(`/api/lessons/${encodeURIComponent(id)}?${lang()}`),
  move: (id, moves, move) => call(`/api/lessons/${encodeURIComponent(id)}/move?${lang()}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" }, // i18n: a header
    body: JSON.stringify({ moves, move }),
  }),
  /** ``source`` is {preset} or {rules: JSON text}. */
  rules: (source) => {
    const query = new URLSearchParams();
    if (source.rules) query.set("rules", source.rules);
    else if (source.preset) query.set("preset", source.preset);
    query.set("lang", language());
    return call(`/api/rules?${query}`);
  },
};
