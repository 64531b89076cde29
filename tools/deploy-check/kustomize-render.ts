import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { overrideImagesIn, type ImageOverride } from './image-override';
import { isK8sObject, isRecord, objectId, type K8sObject } from './k8s-object';
import { isDeleteDirective, strategicMerge } from './strategic-merge';

/**
 * A small stand-in for `kustomize build`, for the features this repository's manifests use:
 * resources (files and directories), patches (strategic merge, by path, the target named by
 * the patch itself), namespace, labels (without selectors) and images. Anything else in a
 * kustomization is an error, so a manifest change can never be silently misrendered.
 * Transformers run in kustomize's order: patches, namespace, labels, images.
 */
export function renderKustomization(dir: string): K8sObject[] {
  const root = resolve(dir);
  const kustomization = readKustomization(root);
  let objects = (kustomization.resources ?? []).flatMap((entry) => loadResource(root, entry));
  assertUniqueIds(objects, root);
  for (const { path } of kustomization.patches ?? []) {
    for (const patch of readYamlDocuments(join(root, path)))
      objects = applyPatch(objects, patch, path);
  }
  if (kustomization.namespace !== undefined) setNamespace(objects, kustomization.namespace);
  for (const labelSet of kustomization.labels ?? []) addLabels(objects, labelSet);
  if (kustomization.images) overrideImagesIn(objects, kustomization.images);
  return objects;
}

interface LabelSet {
  pairs: Record<string, string>;
  includeSelectors?: boolean;
  includeTemplates?: boolean;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  patches?: { path: string }[];
  namespace?: string;
  labels?: LabelSet[];
  images?: ImageOverride[];
}

const SUPPORTED_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'patches',
  'namespace',
  'labels',
  'images',
]);
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
/** Kinds that live outside namespaces among those a manifest here could contain. */
const CLUSTER_SCOPED_KINDS = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'IngressClass',
  'PriorityClass',
  'StorageClass',
  'PersistentVolume',
]);
/** Kinds whose pod template sits at spec.template (CronJob's is deeper and not supported). */
const TEMPLATE_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

function readKustomization(dir: string): Kustomization {
  const file = KUSTOMIZATION_FILES.map((name) => join(dir, name)).find((path) => existsSync(path));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const [data] = readYamlDocuments(file);
  if (!isRecord(data)) throw new Error(`${file}: not a map`);
  const unsupported = Object.keys(data).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) {
    throw new Error(`${file}: unsupported kustomization fields: ${unsupported.join(', ')}`);
  }
  for (const patch of (data.patches ?? []) as unknown[]) {
    if (!isRecord(patch) || Object.keys(patch).join() !== 'path') {
      throw new Error(`${file}: only patches of the form { path } are supported`);
    }
  }
  for (const image of (data.images ?? []) as unknown[]) {
    if (!isRecord(image) || Object.values(image).some((value) => typeof value !== 'string')) {
      throw new Error(`${file}: image overrides take strings only (quote numeric tags)`);
    }
  }
  return data;
}

function loadResource(dir: string, entry: string): K8sObject[] {
  if (/^[a-z]+:\/\//i.test(entry))
    throw new Error(`${dir}: remote resource ${entry} not supported`);
  const path = join(dir, entry);
  if (statSync(path).isDirectory()) return renderKustomization(path);
  return readYamlDocuments(path).map((document) => {
    if (!isK8sObject(document)) throw new Error(`${path}: a document is not a Kubernetes object`);
    return document;
  });
}

export function readYamlDocuments(file: string): unknown[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  return documents
    .map((document) => {
      const [error] = document.errors;
      if (error) throw new Error(`${file}: ${error.message}`);
      return document.toJS() as unknown;
    })
    .filter((document) => document !== null && document !== undefined);
}

function applyPatch(objects: K8sObject[], patch: unknown, source: string): K8sObject[] {
  if (!isK8sObject(patch))
    throw new Error(`${source}: a patch must name apiVersion, kind and name`);
  const matches = objects.filter((object) => patchTargets(patch, object));
  if (matches.length !== 1) {
    throw new Error(`${source}: patch ${objectId(patch)} matches ${matches.length} objects, not 1`);
  }
  const [target] = matches as [K8sObject];
  if (isDeleteDirective(patch)) return objects.filter((object) => object !== target);
  return objects.map((object) =>
    object === target ? (strategicMerge(object, patch) as K8sObject) : object,
  );
}

function patchTargets(patch: K8sObject, object: K8sObject): boolean {
  return (
    patch.apiVersion === object.apiVersion &&
    patch.kind === object.kind &&
    patch.metadata.name === object.metadata.name &&
    (patch.metadata.namespace === undefined ||
      patch.metadata.namespace === object.metadata.namespace)
  );
}

function setNamespace(objects: K8sObject[], namespace: string): void {
  for (const object of objects) {
    if (!CLUSTER_SCOPED_KINDS.has(object.kind)) object.metadata.namespace = namespace;
  }
}

function addLabels(objects: K8sObject[], { pairs, includeSelectors, includeTemplates }: LabelSet) {
  if (includeSelectors) throw new Error('labels with includeSelectors are not supported');
  for (const object of objects) {
    object.metadata.labels = { ...object.metadata.labels, ...pairs };
    if (includeTemplates && TEMPLATE_KINDS.has(object.kind)) {
      const template = podTemplateOf(object);
      if (!isRecord(template.metadata)) template.metadata = {};
      const metadata = template.metadata as Record<string, unknown>;
      metadata.labels = { ...(metadata.labels as Record<string, string> | undefined), ...pairs };
    }
  }
}

function podTemplateOf(object: K8sObject): Record<string, unknown> {
  const spec = object.spec;
  if (!isRecord(spec) || !isRecord(spec.template)) {
    throw new Error(`${objectId(object)}: no spec.template`);
  }
  return spec.template;
}

function assertUniqueIds(objects: K8sObject[], dir: string): void {
  const seen = new Set<string>();
  for (const object of objects) {
    const id = objectId(object);
    if (seen.has(id)) throw new Error(`${dir}: ${id} is defined twice`);
    seen.add(id);
  }
}
