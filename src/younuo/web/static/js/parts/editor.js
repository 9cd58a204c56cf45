// The room editor: room settings and every rule option, each with one sentence that
// explains it. Used to create a room (lobby) and by the host to change the rules.
// The preset comes first and the thirty-odd options are folded under "More rules"
// (a <details> whose open state is the player's: data-keep), so the form is short.

import { html } from "../dom.js";
import { t } from "../i18n.js";
import { isNumeric, optionNames, rulesInfo } from "../rules.js";

function valueLabel(name, value) {
  if (value === true) return t("common.on");
  if (value === false) return t("common.off");
  const key = `val.${name}.${value}`;
  const text = t(key);
  return text === key ? String(value) : text;
}

/** Markup of one option's control, showing `value`. */
function optionControl(name, value, prefix) {
  const id = `${prefix}-opt-${name}`;
  const spec = rulesInfo.choices[name];
  if (spec === "bool") {
    return html`<input type="checkbox" id="${id}" name="opt:${name}" data-key="${id}" ${value ? "checked" : ""}>`;
  }
  if (isNumeric(name)) {
    const [low, high] = rulesInfo.ranges[name];
    return html`<input type="number" id="${id}" name="opt:${name}" data-key="${id}" min="${low}" max="${high}" value="${value}" inputmode="numeric">`;
  }
  return html`<select id="${id}" name="opt:${name}" data-key="${id}">${spec.map((choice) =>
    html`<option value="${choice}" ${String(choice) === String(value) ? "selected" : ""}>${valueLabel(name, choice)}</option>`)}</select>`;
}

// The match lengths offered beside the preset (issue 43): a hand-made room plays to the
// preset's 500 unless the maker picks a shorter target or one round (R-SCORE: `single`).
// Each pick only sets the `target` and `scoring` fields under "More rules", which stay
// the truth, so a custom target typed there still works (then no pick is checked).
const LENGTHS = ["single", "100", "200", "500"];

/** The pick that matches `rules`, or null when the target is another number. */
function lengthOf(rules) {
  if (rules.scoring === "single") return "single";
  return LENGTHS.includes(String(rules.target)) ? String(rules.target) : null;
}

function lengthLabel(length) {
  return length === "single" ? t("create.length_single") : t("create.length_points", { n: length });
}

/** Set the `target` and `scoring` fields of `form` for the pick `length`. */
export function applyLength(form, length) {
  const scoring = form.elements.namedItem("opt:scoring");
  const target = form.elements.namedItem("opt:target");
  if (!scoring || !target) return;
  if (length === "single") { scoring.value = "single"; return; }
  if (scoring.value === "single") {
    // Leaving "one round": back to the preset's way of counting (cumulative if it is single).
    const base = (rulesInfo.presets[form.elements.namedItem("preset").value] || {}).scoring;
    scoring.value = base && base !== "single" ? base : "cumulative";
  }
  target.value = length;
}

/** The rule options of a preset with `options` set over it. */
export function effectiveRules(preset, options = {}) {
  return { ...(rulesInfo.presets[preset] || rulesInfo.presets.younuo), ...options };
}

/**
 * The editor's markup. `settings` is a RoomSettings-like object (name, seats, needed,
 * mode, preset, options, private, abandon); `prefix` keeps ids unique.
 */
export function editorMarkup(settings, prefix = "ed") {
  // The options come from the server (rules.js): until they have arrived, say so.
  if (!rulesInfo.loaded) return html`<p class="loading">${t("common.loading")}</p>`;
  const preset = settings.preset || "younuo";
  const rules = effectiveRules(preset, settings.options);
  const base = rulesInfo.presets[preset] || {};
  const row = (id, label, control, help) => html`
    <div class="opt">
      <label for="${id}">${label}</label>${control}
      <p class="help" id="${id}-help">${help}</p>
    </div>`;
  return html`
    <fieldset class="group">
      <legend>${t("create.room")}</legend>
      ${row(`${prefix}-name`, t("create.name"), html`<input id="${prefix}-name" name="name" maxlength="40" data-key="${prefix}-name" value="${settings.name || ""}" placeholder="${t("create.name_hint")}">`, t("create.name_help"))}
      ${row(`${prefix}-seats`, t("create.seats"), html`<input type="number" id="${prefix}-seats" name="seats" min="2" max="10" data-key="${prefix}-seats" value="${settings.seats ?? 8}">`, t("create.seats_help"))}
      ${row(`${prefix}-needed`, t("create.needed"), html`<input type="number" id="${prefix}-needed" name="needed" min="2" max="10" data-key="${prefix}-needed" value="${settings.needed ?? 4}">`, t("create.needed_help"))}
      ${row(`${prefix}-mode`, t("create.mode"), html`<select id="${prefix}-mode" name="mode" data-key="${prefix}-mode">
        ${["ffa", "teams"].map((m) => html`<option value="${m}" ${settings.mode === m ? "selected" : ""}>${t(`mode.${m}`)}</option>`)}</select>`, t("create.mode_help"))}
      ${row(`${prefix}-private`, t("create.private"), html`<input type="checkbox" id="${prefix}-private" name="private" data-key="${prefix}-private" ${settings.private ? "checked" : ""}>`, t("create.private_help"))}
      ${row(`${prefix}-abandon`, t("create.abandon"), html`<select id="${prefix}-abandon" name="abandon" data-key="${prefix}-abandon">
        ${["leave", "bot"].map((m) => html`<option value="${m}" ${settings.abandon === m ? "selected" : ""}>${t(`abandon.${m}`)}</option>`)}</select>`, t("create.abandon_help"))}
    </fieldset>
    <fieldset class="group">
      <legend>${t("create.rules")}</legend>
      ${row(`${prefix}-preset`, t("create.preset"), html`<select id="${prefix}-preset" name="preset" data-key="${prefix}-preset">
        ${Object.keys(rulesInfo.presets).map((p) => html`<option value="${p}" ${p === preset ? "selected" : ""}>${t(`preset.${p}`)}</option>`)}</select>`, t(`preset.${preset}.desc`))}
      <div class="opt length" role="radiogroup" aria-labelledby="${prefix}-length-h">
        <span class="label" id="${prefix}-length-h">${t("create.length")}</span>
        <div class="length-picks">${LENGTHS.map((length) => html`
          <label class="pick"><input type="radio" name="length" value="${length}" data-key="${prefix}-length-${length}" ${lengthOf(rules) === length ? "checked" : ""}>${lengthLabel(length)}</label>`)}</div>
        <p class="help">${t("create.length_help")}</p>
      </div>
      <details class="more-rules" id="${prefix}-more" data-keep>
        <summary data-key="${prefix}-more-open">${t("create.more_rules")}</summary>
      ${optionNames().map((name) => html`
        <div class="opt ${rules[name] !== base[name] ? "changed" : ""}">
          <label for="${prefix}-opt-${name}">${t(`opt.${name}`)} <span class="tag changed-tag">${t("create.changed")}</span></label>
          ${optionControl(name, rules[name], prefix)}
          <p class="help">${t(`opt.${name}.help`)}</p>
        </div>`)}
      </details>
    </fieldset>`;
}

/** Read the editor's form into RoomSettings (options: only those that differ from the preset). */
export function readEditor(form) {
  const get = (name) => form.elements.namedItem(name);
  const preset = get("preset").value;
  const base = rulesInfo.presets[preset] || {};
  const options = {};
  for (const name of optionNames()) {
    const field = get(`opt:${name}`);
    if (!field) continue;
    let value;
    if (field.type === "checkbox") value = field.checked;
    else if (isNumeric(name)) value = Number(field.value);
    else {
      const spec = rulesInfo.choices[name];
      value = spec.find((choice) => String(choice) === field.value) ?? field.value;
    }
    if (value !== base[name]) options[name] = value;
  }
  const settings = {
    seats: Number(get("seats").value),
    needed: Number(get("needed").value),
    mode: get("mode").value,
    preset,
    options,
    private: get("private").checked,
    abandon: get("abandon").value,
  };
  const name = get("name").value.trim();
  if (name) settings.name = name;
  return settings;
}

/** Mark the options that differ from the preset, in place (the form is not redrawn). */
export function markChanges(form) {
  const settings = readEditor(form);
  for (const row of form.querySelectorAll(".opt")) {
    const field = row.querySelector("[name^='opt:']");
    if (!field) continue;
    row.classList.toggle("changed", field.name.slice(4) in settings.options);
  }
  // A target or scoring changed under "More rules" moves the length pick with it.
  const length = lengthOf(effectiveRules(settings.preset, settings.options));
  for (const pick of form.querySelectorAll("input[name=length]")) pick.checked = pick.value === length;
  return settings;
}
