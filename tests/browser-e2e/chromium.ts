/** The browser the playground's tests run in (playwright.config.ts, scripts/screenshots.mjs's pictures). */

/** Debian's Chromium (or TEMPO_CHROMIUM): never a downloaded browser. */
export const CHROMIUM = process.env["TEMPO_CHROMIUM"] ?? "/usr/bin/chromium";

/** The flags the playground's browser runs with (no sandbox in containers, no GPU, no network chatter). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
