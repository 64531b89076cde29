import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { CLASSIFICATIONS_KEPT, classifyAddress } from './address-class';
import { createGuardedDispatcher } from './guarded-dispatcher';
import { checkOutboundUrl, type Resolver } from './outbound-policy';
import { isOutboundRefusal } from './outbound-refusal';

const STRICT = { allowLoopback: false };
const TESTS = { allowLoopback: true };

const answering =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);

const refusedReason = async (url: string, resolve: Resolver = answering('93.184.216.34')) => {
  try {
    await checkOutboundUrl(url, STRICT, resolve);
    return null;
  } catch (error) {
    expect(isOutboundRefusal(error)).toBe(true);
    return (error as Error).message;
  }
};

/** Literal addresses no hook or step may reach (each in an https URL). */
const REFUSED_ADDRESSES = [
  '127.0.0.1',
  '127.1.2.3',
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '192.168.255.255',
  '169.254.169.254',
  '169.254.0.1',
  '100.64.0.1',
  '100.127.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.9',
  '198.18.0.1',
  '198.19.255.255',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.88.99.1',
  '[::1]',
  '[::]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[febf::1]',
  '[fec0::1]',
  '[ff02::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:10.0.0.1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:7f00:1]',
  '[::127.0.0.1]',
  '[::10.0.0.1]',
  '[64:ff9b::10.0.0.1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b:1::a00:1]',
  '[2002:7f00:1::]',
  '[2002:a00:1::1]',
  '[2002:c0a8:101::1]',
  '[2001:0:4136:e378:8000:63bf:f5ff:fffe]',
  '[2001:db8::1]',
  '[100::1]',
  '[2001:2::1]',
  '[3fff::1]',
  '[4000::1]',
  '[5f00::1]',
];

/** Spellings of private hosts that URL parsing or resolution must not let through. */
const REFUSED_FORMS = [
  'https://2130706433/', // decimal 127.0.0.1
  'https://0x7f000001/', // hex
  'https://0177.0.0.1/', // octal
  'https://0x7f.1/', // mixed short form
  'https://127.1/', // short form
  'https://017700000001/', // octal whole
  'https://169.254.169.254./', // trailing dot
  'https://localhost/',
  'https://LOCALHOST./',
  'https://api.localhost/',
  'https://user:pass@example.com/', // credentials
  'https://example.com@127.0.0.1/', // userinfo trick: the host is 127.0.0.1
  'http://example.com/', // not https
  'ftp://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'not a url',
  '//example.com/path',
  'https://[::ffff:a9fe:a9fe]/', // metadata, IPv4-mapped hex
];

describe('outbound address rules', () => {
  it('classify at least 60 refused addresses and URL forms', async () => {
    expect(REFUSED_ADDRESSES.length + REFUSED_FORMS.length).toBeGreaterThanOrEqual(60);
    for (const address of REFUSED_ADDRESSES) {
      expect([address, await refusedReason(`https://${address}/hook`)]).toEqual([
        address,
        expect.any(String),
      ]);
    }
    for (const url of REFUSED_FORMS) {
      expect([url, await refusedReason(url)]).toEqual([url, expect.any(String)]);
    }
  });

  it('refuse a name with any non-public answer, including metadata and mixed answers', async () => {
    expect(await refusedReason('https://hooks.example.com/', answering('10.0.0.1'))).toContain(
      'private',
    );
    expect(
      await refusedReason(
        'https://hooks.example.com/',
        answering('93.184.216.34', '169.254.169.254'),
      ),
    ).toContain('link-local');
    expect(await refusedReason('https://hooks.example.com/', answering())).toContain('resolve');
    expect(
      await refusedReason('https://hooks.example.com/', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toContain('resolve');
  });

  it('accept public https addresses, names that resolve only to public addresses, and IDN hosts', async () => {
    for (const url of [
      'https://93.184.216.34/',
      'https://[2606:4700:4700::1111]/x',
      'https://[::ffff:93.184.216.34]/',
      'https://[64:ff9b::5db8:d822]/',
      'https://hooks.example.com:8443/receive?x=1',
      'https://bücher.example/',
    ]) {
      expect([url, await refusedReason(url, answering('93.184.216.34', '2606:4700::1'))]).toEqual([
        url,
        null,
      ]);
    }
    expect(
      (await checkOutboundUrl('https://bücher.example/', STRICT, answering('1.1.1.1'))).url
        .hostname,
    ).toBe('xn--bcher-kva.example');
  });

  it('allow http and loopback only under the test switch, and still refuse every other range', async () => {
    await expect(checkOutboundUrl('http://127.0.0.1:9/', TESTS)).resolves.toMatchObject({
      addresses: [{ address: '127.0.0.1' }],
    });
    await expect(checkOutboundUrl('http://localhost:9/', TESTS)).resolves.toBeTruthy();
    await expect(checkOutboundUrl('http://[::1]:9/', TESTS)).resolves.toBeTruthy();
    await expect(checkOutboundUrl('http://10.0.0.1/', TESTS)).rejects.toThrow('private');
    await expect(checkOutboundUrl('http://169.254.169.254/', TESTS)).rejects.toThrow('link-local');
  });

  it('name address classes the way the failure reasons say', () => {
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('100.64.1.1')).toBe('carrier_grade_nat');
    expect(classifyAddress('::ffff:192.168.1.1')).toBe('embedded_non_public');
    expect(classifyAddress('example.com')).toBe('not_an_address');
  });

  it('classify a text the same way however often it is asked, past the kept classifications', () => {
    const octets = (index: number) => `${index >> 8}.${index & 255}`;
    const addresses = Array.from({ length: CLASSIFICATIONS_KEPT + 10 }, (_, index) => [
      `10.0.${octets(index)}`,
      `8.8.${octets(index)}`,
      `[::ffff:127.0.${octets(index)}]`,
    ]).flat();
    const first = addresses.map(classifyAddress);
    expect(new Set(first)).toEqual(new Set(['private', 'public', 'embedded_non_public']));
    expect(addresses.map(classifyAddress)).toEqual(first);
    expect([...addresses].reverse().map(classifyAddress)).toEqual([...first].reverse());
    const long = `${'a'.repeat(100)}.example`;
    expect([classifyAddress(long), classifyAddress(long)]).toEqual([
      'not_an_address',
      'not_an_address',
    ]);
  });
});

describe('the guarded dispatcher', () => {
  let server: Server;
  let port: number;
  let received = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      received += 1;
      response.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('dials only an address it checked: a DNS answer that flips to loopback after the check never connects', async () => {
    const answers = ['93.184.216.34', '127.0.0.1'];
    let calls = 0;
    const rebinding: Resolver = async () => {
      const address = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return [{ address, family: 4 }];
    };
    // The registration check sees the public answer…
    await expect(checkOutboundUrl('https://rebind.test/', STRICT, rebinding)).resolves.toBeTruthy();
    // …and the connection's own lookup gets the flipped one, which it refuses.
    const dispatcher = createGuardedDispatcher({
      policy: STRICT,
      resolve: rebinding,
      timeoutMs: 2000,
    });
    const failure: unknown = await request(`http://rebind.test:${port}/`, { dispatcher }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isOutboundRefusal(failure)).toBe(true);
    expect(received).toBe(0);
    await dispatcher.close();
  });

  it('connects to a loopback receiver when the test switch allows it, by name', async () => {
    const dispatcher = createGuardedDispatcher({
      policy: TESTS,
      resolve: answering('127.0.0.1'),
      timeoutMs: 2000,
    });
    const response = await request(`http://receiver.test:${port}/`, { dispatcher });
    expect(await response.body.text()).toBe('reached');
    expect(received).toBe(1);
    await dispatcher.close();
  });
});
