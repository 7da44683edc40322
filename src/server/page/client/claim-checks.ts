/** The checks of a report's citations in one line, as a finished job and the run log show them. */
import type { ClaimChecks } from "./api-types.ts";
import { $ } from "./dom.ts";
import { count } from "./format.ts";

/** "Figures: 7 supported, 1 not found in the source, 4 with nothing to check · model check: …". */
export function checksText(checks: ClaimChecks | null | undefined): string {
  if (!checks) return "";
  const figures = `Figures: ${count(checks.supported)} supported, ${count(checks.notFound)} not found in the source, ${count(checks.nothingToCheck)} with nothing to check`;
  const model = checks.model;
  if (!model) return figures;
  const skipped = model.skipped ? `, ${count(model.skipped)} skipped` : "";
  return `${figures} · model check: ${count(model.supported)} supported, ${count(model.unsupported)} unsupported, ${count(model.unclear)} unclear${skipped}`;
}

/** Shows the line in the element of this id, or hides it when there are no checks to show. */
export function showChecks(id: string, checks: ClaimChecks | null | undefined): void {
  const line = $(id);
  line.textContent = checksText(checks);
  line.hidden = !line.textContent;
}
