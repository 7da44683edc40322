/**
 * A published inline text before it is written out: plain text (to be escaped), the product's
 * own syntax (emphasis delimiters, citations), code, or a hard line break. Nothing a page or a
 * model wrote ever becomes syntax except through these.
 */
export type Atom =
  | { text: string }
  | { syntax: string }
  | { code: string }
  | { br: true }
  | { emphasis: "*" | "**" | "~~"; inner: Atom[] };
