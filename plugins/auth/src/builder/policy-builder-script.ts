/**
 * Browser side of the policy builder. Runs after the resolver functions (policy-resolver.ts, serialised in the
 * same script) and only uses those for resolution, so the page and the server cannot disagree.
 */
export const POLICY_BUILDER_UI = String.raw`
var METHOD_KEYS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', '*'];
var STATUS = { allow: '200', unauthenticated: '401', forbidden: '403', 'bad-path': '400' };
var state = {
  defaultRule: { access: 'authenticated' },
  routes: [
    { path: '/', methods: { GET: { access: 'public' } } },
    { path: '/Mapping/:mappingId', methods: { GET: { access: 'authenticated' }, PUT: { roles: ['mapx-admin'] }, DELETE: { roles: ['mapx-admin'] } } },
  ],
};
function $(id) { return document.getElementById(id); }
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === 'text') node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) { node.appendChild(c); });
  return node;
}
function ruleKind(rule) { return rule.roles ? 'roles' : rule.access; }
function parseRoles(text) { return text.split(',').map(function (s) { return s.trim(); }).filter(Boolean); }
function ruleEditor(rule, onChange, testId) {
  var select = el('select', { 'data-testid': testId + '-kind', 'aria-label': 'rule' },
    ['public', 'authenticated', 'roles'].map(function (k) { return el('option', { value: k, text: k }); }));
  select.value = ruleKind(rule);
  var roles = el('input', { 'data-testid': testId + '-roles', 'aria-label': 'roles (comma separated)', placeholder: 'role-a, role-b' });
  roles.value = (rule.roles || []).join(', ');
  roles.hidden = select.value !== 'roles';
  function emit() {
    roles.hidden = select.value !== 'roles';
    onChange(select.value === 'roles' ? { roles: parseRoles(roles.value) } : { access: select.value });
  }
  select.addEventListener('change', emit);
  roles.addEventListener('input', emit);
  return el('span', { class: 'rule' }, [select, roles]);
}
function methodRow(route, ri, key, mi) {
  var keySelect = el('select', { 'data-testid': 'route-' + ri + '-method-' + mi, 'aria-label': 'method' },
    METHOD_KEYS.map(function (k) { return el('option', { value: k, text: k }); }));
  keySelect.value = key;
  keySelect.addEventListener('change', function () {
    var rule = route.methods[key];
    delete route.methods[key];
    route.methods[keySelect.value] = rule;
    render();
  });
  var remove = el('button', { type: 'button', text: 'remove method' });
  remove.addEventListener('click', function () { delete route.methods[key]; render(); });
  var editor = ruleEditor(route.methods[key], function (rule) { route.methods[key] = rule; refresh(); }, 'route-' + ri + '-rule-' + mi);
  return el('div', { class: 'method' }, [keySelect, editor, remove]);
}
function routeBlock(route, ri) {
  var path = el('input', { 'data-testid': 'route-' + ri + '-path', 'aria-label': 'route path', class: 'path' });
  path.value = route.path;
  path.addEventListener('input', function () { route.path = path.value; refresh(); });
  var addMethod = el('button', { type: 'button', text: 'add method' });
  addMethod.addEventListener('click', function () {
    var free = METHOD_KEYS.filter(function (k) { return !route.methods[k]; })[0];
    if (free) { route.methods[free] = { access: 'authenticated' }; render(); }
  });
  var remove = el('button', { type: 'button', text: 'remove route' });
  remove.addEventListener('click', function () { state.routes.splice(ri, 1); render(); });
  var rows = Object.keys(route.methods).map(function (k, mi) { return methodRow(route, ri, k, mi); });
  return el('fieldset', { class: 'route' }, [el('legend', { text: 'Route ' + (ri + 1) }), path, addMethod, remove].concat(rows));
}
function issuesOf(doc) {
  var out = [];
  var seen = {};
  function checkRule(rule, where) {
    if (rule.roles && rule.roles.length === 0) out.push(where + ': roles needs at least one role');
  }
  checkRule(doc.defaultRule, 'defaultRule');
  doc.routes.forEach(function (r, i) {
    var problem = routePathProblem(r.path);
    if (problem) out.push('routes[' + i + '].path ' + problem);
    var key = routePathKey(r.path);
    if (seen[key] !== undefined) out.push('routes[' + i + '].path duplicates routes[' + seen[key] + '].path');
    else seen[key] = i;
    var keys = Object.keys(r.methods);
    if (keys.length === 0) out.push('routes[' + i + '].methods needs at least one entry');
    keys.forEach(function (k) { checkRule(r.methods[k], 'routes[' + i + '].methods.' + k); });
  });
  return out;
}
function yamlRule(rule, indent) {
  if (rule.roles) return indent + 'roles: [' + rule.roles.map(function (r) { return JSON.stringify(r); }).join(', ') + ']\n';
  return indent + 'access: ' + rule.access + '\n';
}
function toYaml(doc) {
  var out = 'policy:\n  defaultRule:\n' + yamlRule(doc.defaultRule, '    ');
  if (doc.routes.length === 0) return out + '  routes: []\n';
  out += '  routes:\n';
  doc.routes.forEach(function (r) {
    out += '    - path: ' + JSON.stringify(r.path) + '\n      methods:\n';
    Object.keys(r.methods).forEach(function (k) {
      out += '        ' + JSON.stringify(k) + ':\n' + yamlRule(r.methods[k], '          ');
    });
  });
  return out;
}
function testRequest(doc, method, path, roles) {
  var resolution = resolvePolicy(compilePolicy(doc), method, path);
  if (resolution.kind === 'health') return { outcome: 'allow', status: '200', route: '(GET /health is always public)', via: 'health' };
  if (resolution.kind === 'bad-path') return { outcome: 'bad-path', status: '400', route: null, via: 'bad-path' };
  var outcome = decideAccess(resolution.rule, roles === null ? null : { roles: roles });
  return { outcome: outcome, status: STATUS[outcome], route: resolution.route, via: resolution.via, rule: resolution.rule };
}
function runTester() {
  var caller = $('test-caller').value;
  var roles = caller === 'none' ? null : parseRoles($('test-roles').value);
  $('test-roles').hidden = caller === 'none';
  var r = testRequest(state, $('test-method').value, $('test-path').value, roles);
  var out = $('test-result');
  out.setAttribute('data-outcome', r.outcome);
  out.setAttribute('data-status', r.status);
  var text = r.status + ' ' + r.outcome + ' — ';
  text += r.route === null ? 'no route matched' : 'route ' + r.route;
  text += ' (' + r.via + ')';
  out.textContent = text;
}
function refresh() {
  var issues = issuesOf(state);
  var list = $('issues');
  list.textContent = '';
  issues.forEach(function (i) { list.appendChild(el('li', { text: i })); });
  $('yaml').textContent = toYaml(state);
  $('mode').textContent = isAllPublic(state) ? 'auth-available (nothing is blocked)' : 'auth-required';
  runTester();
}
function render() {
  var def = $('default-rule');
  def.textContent = '';
  def.appendChild(ruleEditor(state.defaultRule, function (rule) { state.defaultRule = rule; refresh(); }, 'default-rule'));
  var routes = $('routes');
  routes.textContent = '';
  state.routes.forEach(function (r, i) { routes.appendChild(routeBlock(r, i)); });
  refresh();
}
$('add-route').addEventListener('click', function () {
  state.routes.push({ path: '/', methods: { GET: { access: 'authenticated' } } });
  render();
});
['test-method', 'test-path', 'test-caller', 'test-roles'].forEach(function (id) {
  $(id).addEventListener('input', runTester);
  $(id).addEventListener('change', runTester);
});
window.mapxPolicyBuilder = {
  setPolicy: function (doc) { state = JSON.parse(JSON.stringify(doc)); render(); },
  getPolicy: function () { return JSON.parse(JSON.stringify(state)); },
  test: function (method, path, roles) { return testRequest(state, method, path, roles); },
  yaml: function () { return toYaml(state); },
};
render();
`;
