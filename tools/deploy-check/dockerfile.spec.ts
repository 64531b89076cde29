import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';

const repoRoot = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map(({ name, defaultPort }) => ({ name, port: defaultPort }));

describe('docker/Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'docker/Dockerfile'), 'utf8');

  it('runs the entry of the app chosen by APP, as the non-root uid 1000, under tini', () => {
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toContain('dist/apps/$APP/src/main.js');
    for (const { name } of APPS) {
      expect(existsSync(join(repoRoot, `apps/${name}/src/main.ts`))).toBe(true);
    }
    expect(existsSync(join(repoRoot, 'tools/migrations/run-migrations.ts'))).toBe(true);
  });

  it('sends every path it copies from the context (Dockerfile.dockerignore allow-list)', () => {
    const ignore = readFileSync(join(repoRoot, 'docker/Dockerfile.dockerignore'), 'utf8');
    const allowed = ignore.split('\n').filter((line) => line.startsWith('!'));
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap(([, sources]) =>
      (sources ?? '').split(' '),
    );
    expect(copied.length).toBeGreaterThan(0);
    for (const source of copied) expect(allowed).toContain(`!${source}`);
  });

  it("knows each app's default port for its HEALTHCHECK", () => {
    const healthcheck = /^HEALTHCHECK .*$/m.exec(dockerfile)?.[0] ?? '';
    const ports = Object.fromEntries(
      [...healthcheck.matchAll(/'([a-z-]+)':(\d+)/g)].map(([, name, port]) => [name, Number(port)]),
    );
    expect(ports).toEqual(Object.fromEntries(APPS.map(({ name, port }) => [name, port])));
  });
});
