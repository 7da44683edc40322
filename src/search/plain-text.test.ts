import { describe, expect, it } from "vitest";
import { toPlainText } from "./plain-text.ts";

describe("toPlainText", () => {
  it.each([
    ["<strong>solar</strong> dryers", "solar dryers"],
    ["Tom &amp; Jerry &lt;3 &quot;cats&quot; &#39;n&#x27; mice", `Tom & Jerry <3 "cats" 'n' mice`],
    ["a<br/>b\n\n  c", "ab c"],
    ["x<script>alert('no')</script>y<style>p{}</style>z", "x y z"],
    ["30&#37; &nbsp;off", "30% off"],
    [
      "keeps &unknown; as written, and &#0; as U+FFFD",
      "keeps &unknown; as written, and \uFFFD as U+FFFD",
    ],
    ["1 < 2 and 3 > 2", "1 < 2 and 3 > 2"],
  ])("%j → %j", (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });
});
