// How the dashboard sums up an interaction check: one rule wherever a check result is shown. An incomplete check
// (an input unresolved or ambiguous, or a drug the knowledge base knows by name only) is never shown as clean: it
// gets its own amber state that names what was not checked, whatever else the result says.

const INCOMPLETE_WARNINGS = ['incomplete_check', 'not_reviewed'];

/** The inputs that were not checked, each with why, in input order. */
export function notChecked(r) {
  const items = [];
  for (const u of r.unresolved || []) {
    items.push({
      index: u.index,
      input: u.input,
      kind: u.status,
      why: u.status === 'ambiguous' ? 'ambiguous: several drugs match' : 'not recognised',
      reason: u.reason,
      suggestions: (u.suggestions || []).slice(0, 3).map((x) => x.name),
    });
  }
  for (const x of r.resolutions || []) {
    if (x.coverage !== 'names-only') continue;
    items.push({
      index: x.index,
      input: x.input,
      kind: 'names-only',
      why: `known by name only (${(x.ingredients || []).map((i) => i.name).join(' + ')}): its interactions have not been reviewed, so no finding for it means not checked`,
    });
  }
  return items.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
}

/**
 * `incomplete` when the API says so (`summary.complete: false`), when it warns so (`incomplete_check`,
 * `not_reviewed`) or when an input is listed as not checked: any one is enough. Else `findings` or `clear`.
 */
export function checkVerdict(r) {
  const items = notChecked(r);
  const warnings = (r.warnings || []).filter((w) => INCOMPLETE_WARNINGS.includes(w.code));
  const incomplete = (r.summary && r.summary.complete === false) || warnings.length > 0 || items.length > 0;
  const findings = (r.interactions || []).length;
  return { state: incomplete ? 'incomplete' : findings ? 'findings' : 'clear', notChecked: items, warnings, findings };
}

export const isIncompleteWarning = (w) => INCOMPLETE_WARNINGS.includes(w.code);
