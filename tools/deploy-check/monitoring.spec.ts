import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import { ensurePromtool } from '../local-stack/binaries';
import { GRAFANA_DASHBOARD_SCHEMA } from './grafana-dashboard.schema';

const repoRoot = resolve(__dirname, '../..');
const monitoring = join(repoRoot, 'k8s/optional/monitoring');
const run = promisify(execFile);

/** Every `name: 'cw_…'` a metric is declared with in the libs' sources, histograms' series too. */
function exportedSeries(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'node_modules' && entry !== 'test') visit(path);
      } else if (entry.endsWith('.ts') && !entry.endsWith('spec.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const match of source.matchAll(/(new Histogram\(\{\s*)?name: '(cw_[a-z0-9_]+)'/g)) {
          const name = match[2];
          names.add(name);
          if (match[1])
            for (const suffix of ['_bucket', '_count', '_sum']) names.add(name + suffix);
        }
      }
    }
  };
  visit(join(repoRoot, 'libs'));
  return names;
}

const seriesIn = (text: string): string[] => [...new Set(text.match(/\bcw_[a-z0-9_]+/g) ?? [])];

describe('the monitoring kit (k8s/optional/monitoring)', () => {
  const exported = exportedSeries();
  const rules = readFileSync(join(monitoring, 'alert-rules.yaml'), 'utf8');
  const dashboardText = readFileSync(join(monitoring, 'grafana-dashboard.json'), 'utf8');

  it('finds the metric names of the code (the check below compares with them)', () => {
    expect([...exported]).toEqual(
      expect.arrayContaining([
        'cw_http_request_duration_seconds_bucket',
        'cw_db_pool_waiting_requests',
        'cw_queue_jobs',
        'cw_outbox_oldest_unpublished_age_seconds',
      ]),
    );
  });

  describe('alert rules', () => {
    let promtool: string;
    beforeAll(async () => {
      promtool = await ensurePromtool((line) => process.stderr.write(`monitoring: ${line}\n`));
    }, 300_000);

    it('pass `promtool check rules`', async () => {
      const { stdout } = await run(promtool, ['check', 'rules', 'alert-rules.yaml'], {
        cwd: monitoring,
      });
      expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
    });

    it('raise their alerts on synthetic series (`promtool test rules`)', async () => {
      const { stdout } = await run(promtool, ['test', 'rules', 'alert-rules.test.yaml'], {
        cwd: monitoring,
      });
      expect(stdout).toContain('SUCCESS');
    });

    it('cover 5xx rate, p95 latency, pool waits, queue depth, outbox age, deliveries, readiness', () => {
      const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((match) => match[1]);
      expect(alerts).toEqual(
        expect.arrayContaining([
          'CompanyWikiHigh5xxRate',
          'CompanyWikiHighP95Latency',
          'CompanyWikiDbPoolWaits',
          'CompanyWikiQueueBacklog',
          'CompanyWikiOutboxBehind',
          'CompanyWikiHookDeliveryFailures',
          'CompanyWikiNotReady',
        ]),
      );
    });

    it('query only series the processes export', () => {
      expect(seriesIn(rules).filter((name) => !exported.has(name))).toEqual([]);
    });
  });

  describe('Grafana dashboard', () => {
    const dashboard = JSON.parse(dashboardText) as {
      panels: { targets: { expr: string }[] }[];
    };

    it('has the shape Grafana imports', () => {
      const validate = new Ajv({ allErrors: true }).compile(GRAFANA_DASHBOARD_SCHEMA);
      expect(validate(dashboard) ? [] : validate.errors).toEqual([]);
    });

    it('queries only series the processes export, and each of them at least once', () => {
      const queried = seriesIn(
        dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr)).join('\n'),
      );
      expect(queried.filter((name) => !exported.has(name))).toEqual([]);
      const unshown = [...exported].filter(
        (name) => !name.endsWith('_sum') && !queried.some((each) => each.startsWith(name)),
      );
      expect(unshown).toEqual([]);
    });
  });
});
