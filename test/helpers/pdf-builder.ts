/**
 * Builds small, valid PDF 1.4 files for tests: N pages of text in Helvetica (one line per entry),
 * or pages that hold only an image (no text layer), optionally with an /Encrypt dictionary whose
 * password check fails. The xref table carries real byte offsets, so strict readers accept it.
 */
export interface PdfSpec {
  /** Each page's lines of text; an empty page list still makes one blank page. */
  pages: readonly (readonly string[])[];
  /** The document information dictionary's /Title. */
  title?: string;
  /** /CreationDate as the PDF date string writes it, e.g. "D:20250314093000Z". */
  creationDate?: string;
  /** Pages draw a 1×1 image XObject instead of text. */
  imageOnly?: boolean;
  /** Adds a Standard-security /Encrypt dictionary no empty password opens. */
  encrypted?: boolean;
}

export function buildPdf(spec: PdfSpec): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const catalog = add("");
  const pages = add("");
  const font = add(
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  );
  const image = add(
    stream(
      "<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
      "\u0080",
    ),
  );
  const kids: number[] = [];
  for (const lines of spec.pages.length ? spec.pages : [[]]) {
    const content = spec.imageOnly
      ? "q 100 0 0 100 72 600 cm /Im1 Do Q"
      : [
          "BT",
          "/F1 12 Tf",
          "14 TL",
          "72 740 Td",
          ...lines.map((l) => `(${pdfString(l)}) Tj T*`),
          "ET",
        ].join("\n");
    const contents = add(stream("<<", content));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R ` +
          `/Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R >>`;
  objects[pages - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const infoEntries = [
    spec.title !== undefined ? `/Title (${pdfString(spec.title)})` : "",
    spec.creationDate !== undefined ? `/CreationDate (${spec.creationDate})` : "",
  ].join(" ");
  const info = add(`<< ${infoEntries} >>`);
  const encrypt = spec.encrypted
    ? add(`<< /Filter /Standard /V 1 /R 2 /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> /P -4 >>`)
    : undefined;

  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  const id = `<${"ab".repeat(16)}>`;
  out +=
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [${id} ${id}]` +
    `${encrypt ? ` /Encrypt ${encrypt} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

function stream(dict: string, data: string): string {
  return `${dict} /Length ${Buffer.byteLength(data, "latin1")} >>\nstream\n${data}\nendstream`;
}

/** A literal string's specials escaped (Helvetica's WinAnsi covers Latin-1). */
function pdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}
