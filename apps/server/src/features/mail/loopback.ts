// Whether a socket's peer is this machine. Used on the socket's own address, never on request.ip,
// which behind a trusted proxy comes from X-Forwarded-For.
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped (::ffff:127.0.0.1) or in full. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
