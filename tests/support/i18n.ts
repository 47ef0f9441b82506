/** Foundry's game.i18n semantics over the real lang file, for tests: a missing key comes back as itself. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import type { Localizer } from "../../src/views/sheet";

type Tree = { [key: string]: string | Tree };
const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as Tree;

export const i18n: Localizer = {
  localize(key) {
    let node: string | Tree | undefined = lang;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : key;
  },
  format(key, data) {
    return this.localize(key).replace(/{(\w+)}/g, (all, name: string) => {
      const v = data[name];
      return v === undefined ? all : String(v);
    });
  },
};
