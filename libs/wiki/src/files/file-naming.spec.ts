import { contentDisposition, contentTypeOf, sanitizeFilename } from './file-naming';

describe('file naming', () => {
  it('keeps the base name only, without controls, bidi overrides or leading dots', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(sanitizeFilename('evil\u202Efdp.exe')).toBe('evilfdp.exe');
    expect(sanitizeFilename('a\r\nb\u0000.txt')).toBe('ab.txt');
    expect(sanitizeFilename('  ..hidden  ')).toBe('hidden');
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(undefined)).toBe('file');
    expect(sanitizeFilename('...')).toBe('file');
    expect(sanitizeFilename('Grüße  aus   Köln.md')).toBe('Grüße aus Köln.md');
  });

  it('caps a name at 255 characters and keeps its extension', () => {
    const name = sanitizeFilename(`${'x'.repeat(400)}.tar`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('x.tar')).toBe(true);
    expect([...sanitizeFilename('é'.repeat(300))]).toHaveLength(255);
  });

  it('keeps a well-formed media type and falls back to octet-stream otherwise', () => {
    expect(contentTypeOf('Text/Plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('image/png')).toBe('image/png');
    expect(contentTypeOf(undefined)).toBe('application/octet-stream');
    expect(contentTypeOf('')).toBe('application/octet-stream');
    expect(contentTypeOf('not a type')).toBe('application/octet-stream');
    expect(contentTypeOf('text/html\r\nX-Evil: 1')).toBe('application/octet-stream');
    expect(contentTypeOf('text/plain; charset')).toBe('application/octet-stream');
  });

  it('encodes the filename as an RFC 8187 ext-value', () => {
    expect(contentDisposition('plan (v2)*.txt')).toBe(
      "attachment; filename*=UTF-8''plan%20%28v2%29%2A.txt",
    );
    expect(contentDisposition('Grüße "x".md')).toBe(
      "attachment; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22x%22.md",
    );
    expect(contentDisposition("it's.txt")).toBe("attachment; filename*=UTF-8''it%27s.txt");
  });
});
