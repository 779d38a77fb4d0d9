// Internal admin: which knowledge-base release this deployment answers with, every release, activate / roll back.
import { get, post } from '../api.js';
import { h, mount } from '../dom.js';
import { date, dateTime, num, relative } from '../format.js';
import { badge, button, confirmDialog, emptyState, errorBox, keepFocus, pageHeader, spinner, table, toast } from '../ui.js';

const SEVERITIES = ['contraindicated', 'major', 'moderate', 'minor', 'unknown'];

const label = (k) => k[0].toUpperCase() + k.slice(1);
const stats = (counts) =>
  Object.entries(counts).map(([k, v]) => h('div', { class: 'stat' }, h('span', { class: 'stat-label' }, label(k)), h('strong', { class: 'stat-value' }, num(v))));

export async function renderAdminKb() {
  const page = h('div', null, spinner());
  const load = () =>
    keepFocus(async () => {
      const [status, list] = await Promise.all([get('/api/admin/kb'), get('/api/admin/kb/releases')]);
      mount(page, ...render(status, list.releases, load));
    });
  try {
    await load();
  } catch (err) {
    mount(page, errorBox(err));
  }
  return page;
}

function render(status, releases, reload) {
  const active = status.release;
  const curated = status.curated;
  // The release the API's rollback re-activates: the most recently activated one that is not active now.
  const previous = releases.filter((r) => !r.active && r.activatedAt).sort((a, b) => b.activatedAt.localeCompare(a.activatedAt))[0];
  const rollback = button(
    'Roll back',
    async () => {
      const ok = await confirmDialog({
        title: 'Roll back the knowledge base?',
        message: h(
          'p',
          null,
          'Re-activate ',
          h('code', null, previous.version),
          active ? [' in place of ', h('code', null, active.version)] : null,
          '? Every API instance switches within seconds.',
        ),
        confirmLabel: `Roll back to ${previous.version}`,
      });
      if (ok) await act('/api/admin/kb/rollback', (r) => `Rolled back to ${r.release.version}.`, reload);
    },
    { kind: 'secondary', disabled: !previous, title: previous ? `Re-activate ${previous.version}` : 'No earlier activated release', dataset: { testid: 'kb-rollback' } },
  );

  const subtitle = active
    ? `Active release ${active.version}, released ${date(active.releasedAt)}. Every check response names this version.`
    : 'No release is recorded yet: the API records the curated pack as the first release when it starts.';
  const sev = SEVERITIES.filter((s) => curated.rulesBySeverity[s]).map((s) =>
    h('span', { class: 'sev-count' }, h('span', { class: `sev sev-${s}` }, s), ` ${num(curated.rulesBySeverity[s])}`),
  );
  const curatedRows = curated.sources.map((s) =>
    h(
      'tr',
      null,
      h('td', null, h('code', null, s.id)),
      h('td', null, s.url ? h('a', { href: s.url, rel: 'noopener noreferrer', target: '_blank' }, s.title) : s.title),
      h('td', null, licenceCell(s)),
      h('td', { class: 'num' }, num(s.rules)),
      h('td', { class: 'num' }, num(s.citedByRules)),
      h('td', { class: 'num' }, num(s.pathways)),
    ),
  );

  return [
    pageHeader('Knowledge base', subtitle, rollback),
    active ? activeCard(active) : null,
    h(
      'section',
      { class: 'card card-flush' },
      h('h2', { class: 'card-pad' }, 'Releases'),
      releases.length
        ? table(
            ['Version', 'Created', 'Last activated', 'Sources (licence)', { label: 'Actions', class: 'actions', hidden: true }],
            releases.map((r) => releaseRow(r, reload)),
            { testid: 'kb-releases' },
          )
        : emptyState('No releases yet', 'Start the API once, or import a source with the CLI (vigil kb import).'),
    ),
    h(
      'section',
      { class: 'card', dataset: { testid: 'kb-counts' } },
      h('h2', null, `Curated pack ${curated.version}`),
      h('p', { class: 'muted' }, `Shipped with this build, released ${date(curated.releasedAt)}. Every release is built on a curated pack.`),
      h('div', { class: 'stats stats-wrap' }, stats(curated.counts)),
      h('h3', null, 'Interaction rules by severity'),
      h('div', { class: 'sev-counts' }, sev),
    ),
    h(
      'section',
      { class: 'card card-flush' },
      h('h2', { class: 'card-pad' }, 'Curated sources'),
      table(['Id', 'Title', 'Licence', { label: 'Rules asserted', class: 'num' }, { label: 'Rules citing it', class: 'num' }, { label: 'Pathways', class: 'num' }], curatedRows, {
        testid: 'kb-sources',
      }),
    ),
  ];
}

function activeCard(r) {
  return h(
    'section',
    { class: 'card', dataset: { testid: 'kb-active' } },
    h('h2', null, 'Active release ', h('code', null, r.version)),
    h(
      'p',
      { class: 'muted' },
      `Curated pack ${r.curatedVersion}${r.sources.length ? ` plus ${r.sources.length} imported source${r.sources.length === 1 ? '' : 's'}` : ', no imported sources'}; activated ${relative(r.activatedAt)}.`,
    ),
    Object.keys(r.counts).length ? h('div', { class: 'stats stats-wrap' }, stats(r.counts)) : null,
    r.sources.length
      ? table(
          ['Imported source', 'Title', 'Licence', 'Format', { label: 'Pairs', class: 'num' }],
          r.sources.map((s) =>
            h(
              'tr',
              null,
              h('td', null, h('code', null, s.id)),
              h('td', null, s.title),
              h('td', null, licenceCell(s)),
              h('td', null, s.format),
              h('td', { class: 'num' }, s.pairs == null ? '—' : num(s.pairs)),
            ),
          ),
          { testid: 'kb-active-sources' },
        )
      : null,
  );
}

/** The licence, with a warning badge when it forbids commercial use (e.g. DDInter's CC BY-NC-SA 4.0). */
function licenceCell(s) {
  return s.nonCommercial
    ? [s.license, ' ', h('span', { class: 'badge badge-warn', title: 'This licence forbids commercial use: check that your use of this release is allowed.' }, 'non-commercial')]
    : s.license;
}

function releaseRow(r, reload) {
  const sources = h(
    'div',
    { class: 'chips' },
    h('span', { class: 'chip', title: 'Curated pack' }, r.curatedVersion),
    r.sources.map((s) =>
      h(
        'span',
        { class: 'chip', title: `${s.title} · ${s.format}${s.pairs == null ? '' : ` · ${s.pairs} pairs`}${s.nonCommercial ? ' · non-commercial licence' : ''}` },
        `${s.id} (${s.license}${s.nonCommercial ? ', non-commercial' : ''})`,
      ),
    ),
  );
  const activate = r.active
    ? null
    : button(
        'Activate',
        async () => {
          const ok = await confirmDialog({
            title: 'Activate release?',
            message: h('p', null, 'Activate ', h('code', null, r.version), '? Every API instance switches to it within seconds; check responses name it from then on.'),
            confirmLabel: `Activate ${r.version}`,
            danger: false,
          });
          if (ok) await act(`/api/admin/kb/releases/${encodeURIComponent(r.version)}/activate`, (x) => `Release ${x.release.version} is now active.`, reload);
        },
        { kind: 'ghost', dataset: { testid: 'kb-activate' } },
      );
  return h(
    'tr',
    { dataset: { testid: 'kb-release-row', version: r.version } },
    h('td', null, h('code', null, r.version), r.active ? ' ' : null, r.active ? badge('active', 'ok') : null),
    h('td', { title: r.createdAt }, dateTime(r.createdAt)),
    h('td', { title: r.activatedAt || '' }, relative(r.activatedAt)),
    h('td', null, sources),
    h('td', { class: 'actions' }, activate),
  );
}

async function act(path, message, reload) {
  try {
    toast(message(await post(path)));
  } catch (err) {
    toast(err.message, 'error');
  }
  await reload();
}
