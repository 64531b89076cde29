import { call, createApiKey, type HttpResult, signInTestPerson } from '@cw/testing';
import type { DataSource } from 'typeorm';
import { InboxSeedRepository } from '../src/testing/inbox-seed.repository';

export interface InboxOperator {
  cookie: string;
  personId: string;
  /** An API key with scope `operator:all` (the person holds `feedback.view`). */
  token: string;
}

/** A person holding `feedback.view`, signed in, with an `operator:all` key. */
export async function signInOperator(
  baseUrl: string,
  company = 'Support HQ',
): Promise<InboxOperator> {
  const person = await signInTestPerson(baseUrl, { company, operator_grants: ['feedback.view'] });
  const token = await createApiKey(baseUrl, person.cookie, ['operator:all'], 'inbox');
  return { cookie: person.cookie, personId: person.personId, token };
}

export function seedRepository(db: DataSource): InboxSeedRepository {
  return new InboxSeedRepository(db);
}

export function base64Of(text: string | Buffer): string {
  return Buffer.from(text).toString('base64');
}

export interface InboxReport {
  id: string;
  status: string;
  category: string;
  message: string;
  page_path: string | null;
  user: { id: string; email: string; name: string };
  company: { id: string; name: string };
  created_at: string;
  has_pr: boolean;
  attachments: {
    feedback_attachment_id: string;
    filename: string;
    content_type: string;
    size: number;
    url: string;
  }[];
}

export interface InboxList {
  reports: InboxReport[];
  total: number;
  offset: number;
  limit: number;
  has_more: boolean;
}

export function listInbox(
  baseUrl: string,
  operator: InboxOperator,
  query: string,
): Promise<HttpResult<InboxList>> {
  return call<InboxList>(baseUrl, 'GET', `/api/feedback${query}`, { token: operator.token });
}

export function inboxIds(
  baseUrl: string,
  operator: InboxOperator,
  query: string,
): Promise<HttpResult<{ reports: { id: string; status: string }[]; total: number }>> {
  return call(baseUrl, 'GET', `/api/feedback/ids${query}`, { token: operator.token });
}
