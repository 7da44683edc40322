/**
 * The web root that goes with a GitHub API root, for the file links we return: github.com for
 * api.github.com, the host without `/api/v3` for GitHub Enterprise Server, the host without
 * `api.` for GitHub Enterprise Cloud (api.acme.ghe.com), otherwise the API's own origin.
 */
export function githubWebUrl(apiUrl: string | undefined): string {
  if (apiUrl === undefined) return "https://github.com";
  const url = new URL(apiUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (path.endsWith("/api/v3")) return `${url.origin}${path.slice(0, -"/api/v3".length)}`;
  if (url.hostname.startsWith("api.")) {
    url.hostname = url.hostname.slice("api.".length);
    return url.origin;
  }
  return url.origin;
}
