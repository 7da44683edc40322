/**
 * The Cloudflare Worker's upload size (wrangler deploy --dry-run), raw and gzipped, against the
 * 3 MiB gzipped limit of Workers' free plan (10 MiB on paid plans), and against the same build
 * unminified (what wrangler.jsonc's "minify" saves).
 */
import { buildBundle, FREE_PLAN_LIMIT_BYTES } from "../deploy/cloudflare/scripts/build-bundle.ts";

const bundle = await buildBundle();
// The baseline: the same build as wrangler.jsonc's, without its "minify": true.
const unminified = await buildBundle(["--minify", "false"]);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const share = bundle.gzipBytes / FREE_PLAN_LIMIT_BYTES;
console.log(`bundle: ${mib(bundle.bytes)} MiB raw, ${mib(bundle.gzipBytes)} MiB gzipped`);
console.log(
  `unminified: ${mib(unminified.bytes)} MiB raw, ${mib(unminified.gzipBytes)} MiB gzipped; minified gzipped is ${((bundle.gzipBytes / unminified.gzipBytes) * 100).toFixed(0)}% of it`,
);
console.log(
  `gzipped vs the free plan's 3 MiB: ${(share * 100).toFixed(0)}% (${share < 1 ? "met" : "MISSED"})`,
);
