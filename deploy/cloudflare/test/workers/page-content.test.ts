import { describe, expect, it } from "vitest";
import { pageText } from "../../../../src/tools/web-fetch/page-content.ts";

/** web_fetch's page reading (Readability over linkedom, the entities decoder) inside workerd. */
const paragraph = (topic: string) =>
  `<p>The ${topic} was discussed at length by the council on Tuesday evening, where residents, ` +
  "engineers and two local shop owners spoke about the costs, the timetable and the disruption.</p>";

describe("pageText in workerd", () => {
  it("extracts an article's main content and metadata, and decodes every entity form", async () => {
    const html =
      '<html><head><title>Tram</title><meta property="og:site_name" content="Courier"></head>' +
      `<body><nav><a href="/">Home</a></nav><article><h1>Tram</h1>${["tram", "stop", "budget", "timetable", "phase"].map(paragraph).join("")}</article>` +
      "<footer>Copyright footer</footer></body></html>";
    const page = await pageText(html, "html", new URL("https://news.example/a"));
    expect(page).toMatchObject({ extraction: "article", site: "Courier" });
    expect(page.text).toContain("The budget was discussed");
    expect(page.text).not.toContain("Copyright");
    expect(
      (
        await pageText(
          "<p>caf&eacute; &#146; M&uuml;nchen</p>",
          "html",
          new URL("https://x.example/"),
        )
      ).text,
    ).toBe("café ’ München");
  });
});
