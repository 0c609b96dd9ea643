// mcp-agentify dashboard. Plain JS, no dependencies. Every value from the
// server is inserted with textContent (never innerHTML), so a tool
// description or log line cannot inject markup.
'use strict';

// The token arrives in the URL's fragment (#token=…, never sent to any
// server) or, from older links, its query. It is kept for this tab in
// sessionStorage and removed from the address bar, so that it is neither
// in the history nor in a screenshot; the fragment then names the tab.
const token = (() => {
  const frag = new URLSearchParams(location.hash.slice(1)).get('token');
  const query = new URLSearchParams(location.search).get('token');
  const t = frag || query || sessionStorage.getItem('agentify-token') || '';
  if (t) sessionStorage.setItem('agentify-token', t);
  if (frag || query) history.replaceState(null, '', location.pathname);
  return t;
})();
const MAX_ROWS = 2000;

// ---------- helpers ----------
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid == null || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}
const SVG = 'http://www.w3.org/2000/svg';
function s(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  return el;
}
const $ = (id) => document.getElementById(id);

function api(path, opts = {}) {
  const headers = Object.assign({}, opts.headers || {});
  if (token) headers.Authorization = 'Bearer ' + token;
  return fetch(path, Object.assign({}, opts, { headers })).then(async (r) => {
    const body = await r.json().catch(() => null);
    if (!r.ok) throw new Error((body && body.error) || r.status + ' ' + r.statusText);
    return body;
  });
}

function fmtTime(t) {
  const d = new Date(t);
  if (isNaN(d)) return '';
  return d.toLocaleTimeString([], { hour12: false }) + '.' + String(d.getMilliseconds()).padStart(3, '0');
}
function fmtMs(ms) {
  if (ms == null || ms === 0) return '–';
  if (ms < 1) return (ms * 1000).toFixed(0) + ' µs';
  if (ms < 1000) return ms.toFixed(ms < 10 ? 2 : 1) + ' ms';
  return (ms / 1000).toFixed(2) + ' s';
}
function fmtBytes(n) {
  if (!n) return '';
  if (n < 1024) return n + ' B';
  if (n < 1 << 20) return (n / 1024).toFixed(1) + ' KB';
  return (n / (1 << 20)).toFixed(1) + ' MB';
}
function fmtAgo(t) {
  const d = new Date(t);
  if (isNaN(d) || d.getFullYear() < 2000) return '';
  let sec = Math.max(0, Math.round((Date.now() - d) / 1000));
  if (sec < 60) return sec + 's';
  if (sec < 3600) return Math.floor(sec / 60) + 'm ' + (sec % 60) + 's';
  if (sec < 86400) return Math.floor(sec / 3600) + 'h ' + Math.floor((sec % 3600) / 60) + 'm';
  return Math.floor(sec / 86400) + 'd ' + Math.floor((sec % 86400) / 3600) + 'h';
}

// jsonView renders v as indented, highlighted JSON.
function jsonView(v, cls) {
  const pre = h('pre', { class: 'json' + (cls ? ' ' + cls : '') });
  let text;
  try { text = typeof v === 'string' ? JSON.stringify(JSON.parse(v), null, 2) : JSON.stringify(v, null, 2); }
  catch (e) { text = String(v); }
  if (text === undefined) text = 'null';
  const re = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) pre.append(text.slice(last, m.index));
    if (m[1]) {
      pre.append(h('span', { class: m[2] ? 'j-key' : 'j-str', text: m[1] }));
      if (m[2]) pre.append(m[2]);
    } else if (m[3]) pre.append(h('span', { class: 'j-num', text: m[3] }));
    else pre.append(h('span', { class: 'j-lit', text: m[4] }));
    last = re.lastIndex;
  }
  pre.append(text.slice(last));
  return pre;
}

// toggleDetail opens or closes a detail row under tr.
function toggleDetail(tr, cols, make) {
  const next = tr.nextElementSibling;
  if (next && next.classList.contains('detail')) { next.remove(); return; }
  tr.after(h('tr', { class: 'detail' }, h('td', { colspan: cols }, make())));
}

// Streams follow the newest entry until the reader scrolls up, and a tab
// opens at its newest entry. A hidden tab has no layout, so whether to
// follow is remembered, not measured.
const following = new WeakMap();
function nearBottom(scroller) { return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40; }
function keepBottom(scroller, fn) {
  const visible = scroller.clientHeight > 0;
  const atBottom = visible ? nearBottom(scroller) : following.get(scroller) !== false;
  fn();
  if (atBottom) scroller.scrollTop = scroller.scrollHeight;
}
for (const sc of document.querySelectorAll('.scroll.stream')) {
  sc.addEventListener('scroll', () => { if (sc.clientHeight > 0) following.set(sc, nearBottom(sc)); });
}
function showNewest(tab) {
  for (const sc of tab.querySelectorAll('.scroll.stream')) if (following.get(sc) !== false) sc.scrollTop = sc.scrollHeight;
}

function trimRows(tbody) {
  while (tbody.rows.length > MAX_ROWS) tbody.deleteRow(0);
}

function setOptions(select, values) {
  const cur = select.value;
  const have = new Set([...select.options].map((o) => o.value));
  for (const v of values) if (v && !have.has(v)) select.append(h('option', { value: v, text: v }));
  select.value = cur;
}

// ---------- tabs ----------
for (const btn of document.querySelectorAll('.tabs button')) {
  btn.addEventListener('click', () => {
    for (const b of document.querySelectorAll('.tabs button')) b.classList.toggle('active', b === btn);
    for (const sec of document.querySelectorAll('.tab')) sec.classList.toggle('active', sec.id === 'tab-' + btn.dataset.tab);
    showNewest($('tab-' + btn.dataset.tab));
    if (btn.dataset.tab === 'config') loadConfig();
    if (btn.dataset.tab === 'integrity') setTimeout(loadIntegrity); // after the script has run (a #integrity link clicks during load)
    // Not location.hash =: that scrolls to the element with that id (the
    // logs table is id="logs"), which opened the logs at the oldest entry.
    history.replaceState(null, '', '#' + btn.dataset.tab);
  });
}
if (location.hash) {
  const b = document.querySelector('.tabs button[data-tab="' + location.hash.slice(1) + '"]');
  if (b) b.click();
}

// ---------- state ----------
const state = { backends: [], metrics: null, tools: [], toolsKey: '', latency: new Map(), backendNames: new Set() };

function noteBackend(name) {
  if (!name || state.backendNames.has(name)) return;
  state.backendNames.add(name);
  const names = [...state.backendNames].sort();
  setOptions($('logs-backend'), names);
  setOptions($('trace-backend'), names);
  setOptions($('tools-backend'), names);
}

// ---------- overview ----------
function card(k, v, small) {
  return h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: 'v' + (small ? ' small' : ''), text: v == null || v === '' ? '–' : v, title: String(v ?? '') }));
}

function renderStatus(st) {
  $('version').textContent = st.version || '';
  const g = st.status || {};
  const ready = !!g.ready;
  state.restart = !!st.restart;
  // Some backends serving is "degraded" (yellow), not "not ready" (red).
  const overall = g.state || (ready ? 'ready' : g.backendsReady > 0 ? 'degraded' : 'not ready');
  const tone = { ready: 'ok', degraded: 'warn', starting: 'warn' }[overall] || 'bad';
  const pr = $('pill-ready');
  pr.textContent = overall;
  pr.className = 'pill ' + tone;
  $('pill-backends').textContent = (g.backendsReady ?? '–') + '/' + (g.backends ?? '–') + ' backends ready';
  $('pill-backends').className = 'pill' + (g.backends && g.backendsReady < g.backends ? (g.backendsReady > 0 ? ' warn' : ' bad') : '');
  $('pill-tools').textContent = (g.tools ?? '–') + ' tools';
  $('pill-uptime').textContent = g.startedAt ? 'up ' + fmtAgo(g.startedAt) : '';
  const grid = $('status-grid');
  grid.replaceChildren(
    card('Status', overall === 'degraded' ? 'Degraded: ' + g.backendsReady + ' of ' + g.backends + ' backends serve' : overall[0].toUpperCase() + overall.slice(1)),
    card('Backends ready', (g.backendsReady ?? '–') + ' / ' + (g.backends ?? '–')),
    card('Tools', g.tools),
    card('Planner', [g.planner, g.model].filter(Boolean).join(' · ')),
    card('Expose', g.expose),
    card('MCP protocol', g.protocol),
    card('IDE client', g.client),
    card('Uptime', g.startedAt ? fmtAgo(g.startedAt) : ''),
    card('Config', g.configPath, true),
    card('Version', st.version),
  );
  // Any fields the gateway adds beyond the known ones.
  const known = new Set(['ready', 'state', 'startedAt', 'protocol', 'client', 'planner', 'model', 'expose', 'configPath', 'backends', 'backendsReady', 'tools']);
  for (const [k, v] of Object.entries(g)) {
    if (!known.has(k) && (typeof v !== 'object' || v === null)) grid.append(card(k, String(v)));
  }
  $('console-run').disabled = $('console-plan').disabled = !st.console;
  if (!st.console) $('console-state').textContent = 'Console disabled: the gateway has no runner.';
}

function metricsFor(backend) {
  return (state.metrics && state.metrics.backends || []).find((m) => m.backend === backend) || {};
}

function renderBackends() {
  const tbody = $('backends').tBodies[0];
  const rows = state.backends.map((b) => {
    noteBackend(b.id);
    const m = metricsFor(b.id);
    return h('tr', null,
      h('td', null, h('b', { text: b.id }), b.server ? h('div', { class: 'muted small', text: b.server }) : null),
      h('td', { text: b.type || '' }),
      h('td', null, h('span', { class: 'state ' + (b.state || ''), text: b.state || '?' })),
      h('td', { class: 'num', text: b.tools ?? '' }),
      h('td', { class: 'num', text: m.calls ?? 0 }),
      h('td', { class: 'num' + (m.errors ? ' errtext' : ''), text: m.errors ?? 0 }),
      h('td', { class: 'num' + (m.timeouts ? ' warntext' : ''), text: m.timeouts ?? 0 }),
      h('td', { class: 'num', text: fmtMs(m.p50Ms) }),
      h('td', { class: 'num', text: fmtMs(m.p95Ms) }),
      h('td', { class: 'num', text: fmtMs(m.p99Ms) }),
      h('td', { class: 'num' + (b.restarts ? ' warntext' : ''), text: b.restarts ?? 0 }),
      h('td', { class: 'muted', text: b.since ? fmtAgo(b.since) : '' }),
      h('td', { class: 'wrap' },
        b.lastError ? h('div', { class: 'errtext', text: b.lastError }) : null,
        Array.isArray(b.stderrTail) && b.stderrTail.length ? h('pre', { class: 'stderr mono', title: 'last stderr lines', text: b.stderrTail.join('\n') }) : null,
        state.restart && b.state === 'unavailable' ? h('button', { class: 'btn small restart', 'data-backend': b.id, onclick: (ev) => restartBackend(b.id, ev.target) }, 'Restart') : null,
        h('div', { class: 'muted mono', text: [b.target, b.pid ? 'pid ' + b.pid : ''].filter(Boolean).join(' · ') })),
    );
  });
  if (!rows.length) rows.push(h('tr', null, h('td', { colspan: 13, class: 'empty', text: 'No backends configured.' })));
  tbody.replaceChildren(...rows);
}

// restartBackend asks the gateway to start a backend that gave up again.
async function restartBackend(id, btn) {
  btn.disabled = true;
  btn.textContent = 'Restarting…';
  try {
    await api('/api/backends/' + encodeURIComponent(id) + '/restart', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  } catch (e) {
    btn.textContent = 'Restart failed: ' + e.message;
    return;
  }
  setTimeout(poll, 300);
}

function renderCharts() {
  const box = $('charts');
  const ms = (state.metrics && state.metrics.backends) || [];
  const bounds = (state.metrics && state.metrics.bucketBoundsMs) || [];
  const names = new Set([...state.backends.map((b) => b.id), ...ms.map((m) => m.backend)]);
  const cards = [];
  for (const name of [...names].sort()) {
    const m = ms.find((x) => x.backend === name) || { buckets: [] };
    const buckets = m.buckets || [];
    const max = Math.max(1, ...buckets);
    const W = 300, H = 64, n = Math.max(buckets.length, bounds.length + 1), bw = W / n;
    const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': name + ' latency histogram' });
    svg.append(s('line', { x1: 0, y1: H - 0.5, x2: W, y2: H - 0.5, stroke: 'currentColor', 'stroke-opacity': '0.2' }));
    buckets.forEach((c, i) => {
      if (!c) return;
      const bh = Math.max(2, (H - 4) * Math.sqrt(c / max));
      const r = s('rect', { x: i * bw + 1, y: H - bh, width: Math.max(1, bw - 2), height: bh, rx: 1.5,
        class: 'bar' + (i >= bounds.length ? ' inf' : bounds[i] > 1000 ? ' slow' : '') });
      const t = s('title');
      t.textContent = (i < bounds.length ? '≤ ' + fmtMs(bounds[i]) : '> ' + fmtMs(bounds[bounds.length - 1])) + ': ' + c + ' calls';
      r.append(t);
      svg.append(r);
    });
    const recent = state.latency.get(name) || [];
    let spark = null;
    if (recent.length > 1) {
      const SW = 300, SH = 28, mx = Math.max(...recent, 0.001);
      const pts = recent.map((v, i) => `${(i / (recent.length - 1) * SW).toFixed(1)},${(SH - 2 - (SH - 4) * v / mx).toFixed(1)}`).join(' ');
      spark = s('svg', { viewBox: `0 0 ${SW} ${SH}`, preserveAspectRatio: 'none', class: 'spark', role: 'img', 'aria-label': name + ' recent latencies' });
      spark.append(s('polyline', { points: pts, class: 'spark-line' }));
      const t = s('title'); t.textContent = 'last ' + recent.length + ' responses, max ' + fmtMs(mx); spark.append(t);
    }
    // Axis labels under the buckets they name (bounds in ms).
    const axis = h('div', { class: 'axis' });
    for (const [ms, label] of [[0.1, '100µs'], [1, '1ms'], [10, '10ms'], [100, '100ms'], [1000, '1s'], [10000, '10s']]) {
      const i = bounds.indexOf(ms);
      if (i < 0) continue;
      const tick = h('span', { text: label });
      tick.style.left = ((i + 0.5) / n * 100).toFixed(2) + '%';
      axis.append(tick);
    }
    cards.push(h('div', { class: 'chart' },
      h('div', { class: 'title' }, h('span', { text: name }), h('span', { class: 'muted small', text: (m.calls || 0) + ' calls' + (m.errors ? ' · ' + m.errors + ' errors' : '') + (m.timeouts ? ' · ' + m.timeouts + ' timeouts' : '') })),
      h('div', { class: 'quantiles small' }, h('span', null, 'p50 ', h('b', { text: fmtMs(m.p50Ms) })), h('span', null, 'p95 ', h('b', { text: fmtMs(m.p95Ms) })), h('span', null, 'p99 ', h('b', { text: fmtMs(m.p99Ms) }))),
      svg, axis, spark));
  }
  if (!cards.length) cards.push(h('div', { class: 'empty', text: 'No calls yet.' }));
  box.replaceChildren(...cards);
}

// ---------- tools ----------
function schemaParams(schema) {
  const props = (schema && schema.properties) || {};
  const req = new Set((schema && schema.required) || []);
  return Object.entries(props).map(([k, v]) => ({ name: k, type: (v && (v.type || (v.enum ? 'enum' : ''))) || 'any', required: req.has(k), desc: (v && v.description) || '' }));
}

function renderTools() {
  const q = $('tools-q').value.trim().toLowerCase();
  const be = $('tools-backend').value;
  const list = $('tools-list');
  const open = new Set([...list.querySelectorAll('.tool.open')].map((el) => el.dataset.name));
  const shown = [];
  for (const t of state.tools) {
    noteBackend(t.backend);
    if (be && t.backend !== be) continue;
    const params = schemaParams(t.inputSchema);
    if (q) {
      const hay = [t.name, t.backend, t.tool, t.title, t.description, ...params.map((p) => p.name)].join(' ').toLowerCase();
      if (!q.split(/\s+/).every((w) => hay.includes(w))) continue;
    }
    const el = h('div', { class: 'tool' + (open.has(t.name) ? ' open' : ''), 'data-name': t.name },
      h('div', { class: 'head', onclick: () => el.classList.toggle('open') },
        h('span', { class: 'name', text: t.name, title: t.name }),
        h('span', null, h('span', { class: 'tag', text: t.backend })),
        h('span', { class: 'desc', text: t.title ? t.title + ' — ' + (t.description || '') : (t.description || '') })),
      h('div', { class: 'params' }, params.length ? params.map((p, i) => [i ? ', ' : '', h('span', { class: 'param', title: p.desc },
        p.name, p.required ? h('span', { class: 'req', text: '*' }) : null, h('span', { class: 'muted', text: ': ' + p.type }))]) : h('span', { class: 'muted small', text: 'no parameters' })),
      h('div', { class: 'body' }, jsonView(t.inputSchema || {})));
    shown.push(el);
  }
  if (!shown.length) shown.push(h('div', { class: 'empty', text: state.tools.length ? 'No tool matches.' : 'No tools yet.' }));
  list.replaceChildren(...shown);
  $('tools-shown').textContent = (shown[0].classList.contains('empty') ? 0 : shown.length) + ' of ' + state.tools.length;
  $('count-tools').textContent = state.tools.length || '';
}
$('tools-q').addEventListener('input', renderTools);
$('tools-backend').addEventListener('change', renderTools);

// ---------- integrity ----------
// GET /api/integrity lists every tool and prompt with its state; a held-back
// one can be diffed (GET /api/integrity/diff) and approved (POST
// /api/integrity/approve), singly or all of a backend. Descriptions and
// findings are backend text, hostile by assumption: text nodes only.
const integ = { entries: [], raw: '', loaded: false, diffs: new Map(), open: new Set(), expanded: new Set(), polls: 0, sent: 0, shown: 0 };
// Above this many approved entries, a backend's approved ones are folded
// (unless a filter is set) so that what needs a person stays in view.
const FOLD_APPROVED = 25;
function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
const PENDING = new Set(['changed', 'new', 'flagged']);

function integKey(e) { return e.backend + '\u0000' + e.kind + ':' + e.name; }
// The name the approve and diff endpoints take: backend__kind:name, exact
// even when a tool and a prompt share a name.
function integName(e) { return e.backend + '__' + e.kind + ':' + e.name; }
function integPending(e) { return PENDING.has(e.state); }
function integSig(e) { return e.state + '|' + !!e.quarantined + '|' + (e.reason || ''); }

function integMessage(text, isError) {
  const m = $('integ-msg');
  m.hidden = !text;
  m.className = 'msg ' + (isError ? 'errtext' : 'oktext');
  m.textContent = text || '';
}

async function loadIntegrity() {
  // Polls and approvals both load; an answer older than one already shown
  // (a poll sent before an approval, answered after it) is dropped.
  const seq = ++integ.sent;
  let list;
  try {
    list = await api('/api/integrity');
    if (seq < integ.shown) return;
    integ.shown = seq;
  } catch (e) {
    integMessage('Cannot load integrity states: ' + e.message, true);
    integ.loadErr = true;
    return;
  }
  const raw = JSON.stringify(list);
  if (integ.loadErr) { integ.loadErr = false; integMessage(''); }
  integ.loaded = true;
  if (raw === integ.raw) return;
  integ.raw = raw;
  integ.entries = (Array.isArray(list) ? list : []).filter((e) => e && typeof e === 'object').map((e) => ({
    backend: String(e.backend ?? ''), kind: String(e.kind || 'tool'), name: String(e.name ?? ''), state: String(e.state || 'unknown'),
    quarantined: !!e.quarantined, flagged: !!e.flagged, reason: e.reason ? String(e.reason) : '',
    findings: Array.isArray(e.findings) ? e.findings.filter((f) => f && typeof f === 'object') : [],
  }));
  renderIntegrity();
}

function integMatches(e, q, be, st) {
  if (be && e.backend !== be) return false;
  switch (st) {
    case '': break;
    case 'pending': if (!integPending(e)) return false; break;
    case 'held': if (!e.quarantined) return false; break;
    case 'usable': if (e.quarantined || !(integPending(e) || e.flagged)) return false; break;
    default: if (e.state !== st) return false;
  }
  if (!q) return true;
  const hay = [e.backend + '__' + e.name, e.kind, e.state, e.reason, ...e.findings.map((f) => [f.rule, f.where, f.detail].join(' '))].join(' ').toLowerCase();
  return q.split(/\s+/).every((w) => hay.includes(w));
}

function renderIntegrity() {
  const all = integ.entries;
  const q = $('integ-q').value.trim().toLowerCase(), be = $('integ-backend').value, st = $('integ-state').value;
  setOptions($('integ-backend'), [...new Set(all.map((e) => e.backend))].sort());

  // Counts per state, over everything (each is a filter shortcut).
  const count = { approved: 0, changed: 0, new: 0, flagged: 0, held: 0, usable: 0, unpinned: 0 };
  for (const e of all) {
    if (e.state in count) count[e.state]++;
    if (e.quarantined) count.held++;
    else if (integPending(e) || e.flagged) count.usable++;
  }
  const pill = (label, n, filter, tone) => h('button', { class: 'pill' + (n && tone ? ' ' + tone : '') + (st === filter ? ' sel' : ''), 'data-state': filter,
    title: 'show only these', onclick: () => { $('integ-state').value = st === filter ? '' : filter; renderIntegrity(); } }, label + ' ', h('b', { text: n }));
  $('integ-counts').replaceChildren(...[
    pill('approved', count.approved, 'approved', 'ok'), pill('changed', count.changed, 'changed', 'warn'), pill('new', count.new, 'new', 'warn'),
    pill('flagged', count.flagged, 'flagged', 'bad'), pill('held back', count.held, 'held', 'bad'),
    count.usable ? pill('usable with warnings', count.usable, 'usable', 'warn') : null,
    count.unpinned ? pill('unpinned', count.unpinned, 'unpinned') : null].filter(Boolean));
  $('count-integrity').textContent = count.held ? count.held + ' held' : (all.length || '');
  $('count-integrity').className = 'count' + (count.held ? ' errtext' : '');

  const rank = (e) => (e.quarantined ? 0 : integPending(e) || e.flagged ? 1 : 2);
  const byBackend = new Map();
  for (const e of all) {
    if (!byBackend.has(e.backend)) byBackend.set(e.backend, []);
    byBackend.get(e.backend).push(e);
  }
  const groups = [];
  let shown = 0;
  // Backends with something to approve first, then by name.
  const needs = (b) => (byBackend.get(b).some((e) => e.quarantined) ? 0 : byBackend.get(b).some(integPending) ? 1 : 2);
  for (const backend of [...byBackend.keys()].sort((a, b) => needs(a) - needs(b) || a.localeCompare(b))) {
    const entries = byBackend.get(backend);
    let visible = entries.filter((e) => integMatches(e, q, be, st))
      .sort((a, b) => rank(a) - rank(b) || (a.kind === b.kind ? 0 : a.kind === 'tool' ? -1 : 1) || a.name.localeCompare(b.name));
    if (!visible.length) continue;
    let folded = 0;
    if (!q && !st && !integ.expanded.has(backend)) {
      const quiet = visible.filter((e) => rank(e) === 2);
      if (quiet.length > FOLD_APPROVED) {
        folded = quiet.length;
        visible = visible.filter((e) => rank(e) !== 2);
      }
    }
    shown += visible.length;
    const pending = entries.filter(integPending);
    const held = entries.filter((e) => e.quarantined).length;
    const tools = entries.filter((e) => e.kind === 'tool').length;
    const summary = plural(tools, 'tool') + ' · ' + plural(entries.length - tools, 'prompt') + (held ? ' · ' + held + ' held back' : '') + (pending.length - held > 0 ? ' · ' + (pending.length - held) + ' usable with warnings' : '');
    const toggle = (open) => () => { if (open) integ.expanded.add(backend); else integ.expanded.delete(backend); renderIntegrity(); };
    groups.push(h('div', { class: 'integ-group', 'data-backend': backend },
      h('div', { class: 'integ-ghead' },
        h('b', { text: backend }), h('span', { class: 'muted small', text: summary }),
        pending.length ? h('button', { class: 'btn small approve-all', 'data-backend': backend,
          onclick: (ev) => approveAll(backend, pending, ev.target) }, 'Approve all ' + pending.length + ' of ' + backend) : null),
      visible.map(integEntry),
      folded ? h('button', { class: 'btn small unfold', onclick: toggle(true) }, 'Show ' + folded + ' approved') : null,
      !folded && integ.expanded.has(backend) && !q && !st ? h('button', { class: 'btn small unfold', onclick: toggle(false) }, 'Fold approved') : null));
  }
  if (!groups.length) {
    groups.push(h('div', { class: 'empty', text: all.length ? 'Nothing matches the filter.' : integ.loaded ? 'No tools or prompts to show: tool integrity is off, or no backend has listed any yet.' : 'Loading…' }));
  }
  $('integ-list').replaceChildren(...groups);
  $('integ-shown').textContent = shown + ' of ' + all.length;
}

function integEntry(e) {
  const key = integKey(e);
  const pending = integPending(e);
  const cls = 'integ-entry state-' + e.state + (e.quarantined ? ' held' : '') + (e.flagged || e.state === 'flagged' ? ' flagged' : '');
  const diffBox = h('div', { class: 'diffbox' });
  if (!pending) integ.open.delete(key);
  const el = h('div', { class: cls, 'data-name': e.backend + '__' + e.name, 'data-kind': e.kind, 'data-state': e.state },
    h('div', { class: 'head' },
      h('span', { class: 'tag', text: e.kind }),
      h('span', { class: 'name', text: e.backend + '__' + e.name, title: e.backend + '__' + e.name }),
      h('span', { class: 'badge st-' + e.state, text: e.state }),
      e.quarantined ? h('span', { class: 'badge held', text: 'held back', title: 'not offered to the IDE or the planner until approved' })
        : pending || e.flagged ? h('span', { class: 'badge usable', text: 'usable, flagged', title: 'integrity "warn": offered, with this warning' }) : null,
      h('span', { class: 'spacer' }),
      pending ? h('button', { class: 'btn small diff-btn', onclick: () => toggleDiff(e, diffBox, el) }, integ.open.has(key) ? 'Hide diff' : 'Diff') : null,
      pending ? h('button', { class: 'btn small primary approve', onclick: (ev) => approveOne(e, ev.target) }, 'Approve') : null),
    e.reason ? h('div', { class: 'reason', text: e.reason }) : null,
    e.findings.length ? h('ul', { class: 'findings' }, e.findings.map((f) => h('li', null,
      h('span', { class: 'rule', text: String(f.rule ?? '') }),
      f.where ? h('span', { class: 'muted', text: ' in ' + String(f.where) + ': ' }) : ' ',
      h('code', { class: 'excerpt', text: String(f.detail ?? '') })))) : null,
    diffBox);
  if (integ.open.has(key)) showDiff(e, diffBox);
  return el;
}

function toggleDiff(e, box, el) {
  const key = integKey(e);
  const btn = el.querySelector('.diff-btn');
  if (integ.open.has(key)) {
    integ.open.delete(key);
    box.replaceChildren();
    btn.textContent = 'Diff';
    return;
  }
  integ.open.add(key);
  btn.textContent = 'Hide diff';
  showDiff(e, box);
}

// showDiff fills box with the diff of e, from the cache while e's state
// and reason are unchanged.
async function showDiff(e, box) {
  const key = integKey(e), sig = integSig(e);
  const cached = integ.diffs.get(key);
  if (cached && cached.sig === sig) { box.replaceChildren(diffView(cached.text)); return; }
  box.replaceChildren(h('div', { class: 'muted small', text: 'Loading diff…' }));
  try {
    const res = await api('/api/integrity/diff?name=' + encodeURIComponent(integName(e)));
    const text = res && typeof res.diff === 'string' ? res.diff : '';
    integ.diffs.set(key, { sig, text });
    box.replaceChildren(diffView(text));
  } catch (err) {
    box.replaceChildren(h('div', { class: 'errtext', text: 'Cannot load the diff: ' + err.message }));
  }
}

// diffView renders `tools diff` output: a header (definition, reason),
// "--- approved" / "+++ offered now", then "- " removed, "+ " added and
// "  " unchanged lines.
function diffView(text) {
  const pre = h('pre', { class: 'diff' });
  let body = false;
  for (const line of text.replace(/\n+$/, '').split('\n')) {
    let cls = 'ctx';
    if (!body) {
      cls = 'hdr';
      if (line.startsWith('+++ ')) body = true;
    } else if (line.startsWith('+++ ') || line.startsWith('--- ')) cls = 'hdr';
    else if (line.startsWith('- ')) cls = 'del';
    else if (line.startsWith('+ ')) cls = 'add';
    else if (line && !line.startsWith('  ')) { cls = 'hdr'; body = false; } // the next definition's header
    pre.append(h('span', { class: 'dl ' + cls, text: line || ' ' }));
  }
  if (!text) pre.append(h('span', { class: 'dl hdr', text: 'No difference recorded.' }));
  return pre;
}

async function approve(name, btn) {
  btn.disabled = true;
  const label = btn.textContent;
  btn.textContent = 'Approving…';
  try {
    const res = await api('/api/integrity/approve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
    const got = res && Array.isArray(res.approved) ? res.approved : [];
    // The gateway answers "approved BACKEND KIND:NAME" per definition.
    integMessage('Approved: ' + (got.length ? got.map((g) => String(g).replace(/^approved /, '')).join(', ') : name) + '.', false);
  } catch (e) {
    integMessage('Approving ' + name + ' failed: ' + e.message, true);
    btn.disabled = false;
    btn.textContent = label;
    return;
  }
  // The gateway re-screens when the pin file changes; refresh now and once
  // more shortly after (the regular polling continues as well).
  await loadIntegrity();
  setTimeout(loadIntegrity, 600);
}

function approveOne(e, btn) { approve(integName(e), btn); }

function approveAll(backend, pending, btn) {
  const flagged = pending.filter((e) => e.state === 'flagged' || e.findings.length).length;
  const msg = 'Approve all ' + pending.length + ' held-back or flagged definitions of ' + backend + '?' +
    (flagged ? '\n\n' + flagged + ' of them were flagged by the poisoning scanner; read their findings first.' : '');
  if (!confirm(msg)) return;
  approve(backend, btn);
}

for (const id of ['integ-backend', 'integ-state']) $(id).addEventListener('change', renderIntegrity);
$('integ-q').addEventListener('input', renderIntegrity);

// ---------- polling ----------
let pollFailures = 0;
async function poll() {
  try {
    const [st, backends, metrics] = await Promise.all([api('/api/status'), api('/api/backends'), api('/api/metrics')]);
    state.backends = Array.isArray(backends) ? backends : [];
    state.metrics = metrics;
    renderStatus(st);
    renderBackends();
    renderCharts();
    const key = (st.status && st.status.tools) + ':' + state.backends.map((b) => b.id + b.state + b.tools).join(',');
    if (key !== state.toolsKey) {
      state.toolsKey = key;
      state.tools = await api('/api/tools') || [];
      renderTools();
      integ.polls = 0; // the tools changed: integrity states may have too
    }
    // Integrity states: every poll while their tab is open, else every
    // fifth (for the tab's count) and whenever the tools changed.
    if ($('tab-integrity').classList.contains('active') || integ.polls++ % 5 === 0) loadIntegrity();
    pollFailures = 0;
  } catch (e) {
    pollFailures++;
    const pr = $('pill-ready');
    pr.textContent = 'gateway unreachable';
    pr.className = 'pill bad';
  }
  setTimeout(poll, pollFailures ? Math.min(10000, 1000 * pollFailures) : 2000);
}

async function loadConfig() {
  const box = $('config');
  try { box.replaceChildren(jsonView(await api('/api/config'))); }
  catch (e) { box.replaceChildren(h('span', { class: 'errtext', text: 'Cannot load config: ' + e.message })); }
}

// ---------- live streams ----------
// stream keeps one WebSocket open with exponential backoff. The first frame
// is {"backlog": [...]}, later ones {"entries": [...]}: after a reconnect only entries newer than the last
// one shown are added, unless the server restarted (its sequence numbers
// went back), in which case a separator marks the restart.
function stream(path, dotId, onEntries, onReset) {
  let lastSeq = 0, delay = 500, ws = null;
  function connect() {
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path + (token ? (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token) : '');
    ws = new WebSocket(url);
    ws.onopen = () => { $(dotId).className = 'dot on'; delay = 500; };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (Array.isArray(msg.backlog)) {
        const bl = msg.backlog;
        if (bl.length && lastSeq && bl[bl.length - 1].seq < lastSeq) { onReset(); lastSeq = 0; }
        const fresh = bl.filter((e) => e.seq > lastSeq);
        if (fresh.length) { onEntries(fresh, true); lastSeq = fresh[fresh.length - 1].seq; }
        return;
      }
      // Live entries come in batches: {"entries": [...]}.
      const list = Array.isArray(msg.entries) ? msg.entries : (msg.seq ? [msg] : []);
      const fresh = list.filter((e) => e.seq > lastSeq);
      if (fresh.length) { onEntries(fresh, false); lastSeq = fresh[fresh.length - 1].seq; }
    };
    ws.onclose = () => {
      $(dotId).className = 'dot off';
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
    ws.onerror = () => { /* onclose follows */ };
  }
  connect();
}

// ---------- logs ----------
const LEVELS = { trace: -1, debug: 0, info: 1, warn: 2, error: 3, fatal: 4, panic: 5 };
const logs = { paused: false, queue: [], total: 0, missed: 0 };

function logVisible(tr) {
  const min = LEVELS[$('logs-level').value] ?? 0;
  const be = $('logs-backend').value;
  const q = $('logs-q').value.trim().toLowerCase();
  const lv = LEVELS[tr.dataset.level];
  if (lv !== undefined && lv < min) return false;
  if (be && tr.dataset.backend !== be) return false;
  if (q && !tr.dataset.text.includes(q)) return false;
  return true;
}

function logRow(e) {
  noteBackend(e.backend);
  const lvl = e.level || '';
  let extra = '';
  if (e.line && typeof e.line === 'object') {
    extra = Object.entries(e.line).filter(([k]) => !['level', 'time', 'message', 'backend'].includes(k))
      .map(([k, v]) => k + '=' + (typeof v === 'string' ? v : JSON.stringify(v))).join(' ');
  }
  const tr = h('tr', { class: 'clickable' + (lvl === 'error' || lvl === 'fatal' ? ' row-error' : lvl === 'warn' ? ' row-warn' : '') },
    h('td', { class: 'muted', text: fmtTime(e.time) }),
    h('td', null, h('span', { class: 'lvl lvl-' + lvl, text: lvl || '—' })),
    h('td', { text: e.backend || '' }),
    h('td', { class: 'wrap' }, h('span', { text: e.message || '' }), extra ? h('span', { class: 'muted', text: '  ' + extra }) : null));
  tr.dataset.level = lvl;
  tr.dataset.backend = e.backend || '';
  tr.dataset.text = ((e.message || '') + ' ' + extra + ' ' + (e.backend || '')).toLowerCase();
  tr.addEventListener('click', () => toggleDetail(tr, 4, () => jsonView(e.line || e.message)));
  if (!logVisible(tr)) tr.hidden = true;
  return tr;
}

function addLogs(entries) {
  const tbody = $('logs').tBodies[0];
  keepBottom($('logs-scroll'), () => {
    const frag = document.createDocumentFragment();
    for (const e of entries) {
      if (e.missed) frag.append(h('tr', { class: 'sep' }, h('td', { colspan: 4, text: e.missed + ' log lines dropped (the page fell behind)' })));
      frag.append(logRow(e));
    }
    tbody.append(frag);
    trimRows(tbody);
  });
  logs.total += entries.length;
  $('count-logs').textContent = tbody.rows.length || '';
}

function refilterLogs() {
  for (const tr of $('logs').tBodies[0].rows) {
    if (tr.dataset.level !== undefined) tr.hidden = !logVisible(tr);
    else if (tr.classList.contains('detail')) tr.hidden = tr.previousElementSibling.hidden;
  }
}
for (const id of ['logs-level', 'logs-backend']) $(id).addEventListener('change', refilterLogs);
$('logs-q').addEventListener('input', refilterLogs);
$('logs-pause').addEventListener('click', () => {
  logs.paused = !logs.paused;
  $('logs-pause').textContent = logs.paused ? 'Resume' : 'Pause';
  $('logs-pause').classList.toggle('on', logs.paused);
  if (!logs.paused && logs.queue.length) { addLogs(logs.queue); logs.queue = []; }
  $('logs-note').textContent = '';
});
$('logs-clear').addEventListener('click', () => { $('logs').tBodies[0].replaceChildren(); $('count-logs').textContent = ''; });

// ---------- trace ----------
const trace = { paused: false, queue: [], rows: new Map(), planner: 0 };

function dirClass(dir) { return dir === 'ide→gw' || dir === 'backend→gw' ? 'dir dir-in' : 'dir dir-out'; }

function traceVisible(tr) {
  const be = $('trace-backend').value, kind = $('trace-kind').value, m = $('trace-method').value.trim();
  if (be && tr.dataset.backend !== be) return false;
  if (kind && tr.dataset.kind !== kind) return false;
  if (m && !tr.dataset.method.includes(m)) return false;
  return true;
}

function flashRow(seq) {
  const tr = trace.rows.get(seq);
  if (!tr) return;
  tr.scrollIntoView({ block: 'center' });
  tr.classList.add('flash');
  setTimeout(() => tr.classList.remove('flash'), 1200);
}

function traceRow(e) {
  if (e.type === 'planner') return plannerTraceRow(e);
  const m = e.mcp || {};
  noteBackend(m.backend);
  const tr = h('tr', { class: 'clickable' },
    h('td', { class: 'muted num', text: e.seq }),
    h('td', { class: 'muted', text: fmtTime(m.time) }),
    h('td', { class: dirClass(m.dir), text: m.dir }),
    h('td', { text: m.backend || '' }),
    h('td', { class: 'kind-' + m.kind, text: m.kind }),
    h('td', { class: 'ellipsis', text: m.id || '' }),
    h('td', { text: (m.method || '') + (m.tool ? ' ' + m.tool : ''), title: m.tool || '' }),
    h('td', { class: 'num muted', text: fmtBytes(m.size) }),
    h('td', { class: 'num', text: m.latencyMs ? fmtMs(m.latencyMs) : '' }),
    h('td', null, m.pair ? h('a', { class: 'pair', title: 'show the request', onclick: (ev) => { ev.stopPropagation(); flashRow(m.pair); }, text: '↩ #' + m.pair }) : null));
  tr.dataset.backend = m.backend || '';
  tr.dataset.kind = m.kind || '';
  tr.dataset.method = (m.method || '') + (m.tool ? ' ' + m.tool : '');
  tr.addEventListener('click', () => toggleDetail(tr, 10, () => jsonView(m.payload ?? null)));
  if (m.latencyMs && m.backend) {
    const arr = state.latency.get(m.backend) || [];
    arr.push(m.latencyMs);
    if (arr.length > 60) arr.shift();
    state.latency.set(m.backend, arr);
  }
  // A response fills in its request row's latency too.
  if (m.pair && trace.rows.has(m.pair)) {
    const req = trace.rows.get(m.pair);
    req.cells[8].textContent = fmtMs(m.latencyMs);
    req.cells[9].replaceChildren(h('a', { class: 'pair', title: 'show the response', onclick: (ev) => { ev.stopPropagation(); flashRow(e.seq); }, text: '→ #' + e.seq }));
  }
  trace.rows.set(e.seq, tr);
  return tr;
}

function plannerTraceRow(e) {
  const p = e.planner || {};
  const tr = h('tr', { class: 'clickable planner' },
    h('td', { class: 'muted num', text: e.seq }),
    h('td', { class: 'muted', text: fmtTime(p.time) }),
    h('td', { class: 'dir', text: 'planner' }),
    h('td', { text: (p.chosen || '').split('__')[0] }),
    h('td', { text: 'planner' }),
    h('td', { text: '' }),
    h('td', { class: 'ellipsis', text: (p.chosen || 'no tool') + ' ← “' + (p.query || '') + '”' }),
    h('td', { class: 'num muted', text: (p.promptTokens || 0) + '+' + (p.completionTokens || 0) + ' tok' }),
    h('td', { class: 'num', text: fmtMs(p.latencyMs) }),
    h('td', { class: p.error ? 'errtext' : 'muted', text: p.error ? 'error' : (p.executed ? 'executed' : 'plan only') }));
  tr.dataset.backend = (p.chosen || '').split('__')[0];
  tr.dataset.kind = 'planner';
  tr.dataset.method = '';
  tr.addEventListener('click', () => toggleDetail(tr, 10, () => jsonView(p)));
  trace.rows.set(e.seq, tr);
  addPlanner(p);
  return tr;
}

function addTrace(entries) {
  const tbody = $('trace').tBodies[0];
  keepBottom($('trace-scroll'), () => {
    const frag = document.createDocumentFragment();
    for (const e of entries) {
      if (e.missed) frag.append(h('tr', { class: 'sep' }, h('td', { colspan: 10, text: e.missed + ' trace events dropped (the page fell behind)' })));
      const tr = traceRow(e);
      if (!traceVisible(tr)) tr.hidden = true;
      frag.append(tr);
    }
    tbody.append(frag);
    while (tbody.rows.length > MAX_ROWS) {
      const first = tbody.rows[0];
      for (const [k, v] of trace.rows) if (v === first) { trace.rows.delete(k); break; }
      first.remove();
    }
  });
  $('count-trace').textContent = tbody.rows.length || '';
  renderChartsSoon();
}

let chartTimer = 0;
function renderChartsSoon() {
  if (chartTimer) return;
  chartTimer = setTimeout(() => { chartTimer = 0; renderCharts(); }, 500);
}

function refilterTrace() {
  for (const tr of $('trace').tBodies[0].rows) {
    if (tr.dataset.kind !== undefined) tr.hidden = !traceVisible(tr);
    else if (tr.classList.contains('detail')) tr.hidden = tr.previousElementSibling.hidden;
  }
}
for (const id of ['trace-backend', 'trace-kind']) $(id).addEventListener('change', refilterTrace);
$('trace-method').addEventListener('input', refilterTrace);
$('trace-pause').addEventListener('click', () => {
  trace.paused = !trace.paused;
  $('trace-pause').textContent = trace.paused ? 'Resume' : 'Pause';
  $('trace-pause').classList.toggle('on', trace.paused);
  if (!trace.paused && trace.queue.length) { addTrace(trace.queue); trace.queue = []; }
  $('trace-note').textContent = '';
});
$('trace-clear').addEventListener('click', () => { $('trace').tBodies[0].replaceChildren(); trace.rows.clear(); $('count-trace').textContent = ''; });

// ---------- planner ----------
function addPlanner(p) {
  const tbody = $('planner').tBodies[0];
  const outcome = p.error ? h('span', { class: 'errtext', text: p.error }) : h('span', { class: p.executed ? 'oktext' : 'muted', text: p.executed ? 'executed' : 'plan only' });
  const tr = h('tr', { class: 'clickable' },
    h('td', { class: 'muted mono', text: fmtTime(p.time) }),
    h('td', { text: p.planner || '' }),
    h('td', { class: 'mono', text: p.model || '' }),
    h('td', { class: 'wrap', text: p.query || '' }),
    h('td', { class: 'num', text: p.candidates ?? '' }),
    h('td', { class: 'mono', text: p.chosen || '—' }),
    h('td', { class: 'num' + (p.attempts > 1 ? ' warntext' : ''), text: p.attempts ?? '' }),
    h('td', { class: 'num', text: (p.promptTokens || 0) + ' / ' + (p.completionTokens || 0) }),
    h('td', { class: 'num', text: fmtMs(p.latencyMs) }),
    h('td', null, outcome));
  tr.addEventListener('click', () => toggleDetail(tr, 10, () => jsonView(p.arguments ?? p)));
  tbody.prepend(tr);
  while (tbody.rows.length > MAX_ROWS) tbody.deleteRow(-1);
  trace.planner++;
  $('count-planner').textContent = trace.planner;
}

// ---------- console ----------
let runDry = true;
for (const b of document.querySelectorAll('#console-form button[type=submit]')) {
  b.addEventListener('click', () => { runDry = b.dataset.dry === 'true'; });
}
$('console-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const query = $('console-q').value.trim();
  if (!query) { $('console-q').focus(); return; }
  const dry = runDry;
  const st = $('console-state');
  st.textContent = dry ? 'Planning…' : 'Planning and running…';
  $('console-run').disabled = $('console-plan').disabled = true;
  const started = Date.now();
  let out;
  try {
    const res = await api('/api/run', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query, dryRun: dry }) });
    out = res;
  } catch (e) {
    out = { error: e.message, elapsedMs: Date.now() - started };
  }
  st.textContent = '';
  $('console-run').disabled = $('console-plan').disabled = false;
  const run = h('div', { class: 'run' + (out.error ? ' failed' : '') },
    h('div', { class: 'meta' },
      h('span', { class: 'tag', text: dry ? 'plan only' : 'plan and run' }),
      h('span', { class: 'q', text: query }),
      h('span', { class: 'muted small', text: new Date().toLocaleTimeString([], { hour12: false }) + ' · ' + fmtMs(out.elapsedMs) })),
    out.error ? h('div', { class: 'errtext', text: out.error }) : null,
    out.result !== undefined ? jsonView(out.result) : null);
  $('console-out').prepend(run);
});
$('console-q').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); $('console-run').click(); }
});

// ---------- start ----------
function startStreams() {
  stream('/ws/logs', 'conn-logs', (es, backlog) => {
    if (logs.paused && !backlog) { logs.queue.push(...es); $('logs-note').textContent = logs.queue.length + ' new while paused'; return; }
    addLogs(es);
  }, () => addLogs([{ seq: 0, message: '— gateway restarted —', level: '' }]));
  stream('/ws/mcptrace', 'conn-trace', (es, backlog) => {
    if (trace.paused && !backlog) { trace.queue.push(...es); $('trace-note').textContent = trace.queue.length + ' new while paused'; return; }
    addTrace(es);
  }, () => { $('trace').tBodies[0].append(h('tr', { class: 'sep' }, h('td', { colspan: 10, text: '— gateway restarted —' }))); trace.rows.clear(); });
}
poll();
startStreams();
