/**
 * `Content-Disposition: attachment` with the stored name: an ASCII fallback (quotes, backslashes
 * and non-ASCII replaced) and the exact name in RFC 5987 form.
 */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\u0020-\u007e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
