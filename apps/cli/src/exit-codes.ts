/** Every exit status of `cw` (docs/cli.md lists them; scripts branch on them). */
export const ExitCode = {
  ok: 0,
  /** An error not covered below: a 5xx, a refused request, a bad answer. */
  failed: 1,
  /** Bad arguments or input; nothing was sent. */
  usage: 2,
  /** No credential, or the server answered 401: run `cw login`. */
  notSignedIn: 3,
  /** 403: the person may not, or the token lacks a scope. */
  accessDenied: 4,
  /** 404. */
  notFound: 5,
  /** 409, or a write that did not apply (a newer version, an edit conflict or refusal). */
  conflict: 6,
  /** `cw run --wait`: the run ended, but not completed with outcome `succeeded`. */
  runUnsuccessful: 7,
  /** `cw run --wait`: the run was still going at `--timeout`. */
  timedOut: 8,
  /** The server could not be reached (after the retries, where the command retries). */
  unreachable: 9,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A refusal of the client itself, with the exit status it ends with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code = 'CLI_ERROR',
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string): CliError =>
  new CliError(message, ExitCode.usage, 'USAGE');
