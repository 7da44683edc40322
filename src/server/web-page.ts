import { createHash } from "node:crypto";
import { PAGE_BODY } from "./page/page-markup.ts";
// Generated from src/server/page/client/ by scripts/build-page-script.ts (npm run build).
import { PAGE_SCRIPT } from "./page/page-script.generated.ts";
import { PAGE_STYLE } from "./web-page-style.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The only script (the client bundle) and stylesheet are allowed by the SHA-256 of their exact
 * text, computed here from what the page inlines, so no other script can run on the page
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
