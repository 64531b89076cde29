import { runCli } from './program';

// A reader that stops early (`cw runs | head`) closes the pipe: what is left has nowhere to go,
// which is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
});

void runCli(process.argv).then((code) => {
  process.exitCode = code;
});
