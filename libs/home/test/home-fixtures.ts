import { randomBytes } from 'node:crypto';
import { call, createTestPage, type SignedInTestPerson } from '@cw/testing';

export interface Page {
  id: number;
  public_id: string;
  title: string;
  path: string;
  lane: string;
  current_version: number;
  updated_at: string;
  url: string;
}

export interface Chip {
  action_id: string;
  kind: string;
  message: string;
  notification_id?: number;
}

export interface Summary {
  company: { id: string; name: string };
  recent_pages: Page[];
  recent_reports: {
    id: string;
    workflow_name: string;
    status: string;
    created_at: string;
    finished_at: string | null;
    url: string;
  }[];
  chips: Chip[];
}

/** The fields these tests read; each route answers a subset of them. */
export interface Body extends Partial<Summary> {
  error: { code: string; message: string; details?: Record<string, unknown> };
  moved: boolean;
  action_id: string;
  previous_path: string;
  page: Page;
  folder: { id: string; path: string };
  folder_id: string;
  folder_path: string;
  title_pattern: string;
  created: boolean;
}

export const newCompany = (): string => `Home Co ${randomBytes(4).toString('hex')}`;

export async function createPage(
  baseUrl: string,
  person: SignedInTestPerson,
  path: string,
  title: string,
): Promise<Page> {
  const body = await createTestPage<{ page: Page }>(baseUrl, person, {
    title,
    markdown: `# ${title}`,
    path,
  });
  return body.page;
}

/** The folder at `path` (created with its parents), by id. */
export async function createFolder(
  baseUrl: string,
  person: SignedInTestPerson,
  path: string,
): Promise<string> {
  const result = await call<{ folder: { id: string } }>(baseUrl, 'POST', '/api/wiki/folders', {
    cookie: person.cookie,
    body: { path },
  });
  if (result.status !== 201 && result.status !== 200) {
    throw new Error(`folder failed: ${result.status} ${result.text}`);
  }
  return result.body.folder.id;
}

/** A folder at `path` carrying the landing rule `pattern`. */
export async function folderWithRule(
  baseUrl: string,
  person: SignedInTestPerson,
  path: string,
  pattern: string,
): Promise<string> {
  const folderId = await createFolder(baseUrl, person, path);
  const set = await call(baseUrl, 'PUT', `/api/wiki/folders/${folderId}/landing-rule`, {
    cookie: person.cookie,
    body: { title_pattern: pattern },
  });
  if (set.status !== 200) throw new Error(`rule failed: ${set.status} ${set.text}`);
  return folderId;
}

/** Starts a run of a one-step workflow (the run's report is listed from its start). */
export async function startRun(
  baseUrl: string,
  person: SignedInTestPerson,
  visibility: 'company' | 'private',
): Promise<{ runId: string; workflowName: string }> {
  const workflowName = `Home digest ${randomBytes(3).toString('hex')}`;
  const designed = await call<{ workflow: { id: string } }>(
    baseUrl,
    'POST',
    '/api/workflows/blocks/design',
    {
      cookie: person.cookie,
      body: {
        start_as: 'active',
        visibility,
        intent: {
          name: workflowName,
          inputs: [],
          steps: [{ id: 'compose', block: 'text.compose', template: 'A digest' }],
          deliverables: [],
          budget: {},
        },
      },
    },
  );
  if (designed.status !== 201)
    throw new Error(`design failed: ${designed.status} ${designed.text}`);
  const started = await call<{ run_id: string }>(
    baseUrl,
    'POST',
    `/api/workflows/${designed.body.workflow.id}/run`,
    { cookie: person.cookie, body: {} },
  );
  if (started.status !== 201) throw new Error(`start failed: ${started.status} ${started.text}`);
  return { runId: started.body.run_id, workflowName };
}
