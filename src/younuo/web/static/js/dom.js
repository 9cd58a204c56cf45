// Small helpers to build markup safely: every interpolated value is escaped
// unless it is wrapped in raw() (markup we built ourselves).

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export class Raw {
  constructor(text) { this.text = String(text); }
  toString() { return this.text; }
}

/** Markup we trust (built by html`` or by our own SVG code). */
export function raw(text) { return new Raw(text); }

export function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function piece(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(piece).join("");
  return escape(value);
}

/** Tagged template: html`<b>${name}</b>` escapes name, keeps arrays and raw() as markup. */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => { out += piece(value) + strings[i + 1]; });
  return new Raw(out);
}

/**
 * Replace an element's content, keeping keyboard focus on the element with the same
 * data-key (screens re-render on every update; a keyboard player must not lose focus).
 */
export function render(element, markup) {
  const active = document.activeElement;
  const key = active && element.contains(active) ? active.dataset.key : null;
  const scrollers = [...element.querySelectorAll("[data-scroll]")].map((el) => [el.dataset.scroll, el.scrollLeft, el.scrollTop]);
  // Fields marked data-keep hold what the player typed (or opened) across renders.
  const kept = [...element.querySelectorAll("[data-keep]")].map((el) => [el.dataset.keep, el.tagName === "DETAILS" ? el.open : el.type === "checkbox" ? el.checked : el.value]);
  element.innerHTML = piece(markup);
  for (const [name, value] of kept) {
    const el = element.querySelector(`[data-keep="${CSS.escape(name)}"]`);
    if (!el) continue;
    if (el.tagName === "DETAILS") el.open = value;
    else if (el.type === "checkbox") el.checked = value;
    else el.value = value;
  }
  for (const [name, left, top] of scrollers) {
    const el = element.querySelector(`[data-scroll="${name}"]`);
    if (el) { el.scrollLeft = left; el.scrollTop = top; }
  }
  if (key) {
    const again = element.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** Call handler(action, element, event) for clicks on [data-action] inside root. */
export function onAction(root, handler) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target) || target.disabled) return;
    handler(target.dataset.action, target, event);
  });
}
