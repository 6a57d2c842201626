/**
 * GET /api-docs: Swagger UI (the `swagger-ui-dist` package, served by this service: no CDN, works offline) on the
 * generated OpenAPI document. The page holds no inline script, so the policy below allows scripts from this
 * origin only; Swagger UI sets inline styles.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function apiDocsPage(title: string, assetVersion: string): string {
  const v = encodeURIComponent(assetVersion);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/png" href="/api-docs/favicon-32x32.png?v=${v}">
<link rel="stylesheet" href="/api-docs/swagger-ui.css?v=${v}">
<link rel="stylesheet" href="/api-docs/api-docs.css?v=${v}">
</head><body>
<form id="mapx-token" hidden><p>This service needs a bearer token to show its API document.</p>
<label>Access token <input name="token" type="password" autocomplete="off" required></label>
<button type="submit">Show the API</button><p id="mapx-token-error" role="alert"></p></form>
<noscript>The interactive API documentation needs JavaScript; the document itself is at
<a href="/api-docs/openapi.json">/api-docs/openapi.json</a> (OpenAPI 3.1).</noscript>
<div id="swagger-ui"></div>
<script src="/api-docs/swagger-ui-bundle.js?v=${v}"></script>
<script src="/api-docs/api-docs.js?v=${v}"></script>
</body></html>`;
}

/**
 * Loads the document (asking for a token when the auth policy protects it), then starts Swagger UI with it and
 * the token pre-filled for "Try it out". No top bar: the page documents this service only.
 */
export const API_DOCS_SCRIPT = `'use strict';
(function () {
  var DOC = '/api-docs/openapi.json';
  var form = document.getElementById('mapx-token');
  var problem = document.getElementById('mapx-token-error');

  function start(spec, token) {
    form.hidden = true;
    var ui = SwaggerUIBundle({
      spec: spec,
      dom_id: '#swagger-ui',
      deepLinking: true,
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      persistAuthorization: false,
      tryItOutEnabled: false,
    });
    if (token && spec.components && spec.components.securitySchemes && spec.components.securitySchemes.bearer)
      ui.preauthorizeApiKey('bearer', token);
    window.ui = ui;
  }

  function load(token) {
    var headers = token ? { authorization: 'Bearer ' + token } : {};
    return fetch(DOC, { headers: headers, credentials: 'omit' }).then(function (res) {
      if (res.status === 401 || res.status === 403) {
        form.hidden = false;
        problem.textContent = token ? 'The service refused this token (' + res.status + ').' : '';
        return;
      }
      if (!res.ok) throw new Error(DOC + ' answered ' + res.status);
      return res.json().then(function (spec) { start(spec, token); });
    });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    load(form.elements.token.value.trim()).catch(function (err) { problem.textContent = String(err); });
  });
  load('').catch(function (err) {
    document.getElementById('swagger-ui').textContent = String(err);
  });
})();
`;

/** The token form, in the page's own look; everything else is Swagger UI's stylesheet. */
export const API_DOCS_CSS = `#mapx-token{font:15px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:1rem;border:1px solid #8884;border-radius:6px}
#mapx-token input{margin:0 .5rem;min-width:18rem}#mapx-token-error{color:#cf222e}`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
