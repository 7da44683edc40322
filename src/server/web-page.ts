import { createHash } from "node:crypto";
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
<h1>idea-explorer</h1>
<form id="explore">
  <label for="idea">Idea</label>
  <textarea id="idea" name="idea" required maxlength="10000" placeholder="A subscription bakery for dogs"></textarea>
  <div class="row">
    <div><label for="mode">Mode</label>
      <select id="mode" name="mode"><option value="business">business (viability)</option><option value="exploration">exploration (directions)</option></select></div>
    <div><label for="depth">Depth</label>
      <select id="depth" name="depth"><option value="quick">quick (one research run)</option><option value="deep">deep (sub-questions in parallel)</option></select></div>
    <div><label for="model">Model (optional)</label><input id="model" name="model" placeholder="server default"></div>
    <div><label for="token">API token (if required)</label><input id="token" type="password" autocomplete="off" placeholder="kept for this tab only"></div>
  </div>
  <button id="submit" type="submit">Explore</button>
  <p id="submit-error" class="muted" role="alert"></p>
</form>
<h2>Progress</h2>
<p id="progress" class="muted" aria-live="polite">Submit an idea or pick a job below.</p>
<h2>Report</h2>
<article id="report" class="panel"></article>
<h2>Jobs</h2>
<table><thead><tr><th>Idea</th><th>Mode</th><th>Status</th><th>Created (UTC)</th></tr></thead><tbody id="jobs"></tbody></table>
<p id="jobs-error" class="muted"></p>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
