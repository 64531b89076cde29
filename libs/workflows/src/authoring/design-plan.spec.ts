import type { Actor } from '@cw/domain';
import type { AppError } from '@cw/platform';
import { checkDesignRequest, requestHashOf, requestOf } from './design-plan';
import type { DesignRequestDto } from './dtos/design-request.dto';

const ACTOR: Actor = {
  personId: '00000000-0000-4000-8000-000000000001',
  companyId: '00000000-0000-4000-8000-000000000002',
  role: 'member',
  teamIds: ['00000000-0000-4000-8000-000000000003'],
  credential: { kind: 'session', id: 's', scopes: null },
};

const STEPS = [{ id: 'draft', block: 'text.compose', template: 'On {{inputs.topic}}' }];
const INPUTS = [{ name: 'topic', type: 'text', required: true }];

function problemsOf(body: DesignRequestDto): unknown {
  try {
    checkDesignRequest(ACTOR, body);
    return [];
  } catch (error) {
    return (error as AppError).details?.validation_errors;
  }
}

describe('checkDesignRequest', () => {
  it('turns an explicit plan into a plan to save, with the defaults', () => {
    expect(
      checkDesignRequest(ACTOR, { intent: { name: 'Notes', inputs: INPUTS, steps: STEPS } }),
    ).toEqual({
      kind: 'explicit',
      settings: {
        status: 'draft',
        visibility: 'company',
        teamId: null,
        schedule: null,
        outputPage: null,
      },
      plan: {
        name: 'Notes',
        inputs: INPUTS,
        definition: { steps: STEPS, deliverables: [], budget: {} },
      },
    });
  });

  it('hands a job to the composer with its guidance and whether it may write pages', () => {
    const plan = checkDesignRequest(ACTOR, {
      job: 'Digest',
      visibility: 'team',
      team_id: ACTOR.teamIds[0],
      start_as: 'active',
      trigger: { schedule: { cron: '0 9 * * 1' } },
      output: { create_page: { path: '/Company/Digests', title: 'Digest' } },
      report_spec: 'Bullets',
      execution_mode: 'assisted',
    });
    expect(plan).toMatchObject({
      kind: 'compose',
      settings: {
        status: 'active',
        visibility: 'team',
        teamId: ACTOR.teamIds[0],
        schedule: { cron: '0 9 * * 1', timezone: 'UTC' },
        outputPage: { path: '/Company/Digests', title: 'Digest' },
      },
      request: { job: 'Digest', writesPage: true },
    });
    expect(plan.kind === 'compose' && plan.request.guidance).toContain('Report: Bullets');
  });

  it('names the request’s own fields in its problems', () => {
    expect(
      problemsOf({ intent: { name: 'x', steps: [{ id: 'a', block: 'shell.exec' }] } }),
    ).toEqual([
      {
        field: 'intent.steps[0].block',
        message: expect.stringContaining('unknown block "shell.exec"') as string,
      },
    ]);
    expect(problemsOf({ visibility: 'team', job: 'x' })).toEqual([
      { field: 'team_id', message: 'team_id is required with visibility "team"' },
    ]);
    expect(problemsOf({})).toEqual([
      { field: 'job', message: 'job is required unless intent.steps is given' },
    ]);
  });
});

describe('requestHashOf', () => {
  it('is the same whatever the field order and whether the caller waits', () => {
    const one = requestHashOf(requestOf({ job: 'a', visibility: 'private', wait: true }));
    const two = requestHashOf(requestOf({ visibility: 'private', job: 'a' }));
    const other = requestHashOf(requestOf({ visibility: 'private', job: 'b' }));
    expect(one.equals(two)).toBe(true);
    expect(one.equals(other)).toBe(false);
  });
});
