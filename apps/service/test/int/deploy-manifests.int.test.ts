import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../helpers/start-built-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startJwksIdp, type JwksIdp } from '../helpers/jwks-idp.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const K8S = join(ROOT, 'deploy/k8s');
const load = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(join(K8S, file), 'utf8')).map((d) => {
    expect(d.errors, file).toEqual([]);
    return d.toJS() as Doc;
  });

describe('Kubernetes manifests (deploy/k8s)', () => {
  const kustomization = load('kustomization.yaml')[0]!;
  const docs = (kustomization.resources as string[]).flatMap(load);
  const byKind = (kind: string) => docs.filter((d) => d.kind === kind);

  it('lists a Deployment, a Service, an HPA and a PodDisruptionBudget for the same pods', () => {
    expect(docs.map((d) => d.kind).sort()).toEqual([
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ]);
    const labels = byKind('Deployment')[0]!.spec.template.metadata.labels;
    expect(byKind('Service')[0]!.spec.selector).toEqual(labels);
    expect(byKind('PodDisruptionBudget')[0]!.spec.selector.matchLabels).toEqual(labels);
    const hpa = byKind('HorizontalPodAutoscaler')[0]!;
    expect(hpa.spec.scaleTargetRef).toMatchObject({
      kind: 'Deployment',
      name: byKind('Deployment')[0]!.metadata.name,
    });
    expect(byKind('PodDisruptionBudget')[0]!.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);
  });

  it('probes readiness on warm-up and drain, liveness apart, as a non-root user with resources', () => {
    const pod = byKind('Deployment')[0]!.spec.template.spec;
    const [container] = pod.containers as Doc[];
    expect(container!.readinessProbe.httpGet.path).toBe('/health/ready');
    expect(container!.livenessProbe.httpGet.path).toBe('/health/live');
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container!.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
    });
    for (const kind of ['requests', 'limits'])
      expect(Object.keys(container!.resources[kind]).sort(), kind).toEqual(['cpu', 'memory']);
    const env = Object.fromEntries((container!.env as Doc[]).map((e) => [e.name, e.value]));
    // the pod gets time to drain: delay + grace fit in the termination grace period
    const drainSeconds = (Number(env.MAPX_DRAIN_DELAY_MS) + Number(env.MAPX_SHUTDOWN_TIMEOUT_MS)) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drainSeconds);
    // readiness fails within the drain delay, so the endpoints drop the pod before its listener closes
    const probe = container!.readinessProbe;
    expect(probe.periodSeconds * probe.failureThreshold * 1000).toBeLessThan(Number(env.MAPX_DRAIN_DELAY_MS));
    // auth.yaml comes from a Secret, at the path AUTH_CONFIG_PATH names
    const mount = (container!.volumeMounts as Doc[]).find((m) =>
      env.AUTH_CONFIG_PATH.startsWith(`${m.mountPath}/`),
    );
    const volume = (pod.volumes as Doc[]).find((v) => v.name === mount?.name);
    expect(volume?.secret.secretName).toBe(load('auth-secret.example.yaml')[0]!.metadata.name);
  });
});

describe('the example auth policy of the Secret', () => {
  let idp: JwksIdp;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startJwksIdp();
    const secret = load('auth-secret.example.yaml')[0]!;
    const yaml = (secret.stringData['auth.yaml'] as string).replace(
      'https://idp.example.org/realms/mapx',
      idp.issuer,
    );
    t = await createTestApp({ AUTH_CONFIG_PATH: Buffer.from(yaml).toString('base64') });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('lets only the metrics-reader role scrape GET /metrics, and probes need no token', async () => {
    const scrape = async (roles?: string[]) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: roles ? { authorization: `Bearer ${await idp.sign(roles)}` } : {},
        })
      ).statusCode;
    expect(await scrape()).toBe(401);
    expect(await scrape(['staff'])).toBe(403);
    expect(await scrape(['metrics-reader'])).toBe(200);
    for (const url of ['/health', '/health/live', '/health/ready'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(401);
  });

  it('keeps mapping and test case writes for admin', async () => {
    const write = async (method: 'PUT' | 'DELETE', url: string, roles: string[]) =>
      (
        await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${await idp.sign(roles)}` },
        })
      ).statusCode;
    for (const url of ['/Mapping/m', '/MappingTests/m/c']) {
      expect(await write('PUT', url, ['staff']), url).toBe(403);
      expect(await write('DELETE', url, ['staff']), url).toBe(403);
      // admin passes the policy (this service has no mapping source: the route itself answers 405)
      expect(await write('DELETE', url, ['admin']), url).toBe(405);
    }
  });
});
