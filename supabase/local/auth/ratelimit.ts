// Token buckets in the manner of GoTrue's limiters: `burst` requests at once, refilled evenly so
// that `burst` more are allowed per `windowMs`. Past that the caller gets 429.

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when its bucket is empty. */
  take(key: string): boolean {
    if (this.burst <= 0) return true; // 0: no limit
    const now = this.now();
    const rate = this.burst / this.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (this.buckets.size > 10_000) this.prune(now);
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return true;
  }

  /** Forgets full buckets, so a flood of distinct keys cannot grow the map without end. */
  private prune(now: number) {
    const rate = this.burst / this.windowMs;
    for (const [key, b] of this.buckets) if (b.tokens + (now - b.at) * rate >= this.burst) this.buckets.delete(key);
  }
}

export interface SignInLimits {
  /** Sign-ins per `windowMs` per IP address (GoTrue's sign_in_sign_ups); 0 turns it off. */
  perIp: number;
  /** Sign-ins per `windowMs` per e-mail, whatever the address (against guessing from many IPs). */
  perEmail: number;
  windowMs: number;
}

export class SignInLimiter {
  private readonly ip: TokenBuckets;
  private readonly email: TokenBuckets;

  constructor(limits: SignInLimits, now?: () => number) {
    this.ip = new TokenBuckets(limits.perIp, limits.windowMs, now);
    this.email = new TokenBuckets(limits.perEmail, limits.windowMs, now);
  }

  /** Counts one attempt; false when either the address or the account is over its limit. */
  allow(ip: string, email: string): boolean {
    const byIp = this.ip.take(ip);
    const byEmail = email ? this.email.take(email.toLowerCase()) : true;
    return byIp && byEmail;
  }
}
