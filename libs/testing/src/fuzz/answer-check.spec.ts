import { answerProblem } from './answer-check';

const ID = 'req-12345678';
const envelope = (requestId = ID) =>
  JSON.stringify({
    success: false,
    error: {
      code: 'NOT_FOUND',
      message: 'No.',
      timestamp: new Date().toISOString(),
      request_id: requestId,
    },
  });

describe('answerProblem', () => {
  it('passes a 2xx with a request id and a 4xx in the envelope', () => {
    expect(
      answerProblem({ status: 200, headers: { 'x-request-id': ID }, text: '{}' }),
    ).toBeUndefined();
    expect(
      answerProblem({ status: 404, headers: { 'x-request-id': ID }, text: envelope() }),
    ).toBeUndefined();
  });

  it('fails any 5xx, even in the envelope', () => {
    expect(
      answerProblem({ status: 500, headers: { 'x-request-id': ID }, text: envelope() }),
    ).toMatch(/^answered 500/);
  });

  it('fails an answer without X-Request-Id, or one that replaced a well-formed id', () => {
    expect(answerProblem({ status: 400, headers: {}, text: envelope() })).toContain('X-Request-Id');
    expect(
      answerProblem({ status: 200, headers: { 'x-request-id': ID }, text: '' }, 'client-id-0001'),
    ).toContain('replaced');
    expect(
      answerProblem({ status: 200, headers: { 'x-request-id': ID }, text: '' }, 'bad id'),
    ).toBeUndefined();
  });

  it('fails a 4xx outside the envelope or with another request id', () => {
    const headers = { 'x-request-id': ID };
    expect(answerProblem({ status: 414, headers, text: '' })).toContain('not JSON');
    expect(
      answerProblem({ status: 400, headers, text: '{"statusCode":400,"error":"Bad Request"}' }),
    ).toContain('not the envelope');
    expect(answerProblem({ status: 400, headers, text: envelope('other-0000001') })).toContain(
      'request_id',
    );
  });
});
