// Reporting a player (docs/social.md, Moderation): the reasons a report may give, as a
// small menu; the caller posts the report (/api/reports) with where it was made.

import { html } from "../dom.js";
import { t } from "../i18n.js";

export const REASONS = ["cheating", "abuse", "name", "afk"];

/** The menu of reasons for reporting ``name`` (buttons report-send / report-close). */
export function reportMenu(name) {
  return html`<div class="report-menu" role="group" aria-label="${t("social.report_sender", { name })}">
    <p class="small">${t("social.report_why", { name })}</p>
    <div class="row wrap">${REASONS.map((r) => html`<button class="small" data-action="report-send" data-reason="${r}" data-key="report-${r}">${t(`report.reason.${r}`)}</button>`)}
    <button class="small" data-action="report-close" data-key="report-close">${t("common.cancel")}</button></div></div>`;
}
