import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import { isUUID } from 'class-validator';
import type { RunStart } from '../runs/run-start-paths';
import { RunStartService, type StartedRun } from '../runs/run-start.service';
import { type WebhookLinkCredential, webhookStartCondition } from './webhook-link.repository';
import { type WebhookLinkHolder, WebhookLinkResolver } from './webhook-link.resolver';
import { webhookTokenMatches } from './webhook-token';

/** The largest trigger body (the spec's 256 KB). */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;

const LINK_NOT_FOUND = 'No webhook link answers at this address.';

const linkNotFound = (): AppError => AppError.notFound(LINK_NOT_FOUND);

/**
 * The webhook trigger: the link is the credential. A run it starts acts as the person who
 * created or last rotated the link, with their membership as it is now; once that membership
 * ended, or the workflow is no longer visible to them, the link answers 404 as if it were gone.
 * It answers as soon as the run is queued.
 *
 * The link and its holder come from a revocation-aware cache, and the start's one statement
 * inserts the run only while the workflow is active and visible, the link still has that token
 * and its holder is still a member: an ended membership refuses at once in every process, before
 * the broadcast that evicts the cache has arrived. Anything that statement cannot do is checked
 * from a fresh read of the link, so every refusal comes from the database, in the order of
 * `RunStartService.start`.
 */
@Injectable()
export class WebhookTriggerService {
  constructor(
    private readonly resolver: WebhookLinkResolver,
    private readonly starter: RunStartService,
  ) {}

  async trigger(
    publicId: string,
    token: string,
    body: unknown,
    bodyBytes: number,
  ): Promise<StartedRun> {
    if (bodyBytes > WEBHOOK_BODY_MAX_BYTES) {
      throw new AppError(ErrorCode.PayloadTooLarge, 'The body is larger than 256 KB.', {
        details: { limit_bytes: WEBHOOK_BODY_MAX_BYTES },
      });
    }
    if (!isUUID(publicId)) throw linkNotFound();
    const inputs = body === undefined ? {} : body;
    const afresh = async (): Promise<RunStart> => {
      const holder = admitted(await this.resolver.resolveAfresh(publicId), token);
      if (!holder) throw linkNotFound();
      return startOf(holder, inputs);
    };
    const cached = admitted(await this.resolver.resolve(publicId), token);
    return this.starter.start(cached ? { ...startOf(cached, inputs), afresh } : await afresh());
  }
}

interface AdmittedHolder {
  link: WebhookLinkCredential;
  actor: Actor;
}

/** The link and its holder, if this token is the link's and the holder is still a member. */
function admitted(holder: WebhookLinkHolder | null, token: string): AdmittedHolder | null {
  if (!holder?.actor || !webhookTokenMatches(token, holder.link.tokenHash)) return null;
  return { link: holder.link, actor: holder.actor };
}

function startOf(holder: AdmittedHolder, inputs: unknown): RunStart {
  return {
    trigger: 'webhook',
    actor: holder.actor,
    workflow: { kind: 'id', id: holder.link.workflowId },
    inputs,
    known: { id: holder.link.workflowId, inputs: holder.link.inputs },
    requires: webhookStartCondition(holder.link, holder.actor.personId),
    notFound: linkNotFound,
  };
}
