/** Renders the OpenAPI document as a self-contained HTML page (no scripts, no external requests). */
export function renderApiDocsHtml(doc: Record<string, unknown>): string {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Op>>;
  const rows = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const tags = [...new Set(rows.map((r) => r.op.tags[0] ?? 'Other'))];
  const sections = tags.map((tag) =>
    section(
      tag,
      rows.filter((r) => (r.op.tags[0] ?? 'Other') === tag),
    ),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} ${esc(info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${CSS}</style></head><body>
<header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p>
<p>Machine-readable: <a href="/api-docs/openapi.json">/api-docs/openapi.json</a> (OpenAPI 3.1)</p></header>
<main>${sections.join('\n')}</main></body></html>`;
}

interface Op {
  tags: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}

function section(tag: string, rows: { path: string; method: string; op: Op }[]): string {
  return `<section><h2>${esc(tag)}</h2>${rows.map(({ path, method, op }) => operation(path, method, op)).join('')}</section>`;
}

function operation(path: string, method: string, op: Op): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}) ${esc(p.description ?? '')}</li>`)
    .join('');
  const body = op.requestBody
    ? `<p>Request body: ${Object.keys(op.requestBody.content)
        .map((t) => `<code>${esc(t)}</code>`)
        .join(', ')}</p>`
    : '';
  const responses = Object.entries(op.responses)
    .map(
      ([status, r]) =>
        `<li><b>${esc(status)}</b> ${esc(r.description)}${
          r.content
            ? ` — ${Object.keys(r.content)
                .map((t) => `<code>${esc(t)}</code>`)
                .join(', ')}`
            : ''
        }</li>`,
    )
    .join('');
  return `<article><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}${params ? `<ul>${params}</ul>` : ''}${body}<ul>${responses}</ul></article>`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1f24;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}a{color:#58a6ff}}
article{border:1px solid #8884;border-radius:6px;padding:.5rem 1rem;margin:.75rem 0}h3{margin:.25rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;padding:0 .4rem;font-size:.85rem}
.get{background:#1f6feb}.post{background:#238636}.put{background:#9a6700}.delete{background:#cf222e}.options{background:#6e7781}`;
