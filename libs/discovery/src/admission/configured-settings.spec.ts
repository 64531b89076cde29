import { ConfiguredSettings } from './configured-settings';

describe('ConfiguredSettings', () => {
  const env = { SMTP_URL: 'smtp://mail.test', CONTACT_TO: '  ', INTERNAL_API_TOKEN: undefined };

  it('names the settings a served route needs that are unset or blank', () => {
    expect(
      new ConfiguredSettings(env).missing('/api/contact', [
        'SMTP_URL',
        'CONTACT_TO',
        'INTERNAL_API_TOKEN',
      ]),
    ).toEqual(['CONTACT_TO', 'INTERNAL_API_TOKEN']);
  });

  it("claims nothing of a route another process serves: its settings are in that process's environment", () => {
    const settings = new ConfiguredSettings(env, (path) => path.startsWith('/api/acceptance/'));
    expect(settings.missing('/api/feedback/intake/claim', ['INTERNAL_API_TOKEN'])).toEqual([]);
    expect(settings.missing('/api/acceptance/auth/exchange', ['ACCEPTANCE_AUTH_SECRET'])).toEqual([
      'ACCEPTANCE_AUTH_SECRET',
    ]);
  });
});
