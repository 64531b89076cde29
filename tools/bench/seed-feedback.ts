import { clientRunner } from '@cw/db';
import { InboxSeedRepository, seededCompanyUuid } from '@cw/feedback/testing';
import type { Pool } from 'pg';

export const FEEDBACK_REPORTS = 200_000;
export const FEEDBACK_COMPANIES = 50;
const PEOPLE_PER_COMPANY = 40;

/** Everyday words of the messages: every report holds five of them. */
const WORDS = [
  'the',
  'page',
  'button',
  'does',
  'not',
  'work',
  'when',
  'i',
  'click',
  'save',
  'after',
  'editing',
  'it',
  'shows',
  'an',
  'error',
  'sometimes',
  'slow',
  'please',
  'add',
  'option',
  'to',
  'change',
  'view',
  'list',
  'menu',
  'missing',
  'wrong',
  'date',
  'link',
  'broken',
  'after',
  'update',
  'cannot',
  'find',
  'where',
  'is',
  'setting',
  'team',
  'folder',
];

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'to',
  'vi',
  'zu',
  'pe',
  'do',
  'fy',
  'gu',
  'ho',
  'bi',
];

/**
 * Product areas, made-up words of three syllables: every report names one, so each is in 1 of
 * FEATURES.length reports, and a search for one is as selective as a real product name.
 */
export const FEATURES = Array.from({ length: 200 }, (_, index) =>
  [index % 15, Math.floor(index / 15), (index * 7 + 3) % 15]
    .map((syllable) => SYLLABLES[syllable])
    .join(''),
);

function seeds(pool: Pool): InboxSeedRepository {
  return new InboxSeedRepository(clientRunner(pool));
}

/** 200,000 reports over 50 companies in one set-based statement, unless they are there already. */
export async function seedFeedback(pool: Pool): Promise<{ seconds: number; reports: number }> {
  const repository = seeds(pool);
  const existing = await repository.reportCount();
  if (existing >= FEEDBACK_REPORTS) return { seconds: 0, reports: existing };
  const started = process.hrtime.bigint();
  await repository.bulkSeed({
    reports: FEEDBACK_REPORTS,
    companies: FEEDBACK_COMPANIES,
    peoplePerCompany: PEOPLE_PER_COMPANY,
    words: WORDS,
    features: FEATURES,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, reports: await repository.reportCount() };
}

/** The UUIDs of seeded companies 1..count. */
export async function feedbackCompanyIds(pool: Pool, count: number): Promise<string[]> {
  const runner = clientRunner(pool);
  const ids: string[] = [];
  for (let company = 1; company <= count; company += 1) {
    ids.push(await seededCompanyUuid(runner, company));
  }
  return ids;
}
