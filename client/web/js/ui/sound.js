// Short synthesized sounds (no files to load). Silent unless the player turned sound on.
import { settings } from "./settings.js";

let context = null;

const TONES = {
  card: [[520, 0.05]],
  turn: [[660, 0.08], [880, 0.1]],
  trick: [[392, 0.06], [523, 0.08]],
  error: [[220, 0.12]],
};

export function play(name) {
  if (!settings.sound || !TONES[name]) return;
  try {
    context = context || new AudioContext();
    let at = context.currentTime;
    for (const [freq, length] of TONES[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  } catch {
    // no audio on this device: stay silent
  }
}
