// Telling the player what happened at the table: card flights from seat to pile and
// pile to hand, the sounds of plays, draws, UNO and reports, and every event in words
// in the live region, plus "your turn" when it comes round.

import { t } from "../i18n.js";
import { describe } from "../parts/describe.js";
import { fly } from "../parts/fly.js";
import { announce } from "../parts/notice.js";
import { play as sound } from "../sound.js";

const SOUNDS = { play: "play", draw: "draw", uno: "uno", catch: "catch" };

/** Fly the events' cards across `root` (the table), unless a dialog is up. */
export function animate(root, events, me) {
  // No flight while a dialog is up: it would cross the result the player reads.
  if (root.querySelector(".overlay")) return;
  const discard = root.querySelector(".discard .top-card");
  const pile = root.querySelector(".draw-pile");
  let delay = 0;
  for (const event of events) {
    const seat = root.querySelector(`[data-player="${CSS.escape(event.player || "")}"]`);
    if (event.type === "play") {
      fly(event.cards?.[event.cards.length - 1], seat, discard, delay);
      delay += 120;
    } else if (event.type === "draw") {
      const target = event.player === me ? root.querySelector(".hand") : seat;
      const count = Math.min(event.count || 1, 4);
      for (let i = 0; i < count; i++) { fly(null, pile, target, delay); delay += 80; }
    }
  }
}

/**
 * Say and sound the events; `turnCame`: our turn began with them (it was not ours
 * before), which is said too unless the round ended in them.
 */
export function tell(events, me, turnCame) {
  let ended = false;
  for (const event of events) {
    const text = describe(event, me);
    if (text) announce(text);
    if (SOUNDS[event.type]) sound(SOUNDS[event.type]);
    if (event.type === "round_over" || event.type === "match_over") ended = true;
  }
  if (!ended && turnCame && events.length) {
    sound("turn");
    announce(t("table.your_turn"));
  }
}
