import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'notification_settings' })
export class NotificationSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'email_notifications', type: 'boolean', default: false })
  emailNotifications!: boolean;

  @Column({ name: 'push_notifications', type: 'boolean', default: false })
  pushNotifications!: boolean;

  @Column({ name: 'system_updates', type: 'boolean', default: false })
  systemUpdates!: boolean;

  @Column({ name: 'activity_summary', type: 'boolean', default: false })
  activitySummary!: boolean;

  @Column({ name: 'marketing_emails', type: 'boolean', default: false })
  marketingEmails!: boolean;
}
