import { BlockList, isIPv4, isIPv6 } from 'node:net'

/** `::ffff:203.0.113.5` (an IPv4 client on a dual-stack socket) is the IPv4 address. */
function plain(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return m ? m[1] : address
}

/**
 * Whether `address` is in one of the CIDR `ranges` (IPv4 or IPv6). No ranges: any address.
 * An address that is not an IP (unknown caller) is in none.
 */
export function addressAllowed(address: string | undefined, ranges: readonly string[]): boolean {
  if (!ranges.length) return true
  const ip = plain(address ?? '')
  const type = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null
  if (!type) return false
  const list = new BlockList()
  for (const range of ranges) {
    const [net, bits] = range.split('/')
    const family = isIPv4(net) ? 'ipv4' : 'ipv6'
    list.addSubnet(net, Number(bits), family)
  }
  return list.check(ip, type)
}
