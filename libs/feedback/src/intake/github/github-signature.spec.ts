import { githubSignatureOf, isSignatureShaped, isValidGithubSignature } from './github-signature';

// GitHub's own example ("Validating webhook deliveries", docs.github.com).
const SECRET = "It's a Secret to Everybody";
const PAYLOAD = Buffer.from('Hello, World!');
const SIGNATURE = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('GitHub webhook signatures', () => {
  it('computes the signature of GitHub’s published test vector', () => {
    expect(githubSignatureOf(SECRET, PAYLOAD)).toBe(SIGNATURE);
  });

  it('accepts the published signature, also with upper-case hex', () => {
    expect(isValidGithubSignature(SECRET, PAYLOAD, SIGNATURE)).toBe(true);
    expect(
      isValidGithubSignature(SECRET, PAYLOAD, `sha256=${SIGNATURE.slice(7).toUpperCase()}`),
    ).toBe(true);
  });

  it('refuses another secret, a changed byte, and a signature out of shape', () => {
    expect(isValidGithubSignature('another secret', PAYLOAD, SIGNATURE)).toBe(false);
    expect(isValidGithubSignature(SECRET, Buffer.from('Hello, World?'), SIGNATURE)).toBe(false);
    expect(isValidGithubSignature(SECRET, PAYLOAD, SIGNATURE.slice(0, -2))).toBe(false);
    expect(isValidGithubSignature(SECRET, PAYLOAD, SIGNATURE.replace('sha256=', 'sha1='))).toBe(
      false,
    );
    expect(isValidGithubSignature(SECRET, PAYLOAD, `${SIGNATURE}00`)).toBe(false);
    expect(isSignatureShaped('sha256=xyz')).toBe(false);
    expect(isSignatureShaped(SIGNATURE)).toBe(true);
  });
});
