#!/usr/bin/env node
// The coverage table of the standard mappings against the HL7 V2-to-FHIR guide's mapping tables: every row of
// every message, segment and data type table implemented, not implemented (with the reason the mapping gives),
// or left unmapped by the guide itself; every code of every code system table in its ConceptMap or not.
//
// It reads the guide's tables from `v2-to-fhir/mappings` in MAPX_CORPORA_DIR, else in a folder named `shared`
// beside the checkout (the rule of test-support/corpora.ts), and the markers the mappings carry:
//   /* v2-to-fhir: <guide table file name> rows: 1-12,14 */        rows this mapping implements
//   /* v2-to-fhir: <guide table file name> rows: see <mappingId> */ the rows are listed in that mapping
//   /* not-implemented [<guide table file name>] <rows> : <reason> */ rows left out, and why
// A row is numbered by its v2 element: the field of a segment (PID-3 → 3), the component of a data type
// (XAD.10 → 10), the sort order of a message table. Code system tables are matched to the ConceptMap whose id is
// `v2` + the table's name with everything but letters and digits removed.
//
//   node scripts/v2-to-fhir-coverage.mjs           prints the table (Markdown)
//   node scripts/v2-to-fhir-coverage.mjs --write   puts it into docs/standard-mappings.md between the markers
//   node scripts/v2-to-fhir-coverage.mjs --check   exits 1 when the committed table is not the current one
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CORPORA = resolve(process.env.MAPX_CORPORA_DIR || join(ROOT, '..', 'shared'));
const GUIDE = join(CORPORA, 'v2-to-fhir', 'mappings');
const CONTENT = join(ROOT, 'plugins', 'stores', 'standard');
const DOC = join(ROOT, 'docs', 'standard-mappings.md');
const START = '<!-- coverage:start (scripts/v2-to-fhir-coverage.mjs --write) -->';
const END = '<!-- coverage:end -->';

const KINDS = [
  { folder: 'messages', title: 'Message structures' },
  { folder: 'segments', title: 'Segment maps' },
  { folder: 'datatypes', title: 'Data type maps' },
];

/** `1-3,7` → [1, 2, 3, 7]; bounded so that a typo cannot ask for millions of rows. */
function parseRanges(text) {
  const rows = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!m) return undefined;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from || to - from > 10_000) return undefined;
    for (let n = from; n <= to; n++) rows.push(n);
  }
  return rows;
}

function readGuideTable(file) {
  const records = parse(readFileSync(file, 'utf8'), { relax_column_count: true, skip_empty_lines: true });
  // two header lines; a row without an identifier and a sort order is a spacer
  return records.slice(2).filter((r) => r.some((c) => c.trim() !== ''));
}

/** Row number and whether the guide maps it (its FHIR attribute or assignment column is filled). */
function guideRows(kind, records) {
  return records.map((r) => {
    const [sortOrder = '', identifier = ''] = r;
    let number;
    if (kind === 'messages') number = Number.parseInt(sortOrder, 10);
    else {
      const m = /[-.](\d+)(?:\.\d+)*\s*$/.exec(identifier.trim());
      number = m ? Number(m[1]) : Number.parseInt(sortOrder, 10);
    }
    const target = kind === 'messages' ? (r[9] ?? '') : `${r[9] ?? ''}${r[16] ?? ''}`;
    return { number: Number.isFinite(number) ? number : 0, identifier, mapped: target.trim() !== '' };
  });
}

/** The markers of every mapping: table file name → { implemented: Map<row, ids>, notImplemented: Map<row, reason>, see }. */
function readMarkers(tableNames) {
  const byTable = new Map();
  const entry = (table) => {
    if (!byTable.has(table))
      byTable.set(table, { implemented: new Map(), notImplemented: new Map(), see: [] });
    return byTable.get(table);
  };
  const problems = [];
  const folder = join(CONTENT, 'mappings');
  const files = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.mapx'))
        .sort()
    : [];
  for (const file of files) {
    const id = basename(file, '.mapx');
    const text = readFileSync(join(folder, file), 'utf8');
    let lastTable;
    for (const m of text.matchAll(/\/\*\s*(v2-to-fhir:|not-implemented)\s+([\s\S]*?)\*\//g)) {
      const body = m[2].trim();
      if (m[1] === 'v2-to-fhir:') {
        const r = /^(.*?\.csv)\s+rows:\s*(.+)$/s.exec(body);
        if (!r || !tableNames.has(r[1])) {
          problems.push(`${file}: marker names no guide table: ${body.slice(0, 120)}`);
          continue;
        }
        lastTable = r[1];
        const see = /^see\s+([A-Za-z][A-Za-z0-9]*)$/.exec(r[2].trim());
        if (see) {
          entry(r[1]).see.push({ from: id, to: see[1] });
          continue;
        }
        const rows = parseRanges(r[2]);
        if (!rows) problems.push(`${file}: bad rows in marker: ${r[2]}`);
        for (const n of rows ?? []) {
          const ids = entry(r[1]).implemented.get(n) ?? new Set();
          ids.add(id);
          entry(r[1]).implemented.set(n, ids);
        }
      } else {
        const r = /^(?:(.*?\.csv)\s+)?([\d,\s-]+?)\s*:\s*([\s\S]+)$/.exec(body);
        const table = r?.[1] ?? lastTable;
        if (!r || !table || !tableNames.has(table)) {
          problems.push(`${file}: not-implemented marker without a guide table: ${body.slice(0, 120)}`);
          continue;
        }
        const rows = parseRanges(r[2]);
        if (!rows) problems.push(`${file}: bad rows in not-implemented marker: ${r[2]}`);
        for (const n of rows ?? []) entry(table).notImplemented.set(n, r[3].replace(/\s+/g, ' ').trim());
      }
    }
  }
  return { byTable, problems, mappingCount: files.length };
}

const tableLabel = (file) =>
  file.replace(/^HL7 (Message|Segment|Data Type) - FHIR R4_\s*/, '').replace(/\s+-\s+[^-]*\.csv$/, '');

function coverageOfTable(kind, file, markers) {
  const rows = guideRows(kind, readGuideTable(join(GUIDE, kind, file)));
  const own = markers.byTable.get(file) ?? { implemented: new Map(), notImplemented: new Map(), see: [] };
  const implemented = new Map(own.implemented);
  for (const { to } of own.see) {
    // "see <id>": the rows are in that mapping's markers of the same table (already gathered above), or all
    // rows when that mapping marks the table as a whole elsewhere; nothing more to merge here
    void to;
  }
  const counts = { rows: rows.length, implemented: 0, notImplemented: 0, unmappedByGuide: 0, unaccounted: 0 };
  const reasons = new Map();
  const missing = [];
  const mappings = new Set();
  for (const row of rows) {
    if (implemented.has(row.number)) {
      counts.implemented++;
      for (const id of implemented.get(row.number)) mappings.add(id);
    } else if (own.notImplemented.has(row.number)) {
      counts.notImplemented++;
      const why = own.notImplemented.get(row.number);
      reasons.set(why, [...(reasons.get(why) ?? []), row.identifier || String(row.number)]);
    } else if (!row.mapped) counts.unmappedByGuide++;
    else {
      counts.unaccounted++;
      missing.push(row.identifier || String(row.number));
    }
  }
  for (const { from } of own.see) mappings.add(from);
  return {
    label: tableLabel(file),
    file,
    counts,
    reasons,
    missing,
    mappings: [...mappings].sort(),
    see: own.see,
  };
}

function conceptMapCoverage(file) {
  const name = file.replace(/^HL7 Concept Map_\s*/, '').replace(/\s+-\s+[^-]*\.csv$/, '');
  const id = `v2${name.replace(/[^A-Za-z0-9]/g, '')}`;
  // column 0: the v2 code; column 6: the FHIR code (empty: the guide maps that code to nothing)
  const rows = readGuideTable(join(GUIDE, 'codesystems', file))
    .map((r) => ({ code: (r[0] ?? '').trim(), mapped: (r[6] ?? '').trim() !== '' }))
    .filter((r) => r.code !== '');
  const path = join(CONTENT, 'conceptmaps', `${id}.json`);
  const cm = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  const sources = new Set((cm?.group ?? []).flatMap((g) => (g.element ?? []).map((e) => String(e.code))));
  const covered = rows.filter((r) => sources.has(r.code)).length;
  const unmappedByGuide = rows.filter((r) => !sources.has(r.code) && !r.mapped).length;
  const missing = [...new Set(rows.filter((r) => !sources.has(r.code) && r.mapped).map((r) => r.code))];
  return { name, id, codes: rows.length, present: cm !== undefined, covered, unmappedByGuide, missing };
}

const distinct = (ids) => [...new Set(ids)].join(', ');
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function render() {
  const tables = new Map(
    KINDS.map((k) => [
      k.folder,
      readdirSync(join(GUIDE, k.folder))
        .filter((f) => f.endsWith('.csv'))
        .sort(),
    ]),
  );
  const tableNames = new Set([...tables.values()].flat());
  const markers = readMarkers(tableNames);
  const out = [];
  const totals = { rows: 0, implemented: 0, notImplemented: 0, unmappedByGuide: 0, unaccounted: 0 };
  const sections = [];
  for (const kind of KINDS) {
    const results = tables.get(kind.folder).map((f) => coverageOfTable(kind.folder, f, markers));
    const lines = [
      `### ${kind.title} (${results.length})`,
      '',
      '| Guide table | Rows | Implemented | Not implemented | Unmapped by the guide | Unaccounted | Mappings |',
      '|---|---:|---:|---:|---:|---:|---|',
    ];
    for (const r of results) {
      for (const k of Object.keys(totals)) totals[k] += r.counts[k];
      const c = r.counts;
      lines.push(
        `| ${cell(r.label)} | ${c.rows} | ${c.implemented} | ${c.notImplemented} | ${c.unmappedByGuide} | ${c.unaccounted} | ${cell(r.mappings.join(', ') || '—')} |`,
      );
    }
    const details = results.filter((r) => r.reasons.size > 0 || r.missing.length > 0);
    if (details.length > 0) {
      lines.push('', `Rows not implemented, and why; rows no mapping accounts for:`, '');
      for (const r of details) {
        for (const [why, ids] of r.reasons) lines.push(`- ${cell(r.label)}: ${distinct(ids)} — ${cell(why)}`);
        if (r.missing.length > 0) lines.push(`- ${cell(r.label)}: **unaccounted** ${distinct(r.missing)}`);
      }
    }
    sections.push(lines.join('\n'));
  }
  const codeFiles = readdirSync(join(GUIDE, 'codesystems'))
    .filter((f) => f.endsWith('.csv'))
    .sort();
  const code = codeFiles.map(conceptMapCoverage);
  const codeLines = [
    `### Code system maps (${code.length})`,
    '',
    '| Guide table | ConceptMap | Codes | In the ConceptMap | Unmapped by the guide | Missing |',
    '|---|---|---:|---:|---:|---|',
    ...code.map(
      (c) =>
        `| ${cell(c.name)} | ${c.present ? c.id : `**absent** (${c.id})`} | ${c.codes} | ${c.covered} | ${c.unmappedByGuide} | ${cell(c.missing.slice(0, 12).join(', ') + (c.missing.length > 12 ? ` … (${c.missing.length})` : '') || '—')} |`,
    ),
  ];
  sections.push(codeLines.join('\n'));
  const codeTotals = code.reduce(
    (t, c) => ({
      tables: t.tables + 1,
      present: t.present + (c.present ? 1 : 0),
      codes: t.codes + c.codes,
      covered: t.covered + c.covered,
      unmapped: t.unmapped + c.unmappedByGuide,
    }),
    { tables: 0, present: 0, codes: 0, covered: 0, unmapped: 0 },
  );
  out.push(
    `Generated by \`node scripts/v2-to-fhir-coverage.mjs --write\` from ${markers.mappingCount} standard mappings and the guide's tables.`,
    '',
    `| | Rows | Implemented | Not implemented | Unmapped by the guide | Unaccounted |`,
    '|---|---:|---:|---:|---:|---:|',
    `| Message, segment and data type maps | ${totals.rows} | ${totals.implemented} | ${totals.notImplemented} | ${totals.unmappedByGuide} | ${totals.unaccounted} |`,
    '',
    `Code system maps: ${codeTotals.present} of ${codeTotals.tables} tables have their ConceptMap; of their ${codeTotals.codes} codes, ${codeTotals.covered} are in them, ${codeTotals.unmapped} are codes the guide maps to nothing, ${codeTotals.codes - codeTotals.covered - codeTotals.unmapped} are missing.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  );
  if (markers.problems.length > 0) {
    out.push('Markers the script could not read:', '', ...markers.problems.map((p) => `- ${cell(p)}`), '');
  }
  return out.join('\n').trimEnd();
}

function main() {
  if (!existsSync(join(CORPORA, 'v2-to-fhir', 'SOURCE.md'))) {
    process.stderr.write(
      `v2-to-fhir-coverage: the guide's tables are absent (looked for ${join(CORPORA, 'v2-to-fhir')}; set MAPX_CORPORA_DIR to the folder that holds v2-to-fhir)\n`,
    );
    return 2;
  }
  const table = render();
  const mode = process.argv[2];
  if (mode !== '--write' && mode !== '--check') {
    process.stdout.write(`${table}\n`);
    return 0;
  }
  const doc = readFileSync(DOC, 'utf8');
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) {
    process.stderr.write(`v2-to-fhir-coverage: ${DOC} has no ${START} … ${END} markers\n`);
    return 2;
  }
  const updated = `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`;
  if (mode === '--check') {
    if (updated === doc) return 0;
    process.stderr.write(
      'v2-to-fhir-coverage: docs/standard-mappings.md is not the current table; run with --write\n',
    );
    return 1;
  }
  writeFileSync(DOC, updated);
  return 0;
}

process.exitCode = main();
