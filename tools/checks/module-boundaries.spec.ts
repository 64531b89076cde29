import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

interface DepConstraint {
  sourceTag: string;
  onlyDependOnLibsWithTags: string[];
}

/** Sources placed (virtually) at repository paths, each importing one thing. */
const FIXTURES = {
  identityImportsWiki: {
    filePath: 'libs/identity/src/boundary-fixture.ts',
    code: "import { WikiModule } from '@cw/wiki';\nexport const used = WikiModule;\n",
  },
  wikiReachesIntoIdentityByPath: {
    filePath: 'libs/wiki/src/boundary-fixture.ts',
    code: "import { DirectoryService } from '../../identity/src/directory/directory.service';\nexport const used = DirectoryService;\n",
  },
  mcpServerImportsWiki: {
    filePath: 'apps/mcp-server/src/boundary-fixture.ts',
    code: "import { WikiModule } from '@cw/wiki';\nexport const used = WikiModule;\n",
  },
  platformImportsIdentity: {
    filePath: 'libs/db/src/boundary-fixture.ts',
    code: "import { IdentityModule } from '@cw/identity';\nexport const used = IdentityModule;\n",
  },
  wikiImportsIdentity: {
    filePath: 'libs/wiki/src/boundary-fixture.ts',
    code: "import { IdentityModule } from '@cw/identity';\nexport const used = IdentityModule;\n",
  },
  deepImport: {
    filePath: 'libs/wiki/src/boundary-fixture.ts',
    code: "import { DirectoryService } from '@cw/identity/src/directory/directory.service';\nexport const used = DirectoryService;\n",
  },
  gatewayImportsMcpConfig: {
    filePath: 'apps/api-gateway/src/boundary-fixture.ts',
    code: "import { McpConfig } from '@cw/mcp/config';\nexport const used = McpConfig;\n",
  },
  productionImportsTesting: {
    filePath: 'libs/wiki/src/boundary-fixture.ts',
    code: "import { startTestApp } from '@cw/testing';\nexport const used = startTestApp;\n",
  },
  productionImportsContextTesting: {
    filePath: 'apps/wiki-service/src/boundary-fixture.ts',
    code: "import * as fixtures from '@cw/identity/testing';\nexport const used = fixtures;\n",
  },
  testImportsTesting: {
    filePath: 'libs/wiki/test/boundary-fixture.int-spec.ts',
    code: [
      "import { startContextTestApp } from '@cw/testing';",
      "import * as fixtures from '@cw/identity/testing';",
      "import { AuthModule } from '@cw/auth';",
      "import { WikiModule } from '../src/wiki.module';",
      'export const used = [startContextTestApp, fixtures, AuthModule, WikiModule];',
      '',
    ].join('\n'),
  },
} satisfies Record<string, { filePath: string; code: string }>;

type Fixture = keyof typeof FIXTURES;

function lintFixtures(): {
  messages: Record<Fixture, LintMessage[]>;
  depConstraints: DepConstraint[];
} {
  const names = Object.keys(FIXTURES) as Fixture[];
  const run = spawnSync(process.execPath, [join(repoRoot, 'tools/checks/lint-imports.mjs')], {
    cwd: repoRoot,
    input: JSON.stringify(names.map((name) => FIXTURES[name])),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`lint-imports failed: ${run.stderr}`);
  const output = JSON.parse(run.stdout) as {
    results: { messages: LintMessage[] }[];
    depConstraints: DepConstraint[];
  };
  return {
    messages: Object.fromEntries(
      names.map((name, index) => [name, output.results[index].messages]),
    ) as Record<Fixture, LintMessage[]>,
    depConstraints: output.depConstraints,
  };
}

function projectTags(): { project: string; tags: string[] }[] {
  const roots = [
    'tools',
    ...['apps', 'libs'].flatMap((dir) =>
      readdirSync(join(repoRoot, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${dir}/${entry.name}`),
    ),
  ];
  return roots.map((root) => {
    const project = JSON.parse(readFileSync(join(repoRoot, root, 'project.json'), 'utf8')) as {
      tags?: string[];
    };
    return { project: root, tags: project.tags ?? [] };
  });
}

const BOUNDARIES = '@nx/enforce-module-boundaries';
const RESTRICTED = 'no-restricted-imports';

describe('module boundaries fail the lint', () => {
  let messages: Record<Fixture, LintMessage[]>;
  let depConstraints: DepConstraint[];
  const rulesOf = (fixture: Fixture): (string | null)[] =>
    messages[fixture].map((each) => each.ruleId);

  beforeAll(() => {
    ({ messages, depConstraints } = lintFixtures());
  }, 60_000);

  it('refuses a context importing a context above it (identity importing the wiki)', () => {
    expect(rulesOf('identityImportsWiki')).toEqual([BOUNDARIES]);
  });

  it('refuses a relative path into another lib', () => {
    expect(messages.wikiReachesIntoIdentityByPath).toEqual([
      {
        ruleId: BOUNDARIES,
        message: expect.stringContaining('cannot be imported by a relative or absolute path'),
      },
    ]);
  });

  it('refuses an app importing a context it does not compose, naming the scope', () => {
    expect(messages.mcpServerImportsWiki).toEqual([
      {
        ruleId: BOUNDARIES,
        message: expect.stringContaining('A project tagged with "scope:mcp-server" can only'),
      },
    ]);
  });

  it('refuses a platform lib importing a context', () => {
    // Reported as a cycle instead where the context already depends on that platform lib.
    expect(messages.platformImportsIdentity).toEqual([
      {
        ruleId: BOUNDARIES,
        message: expect.stringMatching(/tagged with "type:platform" can only|Circular dependency/),
      },
    ]);
  });

  it('refuses a deep import into a lib', () => {
    expect(messages.deepImport).toEqual([
      { ruleId: RESTRICTED, message: expect.stringContaining('through its entry point') },
    ]);
  });

  it('refuses testing entry points in production code', () => {
    expect(rulesOf('productionImportsTesting').sort()).toEqual([BOUNDARIES, RESTRICTED]);
    expect(messages.productionImportsContextTesting).toEqual([
      { ruleId: RESTRICTED, message: expect.stringContaining('for tests and tools only') },
    ]);
  });

  it('admits an allowed import, a config entry point, and testing entry points in a test', () => {
    expect(messages.wikiImportsIdentity).toEqual([]);
    expect(messages.gatewayImportsMcpConfig).toEqual([]);
    expect(messages.testImportsTesting).toEqual([]);
  });

  it('constrains every project by exactly one type tag and one scope tag', () => {
    const constrained = new Set(depConstraints.map((constraint) => constraint.sourceTag));
    for (const { project, tags } of projectTags()) {
      const types = tags.filter((tag) => tag.startsWith('type:'));
      const scopes = tags.filter((tag) => tag.startsWith('scope:'));
      expect({ project, types: types.length, scopes: scopes.length }).toEqual({
        project,
        types: 1,
        scopes: 1,
      });
      for (const tag of tags)
        expect({ project, tag, constrained: constrained.has(tag) }).toEqual({
          project,
          tag,
          constrained: true,
        });
    }
  });
});
