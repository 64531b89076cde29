import type { FastifyRequest } from 'fastify';
import { errorFormatOf, refusalPageHtml } from './error-formats';

const requestWith = (config: Record<string, unknown>) =>
  ({ routeOptions: { config } }) as unknown as FastifyRequest;

describe('error formats', () => {
  it('reads the format a route declares, and nothing else', () => {
    expect(errorFormatOf(requestWith({ errorFormat: 'oauth' }))).toBe('oauth');
    expect(errorFormatOf(requestWith({ errorFormat: 'html_page' }))).toBe('html_page');
    expect(errorFormatOf(requestWith({ errorFormat: 'xml' }))).toBeUndefined();
    expect(errorFormatOf(requestWith({}))).toBeUndefined();
  });

  it('escapes the message of a refusal page', () => {
    expect(refusalPageHtml('<script>alert("x")</script> & more')).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more',
    );
  });
});
