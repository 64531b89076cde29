import { runCli } from './program';

void runCli(process.argv).then((code) => {
  process.exitCode = code;
});
