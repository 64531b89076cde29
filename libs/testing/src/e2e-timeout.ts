// The end-to-end tier's test timeout (jest.config.js): its tests start real processes.
jest.setTimeout(60_000);
