export class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded';
}

/** The promise's outcome, or a DeadlineExceeded rejection once `ms` have passed. */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
