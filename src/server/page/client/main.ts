/**
 * The page script's entry: what each address shows (address.ts), the API token, and the first
 * drawing of the library and the jobs. The token, shown when the server asks for one, is kept in
 * sessionStorage for this tab; changing it clears the errors the old one caused.
 *
 * Built into the page's one inline script by scripts/build-page-script.ts (esbuild, one IIFE).
 */
import { currentAddress, routeBy } from "./address.ts";
import type { Health } from "./api-types.ts";
import { $ } from "./dom.ts";
import "./estimate.ts";
import "./exploration-actions.ts";
import { openExploration, shownExploration } from "./exploration.ts";
import { api, TOKEN_KEY } from "./http.ts";
import "./job-actions.ts";
import "./library-actions.ts";
import { refreshJobs } from "./jobs.ts";
import { loadLibrary } from "./library.ts";
import { announce, clearAuthErrors } from "./messages.ts";
import { watch, watchAgainIfUnread } from "./progress.ts";

function route(focus: boolean): void {
  const hash = currentAddress();
  if (hash.startsWith("exploration/")) openExploration(hash.slice("exploration/".length), focus);
  else if (hash.startsWith("job/")) watch(hash.slice("job/".length), focus);
}

let appliedToken = sessionStorage.getItem(TOKEN_KEY) || "";

function useToken(): void {
  const value = $<HTMLInputElement>("token").value.trim();
  if (value === appliedToken) return;
  appliedToken = value;
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
  clearAuthErrors();
  announce(value ? "API token set for this tab" : "API token cleared");
  loadLibrary(true);
  refreshJobs();
  if (watchAgainIfUnread()) return;
  if (!shownExploration() && location.hash.startsWith("#exploration/")) route(false);
}

$<HTMLInputElement>("token").value = appliedToken;
$("token").addEventListener("change", useToken);
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  useToken();
});

api<Health>("/api/health")
  .then((health) => {
    if (health.auth === "bearer") $("token-form").hidden = false;
  })
  .catch(() => {});
loadLibrary(true);
refreshJobs();
routeBy(route);
