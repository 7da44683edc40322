/**
 * Submitting an idea, from the form or an exploration's actions: one request at a time (the
 * buttons are disabled while it is in flight); a duplicate opens the existing exploration, an idea
 * already in flight follows that job.
 */
export const SCRIPT_SUBMIT = `
let submitting = false;

async function submitExplore(body, what, errorTarget) {
  if (submitting) return;
  submitting = true;
  $("submit").disabled = true;
  $("submit").setAttribute("aria-busy", "true");
  setExplorationActions(Boolean(shown));
  show("submit-error", "");
  try {
    const answer = await postJson("/api/explore", body);
    if (answer.status === "exists") {
      const folder = folderOf(answer.path);
      announce("Already explored on " + answer.date + ": opening it (update or explore again to research it anew)");
      if (folder) go("exploration/" + folder);
    } else {
      announce(answer.duplicate_of_job ? "This idea is being explored already: following that job" : "Queued " + what);
      go("job/" + answer.job_id);
    }
  } catch (error) {
    if (errorTarget === "status") announce(error.message, true);
    else show(errorTarget, error.message, true, error);
  } finally {
    submitting = false;
    $("submit").disabled = false;
    $("submit").removeAttribute("aria-busy");
    setExplorationActions(Boolean(shown));
    refreshJobs();
  }
}

$("explore").addEventListener("submit", (event) => {
  event.preventDefault();
  const body = { idea: $("idea").value, mode: $("mode").value };
  // Sent only when chosen, so a quick run's body stays what it always was.
  if ($("depth").value === "deep") body.depth = "deep";
  const optional = { model: $("model").value, context: $("context").value, continue_from: $("continue-from").value };
  for (const [key, value] of Object.entries(optional)) if (value.trim()) body[key] = value.trim();
  const again = document.querySelector('input[name="again"]:checked').value;
  if (again !== "open") body[again] = true;
  submitExplore(body, "the idea", "submit-error");
});
`;
