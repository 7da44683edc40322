/**
 * The cost estimate beside the Explore button: what the run may cost under its limits, asked of
 * POST /api/explore/estimate (no job, no model call) a moment after the form last changed. Only
 * the latest answer is shown; with no idea yet, or when the server cannot say (an older server
 * without the route, a refused body, an error), the line stays empty: the form works without it.
 */
import type { EstimateAnswer } from "./api-types.ts";
import { $ } from "./dom.ts";
import { formBody } from "./explore-form.ts";
import { estimateText } from "./format.ts";
import { HttpError, postJson } from "./http.ts";

const WAIT_MS = 400;
let timer: ReturnType<typeof setTimeout> | undefined;
let asked: AbortController | undefined;
/** A server that answered 404 has no estimate route: it is not asked again. */
let unavailable = false;

async function refresh(): Promise<void> {
  asked?.abort();
  const line = $("estimate");
  const body = formBody();
  if (unavailable || !body.idea.trim()) {
    line.textContent = "";
    return;
  }
  const controller = new AbortController();
  asked = controller;
  try {
    const answer = await postJson<EstimateAnswer>("/api/explore/estimate", body, controller.signal);
    if (!controller.signal.aborted) line.textContent = estimateText(answer.estimate);
  } catch (error) {
    if (controller.signal.aborted) return;
    if (error instanceof HttpError && error.status === 404) unavailable = true;
    line.textContent = "";
  }
}

function refreshSoon(): void {
  clearTimeout(timer);
  timer = setTimeout(refresh, WAIT_MS);
}

$("explore").addEventListener("input", refreshSoon);
$("explore").addEventListener("change", refreshSoon);
