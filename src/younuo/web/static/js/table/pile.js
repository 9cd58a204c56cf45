// The centre of the table: the direction arrow in the colour in force, the draw pile
// (its count; a tap draws when drawing is legal), the discard pile with the cards under
// its top, the colour chip and the stacking total.

import { html } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { COLOR_SYMBOL } from "../parts/elements.js";
import { allows } from "./legal.js";

export function pileMarkup(ctx) {
  const v = ctx.view;
  const color = v.color || "none";
  const pile = v.discard_pile || (v.top ? [v.top] : []);
  const under = pile.slice(-4, -1);
  const dir = v.direction === 1 ? "cw" : "ccw";
  const canDraw = allows(ctx.legal, "draw");
  return html`
    <div class="direction dir-${dir} c-${color}" role="img" aria-label="${t(`table.direction_${dir}`)}, ${v.color ? t("table.color", { color: t(`color.${v.color}`) }) : ""}">
      <svg viewBox="0 0 200 200" aria-hidden="true"><defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10z" class="arrow-fill"/></marker></defs>
        <path d="M 100 12 A 88 88 0 0 1 188 100" class="arrow" marker-end="url(#arrowhead)"/>
        <path d="M 100 188 A 88 88 0 0 1 12 100" class="arrow" marker-end="url(#arrowhead)"/></svg>
    </div>
    <button class="draw-pile" data-action="draw" data-key="pile" ${canDraw ? "" : "disabled"} aria-label="${t("table.pile", { n: v.pile_count })}${canDraw ? `, ${t("act.draw")}` : ""}">
      <yn-card decorative></yn-card><span class="pile-count">${v.pile_count}</span></button>
    <div class="discard" aria-label="${t("table.discard", { card: v.top ? cardName(v.top) : "—", n: v.discard_count })}" role="img">
      ${under.map((c, i) => html`<yn-card class="under u${i}" code="${c}" decorative></yn-card>`)}
      ${v.top ? html`<yn-card class="top-card" code="${v.top}" decorative data-key="top-card"></yn-card>` : ""}
    </div>
    <div class="in-force">
      ${v.color ? html`<span class="color-chip c-${v.color}" title="${t("table.color", { color: t(`color.${v.color}`) })}"><span class="cb-sym">${COLOR_SYMBOL[v.color]}</span><span class="sr-only">${t("table.color", { color: t(`color.${v.color}`) })}</span></span>` : ""}
      ${v.pending_draw ? html`<span class="stack-total" role="status" aria-label="${t("table.stack", { n: v.pending_draw })}">+${v.pending_draw}</span>` : ""}
    </div>`;
}
