// @foundryvtt/foundryvtt-cli ships no types: compilePack as its README documents it
// (https://github.com/foundryvtt/foundryvtt-cli#compilepack): one file per document in `src`,
// built into a LevelDB database at `dest`.
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(
    src: string,
    dest: string,
    options?: { yaml?: boolean; log?: boolean },
  ): Promise<void>;
}
