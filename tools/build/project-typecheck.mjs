// Nx's `typecheck` target: the repository's TypeScript program (tsconfig.json) restricted to one
// project's files and what they import; reports the errors in the project's own files.
//   node tools/build/project-typecheck.mjs libs/wiki
import { join, sep } from 'node:path';
import ts from 'typescript';
import { root } from './compile.mjs';

const projectRoot = process.argv[2];
if (!projectRoot) {
  process.stderr.write('usage: node tools/build/project-typecheck.mjs <project root>\n');
  process.exit(2);
}

const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
const prefix = join(root, projectRoot) + sep;
const files = config.fileNames.filter((file) => file.startsWith(prefix));
const program = ts.createProgram({ rootNames: files, options: config.options });
const diagnostics = [
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  }),
];
const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};
if (diagnostics.length > 0) {
  const format = process.stderr.isTTY
    ? ts.formatDiagnosticsWithColorAndContext
    : ts.formatDiagnostics;
  process.stderr.write(format(diagnostics, host));
  const errors = diagnostics.length === 1 ? '1 error' : `${diagnostics.length} errors`;
  process.stderr.write(`typecheck ${projectRoot}: ${errors}\n`);
  process.exit(1);
}
process.stdout.write(`typecheck ${projectRoot}: ${files.length} files, no errors\n`);
