// The organisation page's usage card: calls per UTC day in the usage page's chart, for all projects (stacked by
// project: the five busiest and "Other", or by outcome) or for one (by outcome); per-project totals; the split by usage
// tag; and CSV export of what is shown. The chart's "Show the numbers" table and the tables below it are the text
// alternative to the picture.
import { get } from '../api.js';
import { SERIES_TONES, stackedBars } from '../charts.js';
import { downloadCsv } from '../csv.js';
import { h, mount } from '../dom.js';
import { num, percent } from '../format.js';
import { button, spinner, table } from '../ui.js';
import { tagTable } from '../usage-tags.js';

const RANGES = [7, 30, 90];
/** Projects drawn as their own series; the rest are summed as "Other". */
const TOP = SERIES_TONES.length - 1;
const enc = encodeURIComponent;
const calls = (c) => c.allowed + c.rateLimited + c.denied;
const slug = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'organisation';

/**
 * The chart's series by project and its rows: the {@link TOP} busiest projects over the range (ties by name), then one
 * "Other" series summing the rest; each row is a day with every series' calls (allowed, rate-limited and denied).
 */
export function projectSplit(projects) {
  const ranked = [...projects].sort((a, b) => calls(b) - calls(a) || a.name.localeCompare(b.name));
  const shown = ranked.length > TOP + 1 ? ranked.slice(0, TOP) : ranked;
  const rest = ranked.slice(shown.length);
  const series = shown.map((p, i) => ({ key: `p${i}`, label: p.name, tone: SERIES_TONES[i] }));
  if (rest.length) series.push({ key: 'other', label: `Other (${rest.length} projects)`, tone: 'other' });
  const days = (projects[0]?.daily ?? []).map((d, i) => {
    const row = { day: d.day };
    shown.forEach((p, j) => (row[`p${j}`] = calls(p.daily[i])));
    if (rest.length) row.other = rest.reduce((n, p) => n + calls(p.daily[i]), 0);
    return row;
  });
  return { series, days };
}

/** Rows of the day × project CSV (header first): every project shown, every day of the range, zeros included. */
export function dayProjectRows(usage) {
  const rows = [['day', 'project_id', 'project', 'allowed', 'rate_limited', 'denied']];
  usage.days.forEach((d, i) => {
    for (const p of usage.projects) rows.push([d.day, p.projectId, p.name, p.daily[i].allowed, p.daily[i].rateLimited, p.daily[i].denied]);
  });
  return rows;
}

/** Rows of the tags CSV: each tag over the range, then the untagged allowed calls. */
export function tagRows(usage) {
  return [['tag', 'allowed', 'rate_limited'], ...usage.tags.map((t) => [t.tag, t.allowed, t.rateLimited]), ['(untagged)', usage.untaggedAllowed, null]];
}

function labelled(text, control) {
  return h('label', { class: 'filter' }, h('span', null, text), control);
}

/** `org` (id, name) and its `projects`: a card that loads `/api/orgs/:id/usage` for the chosen project, range and split. */
export function orgUsageCard(org, projects) {
  const holder = h('div', { 'aria-busy': 'true' }, spinner());
  // A short status for screen readers when the selection changes (the tables themselves are not announced).
  const status = h('p', { class: 'sr-only', role: 'status', dataset: { testid: 'usage-status' } });
  const project = h(
    'select',
    { name: 'projectId', dataset: { testid: 'usage-project' }, onchange: () => void load() },
    h('option', { value: '' }, 'All projects'),
    projects.map((p) => h('option', { value: p.id }, p.name)),
  );
  const days = h(
    'select',
    { name: 'days', dataset: { testid: 'usage-days' }, onchange: () => void load() },
    RANGES.map((d) => h('option', { value: String(d), selected: d === 30 }, `Last ${d} days`)),
  );
  const split = h(
    'select',
    { name: 'split', dataset: { testid: 'usage-split' }, onchange: () => void load() },
    h('option', { value: 'project' }, 'By project'),
    h('option', { value: 'outcome' }, 'By outcome'),
  );
  const splitField = labelled('Stack', split);
  const load = async () => {
    const one = project.value;
    splitField.hidden = Boolean(one) || projects.length < 2;
    holder.setAttribute('aria-busy', 'true');
    try {
      const usage = await get(`/api/orgs/${enc(org.id)}/usage?days=${enc(days.value)}${one ? `&projectId=${enc(one)}` : ''}`);
      mount(holder, ...view(org, usage, !splitField.hidden && split.value === 'project'));
      status.textContent = `Usage of ${usage.projectId ? (usage.projects[0]?.name ?? 'one project') : 'all projects'}, ${usage.from} to ${usage.to}.`;
    } catch (err) {
      mount(holder, h('div', { class: 'alert alert-error', role: 'alert' }, err.message));
    }
    holder.setAttribute('aria-busy', 'false');
  };
  void load();
  return h(
    'section',
    { class: 'card', dataset: { testid: 'usage-card' } },
    h('h2', null, 'Usage'),
    h('div', { class: 'chart-controls' }, labelled('Project', project), labelled('Range', days), splitField),
    status,
    holder,
  );
}

function view(org, usage, byProject) {
  const scope = usage.projectId ? (usage.projects[0]?.name ?? 'one project') : 'all projects';
  const title = `Calls per day, ${scope} (${usage.from} to ${usage.to}, UTC)`;
  const chart = byProject
    ? (() => {
        const { series, days } = projectSplit(usage.projects);
        return stackedBars(days, { title, series, stackedBy: 'project' });
      })()
    : stackedBars(usage.days, { title });
  const allowed = usage.days.reduce((n, d) => n + d.allowed, 0);
  const all = usage.projects.reduce((n, p) => n + calls(p), 0);
  const projectRows = usage.projects.map((p) =>
    h(
      'tr',
      { dataset: { testid: 'usage-project-row' } },
      h('td', { class: 'wide' }, p.name),
      h('td', { class: 'num' }, num(p.allowed)),
      h('td', { class: 'num' }, num(p.rateLimited)),
      h('td', { class: 'num' }, num(p.denied)),
      h('td', { class: 'num' }, percent(calls(p), all)),
    ),
  );
  const base = `vigil-${slug(org.name)}${usage.projectId ? `-${slug(scope)}` : ''}-${usage.from}-${usage.to}`;
  return [
    chart,
    h('h3', null, 'By project'),
    table(
      ['Project', { label: 'Allowed', class: 'num' }, { label: 'Rate-limited', class: 'num' }, { label: 'Denied', class: 'num' }, { label: 'Share of calls', class: 'num' }],
      projectRows,
      { testid: 'usage-projects-table' },
    ),
    h('h3', null, 'By usage tag'),
    h('div', { dataset: { testid: 'org-usage-tags' } }, tagTable(usage.tags, usage.untaggedAllowed, allowed)),
    h(
      'div',
      { class: 'chart-actions' },
      button('Download CSV (day × project)', () => downloadCsv(`${base}-by-project.csv`, dayProjectRows(usage)), { dataset: { testid: 'usage-csv' } }),
      button('Download CSV (by tag)', () => downloadCsv(`${base}-by-tag.csv`, tagRows(usage)), { dataset: { testid: 'usage-tags-csv' } }),
    ),
  ];
}
