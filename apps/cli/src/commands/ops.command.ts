import { unwrap } from '@cw/api-client';
import type { Command } from 'commander';
import type { CliContext } from '../context';
import { action } from './command-kit';

async function discover(context: CliContext, query: string): Promise<void> {
  const client = await context.client();
  const found = unwrap(
    await client.GET('/api/developer/operations', { params: { query: { q: query } } }),
  );
  const colors = context.out.colors;
  context.out.result(found, () => {
    context.out.table(
      found.operations,
      [
        { header: 'OPERATION', value: (op) => op.operation_id },
        { header: 'METHOD', value: (op) => op.method },
        { header: 'PATH', value: (op) => op.path },
        {
          header: 'ADMITTED',
          value: (op) => (op.token_admitted ? colors.green('yes') : colors.red('no')),
        },
        {
          header: 'WHY NOT',
          value: (op) =>
            op.token_admitted
              ? undefined
              : [
                  op.unavailable_reason,
                  op.missing_scopes.length ? `missing ${op.missing_scopes.join(' ')}` : '',
                ]
                  .filter(Boolean)
                  .join('; '),
        },
      ],
      'No operation matches.',
    );
    const [only] = found.operations;
    if (found.operations.length === 1 && only.next_action)
      context.out.line(`\nnext: ${only.next_action}`);
  });
}

export function registerOpsCommand(program: Command): void {
  program
    .command('ops')
    .description('discover operations: whether your token is admitted to each, and why not')
    .argument('<query>', 'an operation id, path or words')
    .action(action(discover));
}
