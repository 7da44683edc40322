import { SCRIPT_CORE } from "./page/script-core.ts";
import { SCRIPT_EXPLORATION } from "./page/script-exploration.ts";
import { SCRIPT_JOBS } from "./page/script-jobs.ts";
import { SCRIPT_LIBRARY } from "./page/script-library.ts";
import { SCRIPT_MAIN } from "./page/script-main.ts";
import { SCRIPT_PROGRESS } from "./page/script-progress.ts";
import { SCRIPT_SUBMIT } from "./page/script-submit.ts";

/**
 * The page's only script, built from one module per concern (src/server/page/script-*.ts) into
 * one function scope, so the modules call each other by name and nothing lands on window. It is
 * one constant, so the CSP allows it by one hash. Every server value is inserted as text, except
 * the research, which the server renders and sanitizes.
 */
export const PAGE_SCRIPT = [
  '"use strict";',
  "(() => {",
  SCRIPT_CORE,
  SCRIPT_SUBMIT,
  SCRIPT_PROGRESS,
  SCRIPT_EXPLORATION,
  SCRIPT_LIBRARY,
  SCRIPT_JOBS,
  SCRIPT_MAIN,
  "})();",
].join("\n");
