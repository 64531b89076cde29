// The test timeout of the integration and end-to-end tiers (jest.config.js): their tests start
// Nest applications or real processes, which on a busy two-core machine can take well over
// jest's default 5 s (a one-process app and three sign-ins in one `beforeAll` did).
jest.setTimeout(60_000);
