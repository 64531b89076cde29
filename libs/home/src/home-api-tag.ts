import type { ApiTagDefinition } from '@cw/platform';

export const HOME_API_TAG: ApiTagDefinition = {
  name: 'home',
  description:
    'The signed-in person’s home screen: recent pages and reports, and chips that offer a fix ' +
    '(an Inbox page that a folder’s landing rule claims) to accept or dismiss. Everything is ' +
    'the caller’s own: another person never sees their chips or dismissals.',
};
