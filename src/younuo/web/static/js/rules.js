// Rule options for the room editor: the choices of each option and the presets'
// values (RULES.md, R-PRESET). Taken from GET /api/rules when the server offers it;
// the copy below (of younuo.engine.rules) keeps the editor usable without it.

import { api } from "./net.js";

export const OPTION_ORDER = [
  "deck", "decks", "first_player", "later_rounds", "start_card", "two_player_reverse",
  "draw_and_play", "force_play", "draw_until_playable", "no_bluff", "stacking",
  "forced_stacking", "stacked_challenge", "uno_penalty", "false_uno_penalty",
  "false_catch_penalty", "jump_in", "seven_zero", "last_card", "multi_play", "scoring",
  "target", "turn_seconds", "match_seconds", "partner_rotation",
];

const CHOICES = {
  deck: ["standard", "party"], decks: ["auto", 1, 2],
  first_player: ["host", "draw_high", "random"], later_rounds: ["winner_starts", "winner_deals"],
  start_card: ["apply", "number_only"], two_player_reverse: ["skip", "reverse"],
  draw_and_play: "bool", force_play: "bool", draw_until_playable: "bool", no_bluff: "bool",
  forced_stacking: "bool", seven_zero: "bool", partner_rotation: "bool",
  stacking: ["none", "same", "progressive", "any"], stacked_challenge: ["none", "first"],
  uno_penalty: [0, 20], false_uno_penalty: [0, 20], false_catch_penalty: [0, 20],
  jump_in: ["off", "numbers", "all"], last_card: ["any", "no_action_wild", "number_only"],
  multi_play: ["off", "identical", "same_rank"],
  scoring: ["cumulative", "negative", "elimination", "knockout", "single"],
  target: [1, 1000000], turn_seconds: [0, 3600], match_seconds: [0, 86400],
};
const NUMERIC = new Set(["uno_penalty", "false_uno_penalty", "false_catch_penalty", "target", "turn_seconds", "match_seconds"]);

const CLASSIC = {
  deck: "standard", decks: "auto", first_player: "draw_high", later_rounds: "winner_deals",
  start_card: "apply", two_player_reverse: "skip", draw_and_play: true, force_play: false,
  draw_until_playable: false, no_bluff: false, forced_stacking: false, seven_zero: false,
  stacking: "none", stacked_challenge: "first", uno_penalty: 2, false_uno_penalty: 0,
  false_catch_penalty: 0, jump_in: "off", last_card: "any", multi_play: "off",
  scoring: "cumulative", target: 500, turn_seconds: 30, match_seconds: 0, partner_rotation: false,
};
const PRESETS = {
  classic: CLASSIC,
  younuo: {
    ...CLASSIC, first_player: "host", later_rounds: "winner_starts", draw_and_play: false,
    stacking: "progressive", last_card: "no_action_wild", false_uno_penalty: 2,
    false_catch_penalty: 2, turn_seconds: 15,
  },
  party: {
    ...CLASSIC, deck: "party", decks: 2, first_player: "random", later_rounds: "winner_starts",
    stacking: "progressive", forced_stacking: true, stacked_challenge: "none", jump_in: "all",
    seven_zero: true, false_uno_penalty: 2, false_catch_penalty: 2, turn_seconds: 10,
    match_seconds: 180,
  },
};

export const rulesInfo = {
  presets: PRESETS,
  choices: CHOICES,
  botLevels: ["random", "easy", "normal", "hard"],
  loaded: false,
};

/** Whether an option takes a number (its choices are then [low, high]). */
export function isNumeric(name) { return NUMERIC.has(name); }

/** Read GET /api/rules, whatever reasonable shape it has; keep the copy above otherwise. */
export async function loadRules() {
  if (rulesInfo.loaded) return rulesInfo;
  try {
    const data = await api("GET", "/api/rules");
    const presets = data.presets;
    if (presets && typeof presets === "object" && !Array.isArray(presets)) {
      for (const [name, values] of Object.entries(presets)) {
        if (values && typeof values === "object") {
          const { preset: _ignored, ...options } = values;
          PRESETS[name] = { ...CLASSIC, ...options };
        }
      }
    }
    const choices = data.options || data.choices;
    if (choices && typeof choices === "object") {
      for (const [name, spec] of Object.entries(choices)) {
        if (NUMERIC.has(name) || !(name in CHOICES)) continue;
        const values = Array.isArray(spec) ? spec : spec?.choices || spec?.values;
        if (Array.isArray(values) && values.length) CHOICES[name] = values;
      }
    }
    if (Array.isArray(data.bot_levels) && data.bot_levels.length) rulesInfo.botLevels = data.bot_levels;
    rulesInfo.loaded = true;
  } catch { /* keep the built-in copy */ }
  return rulesInfo;
}
