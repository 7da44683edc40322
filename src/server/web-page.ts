import { createHash } from "node:crypto";
import { PAGE_BODY } from "./page/page-markup.ts";
import { PAGE_SCRIPT } from "./web-page-script.ts";
import { PAGE_STYLE } from "./web-page-style.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The only script and stylesheet are allowed by hash, so no other script can run on the page
 * (not even one smuggled into the research HTML), and the page may talk to this server only.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `script-src ${sha256(PAGE_SCRIPT)}`,
  `style-src ${sha256(PAGE_STYLE)}`,
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>idea-explorer</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
${PAGE_BODY}
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
