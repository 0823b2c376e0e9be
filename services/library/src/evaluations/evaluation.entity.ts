import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EvaluationStatus, ReviewQuestion } from '@hub/proto';

/** Questions are stored with their correct answers; only reviewers' views include them. */
export type StoredQuestion = Omit<ReviewQuestion, 'correctOption'>;

@Entity({ name: 'evaluations' })
export class EvaluationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'organization_id', type: 'integer' })
  organizationId!: number;

  @Column({ name: 'document_id', type: 'integer' })
  documentId!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text', default: 'draft' })
  status!: EvaluationStatus;

  @Column({ type: 'jsonb' })
  questions!: StoredQuestion[];

  @Column({ name: 'key_learning_points', type: 'jsonb' })
  keyLearningPoints!: string[];

  @Column({ type: 'text' })
  generator!: 'gemini' | 'offline';

  @Column({ name: 'generator_model', type: 'text', nullable: true })
  generatorModel!: string | null;

  @Column({ name: 'prompt_used', type: 'text' })
  promptUsed!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'integer', nullable: true })
  updatedBy!: number | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  @Column({ name: 'published_by', type: 'integer', nullable: true })
  publishedBy!: number | null;

  /** The document version the questions were written from. */
  @Column({ name: 'source_version', type: 'integer', default: 1 })
  sourceVersion!: number;

  /** Questions written for a new version's changed passages, until the next publication. */
  @Column({ name: 'changed_question_ids', type: 'jsonb', default: () => "'[]'" })
  changedQuestionIds!: string[];

  /** Questions dropped for a new version's changed or removed passages, until publication. */
  @Column({ name: 'removed_questions', type: 'integer', default: 0 })
  removedQuestions!: number;

  /**
   * The highest question number (`q7` -> 7) the evaluation ever gave: a new question is numbered
   * after it, so it never takes the id of one an edit or a revision removed (observations and
   * the insights name questions by id).
   */
  @Column({ name: 'last_question_number', type: 'integer', default: 0 })
  lastQuestionNumber!: number;

  /**
   * The document's evaluation generation run (`documents.evaluation_run`) that was the latest
   * when a person last edited or published the evaluation: a generation of that run, started
   * before their review, does not replace it (a later one, asked for after it, does).
   */
  @Column({ name: 'reviewed_run', type: 'integer', default: 0 })
  reviewedRun!: number;
}
