import { loadFilesConfig } from './files.config';

describe('the file settings', () => {
  it('hold a page to 100 files and 100 MB by default; below one file or not a number is refused', () => {
    expect(loadFilesConfig({})).toMatchObject({
      WIKI_FILES_PER_PAGE: 100,
      WIKI_FILES_MB_PER_PAGE: 100,
    });
    expect(() => loadFilesConfig({ WIKI_FILES_PER_PAGE: '0' })).toThrow(
      /^Invalid setting WIKI_FILES_PER_PAGE: /,
    );
    // Less than one whole file of the largest size would refuse files the upload route accepts.
    expect(() => loadFilesConfig({ WIKI_FILES_MB_PER_PAGE: '9' })).toThrow(
      /^Invalid setting WIKI_FILES_MB_PER_PAGE: /,
    );
  });
});
