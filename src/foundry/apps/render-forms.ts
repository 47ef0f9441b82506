/**
 * ApplicationV2#render's two forms, `render(options)` and the legacy `render(force, options)`, read
 * from an application's own `render` type, for the overrides that answer both (the combat
 * tracker's row patch, the actor sheet's skip of core's after-update render; issue 31).
 */
type RenderForms<R> = R extends {
  (...args: infer First): unknown;
  (...args: infer Second): unknown;
}
  ? [First, Second]
  : never;

/** The options of `render(options)`. */
export type RenderOptionsOf<R> = RenderForms<R>[0][0];

/** The options of the legacy `render(force, options)`. */
export type LegacyOptionsOf<R> = RenderForms<R>[1][1];
