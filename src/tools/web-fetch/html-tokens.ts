export type HtmlToken =
  | { type: "text"; text: string }
  | { type: "open"; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { type: "close"; name: string };

/** Elements whose content is raw text up to their own end tag: `<script>"</div>"</script>`. */
/** HTML's void elements: they have no end tag and never contain anything. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

const RAW_TEXT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "noscript",
]);

/**
 * A forgiving, linear-time HTML tokenizer: start and end tags with attributes, text, and raw-text
 * elements; comments, doctypes and processing instructions are dropped. It never throws and
 * never backtracks, whatever the input (pages are untrusted and may be malformed on purpose).
 * Entities are left as they are; decodeEntities handles them.
 */
export function* tokenizeHtml(html: string): Generator<HtmlToken> {
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt < 0) {
      yield { type: "text", text: html.slice(at) };
      return;
    }
    if (lt > at) yield { type: "text", text: html.slice(at, lt) };
    const next = html[lt + 1] ?? "";
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      at = end < 0 ? html.length : end + 3;
    } else if (next === "!" || next === "?") {
      const end = html.indexOf(">", lt);
      at = end < 0 ? html.length : end + 1;
    } else if (next === "/" && isLetter(html[lt + 2])) {
      const end = html.indexOf(">", lt);
      if (end < 0) return;
      yield { type: "close", name: tagName(html, lt + 2) };
      at = end + 1;
    } else if (isLetter(next)) {
      const tag = readStartTag(html, lt + 1);
      if (!tag) return;
      yield tag.token;
      at = tag.end;
      if (RAW_TEXT.has(tag.token.name) && !tag.token.selfClosing) {
        const close = findRawTextEnd(html, tag.end, tag.token.name);
        if (close > at) yield { type: "text", text: html.slice(at, close) };
        if (close >= html.length) return;
        yield { type: "close", name: tag.token.name };
        const end = html.indexOf(">", close);
        at = end < 0 ? html.length : end + 1;
      }
    } else {
      yield { type: "text", text: "<" };
      at = lt + 1;
    }
  }
}

function isLetter(char: string | undefined): boolean {
  return char !== undefined && /[a-zA-Z]/.test(char);
}

function tagName(html: string, from: number): string {
  let end = from;
  while (end < html.length && !/[\s/>]/.test(html[end] ?? "")) end++;
  return html.slice(from, end).toLowerCase();
}

/** Reads `name attr="v" attr2=v2 flag/>` from just after the `<`. */
function readStartTag(
  html: string,
  from: number,
): { token: HtmlToken & { type: "open" }; end: number } | undefined {
  const name = tagName(html, from);
  const attributes = new Map<string, string>();
  let at = from + name.length;
  let selfClosing = false;
  while (at < html.length) {
    const char = html[at] ?? "";
    if (char === ">")
      return { token: { type: "open", name, attributes, selfClosing }, end: at + 1 };
    if (/\s/.test(char) || char === "/") {
      selfClosing = char === "/";
      at++;
      continue;
    }
    selfClosing = false;
    let nameEnd = at + 1;
    while (nameEnd < html.length && !/[\s/>=]/.test(html[nameEnd] ?? "")) nameEnd++;
    const attribute = html.slice(at, nameEnd).toLowerCase();
    at = nameEnd;
    while (/\s/.test(html[at] ?? "x")) at++;
    let value = "";
    if (html[at] === "=") {
      at++;
      while (/\s/.test(html[at] ?? "x")) at++;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        if (close < 0) return undefined;
        value = html.slice(at + 1, close);
        at = close + 1;
      } else {
        let valueEnd = at;
        while (valueEnd < html.length && !/[\s>]/.test(html[valueEnd] ?? "")) valueEnd++;
        value = html.slice(at, valueEnd);
        at = valueEnd;
      }
    }
    if (!attributes.has(attribute)) attributes.set(attribute, value);
  }
  return undefined;
}

/** Where `</name` (any case, then a space, `/`, `>` or the end) starts, or the input's end. */
function findRawTextEnd(html: string, from: number, name: string): number {
  // A regex search, not html.toLowerCase(): lowercasing can change the string's length.
  const end = new RegExp(`</${name}(?=[\\s/>]|$)`, "gi");
  end.lastIndex = from;
  return end.exec(html)?.index ?? html.length;
}
