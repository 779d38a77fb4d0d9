/**
 * True when a licence forbids commercial use: Creative Commons "NC" licences (CC BY-NC, BY-NC-SA, BY-NC-ND, in any
 * spelling) and licences that say "non-commercial". DDInter is CC BY-NC-SA 4.0. Operators are warned on import, and
 * `/v1/kb`, every check's `kb` block and the admin pages flag such sources.
 */
export function isNonCommercialLicense(license: string): boolean {
  const l = license.toLowerCase();
  return /\bnon[-\s]?commercial\b/.test(l) || /\bcc[-\s]?by[-\s]?nc\b/.test(l) || /(?:^|[\s(-])by-nc(?:-|\b)/.test(l);
}
