import { IsInt, Min } from 'class-validator';

/** Settings of the gateway's proxy to the services. */
export class EdgeConfig {
  /**
   * How long the gateway waits for a service: for its answer's headers, then for each pause in
   * its body. Above the slowest route (`POST /api/workflows/blocks/design` with `wait` runs one
   * model call of up to MODEL_TIMEOUT_MS, 60 s), below the clients' usual 100–300 s.
   */
  @IsInt()
  @Min(1000)
  UPSTREAM_TIMEOUT_MS: number = 90_000;

  /** The largest body of an upload route (multipart): a 10 MB file and its framing. */
  @IsInt()
  @Min(1024)
  UPLOAD_BODY_LIMIT_BYTES: number = 11_534_336;
}
