import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { PageRequest } from '@hub/proto';
import { keysetIds } from '@hub/kit';
import { UserEntity } from '../users/user.entity.js';
import { nameOrEmailHolds, substringPattern } from '../users/member-filter.js';

/** The console's users of every organization: paged, looked up, deleted. */
@Injectable()
export class UsersAdminRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private get users() {
    return this.db.getRepository(UserEntity);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** One page of the ids of every user, or of those whose name or email holds `search`, newest first. */
  pageIds(page: PageRequest, search = '') {
    const narrowed = search !== '';
    return keysetIds(this.db, {
      from: 'users u',
      where: narrowed ? nameOrEmailHolds('$1', 'u.') : 'true',
      params: narrowed ? [substringPattern(search)] : [],
      at: 'u.created_at',
      id: 'u.id',
      ...page,
    });
  }

  findWithOrganizations(userIds: number[]): Promise<UserEntity[]> {
    return this.users.find({ where: { id: In(userIds) }, relations: { organization: true } });
  }

  findWithOrganization(userId: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id: userId }, relations: { organization: true } });
  }

  findById(userId: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id: userId });
  }

  emailTaken(email: string): Promise<boolean> {
    return this.users.existsBy({ email });
  }
}
