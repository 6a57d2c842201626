import { createHash } from 'node:crypto';
import { POLICY_RESOLVER_FUNCTIONS } from '../policy/policy-resolver.js';
import { POLICY_BUILDER_UI } from './policy-builder-script.js';

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; max-width: 70rem; color: #1b1b1b; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
fieldset.route { margin: .5rem 0; border: 1px solid #bbb; }
.method { margin: .25rem 0 .25rem 1rem; }
input.path { width: 22rem; font-family: monospace; }
pre#yaml { background: #f4f4f4; padding: .75rem; border: 1px solid #ddd; }
#issues li { color: #a00000; }
output { display: block; font-family: monospace; margin-top: .5rem; }
.layout { display: grid; grid-template-columns: 1fr 1fr; gap: 2rem; }
`;

const BODY = `
<h1>mapx auth policy builder</h1>
<p>Edit the <code>policy</code> section of auth.yaml, then copy the YAML. This page works offline and never reads or
writes auth.yaml; request tests use the same resolution code as the server.</p>
<div class="layout">
<section>
<h2>Default rule</h2><div id="default-rule"></div>
<h2>Routes</h2><div id="routes"></div>
<button type="button" id="add-route">add route</button>
<h2>Problems</h2><ul id="issues"></ul>
</section>
<section>
<h2>YAML</h2><p>Mode with this policy: <strong id="mode"></strong></p><pre id="yaml"></pre>
<h2>Test a request</h2>
<label>Method <select id="test-method">
<option>GET</option><option>POST</option><option>PUT</option><option>DELETE</option>
<option>PATCH</option><option>HEAD</option><option>OPTIONS</option></select></label>
<label>Path <input id="test-path" value="/Mapping/example"></label><br>
<label>Caller <select id="test-caller"><option value="none">no token</option>
<option value="token">valid token with roles</option></select></label>
<input id="test-roles" aria-label="caller roles (comma separated)" placeholder="role-a, role-b" hidden>
<output id="test-result" aria-live="polite"></output>
</section>
</div>
`;

export interface PolicyBuilderPage {
  readonly html: string;
  readonly contentSecurityPolicy: string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The self-contained page; built once. Inline script and style are allowed by hash, nothing else loads. */
export function buildPolicyBuilderPage(): PolicyBuilderPage {
  const resolver = POLICY_RESOLVER_FUNCTIONS.map((fn) => fn.toString()).join('\n');
  const script = `\n'use strict';\n${resolver}\n${POLICY_BUILDER_UI}\n`;
  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>mapx policy builder</title><style>${STYLE}</style></head>` +
    `<body>${BODY}<script>${script}</script></body></html>\n`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(STYLE)}`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}
