/**
 * Building and finding the page's elements. Every server value goes into the page as text
 * (textContent or an attribute), never as markup; the one exception, the research report, is
 * HTML the server rendered and sanitized (exploration.ts).
 */

/** The page's element of this id (page-markup.ts has every id the script asks for). */
export const $ = <T extends HTMLElement = HTMLElement>(id: string): T =>
  document.getElementById(id) as T;

type Prop = string | number | boolean | null | undefined;
/** What a list of children may hold: the empty values are left out, so `cond && el(...)` works. */
export type Child = Node | string | false | null | undefined;

/** A child that is drawn: not one of the empty values `cond && el(...)` leaves behind. */
export const present = (child: Child): child is Node | string =>
  child !== undefined && child !== null && child !== false && child !== "";

/** An element with attributes (text: its text; class: its class; true: a bare attribute). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Record<string, Prop>,
  children?: readonly Child[],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...(children || []).filter(present));
  return node;
}

/** A definition list of [label, value, id?] rows; empty values are left out. */
export function facts(list: HTMLElement, rows: [string, string, string?][]): void {
  list.replaceChildren(
    ...rows
      .filter((row) => row[1] !== "")
      .map(([label, value, id]) =>
        el("div", {}, [el("dt", { text: label }), el("dd", { text: value, id })]),
      ),
  );
}

/** A link out of the page: http(s) only, in a new tab, with no referrer. */
export function outLink(url: string, text: string): Node {
  if (!/^https?:\/\//i.test(url || "")) return document.createTextNode(text);
  return el("a", { href: url, text, target: "_blank", rel: "noopener noreferrer nofollow" });
}

/** Keeps keyboard focus on "the same" control when a list is drawn again. */
export function keepFocus(container: HTMLElement, redraw: () => void): void {
  const active = document.activeElement;
  const key =
    active instanceof HTMLElement && container.contains(active)
      ? active.dataset.focusKey
      : undefined;
  redraw();
  if (!key) return;
  // The same control, else another action on the same item (Retry once Cancel is gone).
  const item = key.slice(key.indexOf(":"));
  const again =
    container.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`) ||
    container.querySelector<HTMLElement>(`.actions [data-focus-key$="${CSS.escape(item)}"]`) ||
    container.querySelector<HTMLElement>(`[data-focus-key$="${CSS.escape(item)}"]`);
  if (again) again.focus();
  else container.closest("section")?.querySelector("h2")?.focus();
}
