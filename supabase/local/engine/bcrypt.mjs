// bcrypt (Provos and Mazières, 1999) in plain JavaScript, for checking the $2a$/$2b$/$2y$ hashes
// pgcrypto writes into auth.users. Written from the published algorithm: EksBlowfishSetup, then
// "OrpheanBeholderScryDoubt" encrypted 64 times. Blowfish starts from the hexadecimal digits of
// pi's fractional part, computed here once with BigInt instead of being pasted in as a table.

const WORDS = 18 + 4 * 256;

/** The first `words` 32-bit words of pi's fractional part (0x243f6a88, 0x85a308d3, ...). */
function piWords(words) {
  const bits = BigInt(words * 32 + 64);
  const one = 1n << bits;
  // arctan(1/x) as a fixed-point number with `bits` fraction bits
  const arctan = (x) => {
    const xx = x * x;
    let power = one / x;
    let sum = power;
    for (let k = 1n; power !== 0n; k++) {
      power /= xx;
      const term = power / (2n * k + 1n);
      sum = k % 2n ? sum - term : sum + term;
    }
    return sum;
  };
  // Machin: pi = 16 arctan(1/5) - 4 arctan(1/239)
  const pi = 16n * arctan(5n) - 4n * arctan(239n);
  const fraction = (pi % one) >> 64n;
  const out = new Uint32Array(words);
  for (let i = 0; i < words; i++) out[i] = Number((fraction >> BigInt((words - 1 - i) * 32)) & 0xffffffffn);
  return out;
}

let initial = null;
function initialState() {
  if (!initial) {
    initial = piWords(WORDS);
    if (initial[0] !== 0x243f6a88 || initial[17] !== 0x8979fb1b) throw new Error('bcrypt: wrong Blowfish constants');
  }
  return initial;
}

const ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** bcrypt's own base64 (its alphabet, no padding). */
function encode64(bytes, length) {
  let out = '';
  for (let i = 0; i < length; ) {
    const c1 = bytes[i++];
    out += ALPHABET[c1 >> 2];
    let c = (c1 & 0x03) << 4;
    if (i >= length) {
      out += ALPHABET[c];
      break;
    }
    const c2 = bytes[i++];
    out += ALPHABET[c | (c2 >> 4)];
    c = (c2 & 0x0f) << 2;
    if (i >= length) {
      out += ALPHABET[c];
      break;
    }
    const c3 = bytes[i++];
    out += ALPHABET[c | (c3 >> 6)];
    out += ALPHABET[c3 & 0x3f];
  }
  return out;
}

function decode64(text, length) {
  const out = new Uint8Array(length);
  let o = 0;
  const v = (i) => {
    const n = INDEX.get(text[i]);
    if (n === undefined) throw new Error('bcrypt: invalid salt');
    return n;
  };
  for (let i = 0; o < length; i += 4) {
    const c1 = v(i);
    const c2 = v(i + 1);
    out[o++] = (c1 << 2) | (c2 >> 4);
    if (o >= length) break;
    const c3 = v(i + 2);
    out[o++] = ((c2 & 0x0f) << 4) | (c3 >> 2);
    if (o >= length) break;
    const c4 = v(i + 3);
    out[o++] = ((c3 & 0x03) << 6) | c4;
  }
  return out;
}

class Blowfish {
  constructor() {
    const init = initialState();
    this.P = init.slice(0, 18);
    this.S = init.slice(18);
    this.lr = new Uint32Array(2);
  }

  /** Encrypts this.lr in place. */
  encrypt() {
    const { P, S, lr } = this;
    let l = lr[0];
    let r = lr[1];
    for (let i = 0; i < 16; i += 2) {
      l ^= P[i];
      r ^= (((S[l >>> 24] + S[256 | ((l >>> 16) & 0xff)]) ^ S[512 | ((l >>> 8) & 0xff)]) + S[768 | (l & 0xff)]) >>> 0;
      r ^= P[i + 1];
      l ^= (((S[r >>> 24] + S[256 | ((r >>> 16) & 0xff)]) ^ S[512 | ((r >>> 8) & 0xff)]) + S[768 | (r & 0xff)]) >>> 0;
    }
    lr[0] = (r ^ P[17]) >>> 0;
    lr[1] = (l ^ P[16]) >>> 0;
  }

  /** ExpandKey(state, salt, key); salt null is the all-zero salt. */
  expand(key, salt) {
    const { P, S, lr } = this;
    let k = 0;
    const keyWord = () => {
      let w = 0;
      for (let i = 0; i < 4; i++) {
        w = (w << 8) | key[k];
        k = (k + 1) % key.length;
      }
      return w >>> 0;
    };
    for (let i = 0; i < 18; i++) P[i] = (P[i] ^ keyWord()) >>> 0;
    let s = 0;
    const saltWord = () => {
      let w = 0;
      for (let i = 0; i < 4; i++) {
        w = (w << 8) | salt[s];
        s = (s + 1) % salt.length;
      }
      return w >>> 0;
    };
    lr[0] = 0;
    lr[1] = 0;
    for (let i = 0; i < 18 + 1024; i += 2) {
      if (salt) {
        lr[0] ^= saltWord();
        lr[1] ^= saltWord();
      }
      this.encrypt();
      if (i < 18) {
        P[i] = lr[0];
        P[i + 1] = lr[1];
      } else {
        S[i - 18] = lr[0];
        S[i - 17] = lr[1];
      }
    }
  }
}

const MAGIC = new TextEncoder().encode('OrpheanBeholderScryDoubt');

/** crypt(password, setting) for bcrypt settings such as "$2a$10$<22 salt characters>...". */
export function bcrypt(password, setting) {
  const m = /^\$2([aby])\$(\d\d)\$([./A-Za-z0-9]{22})/.exec(setting);
  if (!m) throw new Error('bcrypt: invalid setting');
  const cost = Number(m[2]);
  if (cost < 4 || cost > 31) throw new Error('bcrypt: invalid cost');
  const salt = decode64(m[3], 16);
  // the key is the password's bytes with the terminating NUL, at most 72 bytes
  const bytes = new TextEncoder().encode(password);
  const key = new Uint8Array(Math.min(bytes.length + 1, 72));
  key.set(bytes.subarray(0, key.length));

  const bf = new Blowfish();
  bf.expand(key, salt);
  for (let i = 2 ** cost; i > 0; i--) {
    bf.expand(key, null);
    bf.expand(salt, null);
  }
  const words = new Uint32Array(6);
  for (let i = 0; i < 6; i++) words[i] = (MAGIC[4 * i] << 24) | (MAGIC[4 * i + 1] << 16) | (MAGIC[4 * i + 2] << 8) | MAGIC[4 * i + 3];
  for (let round = 0; round < 64; round++) {
    for (let b = 0; b < 6; b += 2) {
      bf.lr[0] = words[b];
      bf.lr[1] = words[b + 1];
      bf.encrypt();
      words[b] = bf.lr[0];
      words[b + 1] = bf.lr[1];
    }
  }
  const out = new Uint8Array(24);
  for (let i = 0; i < 6; i++) {
    out[4 * i] = words[i] >>> 24;
    out[4 * i + 1] = (words[i] >>> 16) & 0xff;
    out[4 * i + 2] = (words[i] >>> 8) & 0xff;
    out[4 * i + 3] = words[i] & 0xff;
  }
  return `$2${m[1]}$${m[2]}$${encode64(salt, 16)}${encode64(out, 23)}`;
}
