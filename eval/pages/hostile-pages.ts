/** Markup built to be slow or to break parsers; each must still be read within a second. */
export function hostilePages(): { name: string; html: string }[] {
  const words = "hello world this is text of the page. ".repeat(5);
  return [
    {
      name: "100,000 nested divs",
      html: `${"<div>".repeat(100_000)}deep${"</div>".repeat(100_000)}`,
    },
    {
      name: "10,000 unclosed tags",
      html: `<html><body>${"<b><i><span>word ".repeat(3_334)}</body></html>`,
    },
    {
      name: "1 MB attribute",
      html: `<html><body><p title="${"a".repeat(1_000_000)}">x</p>${`<p>${words}</p>`.repeat(20)}</body></html>`,
    },
    {
      name: "table of 50,000 cells",
      html: `<html><body><table>${`<tr>${"<td>cell</td>".repeat(10)}</tr>`.repeat(5_000)}</table></body></html>`,
    },
    {
      name: "article under 150 wrapping divs",
      html: `<html><body>${"<div>".repeat(150)}${`<p>${words}</p>`.repeat(1_000)}${"</div>".repeat(150)}</body></html>`,
    },
    {
      name: "150 levels of fanned-out divs",
      html: `<html><body>${`<div><p>${words}</p>${"<div><span>a</span></div>".repeat(90)}`.repeat(150)}${"</div>".repeat(150)}</body></html>`,
    },
  ];
}
