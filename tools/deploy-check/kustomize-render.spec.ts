import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { overrideImage } from './image-override';
import { objectId, type K8sObject } from './k8s-object';
import { renderKustomization } from './kustomize-render';
import { strategicMerge } from './strategic-merge';

const repoRoot = resolve(__dirname, '../..');
const KUSTOMIZATIONS = ['k8s/base', 'k8s/overlays/production', 'k8s/optional/keda'];
/** The real kustomize (inside kubectl) is on the project's machines; elsewhere parity is skipped. */
const kubectlAvailable =
  spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

describe('strategicMerge', () => {
  it('merges maps, removes null fields and replaces scalars and plain lists', () => {
    const target = { a: { b: 1, c: 2 }, d: [1, 2], e: 'x' };
    const patch = { a: { c: 3, f: 4 }, d: [9], e: null };
    expect(strategicMerge(target, patch)).toEqual({ a: { b: 1, c: 3, f: 4 }, d: [9] });
    expect(target).toEqual({ a: { b: 1, c: 2 }, d: [1, 2], e: 'x' });
  });

  it('merges containers and env by name, patch items first, as kustomize orders them', () => {
    const target = {
      containers: [
        {
          name: 'app',
          image: 'a',
          env: [
            { name: 'A', value: '1' },
            { name: 'C', value: 'c' },
          ],
          ports: [{ containerPort: 80 }],
        },
        { name: 'side', image: 's' },
      ],
    };
    const patch = {
      containers: [
        {
          name: 'app',
          env: [
            { name: 'B', value: '2' },
            { name: 'A', value: '3' },
          ],
        },
        { name: 'side', $patch: 'delete' },
        { name: 'new', image: 'n' },
      ],
    };
    expect(strategicMerge(target, patch)).toEqual({
      containers: [
        {
          name: 'app',
          image: 'a',
          env: [
            { name: 'B', value: '2' },
            { name: 'A', value: '3' },
            { name: 'C', value: 'c' },
          ],
          ports: [{ containerPort: 80 }],
        },
        { name: 'new', image: 'n' },
      ],
    });
  });

  it('honours $patch: replace and refuses directives it does not implement', () => {
    expect(strategicMerge({ a: { b: 1 } }, { a: { $patch: 'replace', c: 2 } })).toEqual({
      a: { c: 2 },
    });
    expect(() => strategicMerge({}, { $retainKeys: ['a'] })).toThrow('unsupported');
  });
});

describe('overrideImage', () => {
  const overrides = [
    { name: 'cw/app', newName: 'reg.example:5000/cw/app', newTag: '1.2.3' },
    { name: 'cw/pinned', digest: 'sha256:abc' },
    { name: 'cw/renamed', newName: 'other/renamed' },
  ];

  it.each([
    ['cw/app', 'reg.example:5000/cw/app:1.2.3'],
    ['cw/app:latest', 'reg.example:5000/cw/app:1.2.3'],
    ['cw/pinned:1', 'cw/pinned@sha256:abc'],
    ['cw/renamed:7', 'other/renamed:7'],
    ['cw/other:7', 'cw/other:7'],
    ['reg.example:5000/cw/app:2', 'reg.example:5000/cw/app:2'],
  ])('%s becomes %s', (image, expected) => {
    expect(overrideImage(image, overrides)).toBe(expected);
  });
});

describe('renderKustomization', () => {
  let dir: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kustomize-render-'));
    write(
      'base/app.yaml',
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: app }',
        'spec:',
        '  selector: { matchLabels: { app: app } }',
        '  template:',
        '    metadata: { labels: { app: app } }',
        '    spec:',
        '      containers: [{ name: app, image: cw/app, env: [{ name: A, value: "1" }] }]',
        '---',
        'apiVersion: v1',
        'kind: Service',
        'metadata: { name: app }',
        'spec: { selector: { app: app }, ports: [{ port: 80 }] }',
      ].join('\n'),
    );
    write(
      'base/kustomization.yaml',
      'resources: [app.yaml]\nlabels: [{ pairs: { team: wiki }, includeTemplates: true }]\n',
    );
    write(
      'overlay/patch.yaml',
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: app }',
        'spec:',
        '  template:',
        '    spec:',
        '      containers: [{ name: app, env: [{ name: B, value: "2" }] }]',
      ].join('\n'),
    );
    write(
      'overlay/kustomization.yaml',
      [
        'namespace: prod',
        'resources: [../base]',
        'patches: [{ path: patch.yaml }]',
        'images: [{ name: cw/app, newTag: "2.0" }]',
      ].join('\n'),
    );
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('renders nested resources with patches, namespace, labels and images', () => {
    const [deployment, service] = renderKustomization(join(dir, 'overlay')) as [
      K8sObject,
      K8sObject,
    ];
    expect(service.metadata).toEqual({ name: 'app', namespace: 'prod', labels: { team: 'wiki' } });
    expect(service.spec).toEqual({ selector: { app: 'app' }, ports: [{ port: 80 }] });
    expect(deployment.metadata.labels).toEqual({ team: 'wiki' });
    expect(deployment.spec).toEqual({
      selector: { matchLabels: { app: 'app' } },
      template: {
        metadata: { labels: { app: 'app', team: 'wiki' } },
        spec: {
          containers: [
            {
              name: 'app',
              image: 'cw/app:2.0',
              env: [
                { name: 'B', value: '2' },
                { name: 'A', value: '1' },
              ],
            },
          ],
        },
      },
    });
  });

  (kubectlAvailable ? it : it.skip)('renders the fixture exactly as kubectl kustomize does', () => {
    const path = join(dir, 'overlay');
    expect(byId(renderKustomization(path))).toEqual(byId(kubectlKustomize(path)));
  });

  it('deletes the target of a $patch: delete document', () => {
    write(
      'overlay/patch.yaml',
      '$patch: delete\napiVersion: v1\nkind: Service\nmetadata: { name: app }\n',
    );
    const objects = renderKustomization(join(dir, 'overlay'));
    expect(objects.map((object) => object.kind)).toEqual(['Deployment']);
  });

  it('fails on a patch that matches nothing', () => {
    write('overlay/patch.yaml', 'apiVersion: v1\nkind: Service\nmetadata: { name: nope }\n');
    expect(() => renderKustomization(join(dir, 'overlay'))).toThrow('matches 0 objects');
  });

  it('fails on kustomization fields it does not implement', () => {
    write('overlay/kustomization.yaml', 'resources: [../base]\ncommonAnnotations: { a: b }\n');
    expect(() => renderKustomization(join(dir, 'overlay'))).toThrow('commonAnnotations');
  });

  it('fails on a numeric image tag that YAML would mangle', () => {
    write(
      'overlay/kustomization.yaml',
      'resources: [../base]\nimages: [{ name: cw/app, newTag: 1.0 }]\n',
    );
    expect(() => renderKustomization(join(dir, 'overlay'))).toThrow('quote numeric tags');
  });

  it('fails on an object defined twice', () => {
    write('base/kustomization.yaml', 'resources: [app.yaml, app.yaml]\n');
    expect(() => renderKustomization(join(dir, 'base'))).toThrow('defined twice');
  });
});

(kubectlAvailable ? describe : describe.skip)('parity with kubectl kustomize', () => {
  it.each(KUSTOMIZATIONS)('%s renders exactly as kustomize does', (path) => {
    const dir = join(repoRoot, path);
    expect(byId(renderKustomization(dir))).toEqual(byId(kubectlKustomize(dir)));
  });
});

function kubectlKustomize(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(output).map((document) => document.toJS() as K8sObject);
}

function byId(objects: K8sObject[]): Record<string, K8sObject> {
  return Object.fromEntries(objects.map((object) => [objectId(object), object]));
}
