// Frames on the wire: the envelope {"t", "d", "id"} as msgpack (binary) or JSON (text).
// The room answers in the format a client spoke last (shared/protocol/codec.py); docs/client-web.md
// has the measurements behind the default.
import { encode as packMsgpack, decode as unpackMsgpack } from "../../vendor/msgpack/dist.esm/index.mjs";

export const DEFAULT_FORMAT = "msgpack";

/** The wire format: ?wire=json in the page address overrides the default (for debugging). */
export function chosenFormat() {
  const asked = new URLSearchParams(location.search).get("wire");
  return asked === "json" || asked === "msgpack" ? asked : DEFAULT_FORMAT;
}

/** Encode one envelope; drops null fields like the server does. */
export function encodeFrame(format, t, d, id) {
  const envelope = { t };
  if (d && Object.keys(d).length) envelope.d = dropNulls(d);
  if (id !== undefined && id !== null) envelope.id = id;
  return format === "json" ? JSON.stringify(envelope) : packMsgpack(envelope);
}

/** Decode one frame, whichever format it came in. Throws on garbage. */
export function decodeFrame(data) {
  const envelope = typeof data === "string" ? JSON.parse(data) : unpackMsgpack(new Uint8Array(data));
  if (!envelope || typeof envelope.t !== "string") throw new Error("not an envelope"); // i18n: for the console (room.js logs it)
  return { t: envelope.t, d: envelope.d || {}, id: envelope.id ?? null };
}

function dropNulls(d) {
  const out = {};
  for (const [key, value] of Object.entries(d)) if (value !== null && value !== undefined) out[key] = value;
  return out;
}
