import { isRecord } from './k8s-object';

/** One entry of a kustomization's `images` list. */
export interface ImageOverride {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

interface ImageRef {
  name: string;
  tag?: string;
  digest?: string;
}

/** Splits `registry:port/repo:tag@sha256:…` into name, tag and digest. */
export function parseImage(image: string): ImageRef {
  const [withTag, digest] = image.split('@', 2) as [string, string | undefined];
  const lastSlash = withTag.lastIndexOf('/');
  const colon = withTag.indexOf(':', lastSlash + 1);
  if (colon < 0) return { name: withTag, digest };
  return { name: withTag.slice(0, colon), tag: withTag.slice(colon + 1), digest };
}

export function formatImage({ name, tag, digest }: ImageRef): string {
  return `${name}${tag === undefined ? '' : `:${tag}`}${digest === undefined ? '' : `@${digest}`}`;
}

/** The image after the first override whose name matches it, as kustomize's images field does. */
export function overrideImage(image: string, overrides: readonly ImageOverride[]): string {
  const ref = parseImage(image);
  const override = overrides.find((candidate) => candidate.name === ref.name);
  if (!override) return image;
  const name = override.newName ?? ref.name;
  if (override.digest !== undefined) return formatImage({ name, digest: override.digest });
  if (override.newTag !== undefined) return formatImage({ name, tag: override.newTag });
  return formatImage({ ...ref, name });
}

/** Rewrites the image of every container and init container anywhere in the object, in place. */
export function overrideImagesIn(node: unknown, overrides: readonly ImageOverride[]): void {
  if (Array.isArray(node)) {
    for (const item of node) overrideImagesIn(item, overrides);
    return;
  }
  if (!isRecord(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const container of value) {
        if (isRecord(container) && typeof container.image === 'string') {
          container.image = overrideImage(container.image, overrides);
        }
      }
    }
    overrideImagesIn(value, overrides);
  }
}
