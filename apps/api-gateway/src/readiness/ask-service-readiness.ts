import { describeFailure, type ReadinessEntryDto } from '@cw/platform';

/** Well inside the kubelet's 2 s probe timeout, above a service's own 500 ms check deadline. */
export const SERVICE_READINESS_DEADLINE_MS = 1_000;

interface NotReadyBody {
  error?: { details?: { down?: unknown } };
}

function downEntry(started: number, message: string): ReadinessEntryDto {
  return { status: 'down', latency_ms: Math.round(performance.now() - started), message };
}

/** One service's `/ready`, as one entry of the gateway's: down when it refuses, fails or stalls. */
export async function askServiceReadiness(baseUrl: string): Promise<ReadinessEntryDto> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/ready`, {
      signal: AbortSignal.timeout(SERVICE_READINESS_DEADLINE_MS),
    });
    const body = (await response.json().catch(() => ({}))) as NotReadyBody;
    if (response.status === 200) {
      return { status: 'up', latency_ms: Math.round(performance.now() - started) };
    }
    const down = body.error?.details?.down;
    return downEntry(
      started,
      Array.isArray(down) ? `not ready: ${down.join(', ')}` : `answered ${response.status}`,
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return downEntry(started, `no answer within ${SERVICE_READINESS_DEADLINE_MS} ms`);
    }
    return downEntry(started, describeFailure((error as Error).cause ?? error));
  }
}
