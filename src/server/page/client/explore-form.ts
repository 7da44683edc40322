/** The explore form's fields as the body of POST /api/explore (and of its cost estimate). */
import type { ExploreBody, ResearchMode } from "./api-types.ts";
import { $ } from "./dom.ts";

export function formBody(): ExploreBody {
  const body: ExploreBody = {
    idea: $<HTMLTextAreaElement>("idea").value,
    mode: $<HTMLSelectElement>("mode").value as ResearchMode,
  };
  // Sent only when chosen, so a quick run's body stays what it always was.
  if ($<HTMLSelectElement>("depth").value === "deep") body.depth = "deep";
  const optional = {
    model: $<HTMLInputElement>("model").value,
    context: $<HTMLTextAreaElement>("context").value,
    continue_from: $<HTMLInputElement>("continue-from").value,
  } satisfies Partial<Record<keyof ExploreBody, string>>;
  for (const [key, value] of Object.entries(optional)) {
    if (value.trim()) body[key as keyof typeof optional] = value.trim();
  }
  const again = document.querySelector<HTMLInputElement>('input[name="again"]:checked')!.value;
  if (again !== "open") body[again as "update" | "force"] = true;
  return body;
}
