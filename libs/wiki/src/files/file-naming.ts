/** The largest file a page takes: 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

const MAX_FILENAME_CHARS = 255;
/** C0/C1 controls, zero-width and bidirectional formatting characters, byte order mark. */
function isInvisible(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  );
}
const TOKEN = '[a-z0-9!#$&^_.+-]{1,127}';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`, 'i');
const PARAMETER = new RegExp(`^${TOKEN}=(${TOKEN}|"[^"\\\\\\r\\n]*")$`, 'i');

/**
 * A safe display name from a client-sent filename: no directories, no invisible or control
 * characters, no leading dots, at most 255 characters (the extension kept); `file` if nothing
 * is left.
 */
export function sanitizeFilename(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.split(/[\\/]/).pop() ?? '';
  name = [...name]
    .filter((char) => !isInvisible(char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(/^\.+/, '').trim();
  if (name === '') return 'file';
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_CHARS) return name;
  const extension = /\.[^.\s]{1,16}$/.exec(name)?.[0] ?? '';
  const extensionChars = [...extension].length;
  return (
    chars
      .slice(0, MAX_FILENAME_CHARS - extensionChars)
      .join('')
      .trimEnd() + extension
  );
}

/** The part's media type if well-formed (type and subtype lower-cased), else octet-stream. */
export function contentTypeOf(mimetype: string | undefined): string {
  const fallback = 'application/octet-stream';
  const value = (mimetype ?? '').trim();
  if (value === '' || value.length > 255) return fallback;
  const [essence, ...parameters] = value.split(';').map((piece) => piece.trim());
  if (!essence || !MEDIA_TYPE.test(essence)) return fallback;
  if (parameters.some((parameter) => !PARAMETER.test(parameter))) return fallback;
  return [essence.toLowerCase(), ...parameters].join('; ');
}

/** RFC 8187 `ext-value` encoding of a UTF-8 filename. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename*=UTF-8''…`: downloads never render inline. */
export function contentDisposition(filename: string): string {
  return `attachment; filename*=UTF-8''${encodeExtValue(filename)}`;
}
