import type { Drill } from './drill';

/** Every drill, in the order `npm run drills` runs them (outages last: they restart parts). */
export const ALL_DRILLS: readonly Drill[] = [];
