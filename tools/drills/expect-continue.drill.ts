import { createHash, randomBytes } from 'node:crypto';
import { createApiKey, createTestPage, RawConnection, requestHead } from '@cw/testing';
import { expectThat, type Drill } from './drill';
import { multipartFile } from './multipart-body';

export const expectContinueDrill: Drill = {
  name: 'expect-continue',
  finding:
    '`curl -F file=@2mb.bin …/files` sends `Expect: 100-continue` and gets 503: the upload of a documented 10 MB file size fails.',
  async run(drills) {
    const gateway = drills.gatewayUrl;
    const person = await drills.signIn();
    const token = await createApiKey(gateway, person.cookie, ['wiki:write']);
    const { page } = await createTestPage(gateway, { token }, { title: 'Files', markdown: 'x' });
    const observations: string[] = [];

    for (const megabytes of [2, 9]) {
      const file = randomBytes(megabytes * 1024 * 1024);
      const { body, contentType } = multipartFile(`${megabytes}mb.bin`, file);
      const connection = await RawConnection.open(gateway);
      const began = Date.now();
      connection.write(
        requestHead('POST', `/api/wiki/pages/${page.public_id}/files`, {
          Authorization: `Bearer ${token}`,
          'Content-Type': contentType,
          'Content-Length': body.length,
          Expect: '100-continue',
        }),
      );
      const interim = await connection.response();
      expectThat(
        interim.status === 100,
        `a ${megabytes} MB upload got ${interim.status} instead of 100 Continue: ${interim.body}`,
      );
      connection.write(body);
      const answer = await connection.response(60_000);
      const stored =
        answer.status === 201
          ? (JSON.parse(answer.body) as { file: { sha256: string } }).file
          : undefined;
      const sha256 = createHash('sha256').update(file).digest('hex');
      expectThat(
        stored?.sha256 === sha256,
        `a ${megabytes} MB upload with Expect: 100-continue answered ${answer.status}: ${answer.body.slice(0, 200)}`,
      );
      observations.push(
        `${megabytes} MB file with Expect: 100-continue: 100 Continue, then 201 in ${Date.now() - began} ms, stored with the same SHA-256`,
      );
      connection.close();
    }

    const refused = await RawConnection.open(gateway);
    refused.write(
      requestHead('POST', `/api/wiki/pages/${page.public_id}/files`, {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': 12 * 1024 * 1024,
        Expect: '100-continue',
      }),
    );
    const tooLarge = await refused.response();
    expectThat(
      tooLarge.status === 413,
      `a 12 MB upload announced with Expect got ${tooLarge.status} instead of 413: ${tooLarge.body}`,
    );
    await refused.closed;
    observations.push(
      '12 MB announced with Expect: 100-continue: 413 PAYLOAD_TOO_LARGE at once, no 100 Continue, so no body sent; connection closed',
    );
    return observations;
  },
};
