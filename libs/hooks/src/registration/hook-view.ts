import type { HookKind } from '../hooks-schema';
import type { HookRecord } from './hook.repository';

/** A hook as its owner lists it: the address masked, no secret. */
export interface HookView {
  id: string;
  kind: HookKind;
  target: string;
  signing_key_id: string | null;
  workflow_public_id: string | null;
  statuses: string[] | null;
  report_id: string | null;
  created_at: string;
}

/** `GET /api/report-hooks`. */
export interface HookListView {
  hooks: HookView[];
}

/** The registration answer: the full address and the signing secret, shown this once. */
export interface RegisteredHookView extends HookView {
  signing_key_id: string;
  signing_secret: string;
}

/** The rotation answer: the new key, shown this once. */
export interface SigningKeyView {
  hook_id: string;
  signing_key_id: string;
  signing_secret: string;
}

const MASK_TAIL = 4;

/** `https://host/…` and the address's last 4 characters. */
export function maskTarget(target: string): string {
  const url = new URL(target);
  return `${url.protocol}//${url.host}/…${target.slice(-MASK_TAIL)}`;
}

export function hookView(hook: HookRecord, target = maskTarget(hook.targetUrl)): HookView {
  return {
    id: hook.id,
    kind: hook.kind,
    target,
    signing_key_id: hook.signingKeyId,
    workflow_public_id: hook.workflowId,
    statuses: hook.statuses,
    report_id: hook.reportId,
    created_at: hook.createdAt.toISOString(),
  };
}
