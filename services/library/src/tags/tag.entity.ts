import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'tags' })
export class TagEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  color!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
