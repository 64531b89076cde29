import { attachmentDisposition } from './attachment-disposition';

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentDisposition('shot.png')).toBe(
      `attachment; filename="shot.png"; filename*=UTF-8''shot.png`,
    );
  });

  it('gives quotes and non-ASCII an ASCII fallback and the exact name encoded', () => {
    expect(attachmentDisposition('é "x"(1).txt')).toBe(
      `attachment; filename="_ _x_(1).txt"; filename*=UTF-8''%C3%A9%20%22x%22%281%29.txt`,
    );
  });
});
