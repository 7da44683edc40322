export interface RateLimit {
  /** Requests allowed in a burst. */
  burst: number;
  /** Sustained requests per minute (the bucket refill rate). */
  perMinute: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { burst: 10, perMinute: 30 };

const MAX_BUCKETS = 10_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A token bucket per key (an API token id, or the client address without auth). Buckets that
 * have refilled completely carry no information and are dropped, which bounds memory.
 */
export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limit: RateLimit, now: () => number = Date.now) {
    if (!(limit.burst >= 1 && limit.perMinute > 0)) {
      throw new RangeError("rate limit needs burst >= 1 and perMinute > 0");
    }
    this.#limit = limit;
    this.#now = now;
  }

  take(key: string): RateDecision {
    const now = this.#now();
    const perMs = this.#limit.perMinute / 60_000;
    const bucket = this.#buckets.get(key) ?? { tokens: this.#limit.burst, at: now };
    const tokens = Math.min(this.#limit.burst, bucket.tokens + (now - bucket.at) * perMs);
    this.#buckets.delete(key); // re-inserted below: Map order is then least recently used first
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1_000)),
      };
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > MAX_BUCKETS) this.#sweep(now, perMs);
    return { allowed: true };
  }

  #sweep(now: number, perMs: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * perMs >= this.#limit.burst) this.#buckets.delete(key);
    }
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size <= MAX_BUCKETS) break;
      this.#buckets.delete(key);
    }
  }
}
