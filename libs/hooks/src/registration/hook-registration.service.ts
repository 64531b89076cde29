import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import {
  TERMINAL_RUN_STATUSES,
  type TerminalRunStatus,
  WorkflowReportsApi,
} from '@cw/workflows/reports';
import { DataSource, type EntityManager } from 'typeorm';
import { DeliveryFanout } from '../deliveries/delivery-fanout.service';
import {
  bearerRequired,
  hookLimitReached,
  reportNotFound,
  workflowNotFound,
} from '../errors/hooks-errors';
import { HooksConfig } from '../hooks.config';
import { SecretBox } from '../signing/secret-box';
import { mintSigningSecret } from '../signing/signing-secret';
import { SigningKeyRepository } from '../signing/signing-key.repository';
import type { HookCredentialKind } from '../hooks-schema';
import { HookTarget } from './hook-target';
import { type RegisteredHookView, hookView } from './hook-view';
import { HookRepository, type NewHook } from './hook.repository';

export interface SubscriptionRequest {
  targetUrl: string;
  workflowPublicId?: string;
  statuses?: TerminalRunStatus[];
}

const isTerminal = (status: string): boolean =>
  (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);

/** Registration needs a bearer credential: the hook delivers while that credential lives. */
function bearerCredentialOf(actor: Actor): { kind: HookCredentialKind; id: string } {
  const { kind, id } = actor.credential;
  if (kind === 'session') {
    throw bearerRequired();
  }
  return { kind, id };
}

/**
 * Registers one-report callbacks and subscriptions. Each gets a fresh signing secret, shown in
 * the answer only and stored encrypted. A callback on a run that has already finished is sent at
 * once; one registered while the run ends is sent exactly as if it had been there before.
 */
@Injectable()
export class HookRegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly hooks: HookRepository,
    private readonly keys: SigningKeyRepository,
    private readonly secrets: SecretBox,
    private readonly target: HookTarget,
    private readonly reports: WorkflowReportsApi,
    private readonly fanout: DeliveryFanout,
    private readonly config: HooksConfig,
  ) {}

  async registerCallback(actor: Actor, reportId: string, url: string): Promise<RegisteredHookView> {
    const credential = bearerCredentialOf(actor);
    const run = await this.reports.readableRun(actor, reportId);
    if (!run) throw reportNotFound();
    const registered = await this.register({
      kind: 'callback',
      companyId: actor.companyId,
      ownerId: actor.personId,
      credentialKind: credential.kind,
      credentialId: credential.id,
      targetUrl: await this.target.check('url', url),
      reportId: run.id,
      workflowId: null,
      statuses: null,
    });
    // Read after the hook committed: a run ending now either sees the hook or is seen here.
    const current = await this.reports.readableRun(actor, run.id);
    if (current && isTerminal(current.status)) {
      await this.fanout.deliver([registered.id], run.id, 'leave');
    }
    return registered;
  }

  async registerSubscription(
    actor: Actor,
    request: SubscriptionRequest,
  ): Promise<RegisteredHookView> {
    const credential = bearerCredentialOf(actor);
    let workflowId: string | null = null;
    if (request.workflowPublicId) {
      workflowId = await this.reports.visibleWorkflowId(actor, request.workflowPublicId);
      if (!workflowId) throw workflowNotFound();
    }
    const statuses = request.statuses
      ? TERMINAL_RUN_STATUSES.filter((status) => request.statuses?.includes(status))
      : null;
    return this.register({
      kind: 'subscription',
      companyId: actor.companyId,
      ownerId: actor.personId,
      credentialKind: credential.kind,
      credentialId: credential.id,
      targetUrl: await this.target.check('target_url', request.targetUrl),
      reportId: null,
      workflowId,
      statuses,
    });
  }

  private async register(hook: NewHook): Promise<RegisteredHookView> {
    const secret = mintSigningSecret();
    const sealed = this.secrets.seal(Buffer.from(secret, 'utf8'));
    return this.dataSource.transaction(async (manager) => {
      await this.holdRoomFor(manager, hook);
      const { id, createdAt } = await this.hooks.insert(manager, hook);
      const signingKeyId = await this.keys.replace(manager, id, sealed);
      const view = hookView(
        {
          ...hook,
          id,
          createdAt,
          signed: true,
          state: 'live',
          endedReason: null,
          endedAt: null,
          signingKeyId,
        },
        hook.targetUrl,
      );
      return { ...view, signing_key_id: signingKeyId, signing_secret: secret };
    });
  }

  /** Refuses a hook past the owner's cap of its kind; the count and the insert share a lock. */
  private async holdRoomFor(manager: EntityManager, hook: NewHook): Promise<void> {
    const live = await this.hooks.lockAndCountLiveLike(manager, hook);
    const limit =
      hook.kind === 'callback'
        ? this.config.HOOKS_CALLBACKS_PER_REPORT
        : this.config.HOOKS_SUBSCRIPTIONS_PER_PERSON;
    if (live < limit) return;
    throw hookLimitReached(hook.kind, limit);
  }
}
