import { loadWorkflowLimitsConfig } from './workflow-limits.config';

describe('the workflow limits', () => {
  it('let a company hold 1,000 workflows by default; 0 and words are refused', () => {
    expect(loadWorkflowLimitsConfig({}).WORKFLOWS_PER_COMPANY).toBe(1000);
    expect(() => loadWorkflowLimitsConfig({ WORKFLOWS_PER_COMPANY: '0' })).toThrow(
      /^Invalid setting WORKFLOWS_PER_COMPANY: /,
    );
    expect(() => loadWorkflowLimitsConfig({ WORKFLOWS_PER_COMPANY: 'lots' })).toThrow(
      /^Invalid setting WORKFLOWS_PER_COMPANY: /,
    );
  });
});
