// Below the hand: the buttons Play, Draw (Take +N under a penalty), Pass, UNO!, Report,
// Challenge, Hint, Auto-play and Emote, each enabled only when the server's `legal`
// list allows it; while a bot plays the seat, a banner with the way back instead. And
// the status line of the top row, which says what the player may do now.

import { html } from "../dom.js";
import { t } from "../i18n.js";
import { playerName } from "../names.js";
import { allows, first } from "./legal.js";

function button(action, label, key, enabled, extra = "") {
  return html`<button class="act act-${action} ${extra}" data-action="${action}" data-key="act-${action}" ${enabled ? "" : "disabled"} aria-keyshortcuts="${key.toUpperCase()}"><span>${label}</span><kbd aria-hidden="true">${key.toUpperCase()}</kbd></button>`;
}

/** The buttons (or the auto-play banner); `canPlay`: whether the selection may be played. */
export function controlsMarkup(ctx, canPlay) {
  const v = ctx.view;
  const legal = ctx.legal;
  const mine = ctx.match.table.find((p) => p.name === ctx.me);
  if (mine?.autoplay && v.status === "playing") {
    // While a bot plays the seat the play buttons do nothing: the banner takes their
    // place (no taller than they were, so it fits a short phone) with the way back.
    return html`<div class="autoplay-banner" role="status"><span>${t("table.autoplay_on")}</span>
      <span class="row"><button class="primary" data-action="autoplay" data-key="autoplay-off" aria-keyshortcuts="A">${t("act.autoplay_off")}</button>
      <button data-action="emote" data-key="act-emote" aria-keyshortcuts="E">${t("act.emote")}</button></span></div>`;
  }
  const pending = v.pending_draw && ctx.myTurn && v.phase === "turn";
  return html`<div class="actions" role="toolbar" aria-label="${t("table.actions")}">
    ${button("play", t("act.play"), "p", canPlay, "primary")}
    ${button("draw", pending ? t("act.take", { n: v.pending_draw }) : t("act.draw"), "d", allows(legal, "draw"))}
    ${button("pass", t("act.pass"), "s", allows(legal, "pass"))}
    ${button("uno", t("act.uno"), "u", allows(legal, "uno"), "uno-btn")}
    ${button("catch", t("act.catch"), "r", allows(legal, "catch"))}
    ${button("challenge", t("act.challenge"), "c", allows(legal, "challenge"))}
    ${button("hint", t("act.hint"), "h", Boolean(ctx.me) && v.status === "playing")}
    ${button("autoplay", mine?.autoplay ? t("act.autoplay_off") : t("act.autoplay_on"), "a", v.status === "playing", mine?.autoplay ? "on" : "")}
    ${button("emote", t("act.emote"), "e", true)}
  </div>`;
}

/** What the player may do now, in words (the top row's live status). */
export function statusLine(ctx) {
  const v = ctx.view;
  if (v.status !== "playing") return "";
  if (!ctx.me) return v.current ? t("table.turn_of", { name: playerName(v.current) }) : "";
  const report = first(ctx.legal, "catch");
  if (ctx.myTurn) {
    // Report (catch) is open on our own turn too: say so before anything else.
    if (report) return t("table.may_catch_your_turn", { name: playerName(report.target) });
    if (v.phase === "choose_color") return t("table.choose_start_color");
    if (v.challenge_open) return t("table.may_challenge", { n: v.pending_draw });
    if (v.pending_draw) return t("table.pending_you", { n: v.pending_draw });
    if (v.phase === "drawn") return t("table.drawn_hint");
    return t("table.your_turn");
  }
  if (report) return t("table.may_catch", { name: playerName(report.target) });
  return t("table.turn_of", { name: playerName(v.current) || "—" });
}
