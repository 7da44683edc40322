/**
 * Preloaded with `node --import` into a CLI child: records the URL of every module the process
 * loads (ES modules and require() alike, through Node's synchronous module hooks) and writes
 * them, one a line, to the file named by LOADED_MODULES_FILE when the process exits.
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on("exit", () => {
  const file = process.env.LOADED_MODULES_FILE;
  if (file) writeFileSync(file, `${loaded.join("\n")}\n`);
});
