// Titles beside a name (docs/tournaments.md, Titles): the master badge wherever a name
// shows (lobby leaderboard, room seat, table seat, profile), and a title's line on the
// profile with its dates, or the moderator's reason once revoked.

import { html } from "../dom.js";
import { t } from "../i18n.js";

/** The badge of a shown title ("master" or "lifetime_master"); nothing for none. */
export function titleBadge(kind) {
  if (kind !== "master" && kind !== "lifetime_master") return "";
  return html`<span class="tag title-badge ${kind}" title="${t(`title.${kind}`)}">${t(`title.${kind}`)}</span>`;
}

/** The last day a title is valid: the day before `expires`, the first day it is not. */
function lastDay(expires) {
  const day = new Date(`${expires}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** One title on the profile: the badge, the event it was won at, and its dates. */
export function titleLine(title) {
  const when = title.revoked_on
    ? t("profile.title_revoked", { day: title.revoked_on, reason: title.revoked_reason })
    : title.expires === null ? "" : t("profile.title_until", { day: lastDay(title.expires) });
  return html`<li class="title-line">${titleBadge(title.kind)} ${t("profile.title_event", { event: title.event })}
    ${when ? html`<span class="muted small">· ${when}</span>` : ""}</li>`;
}
