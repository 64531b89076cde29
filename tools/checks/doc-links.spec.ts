import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brokenReferences } from './doc-links';

const REPO_ROOT = resolve(__dirname, '../..');

describe('brokenReferences', () => {
  const check = (text: string): string[] =>
    brokenReferences(REPO_ROOT, 'docs/example.md', text).map(({ reference }) => reference);

  it('resolves relative links from the Markdown file and code-span paths from the root', () => {
    expect(check('[api](api.md), [ops](./operations.md#drills), [readme](../README.md)')).toEqual(
      [],
    );
    expect(check('see `libs/wiki/src/index.ts` and `docker/Dockerfile`')).toEqual([]);
    expect(check('[gone](missing.md) and [up](../docs/nothing.md#x)')).toEqual([
      'missing.md',
      '../docs/nothing.md#x',
    ]);
    expect(check('specified in `shared/spec/api-spec.md`')).toEqual(['shared/spec/api-spec.md']);
  });

  it('skips other sites, same-page anchors, patterns, placeholders and fenced code', () => {
    expect(
      check(
        [
          '[site](https://example.com/x.md) [mail](mailto:a@b.c) [here](#errors)',
          '`libs/*/test` `libs/wiki/test/wiki-<feature>.int-spec.ts` `dist/x.js` `apps/{a,b}`',
          '```sh',
          'cat `libs/not/there.ts` [x](nowhere.md)',
          '```',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('reads reference-style link definitions', () => {
    expect(check('[spec]: ../shared/spec.md\n[ok]: api.md')).toEqual(['../shared/spec.md']);
  });
});

describe('the documentation', () => {
  it('references only files that are in the repository (README.md, docs/ and every other .md)', () => {
    const markdown = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter((file) => file !== '');
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/api.md']));
    const broken = markdown.flatMap((file) =>
      brokenReferences(REPO_ROOT, file, readFileSync(resolve(REPO_ROOT, file), 'utf8')),
    );
    expect(broken).toEqual([]);
  });
});
