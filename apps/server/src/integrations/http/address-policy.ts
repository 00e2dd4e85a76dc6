import { BlockList, isIP } from "node:net";

/**
 * Addresses an outgoing integration request may never connect to (docs/delivery.md,
 * "Outgoing requests"): this host, private networks, link-local (cloud metadata at
 * 169.254.169.254 and fd00:ec2::254 included), carrier-grade NAT, multicast, reserved and
 * documentation ranges, and IPv6 forms that embed an IPv4 address (mapped, NAT64).
 */
// Two lists: node's BlockList matches an IPv4 address against IPv6 rules too (as mapped).
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96],
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is one an integration must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blockedV4.check(address, "ipv4");
  const lower = address.toLowerCase();
  // IPv4-mapped in dotted form (::ffff:127.0.0.1) is refused whatever the IPv4 part.
  if (/^(0{0,4}:){0,5}:?ffff:\d+\.\d+\.\d+\.\d+$/.test(lower) || lower.startsWith("::ffff:")) {
    return true;
  }
  return blockedV6.check(lower, "ipv6");
}
