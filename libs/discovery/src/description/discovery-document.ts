import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { OpenApiDocumentHolder } from '@cw/platform';

/**
 * Where discovery reads the description it answers from. The app provides it: the gateway its
 * merged description of every service, a one-process composition its own.
 */
export interface DiscoveryDocumentSource {
  /** Undefined only before the app has finished starting. */
  document(): OpenAPIObject | undefined;
}

export const DISCOVERY_DOCUMENT = Symbol('DISCOVERY_DOCUMENT');

/** The description this process serves at `/openapi.json` (the default source). */
@Injectable()
export class OwnDescription implements DiscoveryDocumentSource {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  document(): OpenAPIObject | undefined {
    return this.holder.document;
  }
}
