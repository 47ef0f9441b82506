/**
 * Short labels for tokens and tracker portraits: the same label for a combatant in both places,
 * and no two combatants on the map with the same one ("Goblin Sneak" and "Goblin Spear" are GSn
 * and GSp, not GS twice).
 */

/** Initials: the first letters of the first and last words, or the first two letters of one word. */
function initials(words: readonly string[]): string {
  const first = words[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1] ?? "") : "";
  return (first.slice(0, 1) + (last ? last.slice(0, 1) : first.slice(1, 2))).toUpperCase() || "?";
}

/** The label with `extra` more letters of the last word (lower case, so the initials still read). */
function longer(words: readonly string[], extra: number): string {
  const last = words[words.length - 1] ?? "";
  const from = words.length > 1 ? 1 : 2;
  return initials(words) + last.slice(from, from + extra).toLowerCase();
}

/** One label per combatant id, unique among them; names that are the same get a number. */
export function tokenLabels(named: readonly { id: string; name: string }[]): Map<string, string> {
  const words = new Map(named.map((c) => [c.id, c.name.split(/\s+/).filter((w) => w.length > 0)]));
  const labels = new Map(named.map((c) => [c.id, initials(words.get(c.id) ?? [])]));
  for (let extra = 1; extra <= 3; extra++) {
    const clashing = clashes(labels);
    if (clashing.length === 0) return labels;
    for (const id of clashing) labels.set(id, longer(words.get(id) ?? [], extra));
  }
  // Still the same (the same name twice): number them in roster order.
  const seen = new Map<string, number>();
  for (const id of clashes(labels)) {
    const label = initials(words.get(id) ?? []);
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    labels.set(id, `${label}${n}`);
  }
  return labels;
}

function clashes(labels: ReadonlyMap<string, string>): string[] {
  const count = new Map<string, number>();
  for (const label of labels.values()) count.set(label, (count.get(label) ?? 0) + 1);
  return [...labels].filter(([, label]) => (count.get(label) ?? 0) > 1).map(([id]) => id);
}

/** A portrait for sample actors: the token's label on a disc, as an SVG data URI. */
export function avatar(label: string, pc: boolean): string {
  const key = `${pc ? "pc" : "npc"}:${label}`;
  const known = avatars.get(key);
  if (known !== undefined) return known;
  const made = drawAvatar(label, pc);
  if (avatars.size >= AVATARS_KEPT) avatars.clear();
  avatars.set(key, made);
  return made;
}

/** The pictures made so far (the sheet and the tracker ask for a combatant's on every draw). */
const avatars = new Map<string, string>();
const AVATARS_KEPT = 1024;

function drawAvatar(label: string, pc: boolean): string {
  const fill = pc ? "#3b6fb6" : "#b8463a";
  const size = label.length > 2 ? 20 : 26;
  const text = label.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${fill}"/><text x="32" y="41" font-family="Georgia,serif" font-size="${size}" fill="#fff" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
