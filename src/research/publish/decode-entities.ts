/**
 * HTML character references as every Markdown renderer decodes them in text and link targets.
 * marked leaves them encoded in its tokens, so a target like "&#x6A;avascript:" or "&#104;ttps:"
 * must be decoded here before it is judged. Only the named references a report plausibly holds
 * are known; `unknown` says another one was left encoded, so a caller judging a link target can
 * refuse what it cannot read (the full HTML list has over two thousand names).
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "©",
  reg: "®",
  trade: "™",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  deg: "°",
  times: "×",
  divide: "÷",
  plusmn: "±",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

export function decodeEntities(text: string): { text: string; unknown: boolean } {
  let unknown = false;
  const decoded = text.replace(
    REFERENCE,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) {
        const known = NAMED[name];
        if (known === undefined) unknown = true;
        return known ?? whole;
      }
      return codePoint(dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16));
    },
  );
  return { text: decoded, unknown };
}

/** As CommonMark says: NUL, surrogates and numbers past Unicode become U+FFFD. */
function codePoint(n: number): string {
  if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return "\ufffd";
  return String.fromCodePoint(n);
}
