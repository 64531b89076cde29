import { BlockList, isIP } from 'node:net';
import { ValidateBy, type ValidationArguments } from 'class-validator';

/** Named ranges a proxy list may use, as in Express's and Fastify's `trustProxy`. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

function addEntry(list: BlockList, entry: string): void {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) {
    throw new Error(`"${entry}" is not an address, a CIDR range or one of ${namedRanges()}`);
  }
  if (prefix === undefined) {
    list.addAddress(address, familyOf(address));
    return;
  }
  const bits = familyOf(address) === 'ipv6' ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    throw new Error(`"${entry}" has a prefix length outside 0..${bits}`);
  }
  list.addSubnet(address, Number(prefix), familyOf(address));
}

function namedRanges(): string {
  return Object.keys(NAMED_RANGES).join(', ');
}

/** The addresses a comma-separated list names (IPs, CIDR ranges, named ranges); throws on a bad entry. */
export function parseProxyAddresses(value: string): BlockList {
  const list = new BlockList();
  for (const entry of value
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    for (const range of NAMED_RANGES[entry.toLowerCase()] ?? [entry]) addEntry(list, range);
  }
  return list;
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is on the list. */
export function isListedAddress(list: BlockList, address: string | undefined): boolean {
  if (!address || isIP(address) === 0) return false;
  return list.check(address, familyOf(address));
}

/** The setting is a comma-separated list of IPs, CIDR ranges or named ranges (may be empty). */
export const IsProxyAddressList = (): PropertyDecorator =>
  ValidateBy({
    name: 'isProxyAddressList',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string') return false;
        try {
          parseProxyAddresses(value);
          return true;
        } catch {
          return false;
        }
      },
      defaultMessage: ({ property, value }: ValidationArguments) => {
        try {
          parseProxyAddresses(String(value));
          return `${property} must be a comma-separated list of addresses`;
        } catch (error) {
          return `${property} must list IPs or CIDR ranges: ${(error as Error).message}`;
        }
      },
    },
  });
