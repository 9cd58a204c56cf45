// Verdicts and penalties as a banner at the table (issue 43): a challenge's outcome, a
// caught or wrong report, a false UNO and a penalty's draw, each said to the players
// it concerns (the challenger and the challenged, the reporter and the reported, the
// one who draws) with who draws how many. On phones the log is hidden, so without this
// nobody would know why two or six cards just arrived.

import { t } from "../i18n.js";
import { playerName } from "../names.js";

// The draw that settles each verdict (younuo.engine.events: `draw`'s `reason`).
const SETTLED_BY = {
  challenge: "challenge",
  caught: "uno_penalty",
  catch_false: "false_catch",
  uno_false: "false_uno",
};

/** How many cards the draw of `reason` after position `at` in `events` took (0 if none). */
function drawn(events, at, reason) {
  const draw = events.slice(at + 1).find((e) => e.type === "draw" && e.reason === reason);
  return draw ? (draw.count ?? (draw.cards || []).length) : 0;
}

/**
 * The verdicts in a batch of events that concern reader `me`, as `{key, params}` pairs
 * of the language tables (said by {@link verdictText} in the language of the moment).
 */
export function verdicts(events, me) {
  if (!me) return [];
  const found = [];
  const add = (key, event, n) => found.push({ key, params: { player: event.player, target: event.target, n } });
  events.forEach((event, at) => {
    const mine = event.player === me;
    const aimed = event.target === me;
    if (event.type === "challenge" && (mine || aimed)) {
      const won = event.reason === "guilty";
      add(`verdict.${won ? "challenge_won" : "challenge_lost"}.${mine ? "you" : "to_you"}`, event, drawn(events, at, SETTLED_BY.challenge));
    } else if (event.type === "catch" && (mine || aimed)) {
      const kind = event.reason === "false" ? "catch_false" : "caught";
      add(`verdict.${kind}.${mine ? "you" : "to_you"}`, event, drawn(events, at, SETTLED_BY[kind]));
    } else if (event.type === "uno" && event.reason === "false" && mine) {
      add("verdict.uno_false.you", event, drawn(events, at, SETTLED_BY.uno_false));
    } else if (event.type === "draw" && event.reason === "penalty" && mine) {
      // A Draw Two or a stack of draw cards taken (R-STACK): the last word on them.
      add("verdict.penalty.you", event, event.count ?? (event.cards || []).length);
    }
  });
  return found;
}

/** A verdict in the reader's language, with the players' names as the table says them. */
export function verdictText({ key, params }) {
  return t(key, { ...params, player: playerName(params.player) || "", target: playerName(params.target) || "" });
}

/**
 * The newest challenge in `events` by `challenger` of `accused` and the cards it cost:
 * {guilty, n}, or null when the events no longer hold it.
 */
export function lastChallenge(events, challenger, accused) {
  for (let at = events.length - 1; at >= 0; at--) {
    const event = events[at];
    if (event.type === "challenge" && event.player === challenger && event.target === accused) return { guilty: event.reason === "guilty", n: drawn(events, at, SETTLED_BY.challenge) };
  }
  return null;
}
