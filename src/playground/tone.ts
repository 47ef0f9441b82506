/**
 * The turn notice's tone: a short sound made on the spot with WebAudio (no file to fetch), two
 * notes up for "your turn", one for "up next". Browsers start audio only after the user has
 * interacted with the page; before that, or without WebAudio, nothing plays and nothing fails.
 */
let context: AudioContext | null = null;

/** How many tones were asked for (the page's `data-pg-tones`: a headless browser plays no sound). */
let tonesPlayed = 0;

export function playTone(kind: "turn" | "upNext"): void {
  tonesPlayed += 1;
  document.documentElement.dataset["pgTones"] = String(tonesPlayed);
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    const notes = kind === "turn" ? [660, 880] : [660];
    notes.forEach((frequency, i) => {
      if (!context) return;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const start = at + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.11);
      osc.connect(gain).connect(context.destination);
      osc.start(start);
      osc.stop(start + 0.12);
    });
  } catch {
    // No WebAudio here: the notice is still shown.
  }
}
