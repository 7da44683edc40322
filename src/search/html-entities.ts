import { decodeHTML, decodeHTMLAttribute } from "entities";

/**
 * One character reference as HTML's tokenizer sees it in text: numeric (with or without `;`),
 * or a name (a legacy one such as `&eacute` may end without `;`, and is then decoded as the
 * longest known prefix, as browsers do). Text-mode decoding of one reference never depends on
 * the characters after it, so decoding each match alone is the same as decoding the whole text.
 */
const REFERENCE = /&(?:#[xX][0-9a-fA-F]+;?|#[0-9]+;?|[a-zA-Z][a-zA-Z0-9]*;?)/g;

/** C0 controls other than tab, line feed, form feed and carriage return; DEL. */
const CONTROL = /^[\u0000-\u0008\u000b\u000e-\u001f\u007f]$/;

/**
 * Decodes the character references of HTML text, as the HTML standard's tokenizer does (through
 * the `entities` package): every named reference, decimal and hex references, `&#128;`–`&#159;`
 * read as Windows-1252 (`&#146;` is ’), legacy names without `;`. An unknown name stays as
 * written; a reference to NUL, a surrogate or past U+10FFFF is U+FFFD, and so (unlike the
 * standard, which keeps them) is a reference to a control character: decoded text never gains
 * a raw control from markup.
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (reference) => {
    const decoded = decodeHTML(reference);
    return CONTROL.test(decoded) ? "\uFFFD" : decoded;
  });
}

/**
 * Decodes an attribute value (an href, a meta content): as in text, except that a legacy name
 * without `;` followed by `=` or a letter or digit is left as written, so a query string such
 * as `?a=1&copy=2` keeps its `&copy`.
 */
export function decodeAttribute(value: string): string {
  return value.includes("&") ? decodeHTMLAttribute(value) : value;
}
