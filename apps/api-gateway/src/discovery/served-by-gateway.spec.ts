import { servedByGateway } from './merged-description.module';

describe('servedByGateway', () => {
  it("is true for the gateway's own routes and false for every service's", () => {
    expect(servedByGateway('/api/acceptance/auth/exchange')).toBe(true);
    expect(servedByGateway('/api/developer/operations')).toBe(true);
    expect(servedByGateway('/api/contact')).toBe(false);
    expect(servedByGateway('/api/feedback/intake/claim')).toBe(false);
    expect(servedByGateway('/api/wiki/pages/{page_id}')).toBe(false);
    expect(servedByGateway('/mcp')).toBe(false);
  });
});
