import { loadSubmissionConfig } from './submission.config';

describe('the feedback submission settings', () => {
  it('let one person file 20 reports an hour by default; 0 and words are refused', () => {
    expect(loadSubmissionConfig({}).FEEDBACK_SUBMISSIONS_PER_HOUR).toBe(20);
    expect(() => loadSubmissionConfig({ FEEDBACK_SUBMISSIONS_PER_HOUR: '0' })).toThrow(
      /^Invalid setting FEEDBACK_SUBMISSIONS_PER_HOUR: /,
    );
    expect(() => loadSubmissionConfig({ FEEDBACK_SUBMISSIONS_PER_HOUR: 'many' })).toThrow(
      /^Invalid setting FEEDBACK_SUBMISSIONS_PER_HOUR: /,
    );
  });
});
