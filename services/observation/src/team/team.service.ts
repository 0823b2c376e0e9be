import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Actor, Role, STAFF_ROLES, type TeamMember } from '@hub/proto';
import { requireRole } from '@hub/kit';
import { ObservationsService } from '../observations/observations.service.js';
import { Members } from './members.js';

const DEPARTMENTS: Record<Role, string> = {
  super_admin: 'Administration',
  admin: 'Administration',
  training_supervisor: 'Training Supervisors',
  manager: 'Managers',
  operator: 'Operators',
};

/** The organization's people with their average observation score. */
@Injectable()
export class TeamService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(Members) private readonly members: Members,
    @Inject(ObservationsService) private readonly observations: ObservationsService,
  ) {}

  async list(actor: Actor): Promise<TeamMember[]> {
    requireRole(actor, STAFF_ROLES);
    const [people, performance] = await Promise.all([
      this.members.all(actor.organizationId),
      this.observations.performance(actor.organizationId),
    ]);
    const scores = new Map(performance.map((row) => [row.userId, row.averageScore]));
    return people.map((person) => {
      const role = Role.parse(person.role);
      return {
        id: person.id,
        name: person.name,
        email: person.email,
        role,
        department: DEPARTMENTS[role],
        status: person.isActive ? 'active' : 'pending',
        performance: scores.get(person.id) ?? null,
        profilePicture: person.profilePicture,
      };
    });
  }
}
