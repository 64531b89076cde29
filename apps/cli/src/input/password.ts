import { password } from '@inquirer/prompts';
import { usageError } from '../exit-codes';
import { readStream, stdinIsTerminal } from './stdin';

/**
 * The password for a sign-in: from a prompt on a terminal, else the first line of stdin. Never
 * an argument, where it would be seen in the process list and the shell's history.
 */
export async function readPassword(email: string): Promise<string> {
  const secret = stdinIsTerminal()
    ? await password(
        { message: `Password for ${email}`, mask: '*' },
        // The prompt goes to stderr: stdout stays the command's answer.
        { output: process.stderr },
      )
    : ((await readStream(process.stdin, 'the password', 4096)).split(/\r?\n/)[0] ?? '');
  if (!secret) throw usageError('no password given (type it at the prompt, or pipe it on stdin)');
  return secret;
}
