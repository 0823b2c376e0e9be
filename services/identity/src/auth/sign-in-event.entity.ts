import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One successful sign-in: feeds Today's Logins and the Hub's Recent Activity. */
@Entity({ name: 'sign_in_events' })
export class SignInEventEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ type: 'text' })
  method!: 'password' | 'saml';

  @Column({ type: 'text', default: '' })
  ip!: string;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
