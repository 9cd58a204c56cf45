// Building markup safely, and drawing it into the page by changing only what differs.
//
// html`` escapes every interpolated value unless it is wrapped in raw() (markup we
// built ourselves). patch() brings an element's children to the given markup by
// keeping every node that still fits and changing only the attributes and texts that
// differ: a card that stays in the hand stays the same element, so focus, scroll
// position, typed values and running animations survive an update by themselves.
// Part draws one piece of a screen and skips the work when its markup did not change.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export class Raw {
  constructor(text) { this.text = String(text); }
  toString() { return this.text; }
}

/** Markup we trust (built by html`` or by our own SVG code). */
export function raw(text) { return new Raw(text); }

function escape(value) {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Markup as text: null and undefined are nothing, arrays are joined, the rest escaped. */
export function markupText(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(markupText).join("");
  return escape(value);
}

/** Tagged template: html`<b>${name}</b>` escapes name, keeps arrays and raw() as markup. */
export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => { out += markupText(value) + strings[i + 1]; });
  return new Raw(out);
}

// A node's identity across drawings: its data-key (or id) when it has one.
function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  return node.getAttribute("data-key") ?? (node.id || null);
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && (a.nodeType !== Node.ELEMENT_NODE || a.tagName === b.tagName);
}

// Attributes whose live value is a property the player can change (typing, ticking a
// box, opening a <details>): set with the attribute when the markup changes them, and
// left alone on elements marked data-keep, whose state belongs to the player.
const LIVE = { value: "value", checked: "checked", selected: "selected", open: "open" };

function syncAttributes(old, next) {
  const keep = old.hasAttribute("data-keep");
  for (const { name, value } of next.attributes) {
    if (old.getAttribute(name) === value) continue;
    if (keep && name in LIVE) continue;
    old.setAttribute(name, value);
    if (name in LIVE) old[LIVE[name]] = name === "value" ? value : true;
  }
  for (const name of [...old.getAttributeNames()]) {
    if (next.hasAttribute(name) || (keep && name in LIVE)) continue;
    old.removeAttribute(name);
    if (name in LIVE) old[LIVE[name]] = name === "value" ? "" : false;
  }
}

function morph(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  syncAttributes(old, next);
  // Our custom elements (<yn-card>, <yn-avatar>, …) draw their own content from their
  // attributes; a kept <textarea>'s text is the player's.
  if (old.tagName.includes("-") || (old.tagName === "TEXTAREA" && old.hasAttribute("data-keep"))) return;
  patchChildren(old, next);
}

function patchChildren(parent, next) {
  const keyed = new Map();
  for (const child of parent.childNodes) {
    const key = keyOf(child);
    if (key !== null) keyed.set(key, child);
  }
  let cursor = parent.firstChild;
  for (const wanted of [...next.childNodes]) {
    const key = keyOf(wanted);
    let found = null;
    if (key !== null) {
      const candidate = keyed.get(key);
      if (candidate && sameKind(candidate, wanted)) found = candidate;
      keyed.delete(key);
    } else if (cursor && keyOf(cursor) === null && sameKind(cursor, wanted)) {
      found = cursor;
    }
    if (!found) { parent.insertBefore(wanted, cursor); continue; }
    if (found === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(found, cursor);
    morph(found, wanted);
  }
  while (cursor) {
    const after = cursor.nextSibling;
    cursor.remove();
    cursor = after;
  }
}

/** Bring `element`'s children to `markup`, touching only what differs. */
export function patch(element, markup) {
  const template = document.createElement("template");
  template.innerHTML = markupText(markup);
  const active = document.activeElement;
  patchChildren(element, template.content);
  // A keyed element moved within its parent loses focus in some browsers: give it back.
  if (active && active !== document.activeElement && active.isConnected && element.contains(active)) {
    active.focus({ preventScroll: true });
  }
}

/**
 * One piece of a screen (a seat, the hand, the pile, the log, a dialog) drawn into its
 * own element: show() patches it only when the markup differs from the last drawing.
 */
export class Part {
  constructor(root) {
    this.root = root;
    this.drawn = null;
  }

  /** Draw `markup`; true when anything changed. */
  show(markup) {
    const text = markupText(markup);
    if (text === this.drawn) return false;
    this.drawn = text;
    patch(this.root, raw(text));
    return true;
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
