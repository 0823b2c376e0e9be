import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row of prompts the super administrator edits; the AI workers read them. */
@Entity({ name: 'global_prompts' })
export class GlobalPromptsEntity {
  @PrimaryColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'quiz_prompts', type: 'text' })
  quizPrompts!: string;

  @Column({ name: 'video_analysis_prompts', type: 'text' })
  videoAnalysisPrompts!: string;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy!: number | null;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt!: Date | null;
}
