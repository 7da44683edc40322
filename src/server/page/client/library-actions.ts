/**
 * A library entry's Refresh: POST /api/explorations/{folder}/refresh, then the job is followed
 * like a new exploration (its progress, then the report; the library is drawn again when it ends,
 * so the entry shows its new refresh date).
 */
import { $ } from "./dom.ts";
import { submitRefresh } from "./submit.ts";

$("library").addEventListener("click", (event) => {
  const button = (event.target as Element).closest("button");
  const folder = button?.dataset.refresh;
  if (!button || !folder) return;
  submitRefresh(folder, button.dataset.title || folder);
});
