import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Whose chips are hidden: one row per person, company and action id. */
export interface ChipOwner {
  personId: string;
  companyId: string;
}

/** `home.dismissed_chips`. */
@Injectable()
export class DismissedChipRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Hides the chip; a second (or concurrent) dismissal finds it hidden and changes nothing. */
  async insert(owner: ChipOwner, actionId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO home.dismissed_chips (person_id, company_id, action_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [owner.personId, owner.companyId, actionId],
    );
  }

  /** Of these action ids, those the owner dismissed. */
  async dismissedAmong(owner: ChipOwner, actionIds: readonly string[]): Promise<Set<string>> {
    if (actionIds.length === 0) return new Set();
    const rows: { action_id: string }[] = await this.dataSource.query(
      `SELECT action_id FROM home.dismissed_chips
        WHERE person_id = $1 AND company_id = $2 AND action_id = ANY($3::text[])`,
      [owner.personId, owner.companyId, actionIds],
    );
    return new Set(rows.map((row) => row.action_id));
  }
}
