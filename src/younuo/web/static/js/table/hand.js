// The player's own hand: a button per card in hand order. The cards some legal play
// starts with carry "playable" (lit by Hint) and, while the header's card switch is on,
// "can-play" (shown without Hint); selected cards are pressed; a card that just arrived
// gets a little entrance. Each card keeps its element while it stays in the hand.

import { html } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { handPoints } from "../cards.js";
import { showPlayable } from "../prefs.js";
import { playableCodes } from "./legal.js";

export class Hand {
  constructor() { this.before = null; }

  /** The markup of `hand` (sorted codes) with `selected` (a Set of indexes) pressed. */
  markup(ctx, hand, selected, hinting) {
    const playable = playableCodes(ctx.legal);
    const shown = showPlayable() ? playable : new Set();
    // Cards that arrived since the last drawing get an entrance; each card's key is its
    // code and which copy of that code it is, so the others keep their elements.
    const before = [...(this.before || hand)];
    const copies = new Map();
    this.before = hand;
    return html`<div class="hand ${hinting ? "hinting" : ""} ${showPlayable() ? "show-playable" : ""} ${shown.size ? "some-playable" : ""}" role="group" aria-label="${t("table.hand", { cards: t("table.cards", { n: hand.length }), points: t("table.points", { n: handPoints(hand) }) })}">
      ${hand.map((code, i) => {
        const at = before.indexOf(code);
        if (at >= 0) before.splice(at, 1);
        const copy = (copies.get(code) || 0) + 1;
        copies.set(code, copy);
        const classes = [playable.has(code) && "playable", selected.has(i) && "selected", at < 0 && "fresh", ctx.view.drawn === code && "drawn", shown.has(code) && "can-play"];
        return html`<button class="hand-card ${classes.filter(Boolean).join(" ")}"
        data-action="card" data-i="${i}" data-code="${code}" data-key="card-${code}-${copy}" aria-pressed="${selected.has(i)}"
        aria-label="${cardName(code)}${playable.has(code) ? `, ${t("table.playable")}` : ""}"><yn-card code="${code}" decorative></yn-card></button>`;
      })}
    </div>`;
  }
}
