import { Inject, Injectable } from '@nestjs/common';
import { type Actor, DEFAULT_PASS_MARK, type ObservationSettings } from '@hub/proto';
import { SettingsRepository } from './settings.repository.js';

/** The pass mark: the percent of correct answers an observation needs to pass, per organization. */
@Injectable()
export class SettingsService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async passMark(organizationId: number): Promise<number> {
    return (await this.settings.passMark(organizationId)) ?? DEFAULT_PASS_MARK;
  }

  async get(actor: Actor): Promise<ObservationSettings> {
    return { passMark: await this.passMark(actor.organizationId) };
  }

  async save(actor: Actor, settings: ObservationSettings): Promise<ObservationSettings> {
    await this.settings.savePassMark(actor.organizationId, settings.passMark);
    return this.get(actor);
  }
}
