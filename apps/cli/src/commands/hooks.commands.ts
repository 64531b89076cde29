import { unwrap } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { action, checkUuid, integerIn } from './command-kit';

async function list(context: CliContext): Promise<void> {
  const client = await context.client();
  const listed = unwrap(await client.GET('/api/report-hooks'));
  context.out.result(listed, () =>
    context.out.table(
      listed.hooks,
      [
        { header: 'ID', value: (hook) => hook.id },
        { header: 'KIND', value: (hook) => hook.kind },
        { header: 'TARGET', value: (hook) => hook.target },
        { header: 'WORKFLOW', value: (hook) => hook.workflow_public_id ?? hook.report_id },
        { header: 'STATUSES', value: (hook) => hook.statuses?.join(' ') ?? 'all' },
        { header: 'SIGNED', value: (hook) => (hook.signing_key_id ? 'yes' : 'no') },
      ],
      'No live hooks.',
    ),
  );
}

async function deliveries(
  context: CliContext,
  hookId: string,
  options: { limit?: number; offset?: number },
): Promise<void> {
  checkUuid(hookId, 'hook id');
  const client = await context.client();
  const listed = unwrap(
    await client.GET('/api/report-hooks/{hook_id}/deliveries', {
      params: {
        path: { hook_id: hookId },
        query: { limit: options.limit, offset: options.offset },
      },
    }),
  );
  context.out.result(listed, () => {
    context.out.table(
      listed.deliveries,
      [
        { header: 'ID', value: (delivery) => delivery.id },
        { header: 'REPORT', value: (delivery) => delivery.report_id },
        { header: 'STATE', value: (delivery) => delivery.state },
        { header: 'ATTEMPTS', value: (delivery) => delivery.attempts },
        { header: 'REPLAYS', value: (delivery) => delivery.replay_count },
        { header: 'FAILURE', value: (delivery) => delivery.failure_reason },
        { header: 'LAST ATTEMPT', value: (delivery) => delivery.last_attempt_at },
      ],
      'No deliveries.',
    );
    if (listed.next_offset !== null) context.out.note(`More: --offset ${listed.next_offset}.`);
  });
}

/**
 * Replay sends the `replay_count` the caller saw: reading it first makes this one replay, and a
 * second `cw hooks replay` racing it gets 409 instead of queueing the delivery twice.
 */
async function replay(context: CliContext, hookId: string, deliveryId: string): Promise<void> {
  checkUuid(hookId, 'hook id');
  checkUuid(deliveryId, 'delivery id');
  const client = await context.client();
  const path = { hook_id: hookId, delivery_id: deliveryId };
  const current = unwrap(
    await client.GET('/api/report-hooks/{hook_id}/deliveries/{delivery_id}', {
      params: { path },
    }),
  );
  const replayed = unwrap(
    await client.POST('/api/report-hooks/{hook_id}/deliveries/{delivery_id}/replay', {
      params: { path },
      body: { replay_count: current.replay_count },
    }),
  );
  context.out.result(replayed, () =>
    context.out.line(
      `Delivery ${replayed.id} queued again (replay ${replayed.replay_count}, state ${replayed.state}).`,
    ),
  );
}

export function registerHookCommands(program: Command): void {
  const hooks = program.command('hooks').description('report hooks and their deliveries');
  hooks.command('list').description('list your live hooks').action(action(list));
  hooks
    .command('deliveries')
    .description("list a hook's deliveries, newest first")
    .argument('<hook_id>', 'the hook id')
    .option('--limit <n>', 'deliveries per page (1-100)', integerIn(1, 100))
    .option('--offset <n>', 'skip this many', integerIn(0, 1_000_000))
    .action(action(deliveries));
  hooks
    .command('replay')
    .description('send a failed delivery again (reads its replay_count first)')
    .argument('<hook_id>', 'the hook id')
    .argument('<delivery_id>', 'the delivery id')
    .action(action(replay));
}
