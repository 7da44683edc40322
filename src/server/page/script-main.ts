/**
 * Start-up and navigation: #exploration/<folder> and #job/<id> are the page's addresses (so the
 * back button and a shared link work); the API token, shown when the server asks for one, is
 * kept in sessionStorage for this tab, and changing it clears the errors the old one caused.
 */
export const SCRIPT_MAIN = `
function route(focus) {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash.startsWith("exploration/")) openExploration(hash.slice("exploration/".length), focus);
  else if (hash.startsWith("job/")) watch(hash.slice("job/".length), focus);
}

/** Goes to an address; going to the one already shown opens it again. */
function go(hash) {
  if (decodeURIComponent(location.hash.slice(1)) === hash) route(true);
  else location.hash = encodeURI(hash);
}

let appliedToken = sessionStorage.getItem(TOKEN_KEY) || "";

function useToken() {
  const value = $("token").value.trim();
  if (value === appliedToken) return;
  appliedToken = value;
  if (value) sessionStorage.setItem(TOKEN_KEY, value);
  else sessionStorage.removeItem(TOKEN_KEY);
  clearAuthErrors();
  announce(value ? "API token set for this tab" : "API token cleared");
  loadLibrary(true);
  refreshJobs();
  if (live.id && live.job === null) watch(live.id, false);
  else if (!shown && location.hash.startsWith("#exploration/")) route(false);
}

window.addEventListener("hashchange", () => route(true));
$("token").value = appliedToken;
$("token").addEventListener("change", useToken);
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  useToken();
});

api("/api/health")
  .then((health) => {
    if (health.auth === "bearer") $("token-form").hidden = false;
  })
  .catch(() => {});
loadLibrary(true);
refreshJobs();
route(false);
`;
