import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, DEFAULT_PASS_MARK, type ObservationSettings } from '@hub/proto';

/** The pass mark: the percent of correct answers an observation needs to pass, per organization. */
@Injectable()
export class SettingsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async passMark(organizationId: number): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT pass_mark FROM observation_settings WHERE organization_id = $1`,
      [organizationId],
    )) as { pass_mark: number }[];
    return row?.pass_mark ?? DEFAULT_PASS_MARK;
  }

  async get(actor: Actor): Promise<ObservationSettings> {
    return { passMark: await this.passMark(actor.organizationId) };
  }

  async save(actor: Actor, settings: ObservationSettings): Promise<ObservationSettings> {
    await this.db.query(
      `INSERT INTO observation_settings (organization_id, pass_mark) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET pass_mark = EXCLUDED.pass_mark`,
      [actor.organizationId, settings.passMark],
    );
    return this.get(actor);
  }
}
