import { Command, CommanderError, Option } from 'commander';
import { registerAuthCommands } from './commands/auth.commands';
import { registerHookCommands } from './commands/hooks.commands';
import { registerKeyCommands } from './commands/keys.commands';
import { registerOpsCommand } from './commands/ops.command';
import { registerReportCommands } from './commands/reports.commands';
import { registerSyncCommand } from './commands/sync/sync.command';
import { registerWorkflowCommands } from './commands/workflows.commands';
import { registerWikiCommands } from './commands/wiki.commands';
import { CliContext, checkUrl, type GlobalOptions } from './context';
import { ExitCode } from './exit-codes';
import { reportError } from './output/report-error';

const EXIT_CODES_HELP = `
Exit status:
  0  success                     5  not found (404)
  1  other failure (5xx, …)      6  conflict: 409, or a write that did not apply
  2  bad arguments or input      7  run --wait: the run ended without succeeding
  3  not signed in (401)         8  run --wait: still running at --timeout
  4  access denied (403)         9  the server could not be reached

Environment: CW_URL, CW_PROFILE, CW_TOKEN (overrides stored credentials), CW_EMAIL,
XDG_CONFIG_HOME (credentials in $XDG_CONFIG_HOME/cw/), EDITOR/VISUAL, NO_COLOR.
Docs: docs/cli.md`;

export function buildProgram(): Command {
  const program = new Command('cw')
    .description('The Company Wiki, Workflow and Report API from a terminal and from scripts.')
    .version('0.2.0')
    .addOption(
      new Option(
        '--url <url>',
        'the server (else CW_URL, else the profile’s, else http://127.0.0.1:3000)',
      ).argParser(checkUrl),
    )
    .addOption(
      new Option(
        '--profile <name>',
        'the stored credential to use (else CW_PROFILE, else "default")',
      ),
    )
    .option('--json', "print the API's answer as JSON")
    .option('--no-color', 'no colours (also without a terminal, or with NO_COLOR)')
    .showHelpAfterError()
    .configureHelp({ showGlobalOptions: true })
    .addHelpText('after', EXIT_CODES_HELP);
  registerAuthCommands(program);
  registerKeyCommands(program);
  registerWikiCommands(program);
  registerSyncCommand(program);
  registerWorkflowCommands(program);
  registerReportCommands(program);
  registerHookCommands(program);
  registerOpsCommand(program);
  // Usage errors exit 2 like the rest of the usage family; help and --version exit 0.
  const exitOverride = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(exitOverride);
  };
  exitOverride(program);
  return program;
}

/** Runs `cw` with these arguments; resolves to the exit status. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    const options = program.opts<GlobalOptions>();
    let context: CliContext;
    try {
      context = new CliContext(options, process.env);
    } catch {
      context = new CliContext({ ...options, profile: 'default' }, process.env);
    }
    return reportError(error, context.out);
  }
}
