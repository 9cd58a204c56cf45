// What the host's main button offers in a room: the server's start rule (readiness.py:
// the ready seats and the host play, at least `needed` of them) seen from the button.
//
// Bots are offered only to fill seats nobody sits in while everyone seated is ready: with
// a seated person not ready, bots would seat a fifth beside them (and leave them out of
// the match) or still not be enough, so the host is told who is awaited instead.

/**
 * The offer for `room` (a room frame) as its host `host` sees it:
 * {kind: "start"} when enough are ready (Start leaves the not-ready out, as the server
 * does), {kind: "fill", n} when n bots in free seats make enough, {kind: "wait", n} when
 * n seated people are not ready yet, {kind: "none"} when nothing the host can do helps.
 */
export function startOffer(room) {
  const seated = room.seats.filter(Boolean);
  const ready = seated.filter((s) => s.ready || s.account === room.host).length;
  const needed = room.settings.needed;
  if (ready >= needed) return { kind: "start" };
  const waiting = seated.length - ready;
  if (waiting > 0) return { kind: "wait", n: waiting };
  const free = room.seats.length - seated.length;
  if (free >= needed - ready) return { kind: "fill", n: needed - ready };
  return { kind: "none" };
}
