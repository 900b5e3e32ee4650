// One spelling of a service address, so "12 Oak Street" and "12 oak st." are the same premise
// when requests are compared for conflicts and matched to the customer's known premises.

const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  apartment: 'apt',
  suite: 'ste',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/** Lower case, punctuation dropped, common street words abbreviated, single spaces. */
export function normalizeAddress(address: string): string {
  return address
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** The premise a request is about: its address and ZIP code. */
export function premiseKey(address: string, zip: string): string {
  return `${normalizeAddress(address)}|${zip.trim()}`;
}
