import { call } from './http-client';

/** The `page` of a create response, as far as the wiki tests read it. */
export interface CreatedTestPage {
  id: number;
  public_id: string;
  current_version: number;
  title: string;
  path: string;
  lane: string;
}

/**
 * Creates a page through `POST /api/wiki/pages` with a session cookie or a bearer key and returns
 * the whole response body; anything but 201 fails the test with the answer.
 */
export async function createTestPage<Body = { page: CreatedTestPage }>(
  baseUrl: string,
  credential: { cookie: string } | { token: string },
  page: { title: string; markdown: string; path?: string },
): Promise<Body> {
  const auth = 'token' in credential ? { token: credential.token } : { cookie: credential.cookie };
  const result = await call<Body>(baseUrl, 'POST', '/api/wiki/pages', { ...auth, body: page });
  if (result.status !== 201) throw new Error(`create failed: ${result.status} ${result.text}`);
  return result.body;
}
