import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';
import { QueueName } from '@cw/queue';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { parseImage } from './image-override';
import { type K8sObject } from './k8s-object';
import { renderKustomization, readYamlDocuments } from './kustomize-render';
import { podTemplates } from './pod-templates';
import { probePaths } from './probe-paths';
import { schemaErrors } from './schema-validate';

const repoRoot = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map(({ name, defaultPort }) => ({ name, port: defaultPort }));
const WORKERS = ['workflow-runner', 'hook-dispatcher'];
const MEMORY_LIMIT_MIB = 256;
/** Containers allowed more, and why: the code-session sandbox budget (CODE_SANDBOX_MEMORY_MB). */
const MEMORY_LIMIT_MIB_OF: Record<string, number> = { 'workflow-runner': 640 };
/** Test-only switches the services refuse in production; no manifest may set them. */
const TEST_ONLY_SETTINGS = ['ACCEPTANCE_AUTH_SECRET', 'HOOKS_ALLOW_LOOPBACK_FOR_TESTS'];
/** BullMQ key prefix when QUEUE_PREFIX is unset (libs/queue queue.config.ts). */
const DEFAULT_QUEUE_PREFIX = 'cw';

const RENDERS = {
  base: 'k8s/base',
  production: 'k8s/overlays/production',
  'production + KEDA': 'k8s/optional/keda',
};

const secretExamples = [readYamlDocuments(join(repoRoot, 'k8s/base/secret.example.yaml'))[0]] as [
  K8sObject,
];
const readme = readFileSync(join(repoRoot, 'k8s/README.md'), 'utf8');

describe.each(Object.entries(RENDERS))('%s (%s)', (_label, path) => {
  const objects = renderKustomization(join(repoRoot, path));
  const ofKind = (kind: string): K8sObject[] => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: string): K8sObject | undefined =>
    ofKind(kind).find((object) => object.metadata.name === name);
  const templates = podTemplates(objects);
  const containers = templates.flatMap(({ owner, template }) =>
    allContainers(template).map((container) => ({ owner, template, container })),
  );

  it('validates every object against the Kubernetes schema of its kind', () => {
    expect(objects.flatMap(schemaErrors)).toEqual([]);
  });

  it('probes only /health (liveness, startup) and /ready (readiness)', () => {
    expect(probePaths(objects)).toEqual(['/health', '/ready']);
  });

  describe.each(APPS)('$name', ({ name, port }) => {
    const deployment = named('Deployment', name);
    const service = named('Service', name);
    const template = templates.find(({ owner }) => owner === deployment)?.template;
    const container = template?.spec?.containers.find((candidate) => candidate.name === name);

    it('has a Deployment whose selector matches its pod labels', () => {
      expect(deployment).toBeDefined();
      const selector = (deployment?.spec as { selector?: { matchLabels?: Labels } }).selector;
      expect(selector?.matchLabels).toBeDefined();
      expect(matches(selector?.matchLabels, template?.metadata?.labels)).toBe(true);
    });

    it(`runs the ${name} image on port ${port} with /health and /ready probes`, () => {
      expect(container).toBeDefined();
      expect(parseImage(container?.image ?? '').name).toMatch(new RegExp(`company-wiki/${name}$`));
      expect(container?.ports).toContainEqual({ name: 'http', containerPort: port });
      expect(literalEnv(container, 'PORT')).toBe(String(port));
      expect(container?.livenessProbe?.httpGet).toEqual({ path: '/health', port: 'http' });
      expect(container?.readinessProbe?.httpGet).toEqual({ path: '/ready', port: 'http' });
    });

    it('has a Service that selects exactly its pods and targets its container port', () => {
      expect(service).toBeDefined();
      const spec = service?.spec as { selector?: Labels; ports?: ServicePort[] };
      expect(Object.keys(spec.selector ?? {}).length).toBeGreaterThan(0);
      expect(matches(spec.selector, template?.metadata?.labels)).toBe(true);
      const selected = templates.filter(({ template: other }) =>
        matches(spec.selector, other.metadata?.labels),
      );
      expect(selected.map(({ owner }) => owner)).toEqual([deployment]);
      for (const servicePort of spec.ports ?? []) {
        expect(servicePort.port).toBe(port);
        expect(resolveContainerPort(container, servicePort.targetPort ?? servicePort.port)).toBe(
          port,
        );
      }
    });

    it('is scaled by exactly one autoscaler', () => {
      const hpas = ofKind('HorizontalPodAutoscaler').filter(
        (hpa) => (hpa.spec as HpaSpec).scaleTargetRef.name === name,
      );
      const scaledObjects = ofKind('ScaledObject').filter(
        (scaled) =>
          (scaled.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === name,
      );
      expect(hpas.length + scaledObjects.length).toBe(1);
      for (const hpa of hpas) {
        const spec = hpa.spec as HpaSpec;
        expect(spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
        expect(spec.metrics.map((metric) => metric.resource?.name)).toEqual(['cpu']);
        expect(spec.minReplicas).toBeLessThanOrEqual(spec.maxReplicas);
      }
      // A fixed replica count would fight the autoscaler on every apply.
      expect((deployment?.spec as { replicas?: number }).replicas).toBeUndefined();
    });

    if (WORKERS.includes(name)) {
      it('runs its BullMQ workers (SERVICE_ROLE)', () => {
        expect(literalEnv(container, 'SERVICE_ROLE')).toMatch(/^(all|worker)$/);
      });
    }
  });

  it('runs every container as non-root, unprivileged, on a read-only root filesystem', () => {
    const problems = containers.flatMap(({ owner, template, container }) => {
      const pod = template.spec?.securityContext ?? {};
      const own = container.securityContext ?? {};
      const where = `${owner.kind}/${owner.metadata.name}/${container.name}`;
      const checks: [string, boolean][] = [
        ['runAsNonRoot', (own.runAsNonRoot ?? pod.runAsNonRoot) === true],
        ['runAsUser > 0', (own.runAsUser ?? pod.runAsUser ?? 0) > 0],
        ['readOnlyRootFilesystem', own.readOnlyRootFilesystem === true],
        ['allowPrivilegeEscalation: false', own.allowPrivilegeEscalation === false],
        ['drops ALL capabilities', own.capabilities?.drop?.includes('ALL') === true],
      ];
      return checks.filter(([, ok]) => !ok).map(([check]) => `${where}: ${check}`);
    });
    expect(problems).toEqual([]);
  });

  it(`requests CPU and memory and caps memory at ${MEMORY_LIMIT_MIB}Mi (or its own cap)`, () => {
    for (const { container } of containers) {
      const { requests, limits } = container.resources ?? {};
      expect(requests?.cpu).toBeDefined();
      expect(requests?.memory).toBeDefined();
      expect(mebibytes(limits?.memory)).toBeLessThanOrEqual(
        MEMORY_LIMIT_MIB_OF[container.name] ?? MEMORY_LIMIT_MIB,
      );
      expect(mebibytes(requests?.memory)).toBeLessThanOrEqual(mebibytes(limits?.memory));
    }
  });

  it('takes every env var from the ConfigMap, the documented Secret or a literal', () => {
    const configMaps = new Map(
      ofKind('ConfigMap').map((map) => [map.metadata.name, Object.keys(map.data ?? {})]),
    );
    const secrets = new Map(
      secretExamples.map((secret) => [secret.metadata.name, Object.keys(secret.stringData ?? {})]),
    );
    const problems: string[] = [];
    for (const { owner, container } of containers) {
      const where = `${owner.metadata.name}/${container.name}`;
      for (const source of container.envFrom ?? []) {
        const mapName = source.configMapRef?.name;
        const secretName = source.secretRef?.name;
        if (mapName !== undefined && !configMaps.has(mapName))
          problems.push(`${where}: ${mapName}`);
        if (secretName !== undefined && !secrets.has(secretName)) {
          problems.push(`${where}: ${secretName}`);
        }
      }
      for (const { name, value, valueFrom } of container.env ?? []) {
        const mapRef = valueFrom?.configMapKeyRef;
        const secretRef = valueFrom?.secretKeyRef;
        if (mapRef && !configMaps.get(mapRef.name ?? '')?.includes(mapRef.key)) {
          problems.push(`${where}: ${name} from ConfigMap ${mapRef.name} key ${mapRef.key}`);
        } else if (secretRef && !secrets.get(secretRef.name ?? '')?.includes(secretRef.key)) {
          problems.push(`${where}: ${name} from Secret ${secretRef.name} key ${secretRef.key}`);
        } else if (!mapRef && !secretRef && value === undefined) {
          problems.push(`${where}: ${name} has no value`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents every setting it passes in k8s/README.md', () => {
    const names = new Set([
      ...ofKind('ConfigMap').flatMap((map) => Object.keys(map.data ?? {})),
      ...containers.flatMap(({ container }) => (container.env ?? []).map((env) => env.name)),
    ]);
    expect([...names].filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('never sets a test-only switch', () => {
    const names = [
      ...ofKind('ConfigMap').flatMap((map) => Object.keys(map.data ?? {})),
      ...containers.flatMap(({ container }) => (container.env ?? []).map((env) => env.name)),
    ];
    expect(names.filter((name) => TEST_ONLY_SETTINGS.includes(name))).toEqual([]);
  });

  it('commits no Secret: cw-secrets is created by the operator', () => {
    expect(ofKind('Secret')).toEqual([]);
  });

  it('runs NODE_ENV=production', () => {
    expect(named('ConfigMap', 'cw-config')?.data).toMatchObject({ NODE_ENV: 'production' });
  });

  it('points the gateway at each service through its Service', () => {
    const config = (named('ConfigMap', 'cw-config')?.data ?? {}) as Record<string, string>;
    for (const { name, urlVariable } of SERVICES) {
      const url = new URL(config[urlVariable] ?? 'http://missing');
      const service = named('Service', url.hostname);
      expect(service?.metadata.name).toBe(name);
      const ports = (service?.spec as { ports: ServicePort[] }).ports.map(({ port }) => port);
      expect(ports).toContain(Number(url.port));
    }
  });

  it('routes / of the Ingress to the gateway Service', () => {
    const [ingress, ...others] = ofKind('Ingress');
    expect(others).toEqual([]);
    const rules = (ingress?.spec as { rules: IngressRule[] }).rules;
    const backends = rules.flatMap((rule) => rule.http.paths);
    expect(backends).toEqual([
      {
        path: '/',
        pathType: 'Prefix',
        backend: { service: { name: GATEWAY.name, port: { name: 'http' } } },
      },
    ]);
    const gatewayPorts = (named('Service', GATEWAY.name)?.spec as { ports: ServicePort[] }).ports;
    expect(gatewayPorts.map((port) => port.name)).toContain('http');
  });

  it('migrates with the gateway image through the tini entrypoint', () => {
    const job = templates.find(
      ({ owner }) => owner.kind === 'Job' && owner.metadata.name === 'cw-migrate',
    );
    const [migrate] = job?.template.spec?.containers ?? [];
    const gateway = named('Deployment', GATEWAY.name);
    const gatewayContainer = templates.find(({ owner }) => owner === gateway)?.template.spec
      ?.containers[0];
    expect(job?.template.spec?.restartPolicy).toBe('Never');
    expect(migrate?.image).toBe(gatewayContainer?.image);
    expect(migrate?.command).toBeUndefined();
    expect(migrate?.args).toEqual(['node', 'dist/tools/migrations/run-migrations.js']);
    expect(migrate?.env?.map((env) => env.name)).toContain('DATABASE_URL');
  });
});

describe('base', () => {
  const objects = renderKustomization(join(repoRoot, RENDERS.base));

  it('is namespace-free', () => {
    expect(objects.filter((object) => object.metadata.namespace !== undefined)).toEqual([]);
    expect(objects.filter((object) => object.kind === 'Namespace')).toEqual([]);
  });
});

describe('production overlay', () => {
  const objects = renderKustomization(join(repoRoot, RENDERS.production));

  it('puts every object in the company-wiki namespace', () => {
    const namespaced = objects.filter((object) => object.kind !== 'Namespace');
    expect(new Set(namespaced.map((object) => object.metadata.namespace))).toEqual(
      new Set(['company-wiki']),
    );
    expect(objects.filter((object) => object.kind === 'Namespace')).toHaveLength(1);
  });

  it('pins every image to a registry and a released tag', () => {
    const images = podTemplates(objects).flatMap(({ template }) =>
      allContainers(template).map((container) => parseImage(container.image ?? '')),
    );
    for (const image of images) {
      expect(image.name).toMatch(/^[a-z0-9.-]+\.[a-z]+(:\d+)?\//);
      expect(image.tag ?? image.digest).toBeDefined();
      expect(image.tag).not.toBe('latest');
    }
  });

  it('keeps at least two replicas of every service', () => {
    const hpas = objects.filter((object) => object.kind === 'HorizontalPodAutoscaler');
    expect(hpas).toHaveLength(APPS.length);
    for (const hpa of hpas) expect((hpa.spec as HpaSpec).minReplicas).toBeGreaterThanOrEqual(2);
  });
});

describe('secret.example.yaml', () => {
  const [example] = secretExamples;

  it('is a valid Secret with placeholder values only, outside the kustomization', () => {
    expect(schemaErrors(example)).toEqual([]);
    expect(example.data).toBeUndefined();
    const base = readFileSync(join(repoRoot, 'k8s/base/kustomization.yaml'), 'utf8');
    expect(base).not.toMatch(/^\s*-\s*secret\.example\.yaml/m);
  });

  it('documents every key in k8s/README.md', () => {
    const keys = Object.keys(example.stringData ?? {});
    expect(keys.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });
});

describe('KEDA variant', () => {
  const objects = renderKustomization(join(repoRoot, RENDERS['production + KEDA']));
  const kedaReadme = readFileSync(join(repoRoot, 'k8s/optional/keda/README.md'), 'utf8');

  it.each([
    ['workflow-runner', QueueName.WorkflowRuns],
    ['hook-dispatcher', QueueName.HookDeliveries],
  ])('scales %s on the waiting list of the %s queue', (name, queue) => {
    const scaled = objects.find((o) => o.kind === 'ScaledObject' && o.metadata.name === name);
    const triggers = (scaled?.spec as { triggers: { type: string; metadata: Labels }[] }).triggers;
    const redis = triggers.find((trigger) => trigger.type === 'redis');
    const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'cw-config');
    const prefix = (config?.data as Labels).QUEUE_PREFIX ?? DEFAULT_QUEUE_PREFIX;
    expect(redis?.metadata.listName).toBe(`${prefix}:${queue}:wait`);
  });

  it('documents the Secret its TriggerAuthentication reads', () => {
    for (const auth of objects.filter((object) => object.kind === 'TriggerAuthentication')) {
      const refs = (auth.spec as { secretTargetRef: { name: string; key: string }[] })
        .secretTargetRef;
      for (const { name, key } of refs) {
        expect(kedaReadme).toContain(`\`${name}\``);
        expect(kedaReadme).toContain(`\`${key}\``);
      }
    }
  });
});

type Labels = Record<string, string>;
type ServicePort = { name?: string; port: number; targetPort?: number | string };
type HpaSpec = {
  scaleTargetRef: { apiVersion?: string; kind: string; name: string };
  minReplicas?: number;
  maxReplicas: number;
  metrics: { resource?: { name: string } }[];
};
type IngressRule = { http: { paths: unknown[] } };

function allContainers(template: IPodTemplateSpec): IContainer[] {
  return [...(template.spec?.initContainers ?? []), ...(template.spec?.containers ?? [])];
}

/** True when every selector label is on the pod. */
function matches(selector: Labels | undefined, labels: Labels | undefined): boolean {
  return Object.entries(selector ?? {}).every(([key, value]) => labels?.[key] === value);
}

function literalEnv(container: IContainer | undefined, name: string): string | undefined {
  return container?.env?.find((env) => env.name === name)?.value;
}

function resolveContainerPort(container: IContainer | undefined, target: number | string) {
  const port = container?.ports?.find((candidate) =>
    typeof target === 'string' ? candidate.name === target : candidate.containerPort === target,
  );
  return port?.containerPort;
}

function mebibytes(quantity: string | number | undefined): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(String(quantity));
  if (!match) throw new Error(`unsupported memory quantity ${String(quantity)}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}
