/**
 * Whether a URL's host is this computer or the local network, judged from the
 * text alone (no DNS lookup: a name that resolves to a private address is not
 * caught, an address written as a number is). A link to such an address, opened
 * in the person's browser, reaches what sits behind their firewall — a router's
 * admin page, a dev server — with the browser's cookies: a hostile page or
 * service answer must not be able to aim there.
 *
 * Takes `URL.hostname`: the parser has already turned every IPv4 spelling
 * (0x7f.1, 2130706433, 127.1) into dotted decimal and every IPv6 one into its
 * compressed lower-case form in brackets.
 */
export type LocalAddressKind = 'this computer' | 'local network';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Kind(a: number, b: number): LocalAddressKind | null {
  if (a === 127 || a === 0) return 'this computer'; // 127/8 loopback, 0/8 "this host" (0.0.0.0)
  if (a === 10) return 'local network';
  if (a === 172 && b >= 16 && b <= 31) return 'local network';
  if (a === 192 && b === 168) return 'local network';
  if (a === 169 && b === 254) return 'local network'; // link-local, also cloud metadata services
  return null;
}

/** The eight 16-bit groups of an IPv6 address as URL serializes it (no brackets), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0] ?? '');
  const tail = halves.length === 2 ? part(halves[1] ?? '') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN,
  );
  return groups.some(Number.isNaN) ? null : groups;
}

function ipv6Kind(groups: readonly number[]): LocalAddressKind | null {
  const [g0 = 0, g1 = 0, , , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(7) && (g7 === 0 || g7 === 1)) return 'this computer'; // :: and ::1
  if ((g0 & 0xfe00) === 0xfc00) return 'local network'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'local network'; // fe80::/10 link-local
  // An IPv4 address carried in IPv6: mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d),
  // the old compatible form (::a.b.c.d) and NAT64's well-known prefix (64:ff9b::a.b.c.d) all
  // reach the IPv4 address inside.
  const nat64 = g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  const carriesIpv4 =
    nat64 ||
    (zeroUpTo(5) && (g5 === 0xffff || g5 === 0)) ||
    (zeroUpTo(4) && g4 === 0xffff && g5 === 0);
  return carriesIpv4 ? ipv4Kind(g6 >> 8, g6 & 0xff) : null;
}

export function localAddressKind(hostname: string): LocalAddressKind | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  // Browsers send localhost and every *.localhost name to this computer without asking DNS.
  if (host === 'localhost' || host.endsWith('.localhost')) return 'this computer';
  // Multicast DNS names: devices on the local network answer for them (RFC 6762).
  if (host.endsWith('.local')) return 'local network';
  const v4 = IPV4.exec(host);
  if (v4) return ipv4Kind(Number(v4[1]), Number(v4[2]));
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups ? ipv6Kind(groups) : null;
  }
  return null;
}
