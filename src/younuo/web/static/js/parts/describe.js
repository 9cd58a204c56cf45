// Events (younuo.engine.events, as redacted for us) in words, for the log and for
// screen readers.

import { cardName, t } from "../i18n.js";

function cards(list) { return (list || []).map(cardName).join(", "); }

/** A sentence for an event, or "" for events not worth telling. */
export function describe(event, me) {
  const who = (name) => (name && name === me ? t("ev.you") : name || "");
  const p = who(event.player);
  const target = who(event.target);
  switch (event.type) {
    case "round_start": return t("ev.round_start", { n: event.round ?? "" });
    case "start_card":
      return event.reason === "returned" ? t("ev.start_returned", { card: cards(event.cards) }) : t("ev.start_card", { card: cards(event.cards) });
    case "play": return t(event.jump_in ? "ev.jump_play" : "ev.play", { player: p, cards: cards(event.cards) }) + (event.color && event.cards?.some((c) => c.startsWith("W")) ? ` → ${t(`color.${event.color}`)}` : "");
    case "jump_in": return t("ev.jump_in", { player: p });
    case "draw": return t(event.player === me && event.cards ? "ev.draw_seen" : "ev.draw", { player: p, n: event.count ?? (event.cards || []).length, cards: cards(event.cards) });
    case "pass": return t("ev.pass", { player: p });
    case "skip": return t("ev.skip", { player: p });
    case "reverse": return t("ev.reverse");
    case "penalty": return t("ev.penalty", { target, n: event.count });
    case "bounce": return t("ev.bounce", { player: p, target, n: event.count });
    case "choose_color": return t("ev.choose_color", { player: p, color: t(`color.${event.color}`) });
    case "uno": return t(event.reason === "false" ? "ev.uno_false" : "ev.uno", { player: p });
    case "catch": return t(event.reason === "false" ? "ev.catch_false" : "ev.catch", { player: p, target });
    case "challenge": return t(event.reason === "guilty" ? "ev.challenge_guilty" : "ev.challenge_innocent", { player: p, target });
    case "reveal": return event.cards ? t("ev.reveal_seen", { player: p, cards: cards(event.cards) }) : t("ev.reveal", { player: p, target });
    case "swap": return t("ev.swap", { player: p, target });
    case "rotate": return t("ev.rotate");
    case "reshuffle": return t("ev.reshuffle");
    case "timeout": return t("ev.timeout", { player: p });
    case "leave": return t("ev.leave", { player: p });
    case "player_out": return t("ev.player_out", { player: p });
    case "finish": return t("ev.finish", { player: p, place: event.place });
    case "round_over": return t("ev.round_over", { player: p, points: event.points });
    case "match_over": return t("ev.match_over", { player: p });
    case "dealer_draw": return t("ev.dealer", { player: p });
    default: return "";
  }
}
