import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { objectId, type K8sObject } from './k8s-object';

type Model = new (data: never) => { validate(): void };

/** The kinds the manifests may use, by `apiVersion/kind`; a new kind must be added here. */
const MODELS: Record<string, Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

/**
 * Checks an object against the Kubernetes OpenAPI schema of its kind (bundled by
 * kubernetes-models: types, required fields, formats; unknown fields are not reported).
 * Returns one line per problem, none when valid.
 */
export function schemaErrors(object: K8sObject): string[] {
  const model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!model) return [`${objectId(object)}: no schema registered for this apiVersion and kind`];
  try {
    new model(structuredClone(object) as never).validate();
    return [];
  } catch (error) {
    return [`${objectId(object)}: ${(error as Error).message}`];
  }
}
