import type { GitHubReply, GitHubRequest } from "./http.ts";

/**
 * One page of a list, as GitHub pages REST lists: `per_page` (default 30, at most `maxPerPage`,
 * 100 on GitHub) and `page` from 1, and a Link header with absolute `first`, `prev`, `next` and
 * `last` URLs that repeat the request's other query parameters (what Octokit's paginate follows).
 */
export function paginated<T>(
  request: GitHubRequest,
  apiUrl: string,
  items: readonly T[],
  maxPerPage = 100,
): GitHubReply {
  const asked = Number(request.query.get("per_page") ?? 30);
  const perPage = Math.max(1, Math.min(maxPerPage, Number.isFinite(asked) ? asked : 30));
  const page = Math.max(1, Number(request.query.get("page") ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (n: number) => {
    const query = new URLSearchParams(request.query);
    query.set("per_page", String(perPage));
    query.set("page", String(n));
    return `${apiUrl}${request.rawPath}?${query.toString()}`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
  if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
  return {
    status: 200,
    body: slice,
    ...(rels.length ? { headers: { link: rels.join(", ") } } : {}),
  };
}
