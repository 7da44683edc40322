/** Long HTML pages as sites serve them: most of the markup is navigation, asides and footers. */
const nav = (site: string) =>
  `<nav><ul>${Array.from({ length: 120 }, (_, i) => `<li><a href="/section/${i}">${site} section ${i}: topics, archives and more</a></li>`).join("")}</ul></nav>`;
const aside = Array.from(
  { length: 40 },
  (_, i) =>
    `<aside><h3>Related ${i}</h3><p>Popular now: a story about markets, weather and sport, item ${i}.</p></aside>`,
).join("");
const footer = `<footer>${Array.from({ length: 60 }, (_, i) => `<p>Legal notice ${i}: cookies, terms, privacy and imprint of the publisher.</p>`).join("")}</footer>`;

/** Teasers of other stories and reader comments: in the page's text, not in its article. */
const teasers = `<section class="related">${Array.from({ length: 30 }, (_, i) => `<div class="teaser"><h4>Also read: story ${i}</h4><p>Prices for maize and beans moved again this week as traders watched the rains; our reporters visited markets in three regions to ask why, item ${i}.</p></div>`).join("")}</section>`;
const comments = `<section class="comments">${Array.from({ length: 25 }, (_, i) => `<div class="comment"><b>reader${i}</b><p>Interesting piece. We tried something similar in our village last year and the results were mixed because of the long rains, comment ${i}.</p></div>`).join("")}</section>`;

function article(title: string, site: string, topic: string, paragraphs: number): string {
  const body = Array.from(
    { length: paragraphs },
    (_, i) =>
      `<p>${topic} finding ${i + 1}: growers in the region report that solar dryers cut losses after harvest by a third, while cooperatives share the cost of a unit and sell dried fruit at twice the fresh price in the dry season.</p>`,
  ).join("");
  return `<!doctype html><html><head><title>${title}</title><meta property="og:site_name" content="${site}"><meta name="author" content="Staff reporter"></head><body>${nav(site)}${aside}<main><article><h1>${title}</h1>${body}</article>${comments}</main>${teasers}${aside}${footer}</body></html>`;
}

export const BENCH_PAGES: Record<string, string> = {
  "/news": article("Solar dryers spread in East Africa", "Daily Farm News", "News", 40),
  "/report": article("Post-harvest equipment market 2025", "AgriMarket Research", "Market", 120),
  "/forum": article("Forum: which solar dryer for mangoes?", "Growers Forum", "Forum", 60),
  "/product": article("SunBox 200 solar dryer", "SunBox", "Product", 30),
};
