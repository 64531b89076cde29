import { podTemplates } from './pod-templates';

/** Every distinct httpGet probe path (liveness, readiness, startup) in the objects, sorted. */
export function probePaths(objects: readonly unknown[]): string[] {
  const paths = new Set<string>();
  for (const { template } of podTemplates(objects)) {
    const containers = [
      ...(template.spec?.initContainers ?? []),
      ...(template.spec?.containers ?? []),
    ];
    for (const container of containers) {
      for (const probe of [
        container.livenessProbe,
        container.readinessProbe,
        container.startupProbe,
      ]) {
        const path = probe?.httpGet?.path;
        if (path !== undefined) paths.add(path);
      }
    }
  }
  return [...paths].sort();
}
