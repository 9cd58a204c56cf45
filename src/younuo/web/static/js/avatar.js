// Avatars: a chubby ("Q版") character drawn as SVG, composed from an outfit (body
// colour and a headpiece) and an expression (eyes, mouth, extras). Expressions double
// as emotes during play.

export const OUTFITS = ["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"];
export const EXPRESSIONS = ["smile", "grin", "wink", "cool", "surprised", "sleepy", "angry", "cry"];

const FILL = {
  red: "#e53935", orange: "#fb8c00", yellow: "#f9c513", green: "#43a047",
  teal: "#00897b", blue: "#1e88e5", purple: "#8e24aa", pink: "#ec407a",
};
const INK = "#3b2a20";
const SKIN = "#ffe2c6";

// Headpieces, one per outfit, drawn over the head (centre 50,48, radius 27).
const HEADPIECE = {
  red: (c) => `<path d="M24 40 Q50 8 76 40 Z" fill="${c}"/><rect x="22" y="36" width="56" height="8" rx="4" fill="#fff"/><circle cx="50" cy="14" r="6" fill="#fff"/>`,
  orange: (c) => `<path d="M23 44 Q24 20 50 18 Q76 20 77 44 Q70 30 50 29 Q30 30 23 44Z" fill="${c}"/><path d="M26 30 L24 12 L38 22Z" fill="${c}"/><path d="M74 30 L76 12 L62 22Z" fill="${c}"/><path d="M28 26 L27 17 L34 22Z" fill="#ffc4a0"/><path d="M72 26 L73 17 L66 22Z" fill="#ffc4a0"/>`,
  yellow: (c) => `<path d="M26 38 Q30 20 50 20 Q70 20 74 38 Q62 30 50 31 Q38 30 26 38Z" fill="${INK}"/><path d="M50 21 Q46 10 52 8 Q50 14 56 12 Q54 18 50 21Z" fill="${c}" stroke="${INK}" stroke-width="1"/>`,
  green: (c) => `<path d="M23 44 Q22 22 50 21 Q78 22 77 44 Q70 32 50 31 Q30 32 23 44Z" fill="${c}"/><circle cx="35" cy="20" r="8" fill="${c}"/><circle cx="65" cy="20" r="8" fill="${c}"/><circle cx="35" cy="19" r="4" fill="#fff"/><circle cx="65" cy="19" r="4" fill="#fff"/><circle cx="35" cy="19" r="2" fill="${INK}"/><circle cx="65" cy="19" r="2" fill="${INK}"/>`,
  teal: (c) => `<path d="M26 38 Q30 21 50 21 Q70 21 74 38 Q62 30 50 31 Q38 30 26 38Z" fill="${INK}"/><path d="M21 48 Q21 16 50 16 Q79 16 79 48" fill="none" stroke="${c}" stroke-width="5"/><rect x="15" y="42" width="10" height="16" rx="4" fill="${c}"/><rect x="75" y="42" width="10" height="16" rx="4" fill="${c}"/>`,
  blue: (c) => `<path d="M24 38 Q26 17 50 17 Q74 17 76 38Z" fill="${c}"/><path d="M50 36 L88 38 Q80 44 52 41Z" fill="${c}"/><circle cx="50" cy="18" r="3" fill="#fff"/>`,
  purple: (c) => `<path d="M26 38 Q30 22 50 22 Q70 22 74 38 Q62 30 50 31 Q38 30 26 38Z" fill="${INK}"/><path d="M30 30 L56 2 L70 30Z" fill="${c}"/><ellipse cx="50" cy="30" rx="26" ry="5" fill="${c}"/><path d="M52 14 l2 4 4 0 -3 3 1 4 -4 -2 -4 2 1 -4 -3 -3 4 0Z" fill="#ffd54f"/>`,
  pink: (c) => `<path d="M26 38 Q30 21 50 21 Q70 21 74 38 Q62 30 50 31 Q38 30 26 38Z" fill="${INK}"/><path d="M62 24 L50 18 L50 30Z M62 24 L74 18 L74 30Z" fill="${c}"/><circle cx="62" cy="24" r="3.5" fill="${c}" stroke="#fff" stroke-width="1"/>`,
};

// Faces: eyes around y=50, mouth around y=62.
const FACE = {
  smile: `<circle cx="40" cy="50" r="3"/><circle cx="60" cy="50" r="3"/><path d="M42 60 Q50 67 58 60" class="line"/>`,
  grin: `<path d="M35 51 Q40 45 45 51" class="line"/><path d="M55 51 Q60 45 65 51" class="line"/><path d="M40 58 Q50 72 60 58Z" fill="#b3261e"/><path d="M44 62 Q50 67 56 62" fill="#ff8a80"/>`,
  wink: `<circle cx="40" cy="50" r="3"/><path d="M55 50 Q60 46 65 50" class="line"/><path d="M42 60 Q50 67 58 60" class="line"/><path d="M52 63 Q54 68 57 63" fill="#ff8a80"/>`,
  cool: `<path d="M31 45 H69 V49 Q69 56 60 56 Q53 56 52 49 H48 Q47 56 40 56 Q31 56 31 49Z" fill="#222"/><path d="M35 47 L40 47" stroke="#fff" stroke-width="1.5"/><path d="M44 62 Q52 64 58 59" class="line"/>`,
  surprised: `<circle cx="40" cy="49" r="4.5" fill="#fff" stroke="${INK}" stroke-width="2"/><circle cx="60" cy="49" r="4.5" fill="#fff" stroke="${INK}" stroke-width="2"/><circle cx="40" cy="49" r="2"/><circle cx="60" cy="49" r="2"/><ellipse cx="50" cy="63" rx="4" ry="5" fill="#b3261e"/>`,
  sleepy: `<path d="M35 51 Q40 54 45 51" class="line"/><path d="M55 51 Q60 54 65 51" class="line"/><ellipse cx="50" cy="62" rx="3" ry="2"/><text x="70" y="32" font-size="11" font-family="sans-serif" font-weight="bold" fill="#5c6bc0">z</text><text x="78" y="24" font-size="8" font-family="sans-serif" font-weight="bold" fill="#5c6bc0">z</text>`,
  angry: `<path d="M34 43 L45 47" class="line"/><path d="M66 43 L55 47" class="line"/><circle cx="40" cy="51" r="2.6"/><circle cx="60" cy="51" r="2.6"/><path d="M42 64 Q50 58 58 64" class="line"/><path d="M70 36 l4 -4 m-2 6 l5 -1" stroke="#e53935" stroke-width="2"/>`,
  cry: `<path d="M35 50 Q40 46 45 50" class="line"/><path d="M55 50 Q60 46 65 50" class="line"/><path d="M38 53 Q35 60 38 64 Q41 60 38 53Z" fill="#64b5f6"/><path d="M62 53 Q59 60 62 64 Q65 60 62 53Z" fill="#64b5f6"/><path d="M43 64 Q46 60 50 64 Q54 60 57 64" class="line"/>`,
};

const BLUSH = new Set(["smile", "grin", "wink", "surprised", "sleepy", "cry"]);

/** The SVG markup of an avatar; `label` becomes its accessible name. */
export function avatarSvg(avatar, label = "") {
  const outfit = OUTFITS.includes(avatar?.outfit) ? avatar.outfit : "red";
  const expression = EXPRESSIONS.includes(avatar?.expression) ? avatar.expression : "smile";
  const c = FILL[outfit];
  const blush = BLUSH.has(expression)
    ? `<ellipse cx="33" cy="57" rx="4.5" ry="2.5" fill="#ff8a80" opacity=".7"/><ellipse cx="67" cy="57" rx="4.5" ry="2.5" fill="#ff8a80" opacity=".7"/>`
    : "";
  const title = label ? `<title>${label.replace(/[<&>]/g, "")}</title>` : "";
  const role = label ? `role="img" aria-label="${label.replace(/["<&>]/g, "")}"` : `aria-hidden="true"`;
  return `<svg class="avatar-svg" viewBox="0 0 100 100" ${role} data-outfit="${outfit}" data-expression="${expression}">${title}` +
    `<path d="M20 100 Q20 74 50 72 Q80 74 80 100Z" fill="${c}"/>` +
    `<path d="M44 74 L50 82 L56 74" fill="#fff" opacity=".85"/>` +
    `<circle cx="50" cy="48" r="27" fill="${SKIN}"/>` +
    `<circle cx="23.5" cy="51" r="4" fill="${SKIN}"/><circle cx="76.5" cy="51" r="4" fill="${SKIN}"/>` +
    HEADPIECE[outfit](c) + blush +
    `<g fill="${INK}" stroke="none" class="face">${FACE[expression]}</g>` +
    `</svg>`;
}

export const OUTFIT_FILL = FILL;
