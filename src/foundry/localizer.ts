/** Foundry's game.i18n as the views' Localizer (format data as strings, as Foundry expects). */
import type { Localizer } from "../views/sheet";

export function foundryLocalizer(): Localizer {
  return {
    localize: (key) => game.i18n?.localize(key) ?? key,
    format: (key, data) =>
      game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
  };
}
