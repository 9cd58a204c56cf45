// The table's dialogs: the colour picker (a wild, or the starting wild's colour), the
// target picker (a 7 under seven-zero), the emotes, leaving, the private reveal after a
// challenge, and the results of a round and of the match. Every choice a picker offers
// is one the server's `legal` list holds.

import { EXPRESSIONS } from "../avatar.js";
import { handPoints } from "../cards.js";
import { html } from "../dom.js";
import { cardName, levelName, t } from "../i18n.js";
import { playerName } from "../names.js";
import { COLOR_SYMBOL } from "../parts/elements.js";
import { camps } from "./record.js";
import { miniCards } from "./seat.js";

// Scorings that play to a target (the others end after one round).
export const TARGETED = new Set(["cumulative", "negative", "elimination"]);

function dialog(id, title, body, light = false, cls = "") {
  return html`<div class="overlay ${light ? "light" : ""}" role="dialog" aria-modal="true" aria-labelledby="${id}"><div class="dialog ${cls}">
    <h2 id="${id}">${title}</h2>${body}</div></div>`;
}

/** The colours `colors` (in the order listed) as buttons, 1–4 on the keyboard. */
export function colorPicker(colors, cancellable) {
  return dialog("pick-color-h", t("table.pick_color"), html`
    <div class="color-grid">${colors.map((c, i) => html`<button class="color-btn c-${c}" data-action="color" data-color="${c}" data-key="color-${c}" aria-keyshortcuts="${i + 1}">
      <span class="cb-sym" aria-hidden="true">${COLOR_SYMBOL[c]}</span> ${t(`color.${c}`)} <kbd aria-hidden="true">${i + 1}</kbd></button>`)}</div>
    ${cancellable ? html`<button data-action="close" data-key="color-cancel">${t("common.cancel")}</button>` : ""}`);
}

export function targetPicker(ctx, targets) {
  const v = ctx.view;
  return dialog("pick-target-h", t("table.pick_target"), html`
    <div class="target-list">${targets.map((p) => html`<button data-action="target" data-target="${p}" data-key="target-${p}">${playerName(p)} · ${t("table.cards", { n: v.hand_counts[v.players.indexOf(p)] })}</button>`)}</div>
    <button data-action="close" data-key="target-cancel">${t("common.cancel")}</button>`);
}

export function emotePicker(outfit) {
  return dialog("emote-h", t("act.emote"), html`
    <div class="emote-grid">${EXPRESSIONS.map((e) => html`<button class="face-btn" data-action="emote-pick" data-value="${e}" data-key="emote-${e}" aria-label="${t(`expression.${e}`)}"><yn-avatar outfit="${outfit}" expression="${e}"></yn-avatar></button>`)}</div>
    <button data-action="close" data-key="emote-cancel">${t("common.close")}</button>`, true);
}

/** Leaving: `cost` ({points, penalty}) says what the escape costs (R-LEAVE); null
 * when nothing is known (the rules not loaded) or the match is over. */
export function leaveDialog(cost) {
  const warn = cost ? t("table.leave_cost", { hand: t("table.points", { n: cost.points }), penalty: cost.penalty }) : t("table.leave_warn");
  return dialog("leave-h", t("table.leave_q"), html`<p class="leave-warn">${warn}</p>
    <div class="row right"><button data-action="close" data-key="leave-no">${t("common.cancel")}</button>
    <button class="danger" data-action="leave" data-key="leave-yes">${t("table.leave_yes")}</button></div>`);
}

/** After a challenge, the accused's hand, shown to the challenger alone. */
export function revealDialog([accused, cards], verdict) {
  // Titled with the verdict (who was right, who draws how many) when the challenge is
  // among the events this page holds; after a reload it may not be, then the hand's owner.
  const name = playerName(accused);
  const title = verdict ? t(verdict.guilty ? "table.reveal_guilty" : "table.reveal_innocent", { name, n: verdict.n }) : t("table.reveal_title", { name });
  return dialog("reveal-h", title, html`
    <p class="small muted">${t("table.reveal_private")}</p>
    <div class="reveal-cards" role="list">${cards.map((c) => html`<yn-card role="listitem" code="${c}"></yn-card>`)}</div>
    <button class="primary" data-action="reveal-ok" data-key="reveal-ok">${t("common.ok")}</button>`, false, "reveal");
}

/** Seconds to the next round, in words ("" when no round follows). */
export function nextRoundText(clock, now) {
  return clock.next_round_at ? t("results.next_in", { s: Math.max(0, Math.ceil(clock.next_round_at - now)) }) : "";
}

/**
 * The results of the round (every hand and its points, the totals, the countdown to
 * the next one) and, at the end, of the match (score, rating change, new level); in
 * team mode by camp. `round`: the last round_over event; `over`: the match_over message.
 */
export function resultsDialog(ctx, round, over, now) {
  const v = ctx.view;
  const me = ctx.me;
  const final = v.status === "match_over" || over;
  const hands = round?.hands || {};
  const winner = round?.player || v.round_winner;
  const results = over?.results || [];
  const teams = camps(v, ctx.match.table);
  const campOf = (name) => teams?.find((c) => c.members.includes(name))?.camp || null;
  const points = round?.points ?? v.round_points ?? 0;
  // In team mode the camp wins (team-mates share one score), not the one who went out.
  const roundLine = !winner ? "" : teams && campOf(winner)
    ? t(`results.camp_round_winner.${campOf(winner)}`, { name: playerName(winner), points })
    : t(winner === me ? "results.round_winner.you" : "results.round_winner", { name: playerName(winner), points });
  const matchCamp = over?.winner && teams ? campOf(over.winner) : null;
  const matchLine = !over?.winner ? t("results.no_winner") : matchCamp
    ? t(`results.camp_match_winner.${matchCamp}`)
    : t(over.winner === me ? "results.match_winner.you" : "results.match_winner", { name: playerName(over.winner) });
  const target = TARGETED.has(v.rules.scoring) ? v.rules.target : null;
  return dialog("results-h", final ? t("results.match_over") : t("results.round_over", { n: v.round }), html`
    ${winner ? html`<p class="winner-line">★ ${roundLine}</p>` : ""}
    ${target ? html`<p class="target-line small muted">${t(v.rules.scoring === "cumulative" ? "results.target.cumulative" : "results.target.negative", { n: target })}</p>` : ""}
    ${teams ? html`<table class="score-table camp-table">
      <caption class="sr-only">${t("results.camps")}</caption>
      <thead><tr><th scope="col">${t("results.camp")}</th><th scope="col">${t("results.members")}</th><th scope="col">${t("results.total")}</th></tr></thead>
      <tbody>${teams.map((c) => html`<tr class="camp-row camp-${c.camp} ${c.camp === (final ? matchCamp : campOf(winner)) ? "won" : ""}" data-camp="${c.camp}">
        <th scope="row"><span class="camp-dot ${c.camp}"></span>${t(`camp.${c.camp}.short`)}</th>
        <td>${c.members.map(playerName).join(t("list.sep"))}</td><td class="camp-total">${c.total}</td></tr>`)}</tbody></table>` : ""}
    <table class="score-table">
      <caption class="sr-only">${t("results.round_table")}</caption>
      <thead><tr><th scope="col">${t("results.player")}</th><th scope="col">${t("results.hand")}</th><th scope="col">${t("results.points")}</th><th scope="col">${t("results.total")}</th></tr></thead>
      <tbody>${v.players.map((name, i) => {
        const cards = hands[name];
        const camp = campOf(name);
        return html`<tr class="${name === winner ? "won" : ""} ${name === me ? "me" : ""}"><th scope="row">${camp ? html`<span class="camp-dot ${camp}" title="${t(`camp.${camp}`)}"></span>` : ""}${playerName(name)}</th>
          <td class="hand-cell">${cards ? (cards.length ? miniCards(cards, 12) : "—") : t("table.cards", { n: v.hand_counts[i] })}<span class="sr-only">${cards ? cards.map(cardName).join(", ") : ""}</span></td>
          <td>${cards ? handPoints(cards) : ""}</td><td>${v.scores[i]}</td></tr>`;
      })}</tbody>
    </table>
    ${final && results.length ? html`
      <h3 class="match-winner">${matchLine}</h3>
      <table class="score-table"><caption class="sr-only">${t("results.match_table")}</caption>
        <thead><tr><th scope="col">${t("results.player")}</th><th scope="col">${t("results.score")}</th><th scope="col">${t("results.change")}</th><th scope="col">${t("results.level")}</th></tr></thead>
        <tbody>${results.map((r) => html`<tr class="${r.winner || r.name === over.winner ? "won" : ""}"><th scope="row">${campOf(r.name) ? html`<span class="camp-dot ${campOf(r.name)}"></span>` : ""}${playerName(r.name)}${r.left ? html` <span class="tag">${t("table.left")}</span>` : ""}</th>
          <td>${r.score}</td><td class="${r.rating_change >= 0 ? "up" : "down"}" title="${Object.entries(r.breakdown || {}).map(([k, n]) => `${t(`results.${k}`)} ${n}`).join(", ")}">${r.rating_change >= 0 ? "+" : ""}${r.rating_change}</td>
          <td>${r.level ? `${levelName(r.level)} (${r.rating})` : ""}${r.skill != null ? html`<br><span class="skill ${r.skill_change > 0 ? "up" : r.skill_change < 0 ? "down" : ""}">${t("common.labelled", { label: t("results.skill"), value: `${r.skill} (${r.skill_change >= 0 ? "+" : ""}${r.skill_change})` })}</span>` : ""}</td></tr>`)}</tbody></table>` : ""}
    ${final ? html`<button class="primary" data-action="back-to-room" data-key="back-to-room" ${over ? "" : "disabled"}>${t("results.back")}</button>`
      : html`<p class="next-round muted" aria-live="off">${nextRoundText(ctx.match.clock, now)}</p>`}`, false, "results");
}
