/**
 * Messages in the page's lines, and the aria-live status line that says once what changed. A
 * message caused by a refused token is marked, so setting a new token clears it.
 */
import { $ } from "./dom.ts";
import { HttpError } from "./http.ts";

export function show(id: string, text?: string, isError?: boolean, error?: unknown): void {
  const node = $(id);
  node.textContent = text || "";
  node.classList.toggle("error", Boolean(isError && text));
  if (node.getAttribute("role") === "alert") node.hidden = !text;
  if (error instanceof HttpError && error.status === 401) node.dataset.auth = "1";
  else delete node.dataset.auth;
}

export function clearAuthErrors(): void {
  for (const node of document.querySelectorAll<HTMLElement>("[data-auth]")) show(node.id, "");
}

/** The status line is role=status (aria-live): what changed, said once, shown for a while. */
let statusTimer: ReturnType<typeof setTimeout> | undefined;
export function announce(text: string, isError?: boolean): void {
  show("status", text, isError);
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => show("status", ""), isError ? 20000 : 8000);
}

/** What a failure says: an Error's message (the API's, for an HttpError). */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
