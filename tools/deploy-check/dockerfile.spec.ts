import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GATEWAY, SERVICE_NODE_FLAGS, SERVICES } from '@cw/platform';
import { enginesRange, readPin } from '../runtime/project-node';
import { buildContext } from './docker-context';

const repoRoot = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map(({ name, defaultPort }) => ({ name, port: defaultPort }));
/** Node release lines past their end of life on the day the base was last chosen (2026-11-23). */
const LAST_END_OF_LIFE_LINE = 21;

describe('docker/Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'docker/Dockerfile'), 'utf8');
  const context = buildContext(repoRoot, join(repoRoot, 'docker/Dockerfile.dockerignore'));
  /** The lines of one stage, from its FROM to the next. */
  const stage = (name: string): string =>
    new RegExp(`^FROM \\S+ AS ${name}\\n([\\s\\S]*?)(?=^FROM |(?![\\s\\S]))`, 'm').exec(
      dockerfile,
    )?.[1] ?? '';

  it('runs the entry of the app chosen by APP, as the non-root uid 1000, under tini', () => {
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toContain('dist/apps/$APP/src/main.js');
    for (const { name } of APPS) {
      expect(existsSync(join(repoRoot, `apps/${name}/src/main.ts`))).toBe(true);
    }
    expect(existsSync(join(repoRoot, 'tools/migrations/run-migrations.ts'))).toBe(true);
  });

  it('starts node with the V8 flags npm start gives every service', () => {
    expect(/^\s+NODE_OPTIONS=(.+)$/m.exec(dockerfile)?.[1]).toBe(SERVICE_NODE_FLAGS.join(' '));
  });

  it('builds on a supported Node LTS line at an exact version or digest', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1] ?? '';
    const [, major] = /^node:(\d+)\.\d+\.\d+-[a-z]+-slim(@sha256:[0-9a-f]{64})?$/.exec(image) ?? [];
    expect(major).toBeDefined();
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThan(LAST_END_OF_LIFE_LINE);
    expect(dockerfile.match(/^FROM (\S+)/gm)).toEqual([
      'FROM ${NODE_IMAGE}',
      'FROM build',
      'FROM ${NODE_IMAGE}',
      'FROM ${NODE_IMAGE}',
    ]);
  });

  it("builds on the project's Node: the release of .node-version, which engines admits", () => {
    const pin = readPin(repoRoot);
    const image = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(dockerfile)?.[1];
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect({ image, engines: manifest.engines.node }).toEqual({
      image: pin,
      engines: enginesRange(pin),
    });
  });

  it('pins every system package it installs to a version', () => {
    const installs = [...dockerfile.matchAll(/apt-get install ([^\n&]+)/g)].map(([, args]) => args);
    expect(installs.length).toBeGreaterThan(0);
    const packages = installs.flatMap((args = '') =>
      args.split(/\s+/).filter((word) => /^["\w]/.test(word)),
    );
    expect(packages).toContain('"tini=${TINI_VERSION}"');
    for (const name of packages) expect(name).toMatch(/^"?[a-z0-9.+-]+=[^"\s]+"?$/);
    expect(dockerfile).toMatch(/^ARG TINI_VERSION=\d[\w.+~-]*$/m);
    expect(dockerfile).toContain('rm -rf /var/lib/apt/lists/*');
  });

  it("puts only the service's staged files and production dependencies in the runtime image", () => {
    const runtime = stage('runtime');
    expect(stage('files')).toContain('node dist/tools/build/stage-image.js "$APP" /staged');
    expect(stage('prod-deps')).toContain('npm ci --omit=dev');
    expect([...runtime.matchAll(/^COPY .*$/gm)].map(([line]) => line)).toEqual([
      'COPY --from=prod-deps /app/node_modules ./node_modules',
      'COPY --from=files /staged/dist ./dist',
      'COPY package.json ./',
    ]);
  });

  it('receives every path it copies from the context, and no test code', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap(([, sources]) =>
      (sources ?? '').split(' '),
    );
    expect(copied.length).toBeGreaterThan(0);
    for (const source of copied) {
      expect(context.some((file) => file === source || file.startsWith(`${source}/`))).toBe(true);
    }
    const testCode = context.filter(
      (file) =>
        /\.(spec|int-spec|e2e-spec)\.ts$/.test(file) ||
        /^(apps|libs)\/[^/]+\/test\//.test(file) ||
        /^libs\/testing\//.test(file) ||
        /^libs\/[^/]+\/src\/testing\//.test(file),
    );
    expect(testCode).toEqual([]);
    expect(
      context
        .filter((file) => file.startsWith('tools/'))
        .every((file) => /^tools\/(build|migrations)\//.test(file)),
    ).toBe(true);
    expect(context).toContain('apps/wiki-service/src/main.ts');
  });

  it("knows each app's default port for its HEALTHCHECK", () => {
    const healthcheck = /^HEALTHCHECK .*$/m.exec(dockerfile)?.[0] ?? '';
    const ports = Object.fromEntries(
      [...healthcheck.matchAll(/'([a-z-]+)':(\d+)/g)].map(([, name, port]) => [name, Number(port)]),
    );
    expect(ports).toEqual(Object.fromEntries(APPS.map(({ name, port }) => [name, port])));
  });
});
