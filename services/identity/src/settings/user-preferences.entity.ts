import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One row per user who changed a preference; users without one read the defaults. */
@Entity({ name: 'user_preferences' })
export class UserPreferencesEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  /** null: not chosen (the organization's default applies, else the browser's). */
  @Column({ type: 'text', nullable: true })
  language!: string | null;

  @Column({ name: 'time_zone', type: 'text', nullable: true })
  timeZone!: string | null;

  /** null: not chosen (dates follow the order of the language shown). */
  @Column({ name: 'date_format', type: 'text', nullable: true })
  dateFormat!: string | null;

  @Column({ type: 'text' })
  theme!: string;

  /**
   * The product language the person's browser read at their last sign-in (null: not known), for
   * what the server writes them outside a request of theirs. Not a choice: it comes after theirs
   * and their organization's default.
   */
  @Column({ name: 'browser_language', type: 'text', nullable: true })
  browserLanguage!: string | null;

  /**
   * The IANA zone the person's device was last known to be set to (null: not known), for the
   * dates the server writes them. Not a choice: it comes after `timeZone`.
   */
  @Column({ name: 'browser_time_zone', type: 'text', nullable: true })
  browserTimeZone!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
