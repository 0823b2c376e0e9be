import type { DataSource } from 'typeorm';

/** The library's rows of an organization, as its deletion removes them. */
export class OrganizationsRepository {
  constructor(private readonly db: DataSource) {}

  /** Its documents, folders and tags, in one transaction. */
  async deleteLibraryOf(organizationId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM documents WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM folders WHERE organization_id = $1`, [organizationId]);
      await tx.query(`DELETE FROM tags WHERE organization_id = $1`, [organizationId]);
    });
  }
}
