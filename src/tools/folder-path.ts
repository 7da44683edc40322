import { z } from "zod";

/**
 * A folder relative to the root, for tools that take a folder. "" and "." name the root, and
 * trailing slashes are dropped ("src/" is "src"): models write folders both ways and neither
 * spelling is ambiguous. Everything else is checked by the sandbox's strict path parser.
 */
export const folderPathSchema = z
  .string()
  .max(1024, "path must be at most 1024 characters")
  .default("")
  .transform((value) => (value === "." ? "" : value.replace(/(?<=[^/])\/+$/, "")))
  .describe(
    'Folder relative to the codebase root, e.g. "src" or "src/api"; "" (the default) is the root. ' +
      "No leading /, no ..",
  );
