// The log of the match's events in words: on wide screens a short corner panel (newest
// last, cut at the top); opened (☰ or L), a dialog with more lines, so that on a phone
// it never lies over the buttons.

import { html } from "../dom.js";
import { t } from "../i18n.js";
import { describe } from "../parts/describe.js";

export function logMarkup(ctx, events, open) {
  const lines = events.map((e) => describe(e, ctx.me)).filter(Boolean);
  const list = (n, cls) => html`<ol class="${cls}" aria-label="${t("table.log")}">${lines.slice(-n).map((line) => html`<li>${line}</li>`)}</ol>`;
  if (!open) return list(8, "log");
  return html`<div class="overlay light" role="dialog" aria-modal="true" aria-labelledby="log-h"><div class="dialog log-dialog">
    <h2 id="log-h">${t("table.log")}</h2>${list(30, "log-lines")}
    <button data-action="log" data-key="log-close">${t("common.close")}</button></div></div>`;
}
