/** How long a delivery job's lock lasts unless its worker renews it (every half of it). */
export const DELIVERY_JOB_LOCK_MS = 15_000;

/** How often a worker looks for delivery jobs whose lock lapsed, to run them again. */
export const DELIVERY_STALL_CHECK_MS = 15_000;
