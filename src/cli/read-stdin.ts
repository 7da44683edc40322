/** Reads all of stdin as UTF-8, stopping early once more than `limit` characters arrived. */
export async function readStdin(stdin: NodeJS.ReadableStream, limit: number): Promise<string> {
  let text = "";
  for await (const chunk of stdin) {
    text += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
    if (text.length > limit) break;
  }
  return text;
}
