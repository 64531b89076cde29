import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const HOOK_KINDS = ['callback', 'subscription'] as const;
export type HookKind = (typeof HOOK_KINDS)[number];

export const HOOK_STATES = ['live', 'ended'] as const;
export type HookState = (typeof HOOK_STATES)[number];

/**
 * Why a hook ended: deleted by its owner, the receiver answered 410, the credential that
 * registered it was revoked or ended, or (a callback) its delivery failed. Only `undeliverable`
 * can be reopened, by a replay.
 */
export const HOOK_ENDED_REASONS = [
  'deleted',
  'receiver_gone',
  'credential_ended',
  'undeliverable',
] as const;
export type HookEndedReason = (typeof HOOK_ENDED_REASONS)[number];

export const HOOK_CREDENTIAL_KINDS = ['api_key', 'oauth_access'] as const;
export type HookCredentialKind = (typeof HOOK_CREDENTIAL_KINDS)[number];

/** A one-report callback or a subscription (`hooks.hooks`). */
@Entity({ schema: 'hooks', name: 'hooks' })
export class Hook {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  kind!: HookKind;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  /** The bearer credential that registered the hook: it delivers only while that one is live. */
  @Column({ name: 'credential_kind', type: 'text' })
  credentialKind!: HookCredentialKind;

  @Column({ name: 'credential_id', type: 'uuid' })
  credentialId!: string;

  @Column({ name: 'target_url', type: 'text' })
  targetUrl!: string;

  /** The one report of a callback; null for a subscription. */
  @Column({ name: 'report_id', type: 'uuid', nullable: true })
  reportId!: string | null;

  /** A subscription's workflow filter; null: every workflow its owner can read. */
  @Column({ name: 'workflow_id', type: 'uuid', nullable: true })
  workflowId!: string | null;

  /** A subscription's status filter; null: every terminal status. */
  @Column({ type: 'text', array: true, nullable: true })
  statuses!: string[] | null;

  /** False only for a legacy hook registered before signing (until a key is set on it). */
  @Column({ type: 'boolean' })
  signed!: boolean;

  @Column({ type: 'text' })
  state!: HookState;

  @Column({ name: 'ended_reason', type: 'text', nullable: true })
  endedReason!: HookEndedReason | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;
}
