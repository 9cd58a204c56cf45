// Sounds made on the spot with WebAudio (no sound files): short tones and noise
// bursts. Off until the player switches them on or off; the choice is remembered.

const KEY = "younuo.muted";
let context = null;
let muted = true;

try { muted = localStorage.getItem(KEY) !== "0"; } catch { /* private mode */ }

export function isMuted() { return muted; }

export function setMuted(value) {
  muted = value;
  try { localStorage.setItem(KEY, value ? "1" : "0"); } catch { /* private mode */ }
  if (!value) ensure();
}

function ensure() {
  if (!context) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    context = new Ctx();
  }
  if (context.state === "suspended") context.resume();
  return context;
}

function tone(freq, start, length, type = "sine", gain = 0.15) {
  const ctx = ensure();
  if (!ctx) return;
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

function swish(start = 0, length = 0.12) {
  const ctx = ensure();
  if (!ctx) return;
  const frames = Math.floor(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
  const src = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const amp = ctx.createGain();
  filter.type = "bandpass";
  filter.frequency.value = 2500;
  amp.gain.value = 0.25;
  src.buffer = buffer;
  src.connect(filter).connect(amp).connect(ctx.destination);
  src.start(ctx.currentTime + start);
}

const SOUNDS = {
  play: () => { swish(0, 0.1); tone(660, 0.02, 0.08, "triangle", 0.08); },
  draw: () => swish(0, 0.18),
  turn: () => { tone(880, 0, 0.12); tone(1175, 0.12, 0.16); },
  uno: () => { tone(784, 0, 0.1, "square", 0.08); tone(1047, 0.1, 0.1, "square", 0.08); tone(1319, 0.2, 0.18, "square", 0.08); },
  catch: () => { tone(300, 0, 0.15, "sawtooth", 0.08); tone(220, 0.15, 0.2, "sawtooth", 0.08); },
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.12, 0.2, "triangle", 0.12)),
  tick: () => tone(1500, 0, 0.03, "square", 0.04),
  error: () => tone(180, 0, 0.15, "square", 0.06),
};

/** The names of the last sounds played, newest last (the tests read it). */
export const recent = [];

export function play(name) {
  if (muted || !SOUNDS[name]) return;
  recent.push(name);
  if (recent.length > 20) recent.shift();
  try { SOUNDS[name](); } catch { /* audio not available */ }
}
