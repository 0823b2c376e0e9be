import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What the organization export leaves out of an organization's stored files. */
@Injectable()
export class WithheldFilesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * The files of the super administrator stored below the organization (the platform's): their
   * picture and the uploads they never chose. Like their rows, not the organization's to take away.
   */
  async superAdminFiles(organizationId: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT profile_picture AS key FROM users
        WHERE organization_id = $1 AND role = 'super_admin' AND profile_picture IS NOT NULL
       UNION
       SELECT p.storage_key FROM picture_uploads p JOIN users u ON u.id = p.uploaded_by
        WHERE p.organization_id = $1 AND u.role = 'super_admin'`,
      [organizationId],
    )) as { key: string }[];
    return rows.map((row) => row.key);
  }
}
