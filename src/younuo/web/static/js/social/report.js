// Reporting a player (docs/social.md, Moderation): the reasons a report may give, as a
// small menu, and the report itself (/api/reports) with where it was made.

import { html } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { api } from "../net.js";
import { toast } from "../parts/notice.js";

export const REASONS = ["cheating", "abuse", "name", "afk"];

/** The menu of reasons for reporting ``name`` (buttons report-send / report-close). */
export function reportMenu(name) {
  return html`<div class="report-menu" role="group" aria-label="${t("social.report_sender", { name })}">
    <p class="small">${t("social.report_why", { name })}</p>
    <div class="row wrap">${REASONS.map((r) => html`<button class="small" data-action="report-send" data-reason="${r}" data-key="report-${r}">${t(`report.reason.${r}`)}</button>`)}
    <button class="small" data-action="report-close" data-key="report-close">${t("common.cancel")}</button></div></div>`;
}

/** Report `account` from a chat for `reason`; with no `room` (a conversation between
 * friends) the server attaches their direct messages to us. Says how it went. */
export async function fileReport(account, reason, room) {
  try {
    await api("POST", "/api/reports", { account, reason, source: "chat", room });
    toast(t("social.reported"));
  } catch (error) { toast(errorText(error), "warn"); }
}
