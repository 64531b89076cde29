import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type State = 'seeded' | 'shown';

/**
 * Whether the demo key minted by the seed reached the console. The seed mints it once, on the
 * first start; a start that failed after seeding never printed it, and later starts say how to
 * get credentials instead (`<dataDir>/demo-key.state`).
 */
export class DemoKeyMarker {
  private readonly file: string;

  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, 'demo-key.state');
  }

  seeded(): void {
    this.write('seeded');
  }

  shown(): void {
    this.write('shown');
  }

  /** True once a seed minted the key and no start printed it since. */
  neverShown(): boolean {
    if (!existsSync(this.file)) return false;
    return readFileSync(this.file, 'utf8').trim() === 'seeded';
  }

  private write(state: State): void {
    mkdirSync(this.dataDir, { recursive: true });
    writeFileSync(this.file, `${state}\n`);
  }
}
