import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { call, createTestPage } from '@cw/testing';
import { expectThat, type Drill } from './drill';

/** Sends the path exactly as given (fetch would normalise `//` and `%63`). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, path, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

export const logRedactionDrill: Drill = {
  name: 'log-redaction',
  finding:
    'Share-link tokens are written in full to the access logs of the gateway and the wiki-service.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const { page } = await createTestPage(gateway, person, { title: 'Logged', markdown: 'x' });
    const link = await call<{ token: string }>(
      gateway,
      'POST',
      `/api/wiki/pages/${page.public_id}/share-links`,
      { cookie: person.cookie, body: {} },
    );
    expectThat(link.status === 201, `creating the share link answered ${link.status}`);
    const share = link.body.token;
    const hook = randomBytes(32).toString('base64url');
    const lease = randomBytes(24).toString('base64url');
    const paths = [
      `/public/pages/${share}`,
      `//public/pages/${share}`,
      `/PUBLIC/pages/${share}`,
      `/public/pages/%63wl_${share.slice(4)}`,
      `/public/page/${share}`,
      `/api/workflows/hooks/${randomUUID()}/${hook}`,
      `/api/workflow/hooks/${randomUUID()}/${hook}`,
    ];
    const answers = [];
    for (const path of paths) answers.push(await rawGet(gateway, path));
    answers.push(
      await rawGet(gateway, `/api/feedback/intake/${randomUUID()}/plan`, {
        'x-feedback-lease-token': lease,
      }),
    );
    // The children's output reaches the log files through the supervisor's pipes.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const secrets = {
      'share-link token': share.slice(4),
      'webhook token': hook,
      'lease token': lease,
    };
    const logs = readdirSync(drills.logDir).filter((file) => file.endsWith('.log'));
    const leaks: string[] = [];
    let redactedLines = 0;
    for (const file of logs) {
      const text = readFileSync(join(drills.logDir, file), 'utf8');
      for (const [name, secret] of Object.entries(secrets)) {
        if (text.includes(secret)) leaks.push(`${name} in ${file}`);
      }
      redactedLines += text.split('\n').filter((line) => line.includes('[redacted]')).length;
    }
    expectThat(leaks.length === 0, `secrets found in the logs: ${leaks.join(', ')}`);
    expectThat(redactedLines > 0, 'no log line shows a redacted URL');
    return [
      `${paths.length + 1} requests carrying secrets (answers ${answers.join(' ')}): the share link as sent, with //, in upper case, percent-escaped, misspelt; webhook tokens; an intake lease header`,
      `no secret in ${logs.length} log files of ${drills.logDir}; ${redactedLines} lines show [redacted] in its place`,
    ];
  },
};
