/**
 * Which settings this process was started with (a non-blank environment variable), read once
 * at start like every other setting. Only names are kept, never values.
 */
export class ConfiguredSettings {
  private readonly present: ReadonlySet<string>;

  constructor(env: NodeJS.ProcessEnv) {
    this.present = new Set(
      Object.entries(env)
        .filter(([, value]) => value !== undefined && value.trim() !== '')
        .map(([name]) => name),
    );
  }

  missing(names: readonly string[]): string[] {
    return names.filter((name) => !this.present.has(name));
  }
}
