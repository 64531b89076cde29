import { Injectable } from '@nestjs/common';
import { all, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { homeDb } from '../home-schema';

/** Whose chips are hidden: one row per person, company and action id. */
export interface ChipOwner {
  personId: string;
  companyId: string;
}

export const dismissedChipStatements = {
  insert: (owner: ChipOwner, actionId: string) =>
    homeDb
      .insertInto('home.dismissed_chips')
      .values({ person_id: owner.personId, company_id: owner.companyId, action_id: actionId })
      .onConflict((conflict) => conflict.doNothing()),

  /** The ids are one `text[]` parameter, so the text does not change with their number. */
  dismissedAmong: (owner: ChipOwner, actionIds: readonly string[]) =>
    homeDb
      .selectFrom('home.dismissed_chips')
      .select('action_id')
      .where('person_id', '=', owner.personId)
      .where('company_id', '=', owner.companyId)
      .where(sql<boolean>`action_id = ANY(${actionIds}::text[])`),
};

/** `home.dismissed_chips`. */
@Injectable()
export class DismissedChipRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Hides the chip; a second (or concurrent) dismissal finds it hidden and changes nothing. */
  async insert(owner: ChipOwner, actionId: string): Promise<void> {
    await run(this.dataSource, dismissedChipStatements.insert(owner, actionId));
  }

  /** Of these action ids, those the owner dismissed. */
  async dismissedAmong(owner: ChipOwner, actionIds: readonly string[]): Promise<Set<string>> {
    if (actionIds.length === 0) return new Set();
    const rows = await all(
      this.dataSource,
      dismissedChipStatements.dismissedAmong(owner, actionIds),
    );
    return new Set(rows.map((row) => row.action_id));
  }
}
