// The rule options for the room editor, as the server gives them (GET /api/rules): each
// preset's values, each option's choices, the bounds of the number options and the bot
// levels. The client keeps no copy of the rules: what it shows comes from the server,
// and what may be played comes from each message's `legal` actions.

import { api } from "./net.js";

export const rulesInfo = {
  presets: {},
  choices: {},
  ranges: {},
  botLevels: [],
  escape: [], // R-LEAVE: [{from_points, penalty, compensation}], lowest band first
  loaded: false,
};

let loading = null;

/** Whether an option takes a number (its bounds are rulesInfo.ranges[name]). */
export function isNumeric(name) { return rulesInfo.choices[name] === "int"; }

/** The options in the server's order (the rule book's). */
export function optionNames() { return Object.keys(rulesInfo.choices); }

/**
 * R-LEAVE: the rating points leaving a running match with `points` in hand costs (a
 * positive number, as the server's table has it), or null before GET /api/rules.
 */
export function escapeCost(points) {
  const bands = rulesInfo.escape.filter((b) => points >= b.from_points);
  return bands.length ? -bands[bands.length - 1].penalty : null;
}

/** Read GET /api/rules once; again after a failure (the next screen that needs it asks). */
export function loadRules() {
  if (!loading) {
    loading = api("GET", "/api/rules").then((data) => {
      for (const [name, values] of Object.entries(data.presets)) {
        const { preset: _name, ...options } = values;
        rulesInfo.presets[name] = options;
      }
      Object.assign(rulesInfo.choices, data.choices);
      Object.assign(rulesInfo.ranges, data.ranges);
      rulesInfo.botLevels = data.bot_levels;
      rulesInfo.escape = data.escape;
      rulesInfo.loaded = true;
      return rulesInfo;
    }, (error) => { loading = null; throw error; });
  }
  return loading;
}
