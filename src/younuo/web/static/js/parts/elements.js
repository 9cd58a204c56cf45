// Small Web Components used by every screen: <yn-card>, <yn-avatar>, <yn-countdown>.
// They render into their own light DOM so the page's stylesheet applies.

import { avatarSvg } from "../avatar.js";
import { parseCard } from "../cards.js";
import { cardName, onLanguage, t } from "../i18n.js";

export const COLOR_SYMBOL = { red: "▲", yellow: "●", green: "■", blue: "◆" };
// Inline icons drawn with lines (an emoji such as ⏱ or 🏁 is missing from some fonts).
export const ICON_CLOCK = `<svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="13" r="8"/><path d="M12 9v4l3 2M9 2h6"/></svg>`;
export const ICON_FLAG = `<svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 22V3m0 1h12l-2.5 4L17 12H5"/></svg>`;
// The replay's controls and the chat button, drawn rather than written (⏮⏭⏸ and 💬 are
// emoji that render as an empty box where the font lacks them).
const solid = (d) => `<svg class="ico solid" viewBox="0 0 24 24" aria-hidden="true"><path d="${d}"/></svg>`;
export const ICON_FIRST = solid("M5 5h2.5v14H5zM19 5v14L8.5 12z");
export const ICON_PREV = solid("M18 5v14L7 12z");
export const ICON_PLAY = solid("M7 5v14l11-7z");
export const ICON_PAUSE = solid("M6 5h4v14H6zM14 5h4v14h-4z");
export const ICON_NEXT = solid("M3 5v14l9-7zM12 5v14l9-7z");
export const ICON_LAST = solid("M5 5v14l10.5-7zM16.5 5H19v14h-2.5z");
export const ICON_CHAT = `<svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v11H10l-5 4v-4H4z"/><path d="M8 9.5h8M8 12.5h5"/></svg>`;
const GLYPH = { S: "⊘", R: "⇄", "+2": "+2", A: "≡", W: "", "W+4": "+4", WB: "↩" };

/** The inner markup of a card face (also used outside <yn-card>, e.g. in the replay). */
export function cardFace(code) {
  const card = parseCard(code);
  const color = card.color || "wild";
  const glyph = /^\d$/.test(card.rank) ? card.rank : GLYPH[card.rank];
  const symbol = card.color ? `<span class="cb-sym" aria-hidden="true">${COLOR_SYMBOL[card.color]}</span>` : "";
  const wheel = card.color ? "" : `<span class="wheel" aria-hidden="true"><i></i><i></i><i></i><i></i></span>`;
  return `<span class="card-face c-${color}${card.rank === "6" || card.rank === "9" ? " underline" : ""}" aria-hidden="true">` +
    `<span class="corner tl">${glyph || "W"}</span>${symbol}<span class="oval">${wheel}<b>${glyph}</b></span>` +
    `<span class="corner br">${glyph || "W"}</span></span>`;
}

class CardElement extends HTMLElement {
  static get observedAttributes() { return ["code"]; }
  connectedCallback() { this.paint(); }
  attributeChangedCallback() { if (this.isConnected) this.paint(); }
  paint() {
    const code = this.getAttribute("code");
    if (!code) {
      this.innerHTML = `<span class="card-face back" aria-hidden="true"><span class="oval"><b>優諾</b></span></span>`;
      return;
    }
    this.innerHTML = cardFace(code);
    if (!this.hasAttribute("decorative")) {
      this.setAttribute("role", "img");
      this.setAttribute("aria-label", cardName(code));
    }
  }
}

class AvatarElement extends HTMLElement {
  static get observedAttributes() { return ["outfit", "expression", "label"]; }
  connectedCallback() { this.paint(); }
  attributeChangedCallback() { if (this.isConnected) this.paint(); }
  paint() {
    this.innerHTML = avatarSvg(
      { outfit: this.getAttribute("outfit"), expression: this.getAttribute("expression") },
      this.getAttribute("label") || "",
    );
  }
}

/** Seconds left until `deadline` (server clock; `offset` = server minus local). */
class CountdownElement extends HTMLElement {
  static get observedAttributes() { return ["deadline", "offset"]; }
  connectedCallback() {
    this.tick();
    this.timer = setInterval(() => this.tick(), 250);
    this.off = onLanguage(() => this.tick());
  }
  disconnectedCallback() { clearInterval(this.timer); if (this.off) this.off(); }
  attributeChangedCallback() { if (this.isConnected) this.tick(); }
  tick() {
    const deadline = Number(this.getAttribute("deadline"));
    const offset = Number(this.getAttribute("offset") || 0);
    if (!deadline) { this.textContent = ""; return; }
    const left = Math.max(0, Math.ceil(deadline - (Date.now() / 1000 + offset)));
    const text = t("table.seconds", { s: left });
    if (this.textContent !== text) this.textContent = text;
    this.classList.toggle("urgent", left <= 5);
    this.dataset.left = String(left);
  }
}

customElements.define("yn-card", CardElement);
customElements.define("yn-avatar", AvatarElement);
customElements.define("yn-countdown", CountdownElement);
