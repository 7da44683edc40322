/** Text and link targets as the server writes them into HTML it renders. */

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** http(s), mailto and in-page anchors only; javascript:, data:, relative paths... are dropped. */
export function safeHref(href: string): string | undefined {
  if (href.startsWith("#")) return href;
  try {
    const url = new URL(href);
    return SAFE_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A link to a page, as the report's links are written: no referrer, no follow. */
export function linkHtml(href: string, innerHtml: string, title?: string): string {
  const safe = safeHref(href);
  if (!safe) return innerHtml;
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
  return `<a href="${escapeHtml(safe)}"${titleAttr} rel="noopener noreferrer nofollow">${innerHtml}</a>`;
}
