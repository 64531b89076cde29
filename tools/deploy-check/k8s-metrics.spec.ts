import { join, resolve } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { isK8sObject, type K8sObject } from './k8s-object';
import { readYamlDocuments, renderKustomization } from './kustomize-render';
import { podTemplates } from './pod-templates';

const repoRoot = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map(({ name }) => name);
const WORKERS = ['workflow-runner', 'hook-dispatcher'];
const METRICS_PATH = '/metrics';

const RENDERS = {
  base: 'k8s/base',
  production: 'k8s/overlays/production',
  'production + KEDA': 'k8s/optional/keda',
};

type Labels = Record<string, string>;

describe.each(Object.entries(RENDERS))('scraping in %s (%s)', (_label, path) => {
  const objects = renderKustomization(join(repoRoot, path));
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'cw-config');
  const metricsPort = Number((config?.data as Labels | undefined)?.METRICS_PORT);
  const deployments = podTemplates(objects).filter(({ owner }) => owner.kind === 'Deployment');

  it('turns the internal metrics listener on for every process (METRICS_PORT in cw-config)', () => {
    expect(Number.isInteger(metricsPort) && metricsPort > 0).toBe(true);
    expect(deployments.map(({ owner }) => owner.metadata.name).sort()).toEqual([...APPS].sort());
  });

  it.each(APPS)('annotates the %s pods for scraping on the port named metrics', (name) => {
    const { template } = deployments.find(({ owner }) => owner.metadata.name === name)!;
    expect(template.metadata?.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(metricsPort),
      'prometheus.io/path': METRICS_PATH,
    });
    const container = template.spec?.containers.find((each) => each.name === name);
    expect(container?.ports).toContainEqual({ name: 'metrics', containerPort: metricsPort });
  });

  it('exposes the metrics port through no Service (the Ingress and the gateway never reach it)', () => {
    const servicePorts = objects
      .filter((object) => object.kind === 'Service')
      .flatMap(
        (service) => (service.spec as { ports: { port: number; targetPort?: unknown }[] }).ports,
      );
    expect(
      servicePorts.filter(
        (port) =>
          port.port === metricsPort ||
          port.targetPort === metricsPort ||
          port.targetPort === 'metrics',
      ),
    ).toEqual([]);
  });
});

describe('queue-depth autoscaling (production + KEDA)', () => {
  const objects = renderKustomization(join(repoRoot, RENDERS['production + KEDA']));

  it.each(WORKERS)('scales %s on a queue-depth trigger, not on CPU alone', (name) => {
    const scaled = objects.find((o) => o.kind === 'ScaledObject' && o.metadata.name === name);
    const triggers = (scaled?.spec as { triggers: { type: string }[] }).triggers;
    expect(triggers.map((trigger) => trigger.type)).toContain('redis');
  });
});

describe('the optional PodMonitor (Prometheus Operator)', () => {
  const [monitor] = readYamlDocuments(
    join(repoRoot, 'k8s/optional/prometheus-operator/pod-monitor.yaml'),
  ).filter(isK8sObject) as [K8sObject];
  const production = renderKustomization(join(repoRoot, RENDERS.production));
  const spec = monitor.spec as {
    selector: { matchLabels: Labels };
    podMetricsEndpoints: { port: string; path: string }[];
  };

  it('is a PodMonitor in the production namespace', () => {
    expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(monitor.kind).toBe('PodMonitor');
    const namespaces = new Set(production.map((object) => object.metadata.namespace));
    expect(namespaces).toContain(monitor.metadata.namespace);
  });

  it("selects every service's pods and scrapes the port they name metrics", () => {
    const [endpoint] = spec.podMetricsEndpoints;
    expect(endpoint.path).toBe(METRICS_PATH);
    for (const { owner, template } of podTemplates(production).filter(
      ({ owner }) => owner.kind === 'Deployment',
    )) {
      const labels = template.metadata?.labels ?? {};
      const selected = Object.entries(spec.selector.matchLabels).every(
        ([key, value]) => labels[key] === value,
      );
      const ports = template.spec?.containers.flatMap((container: IContainer) =>
        (container.ports ?? []).map((port) => port.name),
      );
      expect({ deployment: owner.metadata.name, selected, ports }).toEqual({
        deployment: owner.metadata.name,
        selected: true,
        ports: expect.arrayContaining([endpoint.port]),
      });
    }
  });
});
