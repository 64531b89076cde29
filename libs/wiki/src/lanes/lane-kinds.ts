import { unionValues } from '@cw/platform';
import type { LaneKind } from './lane-path';

/** Every lane kind, for the OpenAPI `enum` of the fields that hold one. */
export const LANE_KINDS = unionValues<LaneKind>({ private: true, team: true, company: true });
