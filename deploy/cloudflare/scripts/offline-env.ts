/** What keeps wrangler from calling home (checked: no connection leaves loopback). */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_LOG_SANITIZE: "true",
};
