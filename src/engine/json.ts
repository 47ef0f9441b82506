/** Plain JSON values: engine state is made only of these, so it round-trips through a Foundry update. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
