import { ZIpOrCidr } from '@fit24/contract';

/** The most entries a key's allow-list holds (the contract's limit). */
export const MAX_IP_ENTRIES = 20;

export interface IpList {
  /** The entries as typed, without blanks and repeats, in order. */
  entries: string[];
  /** The entries that are neither an IP address nor a CIDR range. */
  invalid: string[];
}

/**
 * The allow-list as typed in one box: addresses and CIDR ranges separated by commas, spaces or new lines,
 * each checked with the contract's own rule before the form is sent.
 */
export function parseIpList(text: string): IpList {
  const entries = [...new Set(text.split(/[\s,;]+/).filter((entry) => entry !== ''))];
  return { entries, invalid: entries.filter((entry) => !ZIpOrCidr.safeParse(entry).success) };
}
