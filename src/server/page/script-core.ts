/**
 * The page script's shared helpers: DOM building (every server value goes in as text), API calls
 * with the tab's token, the SSE reader (fetch: EventSource cannot send an Authorization header),
 * messages and the aria-live status line, and number formatting.
 */
export const SCRIPT_CORE = String.raw`
const $ = (id) => document.getElementById(id);
const TOKEN_KEY = "idea-explorer-token";

function el(tag, props, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children || []) {
    if (child !== undefined && child !== null && child !== false && child !== "") node.append(child);
  }
  return node;
}

class HttpError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function headers(extra) {
  const h = Object.assign({}, extra || {});
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) h.Authorization = "Bearer " + token;
  return h;
}

async function api(path, init) {
  const response = await fetch(path, Object.assign({}, init, { headers: headers(init && init.headers) }));
  const type = response.headers.get("content-type") || "";
  const body = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = body && body.error ? body.error : { code: "http_" + response.status, message: "HTTP " + response.status };
    if (response.status === 401) $("token-form").hidden = false;
    const hint = response.status === 401 ? " (enter the API token at the top of the page)" : "";
    throw new HttpError(response.status, error.code, error.message + hint);
  }
  return body;
}

function postJson(path, body) {
  const init = { method: "POST" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return api(path, init);
}

/** A message in a line of the page; one caused by a refused token is marked, to clear it later. */
function show(id, text, isError, error) {
  const node = $(id);
  node.textContent = text || "";
  node.classList.toggle("error", Boolean(isError && text));
  if (node.getAttribute("role") === "alert") node.hidden = !text;
  if (error && error.status === 401) node.dataset.auth = "1";
  else delete node.dataset.auth;
}

function clearAuthErrors() {
  for (const node of document.querySelectorAll("[data-auth]")) show(node.id, "");
}

/** The status line is role=status (aria-live): what changed, said once, shown for a while. */
let statusTimer = null;
function announce(text, isError) {
  show("status", text, isError);
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => show("status", ""), isError ? 20000 : 8000);
}

const numbers = new Intl.NumberFormat("en");
const count = (n) => numbers.format(n);
const plural = (n, word) => count(n) + " " + word + (n === 1 ? "" : "s");

/** As the CLI prints it (models/pricing.ts formatCost): never a guess for an unpriced model. */
function money(usd) {
  return "$" + (usd >= 0.01 || usd === 0 ? usd.toFixed(2) : usd.toPrecision(2));
}

function costText(cost) {
  if (!cost) return "";
  return cost.priced ? money(cost.usd) : "cost unknown (" + cost.reason + ")";
}

function duration(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return m ? m + " min " + String(s % 60).padStart(2, "0") + " s" : s + " s";
}

const when = (iso) => (iso ? iso.replace("T", " ").slice(0, 16) + " UTC" : "");
const isWebUrl = (url) => /^https?:\/\//i.test(url || "");

/** "ideas/<folder>/research.md" → "<folder>". */
function folderOf(path) {
  const m = /^ideas\/([^/]+)\/research\.md$/.exec(path || "");
  return m ? m[1] : null;
}

/** The library folder a finished job's result names (its folder is "ideas/<folder>"). */
function resultFolder(result) {
  if (!result) return null;
  return folderOf(result.path) || String(result.folder || "").replace(/^ideas\//, "") || null;
}

/** A definition list of [label, value, id?] rows; empty values are left out. */
function facts(list, rows) {
  list.replaceChildren(
    ...rows
      .filter((row) => row[1] !== undefined && row[1] !== null && row[1] !== "")
      .map(([label, value, id]) => el("div", {}, [el("dt", { text: label }), el("dd", { text: value, id })])),
  );
}

/** A link out of the page: http(s) only, in a new tab, with no referrer. */
function outLink(url, text) {
  if (!isWebUrl(url)) return document.createTextNode(text);
  return el("a", { href: url, text, target: "_blank", rel: "noopener noreferrer nofollow" });
}

/** Reads a job's event stream, handing each event to onEvent, until it ends or is aborted. */
async function readEvents(path, signal, onEvent) {
  const response = await fetch(path, { headers: headers(), signal });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    const error = body.error || { code: "http_" + response.status, message: "HTTP " + response.status };
    throw new HttpError(response.status, error.code, error.message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length > 0) await onEvent(event, JSON.parse(data.join("\n")));
    }
  }
}

/** Keeps keyboard focus on "the same" control when a list is drawn again. */
function keepFocus(container, redraw) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.focusKey : undefined;
  redraw();
  if (!key) return;
  // The same control, else another action on the same item (Retry once Cancel is gone).
  const item = key.slice(key.indexOf(":"));
  const again =
    container.querySelector('[data-focus-key="' + CSS.escape(key) + '"]') ||
    container.querySelector('.actions [data-focus-key$="' + CSS.escape(item) + '"]') ||
    container.querySelector('[data-focus-key$="' + CSS.escape(item) + '"]');
  if (again) again.focus();
  else container.closest("section").querySelector("h2").focus();
}
`;
