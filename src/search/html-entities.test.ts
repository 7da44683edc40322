import { describe, expect, it } from "vitest";
import { decodeAttribute, decodeEntities } from "./html-entities.ts";
import { toPlainText } from "./plain-text.ts";

describe("decodeEntities", () => {
  it("decodes every named reference, not only a short list", () => {
    expect(
      decodeEntities("caf&eacute; M&uuml;nchen Stra&szlig;e &Aring;se &hearts; &NotEqualTilde;"),
    ).toBe("café München Straße Åse ♥ ≂̸");
    expect(decodeEntities("&amp; &lt; &gt; &quot; &apos; &nbsp;|")).toBe("& < > \" ' \u00a0|");
  });

  it("decodes decimal and hex references, with or without the semicolon", () => {
    expect(decodeEntities("&#8212; &#x2014; &#X2014; &#233 &#x1F600;")).toBe("— — — é 😀");
  });

  it("reads &#128;–&#159; as Windows-1252, as browsers do", () => {
    expect(decodeEntities("it&#146;s &#147;quoted&#148; &#150; &#128;5 &#133;")).toBe(
      "it’s “quoted” – €5 …",
    );
  });

  it("decodes legacy names without a semicolon in text, as the longest known prefix", () => {
    expect(decodeEntities("caf&eacute au lait, &copy 2025, &eacutex, &notit;")).toBe(
      "café au lait, © 2025, éx, ¬it;",
    );
  });

  it("leaves unknown names and bare ampersands as written", () => {
    expect(decodeEntities("AT&T &unknown; a & b &;")).toBe("AT&T &unknown; a & b &;");
  });

  it("turns NUL, surrogates, out-of-range and control references into U+FFFD", () => {
    expect(decodeEntities("&#0;|&#xD800;|&#1114112;|&#1;|&#x7F;")).toBe(
      "\uFFFD|\uFFFD|\uFFFD|\uFFFD|\uFFFD",
    );
    expect(decodeEntities("tab&#9;line&#10;")).toBe("tab\tline\n");
  });
});

describe("decodeAttribute", () => {
  it("keeps a legacy name followed by = or an alphanumeric, as the standard says for attributes", () => {
    expect(decodeAttribute("/search?q=1&copy=2&not=3")).toBe("/search?q=1&copy=2&not=3");
    expect(decodeAttribute("/a?x=&eacutex")).toBe("/a?x=&eacutex");
    expect(decodeAttribute("/a?x=1&amp;y=2&eacute;")).toBe("/a?x=1&y=2é");
    expect(decodeAttribute("&copy 2025")).toBe("© 2025");
  });
});

describe("toPlainText (the search layer's caller)", () => {
  it("decodes snippets with the full entity table", () => {
    expect(toPlainText("<strong>Caf&eacute;s</strong> in M&uuml;nchen &#146;24")).toBe(
      "Cafés in München ’24",
    );
  });
});
