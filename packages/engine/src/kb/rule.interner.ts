import type { KbCitation, KbRule, KbRuleSide } from '../model/compiled-kb.model';

/**
 * Shares the identical parts of rules: texts, sides, risk lists, evidence and citation lists.
 *
 * A bulk source repeats the same few texts and one citation on every pair (DDInter: 160,235 rules, 6 distinct
 * texts), and a parsed document holds a separate copy of each for every rule. Sharing them roughly halves the
 * heap an imported release takes (about 90 MB less for DDInter), which every API instance pays for, and gives
 * every rule the same shape. Rules are read-only once loaded; findings copy what they change.
 */
export class RuleInterner {
  private readonly strings = new Map<string, string>();
  private readonly sides = new Map<string, KbRuleSide>();
  private readonly lists = new Map<string, string[]>();
  private readonly evidence = new Map<string, KbRule['evidence']>();
  private readonly citations = new Map<string, KbCitation[]>();

  /** A copy of the rule whose parts are shared with every equal part seen before. */
  rule(r: KbRule): KbRule {
    const out: KbRule = {
      id: r.id,
      sourceId: this.string(r.sourceId),
      a: this.side(r.a),
      b: this.side(r.b),
      severity: r.severity,
      risks: this.list(r.risks),
      summary: this.string(r.summary),
      consequence: this.string(r.consequence),
      mechanism: this.string(r.mechanism),
      management: this.string(r.management),
      evidence: this.evidenceOf(r.evidence),
      citations: this.citationList(r.citations),
    };
    if (r.onc !== undefined) out.onc = r.onc;
    if (r.siblingNote !== undefined) out.siblingNote = r.siblingNote;
    if (r.notAt !== undefined) out.notAt = [...r.notAt];
    return out;
  }

  string(s: string): string {
    const seen = this.strings.get(s);
    if (seen !== undefined) return seen;
    this.strings.set(s, s);
    return s;
  }

  private side(s: KbRuleSide): KbRuleSide {
    const key = 'ingredient' in s ? `i\u0000${s.ingredient}` : `c\u0000${s.class}`;
    let v = this.sides.get(key);
    if (!v) this.sides.set(key, (v = 'ingredient' in s ? { ingredient: this.string(s.ingredient) } : { class: this.string(s.class) }));
    return v;
  }

  private list(xs: string[]): string[] {
    const key = xs.join('\u0000');
    let v = this.lists.get(key);
    if (!v) this.lists.set(key, (v = xs.map((x) => this.string(x))));
    return v;
  }

  private evidenceOf(e: KbRule['evidence']): KbRule['evidence'] {
    const key = JSON.stringify(e);
    let v = this.evidence.get(key);
    if (!v) this.evidence.set(key, (v = e));
    return v;
  }

  private citationList(cs: KbCitation[]): KbCitation[] {
    let key = '';
    for (const c of cs) key += `${c.source}\u0000${c.title}\u0000${c.section ?? '\u0001'}\u0000${c.url ?? '\u0001'}\u0002`;
    let v = this.citations.get(key);
    if (!v) {
      v = cs.map((c) => {
        const copy: KbCitation = { source: this.string(c.source), title: this.string(c.title) };
        if (c.section !== undefined) copy.section = this.string(c.section);
        if (c.url !== undefined) copy.url = this.string(c.url);
        return copy;
      });
      this.citations.set(key, v);
    }
    return v;
  }
}
