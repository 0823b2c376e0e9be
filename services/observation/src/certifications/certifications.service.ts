import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  type Certification,
  STAFF_ROLES,
  type CertificationList,
  type CertificationListQuery,
  type CertificationVerification,
  folded,
  identityRpc,
  type Language,
  libraryRpc,
  UNCATEGORIZED,
  UNCATEGORIZED_WORDS,
} from '@hub/proto';
import { RpcClient, RpcFailure, WebhookAnnouncer } from '@hub/kit';
import { certificationData } from './certification-webhook.js';
import { OBSERVATION_CONFIG, type ObservationConfig, RPC } from '../config.js';
import { personZone } from '../people/person-zone.js';
import { certificateFileName } from './certificate-file-name.js';
import { renderCertificate } from './certificate-pdf.js';
import { certificationState, pendingReobservation } from './certification-rules.js';
import {
  type CertificationRow,
  CertificationsRepository,
  type MatchingSubjects,
} from './certifications.repository.js';

export const NOT_FOUND = 'Certification not found';
export const UNKNOWN_CODE = 'No certificate has this verification code.';

/** How long a search waits for the reader's language before it searches the English word alone. */
const LANGUAGE_LOOKUP_MS = 3000;
const log = new Logger('CertificationsService');

/** Certifications as records: listed, printed, verified and revoked. */
@Injectable()
export class CertificationsService {
  constructor(
    @Inject(CertificationsRepository) private readonly repository: CertificationsRepository,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(OBSERVATION_CONFIG) private readonly config: ObservationConfig,
    @Inject(WebhookAnnouncer) private readonly webhooks: WebhookAnnouncer,
  ) {}

  /** Staff see the organization's certifications; anyone else sees only their own. */
  private ownerScope(actor: Actor): number | null {
    return STAFF_ROLES.includes(actor.role) ? null : actor.userId;
  }

  private async row(actor: Actor, id: number): Promise<CertificationRow> {
    const row = await this.repository.find(actor.organizationId, id);
    const own = this.ownerScope(actor);
    if (!row || (own !== null && row.user_id !== own)) throw RpcFailure.notFound(NOT_FOUND);
    return row;
  }

  /** The tags of each SOP, asked of the library (which owns documents and tags). */
  private async sopTags(organizationId: number, documentIds: number[]) {
    const unique = [...new Set(documentIds)];
    const rows = unique.length
      ? await this.rpc.call(libraryRpc.documentTags, { organizationId, documentIds: unique })
      : [];
    return new Map(rows.map((row) => [row.documentId, row.tags]));
  }

  private categoriesOf(
    kind: CertificationRow['kind'],
    subjectId: number,
    courseCategory: string | null | undefined,
    tags: Map<number, string[]>,
  ): string[] {
    const names = kind === 'course' ? [courseCategory ?? ''] : (tags.get(subjectId) ?? []);
    const present = names.filter((name) => name.trim() !== '');
    return present.length ? present : [UNCATEGORIZED];
  }

  private view(row: CertificationRow, tags: Map<number, string[]>, now: Date): Certification {
    const state = certificationState({ expiresAt: row.expires_at, revokedAt: row.revoked_at }, now);
    return {
      id: row.id,
      userId: row.user_id,
      holderName: row.holder_name,
      kind: row.kind,
      subjectId: row.subject_id,
      title: row.title,
      categories: this.categoriesOf(row.kind, row.subject_id, row.course_category, tags),
      score: row.score === null ? null : Number(row.score),
      issuedAt: row.issued_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      validityMonths: row.validity_months,
      state,
      verificationCode: row.verification_code,
      revokedAt: row.revoked_at?.toISOString() ?? null,
      revokedReason: row.revoked_reason,
      reobservation: pendingReobservation(row, state),
    };
  }

  /** The query as the actor may ask it: anyone but staff is narrowed to their own. */
  private scoped(actor: Actor, query: CertificationListQuery): CertificationListQuery {
    const own = this.ownerScope(actor);
    return own === null ? query : { ...query, userId: own };
  }

  /**
   * The language the actor reads the page in, as identity answers it for every text the server
   * writes them (the web app chooses by the same rule). Identity away or not knowing them:
   * English, whose word the search always matches.
   */
  private async readerLanguage(actor: Actor): Promise<Language> {
    try {
      const [reader] = await this.rpc.call(
        identityRpc.languagesOf,
        { userIds: [actor.userId] },
        LANGUAGE_LOOKUP_MS,
      );
      return reader?.language ?? 'en';
    } catch (error) {
      log.warn(`user ${actor.userId}'s language unknown, searched in English: ${String(error)}`);
      return 'en';
    }
  }

  /**
   * The SOPs and courses whose categories (as `categoriesOf` names them) hold the search, among
   * every subject in the actor's scope: a search reaches all certifications, not only those of
   * the pages read (200 of 100,000, where a holder's name found nothing older). UNCATEGORIZED is
   * found by the English word the server sends and by the word the reader sees for it
   * (UNCATEGORIZED_WORDS), either without regard to capitals or accents.
   */
  private async matching(actor: Actor, search: string | undefined): Promise<MatchingSubjects> {
    const needle = search?.trim().toLowerCase();
    if (!needle) return { sopIds: [], courseIds: [] };
    const [subjects, language] = await Promise.all([
      this.repository.subjects(actor.organizationId, this.ownerScope(actor)),
      this.readerLanguage(actor),
    ]);
    const tags = await this.sopTags(
      actor.organizationId,
      subjects.filter((subject) => subject.kind === 'sop').map((subject) => subject.subjectId),
    );
    const foldedNeedle = folded(needle);
    const uncategorized = [UNCATEGORIZED, UNCATEGORIZED_WORDS[language]].some((word) =>
      folded(word).includes(foldedNeedle),
    );
    const found = subjects.filter((subject) =>
      this.categoriesOf(subject.kind, subject.subjectId, subject.courseCategory, tags).some(
        (name) => (name === UNCATEGORIZED ? uncategorized : name.toLowerCase().includes(needle)),
      ),
    );
    const idsOf = (kind: CertificationRow['kind']) =>
      found.filter((subject) => subject.kind === kind).map((subject) => subject.subjectId);
    return { sopIds: idsOf('sop'), courseIds: idsOf('course') };
  }

  /** A page of the certifications the actor's query selects, searched. */
  private async selected(actor: Actor, query: CertificationListQuery) {
    const matching = await this.matching(actor, query.search);
    return this.repository.list(actor.organizationId, this.scoped(actor, query), matching);
  }

  /**
   * The certifications a query selects, without the cards and categories `list` counts over
   * every certification in the scope: a member's page shows neither (at 100,000 certifications
   * they were most of that page's time).
   */
  async rows(actor: Actor, query: CertificationListQuery): Promise<Certification[]> {
    const { rows } = await this.selected(actor, query);
    const tags = await this.sopTags(
      actor.organizationId,
      rows.filter((row) => row.kind === 'sop').map((row) => row.subject_id),
    );
    const now = new Date();
    return rows.map((row) => this.view(row, tags, now));
  }

  async list(actor: Actor, query: CertificationListQuery): Promise<CertificationList> {
    const own = this.ownerScope(actor);
    const [{ rows, totalCount, nextCursor }, summary, subjects] = await Promise.all([
      this.selected(actor, query),
      personZone(this.rpc, actor.userId, 'the month').then((zone) =>
        this.repository.summary(actor.organizationId, own, zone),
      ),
      this.repository.countsBySubject(actor.organizationId, own),
    ]);
    const tags = await this.sopTags(actor.organizationId, [
      ...rows.filter((row) => row.kind === 'sop').map((row) => row.subject_id),
      ...subjects.filter((subject) => subject.kind === 'sop').map((subject) => subject.subjectId),
    ]);
    const categories = new Map<string, number>();
    for (const subject of subjects) {
      for (const name of this.categoriesOf(
        subject.kind,
        subject.subjectId,
        subject.courseCategory,
        tags,
      )) {
        categories.set(name, (categories.get(name) ?? 0) + subject.count);
      }
    }
    const now = new Date();
    return {
      certifications: rows.map((row) => this.view(row, tags, now)),
      totalCount,
      nextCursor,
      summary,
      categories: [...categories]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    };
  }

  async certificate(actor: Actor, id: number) {
    const row = await this.row(actor, id);
    // In the holder's language (their choice, else their organization's default, else their
    // browser's at their last sign-in) and dated on their calendar (their zone, else their
    // organization's): it is theirs, whoever downloads it.
    const [holder] = await this.rpc.call(identityRpc.languagesOf, { userIds: [row.user_id] });
    const language = holder?.language ?? 'en';
    const pdf = await renderCertificate({
      language,
      // An identity replica of the release before answers no zone: UTC, as printed then.
      timeZone: holder?.timeZone ?? 'UTC',
      holderName: row.holder_name,
      kind: row.kind,
      title: row.title,
      issuedAt: row.issued_at,
      expiresAt: row.expires_at,
      state: certificationState(
        { expiresAt: row.expires_at, revokedAt: row.revoked_at },
        new Date(),
      ),
      verificationCode: row.verification_code,
      // The web app's public page (web/src/router.tsx, /verify/$code), not the API: whoever
      // checks the paper reads the answer in their language, signed in or not.
      verifyUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/verify/${encodeURIComponent(row.verification_code)}`,
    });
    return {
      fileName: certificateFileName(row.title, row.holder_name, row.id, language),
      pdfBase64: Buffer.from(pdf).toString('base64'),
    };
  }

  /** Public: whoever holds a paper learns whether it stands, not who else holds what. */
  /** Between services (the floor's alerts): the organization is the caller's, not an actor's. */
  async inForce(organizationId: number, userIds: number[], documentIds: number[]) {
    if (userIds.length === 0 || documentIds.length === 0) return [];
    return this.repository.inForce(organizationId, userIds, documentIds);
  }

  /** Between services (a new SOP version): who to ask for an acknowledgement. */
  async holders(organizationId: number, documentIds: number[]) {
    if (documentIds.length === 0) return [];
    return this.repository.holders(organizationId, documentIds);
  }

  /** Between services (a safety-relevant SOP change): its holders must be observed again. */
  async requireReobservation(organizationId: number, documentId: number, version: number) {
    const marked = await this.repository.requireReobservation(organizationId, documentId, version);
    return { marked };
  }

  async verify(code: string): Promise<CertificationVerification> {
    const row = await this.repository.findByCode(code.trim().toUpperCase());
    if (!row) throw RpcFailure.notFound(UNKNOWN_CODE);
    const state = certificationState(
      { expiresAt: row.expires_at, revokedAt: row.revoked_at },
      new Date(),
    );
    return {
      valid: state === 'active' || state === 'expiring_soon',
      state,
      holderName: row.holder_name,
      title: row.title,
      issuedAt: row.issued_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    };
  }

  async revoke(actor: Actor, id: number, reason: string): Promise<Certification> {
    const row = await this.repository.transaction(async (tx) => {
      const revoked = await this.repository.revoke(
        actor.organizationId,
        id,
        actor.userId,
        reason,
        tx,
      );
      if (!revoked) throw RpcFailure.notFound(NOT_FOUND);
      await this.webhooks.announce(
        {
          organizationId: actor.organizationId,
          type: 'certification.revoked',
          // Per revocation: a renewal keeps the row and clears revoked_at, so it can be revoked
          // again; revoking a revoked one keeps its revoked_at, the same fact.
          key: `${revoked.id}-${revoked.revoked_at!.getTime()}`,
          data: certificationData(revoked),
        },
        tx,
      );
      return revoked;
    });
    const tags = await this.sopTags(
      actor.organizationId,
      row.kind === 'sop' ? [row.subject_id] : [],
    );
    return this.view(row, tags, new Date());
  }
}
