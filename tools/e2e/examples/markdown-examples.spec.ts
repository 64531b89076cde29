import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkedPages, missingOutput, shellExamplesOf } from './markdown-examples';

const PAGE = `# A page

\`\`\`sh
echo one
\`\`\`

<!-- not run: needs a Kubernetes cluster -->

\`\`\`bash
kubectl apply -k k8s/base
\`\`\`

<!-- not run -->
\`\`\`shell
rm -rf /
\`\`\`

<!-- expect: Hello, team. -->

\`\`\`sh
echo 'Hello, team.'
echo done
\`\`\`

It prints:

\`\`\`text
Hello, …
done
\`\`\`

\`\`\`json
{ "not": "shell" }
\`\`\`

- In a list:

  \`\`\`sh
  echo indented
  \`\`\`
`;

describe('shellExamplesOf', () => {
  const examples = shellExamplesOf('docs/page.md', PAGE);

  it('finds every sh, bash and shell block, in order, with its line and code', () => {
    expect(examples.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 3, code: 'echo one' },
      { line: 9, code: 'kubectl apply -k k8s/base' },
      { line: 14, code: 'rm -rf /' },
      { line: 20, code: "echo 'Hello, team.'\necho done" },
      { line: 38, code: 'echo indented' },
    ]);
  });

  it('reads the not-run marker above a block, with its reason or an empty one', () => {
    expect(examples.map((example) => example.notRun)).toEqual([
      undefined,
      'needs a Kubernetes cluster',
      '',
      undefined,
      undefined,
    ]);
  });

  it('expects the text of expect markers and of a ```text block the page says it prints', () => {
    expect(examples[3].expected).toEqual(['Hello, team.', 'Hello, …', 'done']);
    expect(examples[0].expected).toEqual([]);
  });
});

describe('missingOutput', () => {
  it('wants each line within an output line, in order, … matching anything', () => {
    const output = '{"a":1}Hello, team.\nsome\ndone\n';
    expect(missingOutput(output, ['Hello, team.', 'done'])).toEqual([]);
    expect(missingOutput(output, ['Hello, …', 's…e'])).toEqual([]);
    expect(missingOutput(output, ['done', 'Hello, team.'])).toEqual(['Hello, team.']);
    expect(missingOutput(output, ['Goodbye'])).toEqual(['Goodbye']);
  });
});

describe('linkedPages', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'cw-linked-pages-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(
      join(root, 'README.md'),
      '[a](docs/a.md), [again](docs/a.md#part), [k8s](k8s/README.md), [gone](docs/gone.md)',
    );
    writeFileSync(join(root, 'docs/a.md'), '[b](b.md) and [back](../README.md)');
    writeFileSync(join(root, 'docs/b.md'), 'no links');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('follows links to docs/*.md from README.md and from those pages, each page once', () => {
    expect(linkedPages(root)).toEqual(['README.md', 'docs/a.md', 'docs/b.md']);
  });
});
