// Internal admin: which knowledge base this deployment answers with.
import { get } from '../api.js';
import { h } from '../dom.js';
import { date, num } from '../format.js';
import { pageHeader, table } from '../ui.js';

const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];

export async function renderAdminKb() {
  const kb = await get('/api/admin/kb');
  const counts = Object.entries(kb.counts).map(([k, v]) => h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, k[0].toUpperCase() + k.slice(1)), h('strong', { class: 'stat-value' }, num(v))));
  const sev = SEVERITIES.filter((s) => kb.rulesBySeverity[s]).map((s) => h('span', { class: 'sev-count' }, h('span', { class: `sev sev-${s}` }, s), ` ${num(kb.rulesBySeverity[s])}`));
  const rows = kb.sources.map((s) => h('tr', null,
    h('td', null, h('code', null, s.id)),
    h('td', null, s.url ? h('a', { href: s.url, rel: 'noopener noreferrer', target: '_blank' }, s.title) : s.title),
    h('td', null, s.license),
    h('td', { class: 'num' }, num(s.rules)),
    h('td', { class: 'num' }, num(s.citedByRules)),
    h('td', { class: 'num' }, num(s.pathways))));
  return h('div', null,
    pageHeader('Knowledge base', `Version ${kb.version}, released ${date(kb.releasedAt)}. Every check response names this version.`),
    h('section', { class: 'card', dataset: { testid: 'kb-counts' } }, h('h2', null, 'Contents'), h('div', { class: 'stats stats-wrap' }, counts), h('h3', null, 'Interaction rules by severity'), h('div', { class: 'sev-counts' }, sev)),
    h('section', { class: 'card card-flush' }, h('h2', { class: 'card-pad' }, 'Sources'), table(['Id', 'Title', 'Licence', { label: 'Rules asserted', class: 'num' }, { label: 'Rules citing it', class: 'num' }, { label: 'Pathways', class: 'num' }], rows, { testid: 'kb-sources' })));
}
