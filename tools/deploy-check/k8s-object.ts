/** A Kubernetes object as rendered from YAML: only the fields every object has are typed. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: K8sMetadata;
  [field: string]: unknown;
}

export interface K8sMetadata {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  [field: string]: unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isK8sObject(value: unknown): value is K8sObject {
  return (
    isRecord(value) &&
    typeof value.apiVersion === 'string' &&
    typeof value.kind === 'string' &&
    isRecord(value.metadata) &&
    typeof value.metadata.name === 'string'
  );
}

/** `apiVersion/kind/namespace/name`, the identity kustomize uses to tell objects apart. */
export function objectId(object: K8sObject): string {
  const { apiVersion, kind, metadata } = object;
  return `${apiVersion}/${kind}/${metadata.namespace ?? ''}/${metadata.name}`;
}
