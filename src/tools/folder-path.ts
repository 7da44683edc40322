import { z } from "zod";

/**
 * The one canonical spelling of a folder the model named. Models write folders in several
 * unambiguous ways, so these are all the same folder: "" = "." = "./" (the root), "src" =
 * "src/" = "./src" = "./src/". Only a single leading "./" and trailing slashes are dropped;
 * everything else (`..`, absolute paths, `a//b`, `a/./b`, secrets) is left as given for the
 * sandbox's strict path parser to refuse, naming the path much as the model wrote it.
 */
export function canonicalFolderPath(value: string): string {
  // `(?<=[^/])` keeps a path made only of slashes absolute, so "/" is still refused.
  const withoutTrailing = value.replace(/(?<=[^/])\/+$/, "");
  if (withoutTrailing === ".") return "";
  // Not before a second slash: ".//etc" must not turn into the absolute "/etc".
  return withoutTrailing.replace(/^\.\/(?!\/)/, "");
}

/** A folder relative to the root, for tools that take a folder (list_files, search_files). */
export const folderPathSchema = z
  .string()
  .max(1024, "path must be at most 1024 characters")
  .default("")
  .transform(canonicalFolderPath)
  .describe(
    'Folder relative to the codebase root, e.g. "src" or "src/api". "" (the default), "." and ' +
      '"./" are the root; a leading "./" and a trailing "/" are ignored ("./src/" is "src"). ' +
      'No leading "/", no "..".',
  );
