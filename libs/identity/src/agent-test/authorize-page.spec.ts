import type { GrantForApproval } from './agent-test-grant.repository';
import { renderAuthorizePage } from './authorize-page';
import { escapeHtml } from '@cw/platform';

const grant = (overrides: Partial<GrantForApproval> = {}): GrantForApproval => ({
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  scopes: ['wiki:read', 'workflows:run'],
  expiresAt: new Date('2026-01-01T10:15:00Z'),
  approvedAt: null,
  person: { id: 'p', email: 'ada@example.test', name: '<script>alert(1)</script>' },
  company: { id: 'c', name: 'Acme "&" Sons' },
  ...overrides,
});

describe('escapeHtml', () => {
  it('escapes every character that could leave a text node or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderAuthorizePage', () => {
  it('names the person, company and scopes, escaped, with a form posting back', () => {
    const html = renderAuthorizePage(grant(), '/api/agent-test/auth/grants/g/authorize');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Acme &quot;&amp;&quot; Sons');
    expect(html).toContain('<code>wiki:read</code>');
    expect(html).toContain('<code>workflows:run</code>');
    expect(html).toContain('<form method="post" action="/api/agent-test/auth/grants/g/authorize">');
  });

  it('shows an approved grant as approved, with no form', () => {
    const html = renderAuthorizePage(
      grant({ approvedAt: new Date('2026-01-01T10:05:00Z') }),
      '/api/agent-test/auth/grants/g/authorize',
    );
    expect(html).toContain('approved');
    expect(html).toContain('2026-01-01T10:05:00.000Z');
    expect(html).not.toContain('<form');
  });
});
