/**
 * The Cloudflare Worker's upload size (wrangler deploy --dry-run), raw and gzipped, against the
 * 3 MiB gzipped limit of Workers' free plan (10 MiB on paid plans).
 */
import { buildBundle, FREE_PLAN_LIMIT_BYTES } from "../deploy/cloudflare/scripts/build-bundle.ts";

const bundle = await buildBundle();
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const share = bundle.gzipBytes / FREE_PLAN_LIMIT_BYTES;
console.log(`bundle: ${mib(bundle.bytes)} MiB raw, ${mib(bundle.gzipBytes)} MiB gzipped`);
console.log(
  `gzipped vs the free plan's 3 MiB: ${(share * 100).toFixed(0)}% (${share < 1 ? "met" : "MISSED"})`,
);
