import { call, createApiKey, createTestPage } from '@cw/testing';
import { expectThat, type Drill } from './drill';

/** A restart waits 0.5 s, then the service boots: well within this on a loaded machine. */
const BACK_WITHIN_MS = 60_000;

export const killedServiceDrill: Drill = {
  name: 'killed-service',
  finding:
    '`kill -9` of the wiki-service stops all six processes of `npm start` (a full outage), and nothing is restarted.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const { page } = await createTestPage(gateway, { token }, { title: 'Killed', markdown: 'x' });
    const wiki = drills.process('wiki-service');
    const killed = wiki.child.pid;
    expectThat(killed !== undefined, 'the wiki-service has no process id');
    process.kill(killed, 'SIGKILL');

    const began = Date.now();
    const wikiAnswers: number[] = [];
    const gatewayAnswers: number[] = [];
    while (Date.now() - began < BACK_WITHIN_MS) {
      const own = await call(gateway, 'GET', '/api/auth/api-keys', { cookie: person.cookie });
      gatewayAnswers.push(own.status);
      const read = await call(gateway, 'GET', `/api/wiki/pages/${page.public_id}`, { token });
      wikiAnswers.push(read.status);
      if (read.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const back = (Date.now() - began) / 1000;
    expectThat(
      wikiAnswers.at(-1) === 200,
      `the wiki read answered ${wikiAnswers.at(-1)} ${BACK_WITHIN_MS / 1000} s after the kill`,
    );
    const restarted = wiki.child.pid;
    expectThat(restarted !== killed, `the wiki-service still has pid ${killed}`);
    const refused = gatewayAnswers.filter((status) => status !== 200);
    expectThat(
      refused.length === 0,
      `the gateway's own route answered ${refused.join(', ')} while the wiki-service was down`,
    );
    const processes = drills.system.processes.map((running) => running.child);
    const dead = processes.filter((child) => child.exitCode !== null || child.signalCode !== null);
    expectThat(dead.length === 0, `${dead.length} processes are not running`);
    return [
      `wiki-service (pid ${killed}) killed with SIGKILL`,
      `a wiki read through the gateway answered ${wikiAnswers[0]} at first, then 200 again after ${back.toFixed(1)} s`,
      `the wiki-service runs again as pid ${restarted} at ${wiki.url} (the same port: the gateway reached it unchanged)`,
      `meanwhile the gateway's own route answered 200 to ${gatewayAnswers.length} of ${gatewayAnswers.length} requests`,
    ];
  },
};
