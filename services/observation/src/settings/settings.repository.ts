import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The organizations' observation settings, one row each once saved. */
@Injectable()
export class SettingsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The organization's pass mark; null while it has saved none. */
  async passMark(organizationId: number): Promise<number | null> {
    const [row] = (await this.db.query(
      `SELECT pass_mark FROM observation_settings WHERE organization_id = $1`,
      [organizationId],
    )) as { pass_mark: number }[];
    return row?.pass_mark ?? null;
  }

  async savePassMark(organizationId: number, passMark: number): Promise<void> {
    await this.db.query(
      `INSERT INTO observation_settings (organization_id, pass_mark) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET pass_mark = EXCLUDED.pass_mark`,
      [organizationId, passMark],
    );
  }
}
