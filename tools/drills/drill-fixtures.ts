import { call } from '@cw/testing';
import { expectThat } from './drill';
import type { DrillSystem } from './drill-system';

/** Each child's pid: a supervised restart replaces the child, so a changed pid is an exit. */
export function servicePids(drills: DrillSystem): Map<string, number | undefined> {
  return new Map(drills.system.processes.map((running) => [running.name, running.child.pid]));
}

/** Saves an active workflow of `steps` whose `say` step is its one required deliverable. */
export async function createActiveWorkflow(
  gateway: string,
  cookie: string,
  name: string,
  steps: readonly Record<string, unknown>[],
): Promise<string> {
  const designed = await call<{ workflow?: { id: string } }>(
    gateway,
    'POST',
    '/api/workflows/blocks/design',
    {
      cookie,
      body: {
        start_as: 'active',
        intent: {
          name,
          inputs: [],
          steps,
          deliverables: [{ name: 'result', required: true, from_step: 'say' }],
          budget: {},
        },
      },
    },
  );
  expectThat(
    designed.status === 201 && !!designed.body.workflow,
    `creating a workflow answered ${designed.status}: ${designed.text}`,
  );
  return designed.body.workflow.id;
}
