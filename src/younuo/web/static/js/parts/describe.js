// Events (younuo.engine.events, as redacted for us) in words, for the log and for
// screen readers. Each message is a whole sentence per language with named
// parameters; when the event's player (or its target) is the reader, the sentence's
// own second-person form is used ("ev.play.you": "You played…", "你出了…"), never the
// third-person sentence with "You" put in as a name.

import { cardName, has, t } from "../i18n.js";
import { playerName } from "../names.js";

/** Cards as a list in the reader's language ("Red 5, Red 5", "紅色 5、紅色 5"). */
function cards(list) { return (list || []).map(cardName).join(t("list.sep")); }

/**
 * The sentence `key` for an event, in its "you" / "to_you" form when the reader is meant;
 * `name` says a player's name (the table's seats by default; the replay passes its own).
 */
function say(key, event, me, params = {}, name = playerName) {
  let form = key;
  if (me && event.player === me && has(`${key}.you`)) form = `${key}.you`;
  else if (me && event.target === me && has(`${key}.to_you`)) form = `${key}.to_you`;
  return t(form, { player: name(event.player) || "", target: name(event.target) || "", ...params });
}

/** A sentence for an event, or "" for events not worth telling. */
export function describe(event, me, name = playerName) {
  const say_ = (key, params) => say(key, event, me, params, name);
  switch (event.type) {
    case "round_start": return t("ev.round_start", { n: event.round ?? "" });
    case "start_card":
      return event.reason === "returned" ? t("ev.start_returned", { card: cards(event.cards) }) : t("ev.start_card", { card: cards(event.cards) });
    case "play": {
      const wild = event.color && event.cards?.some((c) => c.startsWith("W"));
      const key = event.jump_in ? "ev.jump_play" : "ev.play";
      return say_(wild ? `${key}_wild` : key, { cards: cards(event.cards), color: wild ? t(`color.${event.color}`) : "" });
    }
    case "jump_in": return say_("ev.jump_in");
    case "draw":
      if (event.player === me && event.cards) return say_("ev.draw_seen", { cards: cards(event.cards) });
      return say_("ev.draw", { n: event.count ?? (event.cards || []).length });
    case "pass": return say_("ev.pass");
    case "skip": return say_("ev.skip");
    case "reverse": return t("ev.reverse");
    // A penalty's subject is its target: "You face a penalty of 2 cards" (not "must draw":
    // it may still be stacked or challenged; the draw that settles it is told by itself).
    case "penalty": return say("ev.penalty", { player: event.target }, me, { n: event.count }, name);
    case "bounce": return say_("ev.bounce", { n: event.count });
    case "choose_color": return say_("ev.choose_color", { color: t(`color.${event.color}`) });
    case "uno": return say_(event.reason === "false" ? "ev.uno_false" : "ev.uno");
    case "catch": return say_(event.reason === "false" ? "ev.catch_false" : "ev.catch");
    case "challenge": return say_(event.reason === "guilty" ? "ev.challenge_guilty" : "ev.challenge_innocent");
    case "reveal": return event.cards ? say_("ev.reveal_seen", { cards: cards(event.cards) }) : say_("ev.reveal");
    case "swap": return say_("ev.swap");
    case "rotate": return t("ev.rotate");
    case "reshuffle": return t("ev.reshuffle");
    case "timeout": return say_("ev.timeout");
    case "leave": return say_("ev.leave");
    case "player_out": return say_("ev.player_out");
    case "finish": return say_("ev.finish", { place: event.place });
    case "round_over": return say_("ev.round_over", { points: event.points });
    case "match_over": return say_("ev.match_over");
    case "dealer_draw": return say_("ev.dealer");
    default: return "";
  }
}
