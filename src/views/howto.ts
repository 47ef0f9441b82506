/**
 * The "How <ruleset> plays" pages: one JournalEntry per ruleset in the `tempo-rules` compendium,
 * written in packs/_source/tempo-rules/howto-<ruleset>.yml (HTML in the text page's
 * `text.content`). Foundry opens them by UUID from the settings and the tracker; the playground
 * reads the same source files. tests/packs.test.ts checks the ids here against the sources.
 */
import type { RulesetId } from "../engine";
import type { Localizer } from "./sheet";
import { RULESET_LABELS } from "./labels";

/** The compendium's collection id: `<system id>.<pack name>` as system.json declares it. */
export const HOWTO_PACK = "tempo.tempo-rules";

/** A page's UUID: Foundry's form for a document in a compendium pack. */
export type HowtoUuid = `Compendium.${string}.${string}.JournalEntry.${string}`;

/** The JournalEntry id of each ruleset's page, as in its source file. */
export const HOWTO_ENTRIES = {
  flow: "O7JgpnmXsXVotc8f",
  rating: "aVCl1r7MGpQwqAZJ",
  segments: "F6UYLk9adrAFtwGE",
  phases: "ZiygAqv5dcLDndAg",
  marching: "esZvxGeM2TFEFTS3",
} as const satisfies Record<RulesetId, string>;

/** The source file of a ruleset's page, relative to the repository root. */
export function howtoSource(ruleset: RulesetId): string {
  return `packs/_source/tempo-rules/howto-${ruleset}.yml`;
}

/** The page's UUID in a Foundry world (Compendium.<pack>.JournalEntry.<id>). */
export function howtoUuid(ruleset: RulesetId): HowtoUuid {
  return `Compendium.${HOWTO_PACK}.JournalEntry.${HOWTO_ENTRIES[ruleset]}`;
}

/** A link to a ruleset's page: what a template shows and what the host opens. */
export interface HowtoLinkView {
  ruleset: RulesetId;
  uuid: HowtoUuid;
  source: string;
  label: string;
}

export function howtoLink(ruleset: RulesetId, i18n: Localizer): HowtoLinkView {
  return {
    ruleset,
    uuid: howtoUuid(ruleset),
    source: howtoSource(ruleset),
    label: i18n.format("TEMPO.Howto.Link", { ruleset: i18n.localize(RULESET_LABELS[ruleset]) }),
  };
}
