import 'reflect-metadata';
import { findReadableCompanyPage } from '@cw/wiki/testing';
import { benchMain, type BenchContext } from './bench-context';
import { startBareRoute } from './bare-route';
import { cpus } from 'node:os';
import {
  type CpuSources,
  machineBusySeconds,
  postgresBackendsCpu,
  processCpuSeconds,
  selfCpuSeconds,
} from './cpu';
import { cpuTable, type LoadResult, loadHeaders, loadRow, measureInterleaved } from './load';
import { type BenchReport, ratioCheck, table } from './report';

/** A readable company-lane page of the reader's company, typical size (from the seed). */
async function pageToRead(context: BenchContext): Promise<{ id: string; title: string }> {
  const page = await findReadableCompanyPage(context.pool, context.actors[0].companyId);
  if (!page) throw new Error('no company page to read: is the database seeded?');
  return page;
}

async function expectPage(url: string, headers: Record<string, string>, title: string) {
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { page?: { title?: string } };
  if (response.status !== 200 || body.page?.title !== title)
    throw new Error(`${url} answered ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
}

/**
 * A and D: an authenticated page read (GET /api/wiki/pages/{id}, bearer API key) through the
 * gateway, the same request straight to the wiki-service, and a bare Fastify route running the
 * same single-page SELECT through `pg`: one after the other, same database, same page.
 */
export async function gatewayBench(context: BenchContext): Promise<BenchReport> {
  const page = await pageToRead(context);
  const headers = { authorization: `Bearer ${context.keys[0]}` };
  const bare = await startBareRoute(context.database.url, context.actors[0]);
  const results: LoadResult[] = [];
  const pid = (name: string) =>
    context.timed.system.processes.find((p) => p.name === name)?.child.pid;
  const cpu: CpuSources = {
    client: selfCpuSeconds,
    'api-gateway': () => processCpuSeconds(pid('api-gateway')),
    'wiki-service': () => processCpuSeconds(pid('wiki-service')),
    bare: () => processCpuSeconds(bare.child.pid),
    postgres: () => postgresBackendsCpu(context.database.name),
    machine: machineBusySeconds,
  };
  try {
    const targets = [
      { label: 'bare Fastify + pg', url: bare.url, path: `/pages/${page.id}`, headers: {} },
      {
        label: 'wiki-service direct',
        url: context.timed.wikiUrl,
        path: `/api/wiki/pages/${page.id}`,
        headers,
      },
      {
        label: 'gateway → wiki-service',
        url: context.timed.gatewayUrl,
        path: `/api/wiki/pages/${page.id}`,
        headers,
      },
    ];
    for (const target of targets)
      await expectPage(`${target.url}${target.path}`, target.headers, page.title);
    results.push(
      ...(await measureInterleaved(
        targets.map((target) => ({
          ...target,
          connections: context.options.connections,
          durationSeconds: context.options.duration,
          warmupSeconds: context.options.warmup,
          cpu,
        })),
        context.options.rounds,
      )),
    );
  } finally {
    await bare.stop();
  }
  const [bareRoute, service, gateway] = results;
  const failed = results.filter((result) => result.failed > 0);
  const cpuRows = cpuTable(results, cpus().length);
  return {
    title: 'A / D: authenticated page read: gateway, service, bare route',
    tables: [table(loadHeaders, results.map(loadRow)), table(cpuRows.headers, cpuRows.rows)],
    checks: [
      ratioCheck('A1', 'gateway / wiki-service req/s', gateway.rps / service.rps, 0.6),
      ratioCheck('A2', 'wiki-service / bare route req/s', service.rps / bareRoute.rps, 0.5),
      ratioCheck('D', 'gateway / bare route req/s', gateway.rps / bareRoute.rps, 0.5),
      {
        id: 'A0',
        target: 'every response 200',
        measured: failed.length === 0 ? 'yes' : failed.map((result) => result.label).join(', '),
        pass: failed.length === 0,
      },
    ],
    notes: [
      `page ${page.id} (company lane, ${context.pages} pages seeded); ${context.options.connections} connections, ${context.options.warmup} s warm-up, ${context.options.duration} s measured per target in ${context.options.rounds} alternating slices`,
      'CPU table: CPU milliseconds per response of the load generator (client), each server process and the postgres backends of the bench database; other = the rest of the machine (kernel, other processes); cores busy = the machine total over the run',
    ],
  };
}

if (require.main === module) benchMain(gatewayBench);
