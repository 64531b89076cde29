/**
 * Which settings this process was started with (a non-blank environment variable), read once
 * at start like every other setting. Only names are kept, never values. A route's settings are
 * judged only where they are read: by the process that serves the route (`servesPath`). The
 * gateway's environment says nothing of another service's (in Kubernetes each service gets its
 * own secrets), so for those routes it claims nothing and the route's own refusal tells.
 */
export class ConfiguredSettings {
  private readonly present: ReadonlySet<string>;

  constructor(
    env: NodeJS.ProcessEnv,
    private readonly servesPath: (path: string) => boolean = () => true,
  ) {
    this.present = new Set(
      Object.entries(env)
        .filter(([, value]) => value !== undefined && value.trim() !== '')
        .map(([name]) => name),
    );
  }

  /** Those of `names` an operation at `path` needs and this process, serving it, lacks. */
  missing(path: string, names: readonly string[]): string[] {
    if (!this.servesPath(path)) return [];
    return names.filter((name) => !this.present.has(name));
  }
}
