// Card flights for plays and draws: a copy of the card moves from where it left to
// where it lands (Web Animations API). Nothing moves when the player asked for
// reduced motion.

import { cardFace } from "./elements.js";

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Fly a card (code, or null for a card back) from element `from` to element `to`. */
export function fly(code, from, to, delay = 0) {
  if (!from || !to || reduced() || !document.body.animate) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const card = document.createElement("div");
  card.className = "flying";
  card.setAttribute("aria-hidden", "true");
  card.innerHTML = code ? cardFace(code) : `<span class="card-face back"><span class="oval"><b>優諾</b></span></span>`;
  document.body.append(card);
  const w = card.offsetWidth || 56;
  const h = card.offsetHeight || 84;
  const start = `translate(${a.left + a.width / 2 - w / 2}px, ${a.top + a.height / 2 - h / 2}px) scale(.6) rotate(-20deg)`;
  const end = `translate(${b.left + b.width / 2 - w / 2}px, ${b.top + b.height / 2 - h / 2}px) scale(1) rotate(0deg)`;
  const animation = card.animate([{ transform: start, opacity: 0.9 }, { transform: end, opacity: 1 }], {
    duration: 380, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both",
  });
  animation.onfinish = () => card.remove();
  setTimeout(() => card.remove(), delay + 1200);
}
