import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { isK8sObject, isRecord, type K8sObject } from './k8s-object';

/** A pod template inside a workload object (Deployment, Job, CronJob, …). */
export interface PodTemplate {
  owner: K8sObject;
  template: IPodTemplateSpec;
}

/** Every pod template in the objects: at spec.template, or spec.jobTemplate.spec.template. */
export function podTemplates(objects: readonly unknown[]): PodTemplate[] {
  return objects.filter(isK8sObject).flatMap((owner) => {
    const spec = owner.spec;
    if (!isRecord(spec)) return [];
    const jobSpec = isRecord(spec.jobTemplate) ? spec.jobTemplate.spec : undefined;
    const template = isRecord(jobSpec) ? jobSpec.template : spec.template;
    return isRecord(template) && isRecord(template.spec) ? [{ owner, template: template }] : [];
  });
}
