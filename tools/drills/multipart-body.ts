import { randomBytes } from 'node:crypto';

/** A `multipart/form-data` body with one file field, as `curl -F file=@name` sends it. */
export function multipartFile(
  filename: string,
  file: Buffer,
): { body: Buffer; contentType: string } {
  const boundary = `------------------------${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
