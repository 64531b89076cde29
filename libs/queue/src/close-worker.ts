import type { Worker } from 'bullmq';

const ROUND_TRIP_WAIT_MS = 1000;

async function redisAnswers(worker: Worker): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ROUND_TRIP_WAIT_MS);
  });
  // A round trip, not the connection's status: a just-closed socket still reads `ready` for a moment.
  const answered = worker.client
    .then((client) => client.info().then(() => true))
    .catch(() => false);
  return Promise.race([answered, gaveUp]).finally(() => clearTimeout(timer));
}

/**
 * Stops a worker on shutdown: lets the jobs in hand finish while Redis answers, and gives up at
 * once when it does not (BullMQ's graceful close waits on Redis and would never return, keeping
 * the process alive past its grace period).
 */
export async function closeWorker(worker: Worker): Promise<void> {
  await worker.close(!(await redisAnswers(worker)));
}
