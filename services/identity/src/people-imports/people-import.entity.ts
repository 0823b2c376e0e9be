import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { PEOPLE_IMPORT_STATES } from '@hub/proto';

export type PeopleImportState = (typeof PEOPLE_IMPORT_STATES)[number];

/** One uploaded file of people: previewed, then applied by the people-import job. */
@Entity({ name: 'people_imports' })
export class PeopleImportEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  /** Who applied (or last resumed) it: their own role is never changed by its lines. */
  @Column({ name: 'applied_by', type: 'integer', nullable: true })
  appliedBy!: number | null;

  @Column({ name: 'file_key', type: 'text' })
  fileKey!: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ type: 'text', default: 'previewed' })
  state!: PeopleImportState;

  @Column({ name: 'update_existing', type: 'boolean', default: false })
  updateExisting!: boolean;

  @Column({ name: 'total_rows', type: 'integer', default: 0 })
  totalRows!: number;

  @Column({ name: 'processed_rows', type: 'integer', default: 0 })
  processedRows!: number;

  @Column({ type: 'integer', default: 0 })
  created!: number;

  @Column({ type: 'integer', default: 0 })
  updated!: number;

  @Column({ type: 'integer', default: 0 })
  unchanged!: number;

  @Column({ type: 'integer', default: 0 })
  refused!: number;

  @Column({ type: 'integer', default: 0 })
  invited!: number;

  /** How many times it was applied: a failed import resumed runs as a job of its own. */
  @Column({ type: 'integer', default: 1 })
  round!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;
}

export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/** What became of one line of an applied file. */
@Entity({ name: 'people_import_rows' })
export class PeopleImportRowEntity {
  @PrimaryColumn({ name: 'import_id', type: 'integer' })
  importId!: number;

  @PrimaryColumn({ name: 'row_number', type: 'integer' })
  rowNumber!: number;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  outcome!: RowOutcome;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ type: 'boolean', default: false })
  invited!: boolean;

  /** Why the mail server refused this line's invitation for good (it is not sent again). */
  @Column({ name: 'invitation_refused', type: 'text', nullable: true })
  invitationRefused!: string | null;

  /** The line's job functions not yet assigned by the skills service (null once they are). */
  @Column({ name: 'unassigned_job_function_ids', type: 'integer', array: true, nullable: true })
  unassignedJobFunctionIds!: number[] | null;
}
