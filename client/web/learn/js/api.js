// The learn API of server/web/http_learn.py: lessons, moves (stateless: the page sends the
// moves accepted so far with each new one), and the rules document.

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
    throw new ApiError(0, "offline", "The server could not be reached. Check the connection and try again.");
  }
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(response.status, "malformed", "The server sent an answer this page cannot read.");
  }
  if (!response.ok) throw new ApiError(response.status, body.error || "error", body.message || "The request failed.");
  return body;
}

export const api = {
  lessons: () => call("/api/lessons"),
  lesson: (id) => call(`/api/lessons/${encodeURIComponent(id)}`),
  move: (id, moves, move) => call(`/api/lessons/${encodeURIComponent(id)}/move`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ moves, move }),
  }),
  /** ``source`` is {preset} or {rules: JSON text}. */
  rules: (source) => {
    const query = new URLSearchParams();
    if (source.rules) query.set("rules", source.rules);
    else if (source.preset) query.set("preset", source.preset);
    return call(`/api/rules?${query}`);
  },
};
