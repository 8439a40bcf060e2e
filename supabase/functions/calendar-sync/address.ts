// Which IP addresses a calendar feed may be fetched from: only public ones. A feed's address is
// typed in by an admin, and the function fetches it from inside the provider's network, so an
// address of a private, loopback, link-local, shared (CGNAT), multicast or otherwise special
// network (IANA's special-purpose registries) would let it reach what the internet cannot (SSRF).
//
// Pure TypeScript, no Deno or Node API: the guard in feed.ts uses it, and the tests import it too.

/** An IPv4 address as its four bytes, or null if `text` is not one in dotted-decimal form. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** An IPv6 address as its eight 16-bit groups, or null (a zone such as `%eth0` is refused). */
export function parseIPv6(text: string): number[] | null {
  let rest = text.toLowerCase();
  if (rest.startsWith('[') && rest.endsWith(']')) rest = rest.slice(1, -1);
  if (!/^[0-9a-f:.]+$/.test(rest)) return null;
  // a dotted IPv4 address at the end stands for the last two groups
  if (rest.includes('.')) {
    const at = rest.lastIndexOf(':');
    const v4 = parseIPv4(rest.slice(at + 1));
    if (at < 0 || !v4) return null;
    rest = `${rest.slice(0, at + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]);
  const back = halves.length === 2 ? groups(halves[1]) : [];
  for (const g of [...head, ...back]) if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
  const known = head.length + back.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head.map((g) => parseInt(g, 16)), ...(halves.length === 2 ? zeros : []), ...back.map((g) => parseInt(g, 16))];
}

/** The IPv4 networks that are not the public internet: four bytes and the prefix length. */
const IPV4_SPECIAL: [number, number, number, number, number][] = [
  [0, 0, 0, 0, 8], // "this network"; 0.0.0.0 means this host
  [10, 0, 0, 0, 8], // private
  [100, 64, 0, 0, 10], // shared address space (carrier-grade NAT)
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local (cloud metadata services live here)
  [172, 16, 0, 0, 12], // private
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation (TEST-NET-1)
  [192, 88, 99, 0, 24], // 6to4 relay anycast (deprecated)
  [192, 168, 0, 0, 16], // private
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation (TEST-NET-2)
  [203, 0, 113, 0, 24], // documentation (TEST-NET-3)
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and the broadcast address 255.255.255.255
];

const v4Number = (b: number[]) => ((b[0] << 24) >>> 0) + (b[1] << 16) + (b[2] << 8) + b[3];

function isPublicIPv4(bytes: number[]): boolean {
  const n = v4Number(bytes);
  return !IPV4_SPECIAL.some(([a, b, c, d, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return ((n & mask) >>> 0) === ((v4Number([a, b, c, d]) & mask) >>> 0);
  });
}

/** Does the address start with these groups, compared over `bits` bits? */
function inPrefix(groups: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const take = Math.min(16, bits);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((groups[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const embeddedIPv4 = (g: number[]) => [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];

function isPublicIPv6(g: number[]): boolean {
  // an IPv4 address written as IPv6 (::ffff:a.b.c.d) or translated by NAT64 (64:ff9b::a.b.c.d)
  // goes where its IPv4 address goes
  if (inPrefix(g, [0, 0, 0, 0, 0, 0xffff], 96) || inPrefix(g, [0x64, 0xff9b], 96)) return isPublicIPv4(embeddedIPv4(g));
  // only global unicast (2000::/3) is the public internet; everything else (unspecified, loopback,
  // IPv4-compatible, discard, unique local fc00::/7, link-local, site-local, multicast) is not
  if (!inPrefix(g, [0x2000], 3)) return false;
  return !(
    inPrefix(g, [0x2001, 0], 23) || // IETF protocol assignments (Teredo among them)
    inPrefix(g, [0x2001, 0x0db8], 32) || // documentation
    inPrefix(g, [0x2002], 16) || // 6to4, which could wrap any IPv4 address
    inPrefix(g, [0x3fff, 0], 20) // documentation
  );
}

/** Is this IP address (IPv4 or IPv6, brackets allowed) one of the public internet? Not an IP address: false. */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return isPublicIPv4(v4);
  const v6 = parseIPv6(ip);
  return v6 ? isPublicIPv6(v6) : false;
}

/** Is this IP address a loopback one (127.0.0.0/8, ::1, or 127.x written as IPv6)? */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return v4[0] === 127;
  const v6 = parseIPv6(ip);
  if (!v6) return false;
  if (inPrefix(v6, [0, 0, 0, 0, 0, 0xffff], 96)) return v6[6] >> 8 === 127;
  return v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1;
}

/** Is this host name (as URL.hostname gives it) an IP address rather than a name to look up? */
export function isIpLiteral(hostname: string): boolean {
  return parseIPv4(hostname) !== null || parseIPv6(hostname) !== null;
}
