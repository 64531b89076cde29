import { isSent, parseDockerignore } from './docker-context';

describe('.dockerignore rules as BuildKit reads them', () => {
  const rules = parseDockerignore(
    [
      '# comment',
      '*',
      '!apps',
      '!tools/build',
      '**/node_modules',
      '**/*.spec.ts',
      'apps/*/test',
      '/apps/secret.txt',
      '',
    ].join('\n'),
  );

  it('sends only what an allow-list rule re-includes after `*`', () => {
    expect(isSent(rules, 'package.json')).toBe(false);
    expect(isSent(rules, 'apps/wiki/src/main.ts')).toBe(true);
    expect(isSent(rules, 'tools/build/build.mjs')).toBe(true);
    expect(isSent(rules, 'tools/e2e/run.ts')).toBe(false);
  });

  it('lets a later rule exclude again, at any depth with `**` and within a segment with `*`', () => {
    expect(isSent(rules, 'apps/wiki/src/main.spec.ts')).toBe(false);
    expect(isSent(rules, 'main.spec.ts')).toBe(false);
    expect(isSent(rules, 'apps/wiki/node_modules/x/index.js')).toBe(false);
    expect(isSent(rules, 'apps/wiki/test/app.ts')).toBe(false);
    expect(isSent(rules, 'apps/wiki/src/test-helpers.ts')).toBe(true);
    expect(isSent(rules, 'apps/secret.txt')).toBe(false);
  });

  it('reads regular-expression characters in a pattern literally', () => {
    const literal = parseDockerignore('*.(ts)\nfile+1');
    expect(isSent(literal, 'a.(ts)')).toBe(false);
    expect(isSent(literal, 'a.ts')).toBe(true);
    expect(isSent(literal, 'file+1')).toBe(false);
    expect(isSent(literal, 'filee1')).toBe(true);
  });
});
