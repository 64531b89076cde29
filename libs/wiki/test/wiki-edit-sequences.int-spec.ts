import { randomUUID } from 'node:crypto';
import { call, createApiKey, signInTestPerson, type TestApp } from '@cw/testing';
import fc from 'fast-check';
import { planEdits, type ReplaceEdit } from '../src/pages/editing';
import { startWikiTestApp } from './wiki-test-app';

/**
 * Random sequences of edits, replacements and appends, some with stale expected versions, run
 * through the real routes and compared step by step with a small model of the outcome rules:
 * which outcome, which head version and body, and which draft numbers.
 */
class PageModel {
  heads = new Map<number, string>();
  head = 1;
  last = 1;

  constructor(
    readonly title: string,
    content: string,
  ) {
    this.heads.set(1, content);
  }

  /** A version a client could have observed: the head `staleness` head-writes ago. */
  observed(staleness: number): number {
    const versions = [...this.heads.keys()];
    return versions[Math.max(0, versions.length - 1 - staleness)];
  }

  get content(): string {
    return this.heads.get(this.head)!;
  }

  edit(
    expected: number,
    edits: ReplaceEdit[],
    maxAttempts: number,
  ): { outcome: string; version: number } {
    const behind = expected < this.head;
    if (behind && maxAttempts < 2) return { outcome: 'conflict', version: this.head };
    const plan = planEdits({
      head: this.content,
      base: behind ? this.heads.get(expected)! : null,
      edits,
    });
    if (plan.outcome !== 'applied') return { outcome: plan.outcome, version: this.head };
    this.write(plan.content);
    return { outcome: 'applied', version: this.head };
  }

  save(
    expected: number,
    next: (content: string) => string,
  ): { outcome: string; version: number; draft: number | null } {
    if (expected === this.head) {
      const content = next(this.content);
      if (content === this.content)
        return { outcome: 'no_change', version: this.head, draft: null };
      this.write(content);
      return { outcome: 'applied', version: this.head, draft: null };
    }
    const intended = next(this.heads.get(expected)!);
    if (intended === this.content) {
      return { outcome: 'stale_noop', version: this.head, draft: null };
    }
    this.last += 1;
    return { outcome: 'newer_version_available', version: this.head, draft: this.last };
  }

  private write(content: string): void {
    this.last += 1;
    this.head = this.last;
    this.heads.set(this.head, content);
  }
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'alpha beta', 'x'];
const word = fc.constantFrom(...WORDS);
const operation = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    staleness: fc.nat(3),
    maxAttempts: fc.constantFrom(1, 3),
    edits: fc.array(fc.record({ find: word, replace: word, all: fc.boolean() }), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    staleness: fc.nat(2),
    markdown: fc.array(word, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('append' as const), staleness: fc.nat(2), markdown: word }),
);

describe('wiki edit sequences against a model (fast-check)', () => {
  let server: TestApp;
  let token: string;

  beforeAll(async () => {
    server = await startWikiTestApp();
    const person = await signInTestPerson(server.baseUrl);
    token = await createApiKey(server.baseUrl, person.cookie, ['wiki:write']);
  });
  afterAll(() => server.close());

  it('matches the model on every outcome, version and body', async () => {
    let pageNumber = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.array(operation, { minLength: 1, maxLength: 8 }),
        async (initial, operations) => {
          pageNumber += 1;
          const title = `Sequence ${pageNumber}`;
          const created = await call<{ page: { id: number } }>(
            server.baseUrl,
            'POST',
            '/api/wiki/pages',
            {
              token,
              body: { title, markdown: initial.join(' '), path: '/Private/Sequences' },
            },
          );
          const id = created.body.page.id;
          const model = new PageModel(title, initial.join(' '));
          for (const op of operations) {
            const expected = model.observed(op.staleness);
            if (op.kind === 'edit') {
              const edits = op.edits.map((edit) => ({ kind: 'replace' as const, ...edit }));
              const want = model.edit(expected, edits, op.maxAttempts);
              const got = await call<{ outcome: string; current_version: number }>(
                server.baseUrl,
                'POST',
                `/api/wiki/pages/${id}/edits`,
                {
                  token,
                  body: {
                    expected_version: expected,
                    mutation_id: randomUUID(),
                    edits,
                    max_attempts: op.maxAttempts,
                  },
                },
              );
              expect({ op, outcome: got.body.outcome, version: got.body.current_version }).toEqual({
                op,
                ...want,
              });
            } else {
              const markdown = op.kind === 'replace' ? op.markdown.join(' ') : op.markdown;
              const next =
                op.kind === 'replace'
                  ? () => markdown
                  : (content: string) =>
                      content === ''
                        ? markdown
                        : content.endsWith('\n')
                          ? `${content}\n${markdown}`
                          : `${content}\n\n${markdown}`;
              const want = model.save(expected, next);
              const got =
                op.kind === 'replace'
                  ? await call<{
                      outcome: string;
                      current_version: number;
                      saved_draft_version: number | null;
                    }>(server.baseUrl, 'PUT', `/api/wiki/pages/${id}/content`, {
                      token,
                      body: {
                        title,
                        markdown,
                        expected_version: expected,
                        mutation_id: randomUUID(),
                      },
                    })
                  : await call<{
                      outcome: string;
                      current_version: number;
                      saved_draft_version: number | null;
                    }>(server.baseUrl, 'POST', `/api/wiki/pages/${id}/appends`, {
                      token,
                      body: { markdown, expected_version: expected, mutation_id: randomUUID() },
                    });
              expect({
                op,
                outcome: got.body.outcome,
                version: got.body.current_version,
                draft: got.body.saved_draft_version,
              }).toEqual({ op, ...want });
            }
          }
          const final = await call<{ page: { current_version: number; content_md: string } }>(
            server.baseUrl,
            'GET',
            `/api/wiki/pages/${id}`,
            { token },
          );
          expect(final.body.page).toMatchObject({
            current_version: model.head,
            content_md: model.content,
          });
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
